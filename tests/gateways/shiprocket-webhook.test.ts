import { createHash } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ShippingProvider, WebhookVerdict } from "../../app/modules/shipping/provider-contract.server";
import { shiprocketProvider } from "../../app/modules/shipping/shiprocket/provider.server";
import { readShiprocketWebhook } from "../../app/modules/shipping/shiprocket/webhook.server";
import { startFakeShiprocket, type FakeShiprocket } from "../fakes/shiprocket/fake-shiprocket";
import { NOW, startWebhookReceiver } from "./shiprocket-fixtures";

/*
 * Shiprocket's tracking webhooks as the fake sends them, read by the provider in a stand-in for the
 * shop's webhook route: the token checked, garbage refused, scans mapped, and a replay recognisable.
 */

let fake: FakeShiprocket;
let provider: ShippingProvider;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;

beforeAll(async () => {
  receiver = await startWebhookReceiver(() => provider);
  fake = await startFakeShiprocket({
    webhookUrl: receiver.url,
    webhookToken: "owner-typed-token-7Hq2",
    now: () => NOW,
  });
  provider = shiprocketProvider({
    email: fake.email,
    password: fake.password,
    apiUrl: fake.url,
    webhookToken: "owner-typed-token-7Hq2",
    now: () => NOW,
  });
});

afterAll(async () => {
  await fake.close();
  await receiver.close();
});

beforeEach(() => {
  fake.reset();
  receiver.verdicts.length = 0;
});

function accepted(verdict: WebhookVerdict | undefined) {
  if (!verdict?.ok) throw new Error(`expected an accepted delivery, got ${JSON.stringify(verdict)}`);
  return verdict;
}

describe("Shiprocket's tracking webhook", () => {
  it("reads a delivery: the AWB, our reference, the status now in India time, and the scans mapped", async () => {
    const shipment = fake.book("ORD-20261127-HOOK01");
    await fake.advance(shipment.awb, 42, { at: new Date("2026-11-28T06:00:00Z"), location: "JAIPUR" });
    const delivery = await fake.advance(shipment.awb, 17, { at: new Date("2026-11-30T03:40:00Z"), location: "MUMBAI" });
    expect(delivery).toMatchObject({ status: 200, token: "owner-typed-token-7Hq2" });
    expect(JSON.parse(delivery!.rawBody)).toMatchObject({
      current_timestamp: "30 11 2026 09:10:00",
      current_status_id: 17,
    });

    const { report, dedupeKey } = accepted(receiver.verdicts.at(-1));
    expect(report).toEqual({
      awb: shipment.awb,
      reference: "ORD-20261127-HOOK01",
      scans: [
        {
          status: "picked_up",
          code: "42",
          activity: "Shipment picked up",
          location: "JAIPUR",
          occurredAt: new Date("2026-11-28T06:00:00Z"),
        },
        {
          status: "out_for_delivery",
          code: "17",
          activity: "Out for delivery",
          location: "MUMBAI",
          occurredAt: new Date("2026-11-30T03:40:00Z"),
        },
      ],
      current: {
        status: "out_for_delivery",
        code: "17",
        activity: "OUT FOR DELIVERY",
        location: "MUMBAI",
        occurredAt: new Date("2026-11-30T03:40:00Z"),
      },
      estimatedDelivery: "2026-12-02",
    });
    expect(dedupeKey).toBe(createHash("sha256").update(`${shipment.awb}|17|30 11 2026 09:10:00`).digest("hex"));
  });

  it("gives a replay the same dedupe key, and the next status another", async () => {
    const shipment = fake.book("ORD-20261127-HOOK02");
    await fake.advance(shipment.awb, 18, { at: new Date("2026-11-29T10:00:00Z") });
    await fake.sendWebhook({ awb: shipment.awb });
    await fake.advance(shipment.awb, 21, { at: new Date("2026-11-30T12:00:00Z"), activity: "Consignee refused" });
    const [first, replay, next] = receiver.verdicts.map(accepted);
    expect(replay!.dedupeKey).toBe(first!.dedupeKey);
    expect(next!.dedupeKey).not.toBe(first!.dedupeKey);
    expect(next!.report.current).toMatchObject({ status: "delivery_failed", code: "21" });
  });

  it("maps each status the courier reports", async () => {
    const shipment = fake.book("ORD-20261127-HOOK03");
    const codes = [19, 42, 6, 38, 17, 21, 9, 46, 10];
    for (const [i, code] of codes.entries())
      await fake.advance(shipment.awb, code, { at: new Date(NOW.getTime() + (i + 1) * 3_600_000) });
    expect(receiver.verdicts.map((v) => accepted(v).report.current?.status)).toEqual([
      "pickup_scheduled",
      "picked_up",
      "in_transit",
      "in_transit",
      "out_for_delivery",
      "delivery_failed",
      "rto_initiated",
      "rto_initiated",
      "rto_delivered",
    ]);
  });

  it("answers 401 without the token or with another one", async () => {
    const shipment = fake.book("ORD-20261127-HOOK04");
    await fake.advance(shipment.awb, 42);
    expect((await fake.sendWebhook({ awb: shipment.awb, token: null })).status).toBe(401);
    expect((await fake.sendWebhook({ awb: shipment.awb, token: "owner-typed-token-7Hq3" })).status).toBe(401);
    expect((await fake.sendWebhook({ awb: shipment.awb, token: "short" })).status).toBe(401);
    expect(receiver.verdicts.slice(1)).toEqual([
      { ok: false, status: 401, reason: "the x-api-key header is missing" },
      { ok: false, status: 401, reason: "the x-api-key header is not the shop's token" },
      { ok: false, status: 401, reason: "the x-api-key header is not the shop's token" },
    ]);
  });

  it("answers 400 to a body that is not JSON or names no AWB", async () => {
    const shipment = fake.book("ORD-20261127-HOOK05");
    expect((await fake.sendWebhook({ awb: shipment.awb, body: "awb=1&status=7" })).status).toBe(400);
    expect((await fake.sendWebhook({ awb: shipment.awb, body: JSON.stringify({ current_status_id: 7 }) })).status).toBe(
      400,
    );
    expect((await fake.sendWebhook({ awb: shipment.awb, body: "[]" })).status).toBe(400);
    expect(receiver.verdicts.map((v) => (v.ok ? 200 : v.status))).toEqual([400, 400, 400]);
  });

  it("reads a delivery without scans, its time from current_timestamp", () => {
    const read = readShiprocketWebhook("owner-typed-token-7Hq2");
    const verdict = read(
      { "x-api-key": "owner-typed-token-7Hq2" },
      JSON.stringify({
        awb: 19041234567,
        current_status: "DELIVERED",
        current_timestamp: "01 12 2026 18:05:00",
        order_id: "ORD-9",
      }),
    );
    expect(verdict).toMatchObject({
      ok: true,
      report: {
        awb: "19041234567",
        reference: "ORD-9",
        scans: [],
        current: { status: "delivered", code: "DELIVERED", occurredAt: new Date("2026-12-01T12:35:00Z") },
        estimatedDelivery: null,
      },
    });
  });
});
