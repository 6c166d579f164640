import type { AddressInfo } from "node:net";
import { and, eq, inArray } from "drizzle-orm";
import { simpleParser } from "mailparser";
import { SMTPServer, type SMTPServerSession } from "smtp-server";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { parseConfig, type Config } from "../../app/config.server";
import { setDatabase } from "../../app/db/client.server";
import type { SmsProvider } from "../../app/modules/accounts/sms.server";
import { consoleEmailProvider, smtpEmailProvider, type EmailProvider } from "../../app/modules/messages/email.server";
import {
  orderConfirmationKeys,
  queueOrderConfirmation,
  type OrderMessageInput,
} from "../../app/modules/messages/order-messages.server";
import {
  deliverDueMessages,
  kickOutbox,
  queueMessages,
  startOutboxWorker,
  stopOutboxWorker,
} from "../../app/modules/messages/outbox.server";
import { outboxMessages } from "../../app/modules/messages/schema.server";
import * as outboxRoute from "../../app/routes/dev.outbox";
import { setupTestDatabase } from "../setup/test-db";

/*
 * The order confirmation through the outbox: queued in the order's transaction (once per order,
 * nothing on a rollback), delivered after the commit by the worker, by SMS and by e-mail through a
 * real SMTP exchange with a receiver this test starts on 127.0.0.1, retried when the receiver
 * refuses or is down, and shown at /dev/outbox?email= in demo mode with the console provider.
 */

const t = setupTestDatabase();
const FROM = { name: "Saanjh", address: "orders@shop.example.test" };
const USER = "shop@example.test";
const PASSWORD = "s3cret p@ss";

beforeAll(() => {
  setDatabase(t.database);
});

let counter = 0;
function order(overrides: Partial<OrderMessageInput> = {}): OrderMessageInput {
  counter += 1;
  const orderNumber = `ORD-TEST${String(counter).padStart(4, "0")}-${Date.now().toString(36).toUpperCase()}`;
  const email = `meera.${counter}.${Date.now()}@example.test`;
  const phone = `+9198765${String(10000 + counter).slice(-5)}`;
  return {
    orderNumber,
    customerName: "Meera Iyer",
    email,
    phone,
    lines: [
      {
        name: "Phool Patti Kurta",
        size: "M",
        colour: "Indigo",
        quantity: 2,
        unitPricePaise: 129_900,
        lineTotalPaise: 259_800,
      },
      {
        name: `Zari <b>Dupatta</b> "&"`,
        size: "Free Size",
        colour: "Gold",
        quantity: 1,
        unitPricePaise: 1_234_550,
        lineTotalPaise: 1_234_550,
      },
    ],
    subtotalPaise: 1_494_350,
    shippingPaise: 0,
    discountPaise: 149_435,
    prepaidDiscountPaise: 0,
    codFeePaise: 0,
    totalPaise: 1_344_915,
    couponCode: "SAVE10",
    paymentMethod: "cod",
    billing: {
      firstName: "Meera",
      lastName: "Iyer",
      address: "12 Kamarajar Salai",
      city: "Chennai",
      state: "Tamil Nadu",
      pincode: "600004",
      country: "India",
      phone,
      email,
    },
    orderUrl: `http://localhost:3000/account/orders/${orderNumber}`,
    expectedDispatch: "Ships within 6 working days",
    ...overrides,
  };
}

async function rowsOf(orderNumber: string) {
  const keys = orderConfirmationKeys(orderNumber);
  return t.db
    .select()
    .from(outboxMessages)
    .where(inArray(outboxMessages.dedupeKey, [keys.sms, keys.email]))
    .orderBy(outboxMessages.channel);
}

function smsRecorder(): SmsProvider & { sent: Array<{ to: string; body: string }> } {
  const sent: Array<{ to: string; body: string }> = [];
  return {
    name: "recorder",
    sent,
    async send(to, body) {
      sent.push({ to, body });
    },
  };
}

/* ---------- a local SMTP receiver ---------- */

interface Received {
  raw: Buffer;
  mailFrom: string | false;
  rcptTo: string[];
  user: unknown;
}

interface Receiver {
  port: number;
  url: string;
  received: Received[];
  /** answer the next DATA with this code instead of 250 */
  rejectWith: number | null;
  close: () => Promise<void>;
}

const receivers: Receiver[] = [];

async function startReceiver(port = 0): Promise<Receiver> {
  const received: Received[] = [];
  const state = { rejectWith: null as number | null };
  const server = new SMTPServer({
    logger: false,
    // no TLS on the loopback: the client must not try STARTTLS, and may log in in clear text
    disabledCommands: ["STARTTLS"],
    allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      if (auth.username === USER && auth.password === PASSWORD) return callback(null, { user: auth.username });
      return callback(Object.assign(new Error("Invalid username or password"), { responseCode: 535 }));
    },
    onData(stream, session: SMTPServerSession, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        if (state.rejectWith)
          return callback(
            Object.assign(new Error("Mailbox unavailable, try later"), { responseCode: state.rejectWith }),
          );
        received.push({
          raw: Buffer.concat(chunks),
          mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : false,
          rcptTo: session.envelope.rcptTo.map((r) => r.address),
          user: session.user,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const actualPort = (server.server.address() as AddressInfo).port;
  const receiver: Receiver = {
    port: actualPort,
    url: `smtp://${encodeURIComponent(USER)}:${encodeURIComponent(PASSWORD)}@127.0.0.1:${actualPort}`,
    received,
    get rejectWith() {
      return state.rejectWith;
    },
    set rejectWith(code) {
      state.rejectWith = code;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  receivers.push(receiver);
  return receiver;
}

afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close().catch(() => {})));
});

/** The mails a receiver got for one recipient, parsed. */
async function mailsTo(receiver: Receiver, address: string) {
  const mine = receiver.received.filter((r) => r.rcptTo.includes(address));
  return Promise.all(mine.map(async (r) => ({ ...r, parsed: await simpleParser(r.raw) })));
}

/* ---------- queueing ---------- */

describe("queueOrderConfirmation", () => {
  it("queues one SMS and one e-mail per order, however often the order is placed or confirmed", async () => {
    const input = order();
    await t.db.transaction((tx) => queueOrderConfirmation(tx, input));
    await t.db.transaction((tx) => queueOrderConfirmation(tx, { ...input, totalPaise: 1 }));
    const rows = await rowsOf(input.orderNumber);
    expect(
      rows.map((r) => ({ channel: r.channel, recipient: r.recipient, kind: r.kind, dedupeKey: r.dedupeKey })),
    ).toEqual([
      {
        channel: "email",
        recipient: input.email,
        kind: "order-confirmed",
        dedupeKey: `order-confirmed:email:${input.orderNumber}`,
      },
      {
        channel: "sms",
        recipient: input.phone,
        kind: "order-confirmed",
        dedupeKey: `order-confirmed:sms:${input.orderNumber}`,
      },
    ]);
    const [email, sms] = rows;
    // the first queueing's words are kept
    expect(email?.subject).toBe(`Your Saanjh order ${input.orderNumber} is confirmed`);
    expect(email?.body).toContain("Total:");
    expect(email?.body).toContain("₹13,449.15");
    expect(email?.html).toContain("&lt;b&gt;Dupatta&lt;/b&gt; &quot;&amp;&quot;");
    expect(sms?.body).toBe(
      `Saanjh: order ${input.orderNumber} placed. Total Rs.13,449.15 (Cash on delivery). Track: ${input.orderUrl}`,
    );
    expect(sms?.subject).toBeNull();
    expect(rows.every((r) => r.sentAt === null && r.attempts === 0)).toBe(true);
  });

  it("queues the same order once when two transactions race", async () => {
    const input = order();
    await Promise.all([
      t.db.transaction((tx) => queueOrderConfirmation(tx, input)),
      t.db.transaction((tx) => queueOrderConfirmation(tx, input)),
    ]);
    expect((await rowsOf(input.orderNumber)).map((r) => r.channel)).toEqual(["email", "sms"]);
  });

  it("queues nothing when the order's transaction rolls back", async () => {
    const input = order();
    await expect(
      t.db.transaction(async (tx) => {
        await queueOrderConfirmation(tx, input);
        throw new Error("a line sold out");
      }),
    ).rejects.toThrow("a line sold out");
    expect(await rowsOf(input.orderNumber)).toEqual([]);
  });

  it("skips a message it cannot address instead of failing the order", async () => {
    const input = order({ email: "a@example.test, b@example.test", phone: "98765" });
    await t.db.transaction((tx) => queueOrderConfirmation(tx, input));
    expect(await rowsOf(input.orderNumber)).toEqual([]);
    await expect(
      t.db.transaction((tx) =>
        queueMessages(tx, [
          {
            channel: "email",
            recipient: "Eve <eve@example.test>",
            subject: "x",
            body: "x",
            html: null,
            kind: "test",
            dedupeKey: `test:${counter}`,
          },
        ]),
      ),
    ).rejects.toThrow(/one plain address/);
  });
});

/* ---------- delivery ---------- */

describe("delivery through SMTP", () => {
  let receiver: Receiver;
  let email: EmailProvider;

  beforeAll(async () => {
    // leave nothing due from the block above, so the counts below are this block's own
    await deliverDueMessages(t.db, { sms: smsRecorder(), email: { name: "sink", send: async () => {} } });
    receiver = await startReceiver();
    email = smtpEmailProvider({ url: receiver.url, from: FROM, timeoutMs: 5_000 });
  });

  afterEach(async () => {
    await stopOutboxWorker();
    receiver.rejectWith = null;
  });

  it("is sent by the worker right after the order commits: From, To, Subject, text and HTML, ₹ intact", async () => {
    const sms = smsRecorder();
    startOutboxWorker(t.db, { sms, email }, { intervalMs: 3600_000 });
    const input = order();
    let receivedBeforeCommit = -1;
    await t.db.transaction(async (tx) => {
      await queueOrderConfirmation(tx, input);
      kickOutbox(); // a run during the transaction cannot see the rows yet
      await new Promise((r) => setTimeout(r, 150));
      receivedBeforeCommit = receiver.received.filter((r) => r.rcptTo.includes(input.email)).length;
    });
    expect(receivedBeforeCommit).toBe(0);
    kickOutbox();
    await expect.poll(async () => (await mailsTo(receiver, input.email)).length, { timeout: 10_000 }).toBe(1);
    await expect.poll(() => sms.sent.filter((s) => s.to === input.phone).length).toBe(1);

    const [mail] = await mailsTo(receiver, input.email);
    // the envelope and the login
    expect(mail?.mailFrom).toBe("orders@shop.example.test");
    expect(mail?.rcptTo).toEqual([input.email]);
    expect(mail?.user).toBe(USER);
    // the headers
    const parsed = mail!.parsed;
    expect(parsed.from?.value).toEqual([{ name: "Saanjh", address: "orders@shop.example.test" }]);
    expect(parsed.from?.text).toBe('"Saanjh" <orders@shop.example.test>');
    expect(parsed.to && !Array.isArray(parsed.to) ? parsed.to.value : null).toEqual([
      { name: "", address: input.email },
    ]);
    expect(parsed.subject).toBe(`Your Saanjh order ${input.orderNumber} is confirmed`);
    // both parts, in UTF-8, with the rupee sign and Indian grouping
    expect(parsed.text).toContain("Phool Patti Kurta");
    expect(parsed.text).toContain("Size M · Indigo · Qty 2 × ₹1,299.00 = ₹2,598.00");
    expect(parsed.text).toMatch(/Coupon discount \(SAVE10\): +-₹1,494\.35/);
    expect(parsed.text).toMatch(/Total: +₹13,449\.15/);
    expect(parsed.text).toContain("Cash on delivery. Please pay ₹13,449.15 when your order arrives.");
    expect(parsed.html).toBeTypeOf("string");
    const html = parsed.html as string;
    expect(html).toContain("₹13,449.15");
    expect(html).toContain("Zari &lt;b&gt;Dupatta&lt;/b&gt; &quot;&amp;&quot;");
    expect(html).toContain(`href="${input.orderUrl}"`);
    expect(mail!.raw.toString("latin1")).toMatch(/Content-Type: multipart\/alternative/i);
    expect(mail!.raw.toString("latin1")).toMatch(/charset=utf-8/i);

    // sent and marked, never again
    const rows = await rowsOf(input.orderNumber);
    expect(rows.map((r) => [r.channel, r.sentAt !== null, r.attempts])).toEqual([
      ["email", true, 1],
      ["sms", true, 1],
    ]);
    await deliverDueMessages(t.db, { sms, email });
    expect(await mailsTo(receiver, input.email)).toHaveLength(1);
  });

  it("keeps the row for a retry when the receiver refuses (5xx), and a later success sends it exactly once", async () => {
    const input = order();
    await t.db.transaction((tx) => queueOrderConfirmation(tx, input));
    receiver.rejectWith = 550;
    const now = new Date();
    expect(await deliverDueMessages(t.db, { email }, { now: () => now })).toEqual({ sent: 0, retrying: 1, failed: 0 });
    const [row] = await t.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.dedupeKey, orderConfirmationKeys(input.orderNumber).email));
    expect(row).toMatchObject({ sentAt: null, failedAt: null, attempts: 1 });
    expect(row?.lastError).toMatch(/refused the message \(550/);
    expect(row?.lastError).not.toContain(PASSWORD);
    expect(row?.lastError).not.toContain(encodeURIComponent(PASSWORD));
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(now.getTime());
    // not due again at once
    expect(await deliverDueMessages(t.db, { email }, { now: () => now })).toEqual({ sent: 0, retrying: 0, failed: 0 });
    receiver.rejectWith = null;
    const later = new Date(now.getTime() + 5 * 60_000);
    expect(await deliverDueMessages(t.db, { email }, { now: () => later })).toEqual({
      sent: 1,
      retrying: 0,
      failed: 0,
    });
    expect(await deliverDueMessages(t.db, { email }, { now: () => new Date(later.getTime() + 3600_000) })).toEqual({
      sent: 0,
      retrying: 0,
      failed: 0,
    });
    expect(await mailsTo(receiver, input.email)).toHaveLength(1);
    // the SMS was never claimed by an e-mail-only run, and is still due
    const [sms] = await t.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.dedupeKey, orderConfirmationKeys(input.orderNumber).sms));
    expect(sms).toMatchObject({ sentAt: null, attempts: 0 });
  });

  it("keeps the row for a retry when the receiver is down, and sends it once when it is back", async () => {
    const input = order({ paymentMethod: "online", codFeePaise: 0 });
    await t.db.transaction((tx) => queueOrderConfirmation(tx, input));
    // a port where nothing listens any more
    const gone = await startReceiver();
    await gone.close();
    const provider = smtpEmailProvider({ url: gone.url, from: FROM, timeoutMs: 5_000 });
    const now = new Date();
    expect(await deliverDueMessages(t.db, { email: provider }, { now: () => now })).toEqual({
      sent: 0,
      retrying: 1,
      failed: 0,
    });
    const [row] = await t.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.dedupeKey, orderConfirmationKeys(input.orderNumber).email));
    expect(row).toMatchObject({
      sentAt: null,
      attempts: 1,
      lastError: "The SMTP server could not be reached (ECONNREFUSED)",
    });

    const back = await startReceiver(gone.port);
    const later = new Date(now.getTime() + 5 * 60_000);
    expect(await deliverDueMessages(t.db, { email: provider }, { now: () => later })).toEqual({
      sent: 1,
      retrying: 0,
      failed: 0,
    });
    expect(
      await deliverDueMessages(t.db, { email: provider }, { now: () => new Date(later.getTime() + 3600_000) }),
    ).toEqual({ sent: 0, retrying: 0, failed: 0 });
    const mails = await mailsTo(back, input.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.parsed.text).toContain("Paid online (₹13,449.15).");
  });

  it("refuses wrong credentials as a failed send, leaving the row for a retry", async () => {
    const input = order();
    await t.db.transaction((tx) => queueOrderConfirmation(tx, input));
    const wrong = smtpEmailProvider({
      url: `smtp://${encodeURIComponent(USER)}:wrong-horse-battery@127.0.0.1:${receiver.port}`,
      from: FROM,
      timeoutMs: 5_000,
    });
    expect(await deliverDueMessages(t.db, { email: wrong })).toEqual({ sent: 0, retrying: 1, failed: 0 });
    const [row] = await t.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.dedupeKey, orderConfirmationKeys(input.orderNumber).email));
    expect(row?.lastError).toBe("The SMTP server refused the message (535 after AUTH)");
    expect(await mailsTo(receiver, input.email)).toEqual([]);
  });
});

/* ---------- demo mode ---------- */

type LoaderArgs = Parameters<typeof outboxRoute.loader>[0];

async function readEmailPage(address: string, clientAddress = "127.0.0.1"): Promise<Response> {
  const request = new Request(`http://localhost:3000/dev/outbox?email=${encodeURIComponent(address)}`, {
    headers: { "x-forwarded-for": clientAddress },
  });
  try {
    return (await outboxRoute.loader({ request, params: {}, context: {} } as unknown as LoaderArgs)) as Response;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

describe("the console provider and /dev/outbox?email=", () => {
  it("keeps the whole message, which the demo page shows to the shop's own machine", async () => {
    const input = order();
    await t.db.transaction((tx) => queueOrderConfirmation(tx, input));
    // queued but not yet delivered: not shown
    expect(await (await readEmailPage(input.email)).json()).toEqual({ email: input.email, messages: [] });
    await deliverDueMessages(t.db, { sms: smsRecorder(), email: consoleEmailProvider(FROM) });

    const response = await readEmailPage(input.email.toUpperCase());
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(response.headers.get("X-Robots-Tag")).toBe("noindex");
    const body = (await response.json()) as {
      email: string;
      messages: Array<{ subject: string; text: string; html: string; kind: string; sentAt: string }>;
    };
    expect(body.email).toBe(input.email);
    expect(body.messages).toHaveLength(1);
    expect(body.messages[0]).toMatchObject({
      subject: `Your Saanjh order ${input.orderNumber} is confirmed`,
      kind: "order-confirmed",
    });
    expect(body.messages[0]?.text).toContain("₹13,449.15");
    expect(body.messages[0]?.html).toContain("<!DOCTYPE html>");
    expect(new Date(body.messages[0]!.sentAt).getTime()).toBeGreaterThan(Date.now() - 60_000);

    // the same rules as the phone view: loopback clients only, a valid address
    expect((await readEmailPage(input.email, "::1")).status).toBe(200);
    expect((await readEmailPage(input.email, "203.0.113.50")).status).toBe(404);
    expect((await readEmailPage("not-an-address")).status).toBe(400);
  });

  it("does not exist in live mode or with SMTP (404), while the phone view follows the SMS provider alone", async () => {
    const key = Symbol.for("shop.config");
    const g = globalThis as unknown as Record<symbol, Config | undefined>;
    const saved = g[key];
    const smtp = { EMAIL_PROVIDER: "smtp", SMTP_URL: "smtp://u:p@127.0.0.1:9", MAIL_FROM: "orders@shop.example.test" };
    const twilio = {
      SMS_PROVIDER: "twilio",
      TWILIO_ACCOUNT_SID: `AC${"0".repeat(32)}`,
      TWILIO_AUTH_TOKEN: "t".repeat(32),
      TWILIO_FROM: "+15005550006",
    };
    try {
      g[key] = parseConfig({
        SHOP_MODE: "live",
        BASE_URL: "https://shop.example.com",
        AUTH_SECRET: "s".repeat(40),
        PAYMENTS: "cod-only",
        ...smtp,
        ...twilio,
      });
      expect((await readEmailPage("meera@example.test")).status).toBe(404);
      g[key] = parseConfig({ AUTH_SECRET: "s".repeat(40), ...smtp });
      expect((await readEmailPage("meera@example.test")).status).toBe(404);
      const phoneView = await outboxRoute.loader({
        request: new Request("http://localhost:3000/dev/outbox?phone=9876500011", {
          headers: { "x-forwarded-for": "127.0.0.1" },
        }),
        params: {},
        context: {},
      } as unknown as LoaderArgs);
      expect((phoneView as Response).status).toBe(200);
      // a real SMS gateway hides the phone view but not the console e-mails
      g[key] = parseConfig({ AUTH_SECRET: "s".repeat(40), ...twilio });
      expect((await readEmailPage("meera@example.test")).status).toBe(200);
    } finally {
      g[key] = saved;
    }
  });
});

describe("the outbox's channels", () => {
  it("leaves e-mail rows alone when only an SMS provider is given (as the stock command does)", async () => {
    const input = order();
    await t.db.transaction((tx) => queueOrderConfirmation(tx, input));
    const sms = smsRecorder();
    await deliverDueMessages(t.db, sms);
    expect(sms.sent.filter((s) => s.to === input.phone)).toHaveLength(1);
    const [row] = await t.db
      .select({ sentAt: outboxMessages.sentAt, attempts: outboxMessages.attempts })
      .from(outboxMessages)
      .where(and(eq(outboxMessages.channel, "email"), eq(outboxMessages.recipient, input.email)));
    expect(row).toEqual({ sentAt: null, attempts: 0 });
  });
});
