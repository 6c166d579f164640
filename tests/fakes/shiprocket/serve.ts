/*
 * The fake Shiprocket as a process of its own, for end-to-end runs where the shop is started with
 * SHIPROCKET_API_URL pointing at it (for example as another Playwright `webServer`, ready at
 * /_fake/health):
 *
 *   node --import tsx tests/fakes/shiprocket/serve.ts --port 3560 --webhook-url http://127.0.0.1:3510/api/shipping/tracking
 *
 * (node directly, not npx: npx does not pass SIGTERM on, and the fake would outlive the run.)
 *
 * Keys: FAKE_SHIPROCKET_EMAIL, FAKE_SHIPROCKET_PASSWORD, FAKE_SHIPROCKET_WEBHOOK_TOKEN (give the shop the
 * same three as SHIPROCKET_EMAIL, SHIPROCKET_PASSWORD, SHIPROCKET_WEBHOOK_TOKEN). Tests in another
 * process drive it over HTTP: GET /_fake/state, POST /_fake/advance {awb, code, activity?, location?, at?},
 * POST /_fake/fail {status, times?, path?, body?}, POST /_fake/delay {ms, times?, path?},
 * POST /_fake/expire-tokens, POST /_fake/serviceability {pincode, serviceable, cod, couriers?},
 * POST /_fake/webhooks {awb, code?, token?, body?, url?}, POST /_fake/reset. Listens on 127.0.0.1 only.
 */
import { parseArgs } from "node:util";
import { startFakeShiprocket } from "./fake-shiprocket";

const { values } = parseArgs({
  options: { port: { type: "string", default: "0" }, "webhook-url": { type: "string" } },
});

const fake = await startFakeShiprocket({
  port: Number(values.port),
  webhookUrl: values["webhook-url"],
  email: process.env.FAKE_SHIPROCKET_EMAIL || undefined,
  password: process.env.FAKE_SHIPROCKET_PASSWORD || undefined,
  webhookToken: process.env.FAKE_SHIPROCKET_WEBHOOK_TOKEN || undefined,
});
console.log(`fake Shiprocket on ${fake.url} (API user ${fake.email})`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    void fake.close().then(() => process.exit(0));
  });
}
