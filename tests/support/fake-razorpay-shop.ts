import type http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { parseConfig, type Config } from "../../app/config.server";
import { processSlot } from "../../app/lib/process-singleton";
import * as webhookRoute from "../../app/routes/api.payments.razorpay.webhook";
import { bodyLimit } from "../../server/body-limit";
import { toFetchRequest } from "../../server/request-handler";
import { startFakeRazorpay, type FakeRazorpay } from "../fakes/razorpay/fake-razorpay";

/*
 * The shop with its Razorpay account pointed at the local fake Razorpay, for the tests of online
 * payments and refunds: the process's configuration is the environment's plus the fake's keys and
 * addresses, and (when asked) the webhook route is served behind the server's own body handling, as
 * in production, for the fake to call.
 */

const configSlot = processSlot<Config>("config");

export interface FakeRazorpayShop {
  fake: FakeRazorpay;
  /** where the fake delivers webhooks; empty unless started with `webhook: true` */
  webhookUrl: string;
  /** stops the fake and the webhook route, and forgets the configuration */
  close(): Promise<void>;
}

async function serveWebhook(): Promise<http.Server> {
  const app = express();
  app.use(bodyLimit());
  app.post("/api/payments/razorpay/webhook", async (req, res) => {
    const response = await webhookRoute.action({
      request: toFetchRequest(req),
      params: {},
      context: {},
    } as unknown as Parameters<typeof webhookRoute.action>[0]);
    res
      .status(response.status)
      .type("application/json")
      .send(await response.text());
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  return server;
}

export async function startFakeRazorpayShop(options: { webhook?: boolean } = {}): Promise<FakeRazorpayShop> {
  const fake = await startFakeRazorpay();
  configSlot.set(
    parseConfig({
      ...process.env,
      RAZORPAY_KEY_ID: fake.keyId,
      RAZORPAY_KEY_SECRET: fake.keySecret,
      RAZORPAY_WEBHOOK_SECRET: fake.webhookSecret,
      RAZORPAY_API_URL: fake.url,
      RAZORPAY_CHECKOUT_URL: fake.checkoutUrl,
    }),
  );
  const server = options.webhook ? await serveWebhook() : null;
  const webhookUrl = server
    ? `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/payments/razorpay/webhook`
    : "";
  return {
    fake,
    webhookUrl,
    close: async () => {
      configSlot.clear();
      await fake.close();
      await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    },
  };
}
