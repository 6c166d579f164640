import { createHash, timingSafeEqual } from "node:crypto";
import type { CourierScan, WebhookVerdict } from "../provider-contract.server";
import { parseIndiaTime, readScan, shiprocketDay, shiprocketStatus } from "./scans";

/*
 * Shiprocket's tracking webhook (decision 041). Shiprocket signs nothing: it sends the token the shop
 * owner typed in its panel as `x-api-key`, compared here in constant time. The body names the AWB, our
 * reference (`order_id`), the status now (`current_status_id`, `current_status`, `current_timestamp`
 * as '28 11 2026 14:31:00' in India time) and the scans so far. A replayed delivery carries the same
 * AWB, status and time, so those three make its dedupe key.
 */

/** Equal in constant time, whatever the lengths (both sides are hashed first). */
function sameToken(given: string, expected: string): boolean {
  const digest = (value: string) => createHash("sha256").update(value, "utf8").digest();
  return timingSafeEqual(digest(given), digest(expected));
}

const textOf = (value: unknown): string =>
  typeof value === "string" ? value.trim() : typeof value === "number" ? String(value) : "";

/** The status the body says the shipment is at now; null without a readable time. */
function currentOf(body: Record<string, unknown>, scans: CourierScan[]): CourierScan | null {
  const code = textOf(body.current_status_id);
  const label = textOf(body.current_status);
  const newest = scans.reduce<CourierScan | null>((a, b) => (a && a.occurredAt >= b.occurredAt ? a : b), null);
  const occurredAt = parseIndiaTime(body.current_timestamp) ?? newest?.occurredAt ?? null;
  if (!occurredAt || (!code && !label)) return null;
  return {
    status: shiprocketStatus(code, label),
    code: code || label.toUpperCase(),
    activity: label || newest?.activity || "",
    location: newest?.location ?? null,
    occurredAt,
  };
}

/** Reads one delivery: `(headers lower-cased, raw body) => verdict`. */
export function readShiprocketWebhook(token: string) {
  return (headers: Record<string, string | undefined>, rawBody: string): WebhookVerdict => {
    const given = headers["x-api-key"];
    if (!given) return { ok: false, status: 401, reason: "the x-api-key header is missing" };
    if (!sameToken(given, token))
      return { ok: false, status: 401, reason: "the x-api-key header is not the shop's token" };

    let body: unknown;
    try {
      body = JSON.parse(rawBody);
    } catch {
      return { ok: false, status: 400, reason: "the body is not JSON" };
    }
    if (!body || typeof body !== "object" || Array.isArray(body)) {
      return { ok: false, status: 400, reason: "the body is not a JSON object" };
    }
    const fields = body as Record<string, unknown>;
    const awb = textOf(fields.awb);
    if (!awb) return { ok: false, status: 400, reason: "the body names no AWB" };

    const scans = (Array.isArray(fields.scans) ? fields.scans : [])
      .map(readScan)
      .filter((scan): scan is CourierScan => scan !== null);
    const reference = textOf(fields.order_id);
    const dedupeKey = createHash("sha256")
      .update(`${awb}|${textOf(fields.current_status_id)}|${textOf(fields.current_timestamp)}`)
      .digest("hex");
    return {
      ok: true,
      dedupeKey,
      report: {
        awb,
        reference: reference || null,
        scans,
        current: currentOf(fields, scans),
        estimatedDelivery: shiprocketDay(fields.etd),
      },
    };
  };
}
