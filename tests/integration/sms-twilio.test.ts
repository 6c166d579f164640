import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAuth } from "../../app/modules/accounts/auth.server";
import { sendSignInCode } from "../../app/modules/accounts/sign-in.server";
import { SmsDeliveryError, smsProviderFor, twilioSmsProvider } from "../../app/modules/accounts/sms.server";
import { setupTestDatabase } from "../setup/test-db";

/*
 * The Twilio provider against a local fake of Twilio's Messages API: the request shape (path,
 * basic auth, form fields) and how refusals and outages surface.
 */

const SID = `AC${"0123456789abcdef".repeat(2)}`;
const TOKEN = "test-auth-token-0123456789abcdef";

interface Seen {
  method: string;
  url: string;
  authorization: string | undefined;
  contentType: string | undefined;
  form: Record<string, string>;
}

const t = setupTestDatabase();
let server: Server;
let apiUrl = "";
const seen: Seen[] = [];
let answer: { status: number; body: unknown } = { status: 201, body: { sid: "SM123", status: "queued" } };

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const body = await readBody(req);
    seen.push({
      method: req.method ?? "",
      url: req.url ?? "",
      authorization: req.headers.authorization,
      contentType: req.headers["content-type"],
      form: Object.fromEntries(new URLSearchParams(body)),
    });
    res.writeHead(answer.status, { "content-type": "application/json" });
    res.end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

describe("Twilio SMS provider", () => {
  it("posts To, From and Body, form-encoded, with basic auth, to the account's Messages resource", async () => {
    seen.length = 0;
    answer = { status: 201, body: { sid: "SM123", status: "queued" } };
    const sms = smsProviderFor(
      { provider: "twilio", accountSid: SID, authToken: TOKEN, from: "+15005550006", apiUrl },
      undefined as never,
    );
    expect(sms.name).toBe("twilio");
    await sms.send("+919812345678", "123456 is your Saanjh sign-in code.");
    expect(seen).toEqual([
      {
        method: "POST",
        url: `/2010-04-01/Accounts/${SID}/Messages.json`,
        authorization: `Basic ${Buffer.from(`${SID}:${TOKEN}`).toString("base64")}`,
        contentType: "application/x-www-form-urlencoded",
        form: { To: "+919812345678", Body: "123456 is your Saanjh sign-in code.", From: "+15005550006" },
      },
    ]);
  });

  it("sends through a Messaging Service when the sender is an MG... SID", async () => {
    seen.length = 0;
    const service = `MG${"a".repeat(32)}`;
    await twilioSmsProvider({ accountSid: SID, authToken: TOKEN, from: service, apiUrl }).send(
      "+919812345678",
      "hello",
    );
    expect(seen[0]?.form).toEqual({ To: "+919812345678", Body: "hello", MessagingServiceSid: service });
  });

  it("turns a refusal into a clear error without the gateway's details", async () => {
    answer = { status: 400, body: { code: 21211, message: "The 'To' number is not a valid phone number." } };
    const sms = twilioSmsProvider({ accountSid: SID, authToken: TOKEN, from: "+15005550006", apiUrl });
    await expect(sms.send("+919812345678", "x")).rejects.toThrow(SmsDeliveryError);
    await expect(sms.send("+919812345678", "x")).rejects.toThrow(
      "The SMS could not be sent. Please check the number and try again.",
    );
  });

  it("reports an unreachable gateway", async () => {
    const sms = twilioSmsProvider({
      accountSid: SID,
      authToken: TOKEN,
      from: "+15005550006",
      apiUrl: "http://127.0.0.1:9",
    });
    await expect(sms.send("+919812345678", "x")).rejects.toThrow(
      "The SMS service could not be reached. Please try again in a minute.",
    );
  });

  it("sign-in through Twilio: the code goes to the gateway, and a refusal reaches the shopper as 'Error: ...'", async () => {
    const sms = twilioSmsProvider({ accountSid: SID, authToken: TOKEN, from: "+15005550006", apiUrl });
    const auth = createAuth({
      db: t.db,
      config: {
        baseUrl: "http://localhost:3000",
        authSecret: "twilio-test-secret-0123456789abcdef",
        isDemo: true,
        port: 3000,
      },
      sms,
    });
    const headers = new Headers({ origin: "http://localhost:3000", "x-forwarded-for": "192.0.2.200" });

    seen.length = 0;
    answer = { status: 201, body: { sid: "SM1" } };
    expect(await sendSignInCode(auth, "+919812345670", headers)).toEqual({
      ok: true,
      message: "OTP sent successfully! Check your phone for the SMS.",
    });
    expect(seen[0]?.form.To).toBe("+919812345670");
    expect(seen[0]?.form.Body).toMatch(/^\d{6} is your Saanjh sign-in code/);

    answer = { status: 400, body: { code: 21608, message: "unverified number" } };
    expect(await sendSignInCode(auth, "+919812345671", headers)).toEqual({
      ok: false,
      status: 502,
      message: "Error: The SMS could not be sent. Please check the number and try again.",
    });
  });
});
