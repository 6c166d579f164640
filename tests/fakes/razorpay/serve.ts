/*
 * The fake Razorpay as a process of its own, for end-to-end runs where the shop is started with
 * RAZORPAY_API_URL / RAZORPAY_CHECKOUT_URL pointing at it (for example as a second Playwright
 * `webServer`, ready at /_fake/health):
 *
 *   node --import tsx tests/fakes/razorpay/serve.ts --port 3550 --webhook-url http://127.0.0.1:3510/api/payments/razorpay/webhook
 *
 * (node directly, not npx: npx does not pass SIGTERM on, and the fake would outlive the run.)
 *
 * Keys: FAKE_RAZORPAY_KEY_ID, FAKE_RAZORPAY_KEY_SECRET, FAKE_RAZORPAY_WEBHOOK_SECRET (give the shop the
 * same three as RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET). Tests in another process
 * drive it over HTTP: GET /_fake/state, POST /_fake/orders/:id/pay | /fail, POST /_fake/webhooks,
 * POST /_fake/reset. Listens on 127.0.0.1 only.
 */
import { parseArgs } from "node:util";
import { startFakeRazorpay } from "./fake-razorpay";

const { values } = parseArgs({
  options: { port: { type: "string", default: "0" }, "webhook-url": { type: "string" } },
});

const fake = await startFakeRazorpay({
  port: Number(values.port),
  webhookUrl: values["webhook-url"],
  keyId: process.env.FAKE_RAZORPAY_KEY_ID || undefined,
  keySecret: process.env.FAKE_RAZORPAY_KEY_SECRET || undefined,
  webhookSecret: process.env.FAKE_RAZORPAY_WEBHOOK_SECRET || undefined,
});
console.log(`fake Razorpay on ${fake.url} (key ${fake.keyId}; checkout ${fake.checkoutUrl})`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    void fake.close().then(() => process.exit(0));
  });
}
