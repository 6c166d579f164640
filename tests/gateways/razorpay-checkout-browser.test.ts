import { existsSync } from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { chromium, type Browser, type Page } from "@playwright/test";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { parseCheckoutCallback } from "../../app/modules/payments/callbacks.server";
import { verifyPaymentSignature } from "../../app/modules/payments/signatures.server";
import { startFakeRazorpay, type FakeRazorpay } from "../fakes/razorpay/fake-razorpay";

/*
 * The fake Checkout script in a real Chromium: a page of a stand-in shop (own origin, a strict CSP
 * that allows only the gateway's script and frame, as the payment page will) loads checkout.js from
 * the fake, opens `new Razorpay(options)`, and a click on Pay must hand the handler (modal) or the
 * callback URL (redirect mode, a cross-site POST from the gateway's origin) a signature the shop's
 * verifier accepts.
 */

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const NONCE = "c2hvcC1ub25jZQ";

interface Posted {
  origin: string | undefined;
  form: URLSearchParams;
}

let fake: FakeRazorpay;
let shop: Server;
let shopUrl = "";
let browser: Browser;
const posted: Posted[] = [];
/** the stand-in shop's pages, by path */
const pages = new Map<string, string>();

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** A payment page as the shop will render it: options as JSON, handler and listeners added in the page. */
function paymentPage(options: Record<string, unknown>): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>Pay</title><link rel="icon" href="data:,">
<script src="${fake.checkoutUrl}"></script></head>
<body><button id="open" type="button">Pay now</button><p id="result"></p>
<script nonce="${NONCE}">
  var options = ${JSON.stringify(options).replace(/</g, "\\u003c")};
  window.events = [];
  options.handler = function (response) { window.events.push({ kind: "handler", response: response }); document.getElementById("result").textContent = "paid"; };
  options.modal = { ondismiss: function () { window.events.push({ kind: "dismiss" }); } };
  var rzp = new Razorpay(options);
  rzp.on("payment.failed", function (response) { window.events.push({ kind: "failed", error: response.error }); });
  document.getElementById("open").addEventListener("click", function () { rzp.open(); });
</script></body></html>`;
}

beforeAll(async () => {
  fake = await startFakeRazorpay();
  shop = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", shopUrl);
    if (req.method === "POST" && url.pathname === "/payment/callback") {
      posted.push({ origin: req.headers.origin, form: new URLSearchParams(await readBody(req)) });
      res
        .writeHead(200, { "content-type": "text/html" })
        .end('<!doctype html><title>Back at the shop</title><link rel="icon" href="data:,"><h1>Back at the shop</h1>');
      return;
    }
    const page = pages.get(url.pathname);
    if (!page) return void res.writeHead(404).end();
    res.writeHead(200, {
      "content-type": "text/html; charset=utf-8",
      "content-security-policy": `default-src 'self'; script-src 'nonce-${NONCE}' ${fake.url}; frame-src ${fake.url}; connect-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:`,
    });
    res.end(page);
  });
  await new Promise<void>((resolve) => shop.listen(0, "127.0.0.1", resolve));
  shopUrl = `http://127.0.0.1:${(shop.address() as AddressInfo).port}`;
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await fake?.close();
  if (shop) await new Promise((resolve) => shop.close(resolve));
});

beforeEach(() => {
  posted.length = 0;
});

function servePage(path: string, html: string): string {
  pages.set(path, html);
  return `${shopUrl}${path}`;
}

/** A page whose console errors (CSP violations included) and uncaught errors fail the test. */
async function openPage(): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage();
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return { page, errors };
}

function optionsFor(orderId: string, amount: number, extra: Record<string, unknown> = {}) {
  return {
    key: fake.keyId,
    amount,
    currency: "INR",
    name: "Saanjh",
    description: "Order ORD-20260101-K7Q2XM",
    order_id: orderId,
    prefill: { name: "Priya Shah", email: "priya@example.com", contact: "+919876543210" },
    notes: { order_number: "ORD-20260101-K7Q2XM" },
    ...extra,
  };
}

const hasChromium = existsSync(CHROMIUM);
if (!hasChromium)
  console.warn(`No Chromium at ${CHROMIUM}: the fake Checkout's browser test is skipped (set CHROMIUM_PATH).`);

describe.skipIf(!hasChromium)("fake Razorpay Checkout in Chromium", () => {
  it("modal: Pay hands the handler a signature the shop's verifier accepts", async () => {
    const order = fake.createOrder({ amount: 129_900, receipt: "ORD-20260101-K7Q2XM" });
    const { page, errors } = await openPage();
    try {
      await page.goto(servePage("/pay-modal", paymentPage(optionsFor(order.id, 129_900))));
      await page.getByRole("button", { name: "Pay now" }).click();
      const checkout = page.frameLocator('iframe[name="razorpay-checkout-frame"]');
      await expect.poll(() => checkout.getByText("₹1,299.00").count()).toBe(1);
      await checkout.getByRole("button", { name: "Pay", exact: true }).click();
      await page.getByText("paid").waitFor();

      const events = (await page.evaluate("window.events")) as Array<{
        kind: string;
        response: Record<string, string>;
      }>;
      expect(events.map((e) => e.kind)).toEqual(["handler"]);
      const result = parseCheckoutCallback(events[0]!.response);
      if (result.kind !== "success") throw new Error(`expected a success, got ${result.kind}`);
      expect(result.razorpayOrderId).toBe(order.id);
      expect(
        verifyPaymentSignature(
          {
            razorpayOrderId: order.id,
            razorpayPaymentId: result.razorpayPaymentId,
            signature: result.razorpaySignature,
          },
          fake.keySecret,
        ),
      ).toBe(true);
      expect(fake.payments.get(result.razorpayPaymentId)).toMatchObject({
        status: "captured",
        email: "priya@example.com",
        notes: { order_number: "ORD-20260101-K7Q2XM" },
      });
      expect(await page.locator("iframe").count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it("modal: Fail raises payment.failed with Razorpay's error, and Close calls modal.ondismiss", async () => {
    const order = fake.createOrder({ amount: 49_900 });
    const { page, errors } = await openPage();
    try {
      await page.goto(servePage("/pay-fail", paymentPage(optionsFor(order.id, 49_900))));
      await page.getByRole("button", { name: "Pay now" }).click();
      const checkout = page.frameLocator('iframe[name="razorpay-checkout-frame"]');
      await checkout.getByRole("button", { name: "Fail" }).click();
      await checkout.getByText("Payment failed: Payment failed").waitFor();
      await checkout.getByRole("button", { name: "Close" }).click();
      await expect.poll(() => page.locator("iframe").count()).toBe(0);

      const events = (await page.evaluate("window.events")) as Array<{ kind: string; error?: Record<string, unknown> }>;
      expect(events.map((e) => e.kind)).toEqual(["failed", "dismiss"]);
      expect(events[0]!.error).toMatchObject({
        code: "BAD_REQUEST_ERROR",
        description: "Payment failed",
        reason: "payment_failed",
        metadata: { order_id: order.id },
      });
      expect(fake.orders.get(order.id)?.status).toBe("attempted");
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it("redirect mode: Pay on the gateway's page POSTs the signed fields to callback_url, cross-site", async () => {
    const order = fake.createOrder({ amount: 129_900 });
    const callback = `${shopUrl}/payment/callback?order=ORD-20260101-K7Q2XM`;
    const { page, errors } = await openPage();
    try {
      await page.goto(
        servePage(
          "/pay-redirect",
          paymentPage(optionsFor(order.id, 129_900, { redirect: true, callback_url: callback })),
        ),
      );
      await page.getByRole("button", { name: "Pay now" }).click();
      await page.waitForURL((url) => url.origin === fake.url);
      await page.getByRole("button", { name: "Pay", exact: true }).click();
      await page.getByRole("heading", { name: "Back at the shop" }).waitFor();

      expect(page.url()).toBe(callback);
      expect(posted).toHaveLength(1);
      expect(posted[0]!.origin).toBe(fake.url);
      const result = parseCheckoutCallback(posted[0]!.form);
      if (result.kind !== "success") throw new Error(`expected a success, got ${result.kind}`);
      expect(
        verifyPaymentSignature(
          {
            razorpayOrderId: order.id,
            razorpayPaymentId: result.razorpayPaymentId,
            signature: result.razorpaySignature,
          },
          fake.keySecret,
        ),
      ).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it("redirect mode: Fail POSTs error[...] fields with error[metadata] as JSON", async () => {
    const order = fake.createOrder({ amount: 129_900 });
    const { page } = await openPage();
    try {
      await page.goto(
        servePage(
          "/pay-redirect-fail",
          paymentPage(optionsFor(order.id, 129_900, { redirect: true, callback_url: `${shopUrl}/payment/callback` })),
        ),
      );
      await page.getByRole("button", { name: "Pay now" }).click();
      await page.waitForURL((url) => url.origin === fake.url);
      await page.getByRole("button", { name: "Fail" }).click();
      await page.getByRole("heading", { name: "Back at the shop" }).waitFor();

      expect(posted).toHaveLength(1);
      const result = parseCheckoutCallback(posted[0]!.form);
      expect(result).toMatchObject({
        kind: "failure",
        error: { code: "BAD_REQUEST_ERROR", description: "Payment failed" },
        razorpayOrderId: order.id,
      });
      expect(result.kind === "failure" && result.razorpayPaymentId).toMatch(/^pay_/);
    } finally {
      await page.close();
    }
  });

  it("modal with callback_url: Pay navigates the whole page to the callback with the signed fields", async () => {
    const order = fake.createOrder({ amount: 129_900 });
    const { page } = await openPage();
    try {
      await page.goto(
        servePage(
          "/pay-modal-callback",
          paymentPage(optionsFor(order.id, 129_900, { callback_url: `${shopUrl}/payment/callback` })),
        ),
      );
      await page.getByRole("button", { name: "Pay now" }).click();
      await page
        .frameLocator('iframe[name="razorpay-checkout-frame"]')
        .getByRole("button", { name: "Pay", exact: true })
        .click();
      await page.getByRole("heading", { name: "Back at the shop" }).waitFor();
      const result = parseCheckoutCallback(posted[0]!.form);
      expect(result).toMatchObject({ kind: "success", razorpayOrderId: order.id });
      expect(posted[0]!.origin).toBe(fake.url);
    } finally {
      await page.close();
    }
  });

  it("refuses to take a payment for another amount than the order's", async () => {
    const order = fake.createOrder({ amount: 129_900 });
    const { page } = await openPage();
    try {
      await page.goto(servePage("/pay-wrong-amount", paymentPage(optionsFor(order.id, 100))));
      await page.getByRole("button", { name: "Pay now" }).click();
      const checkout = page.frameLocator('iframe[name="razorpay-checkout-frame"]');
      await checkout.getByRole("button", { name: "Pay", exact: true }).click();
      await checkout.getByText("does not match the order's 129900").waitFor();
      expect([...fake.payments.values()].filter((p) => p.order_id === order.id)).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
