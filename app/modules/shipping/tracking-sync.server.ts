import { and, asc, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.server";
import { getLogger } from "../../lib/logger.server";
import { startPeriodic, stopPeriodic } from "../../lib/periodic.server";
import type { ShippingProvider, TrackingReport } from "./provider-contract.server";
import { shopShippingProvider } from "./provider.server";
import { applyScans } from "./scans.server";
import { shipments, shippingInbox } from "./schema.server";
import { findShipmentByAwb, findShipmentByReference } from "./shipments.server";
import { IN_FLIGHT_SHIPMENT_STATUSES } from "./states";

/*
 * How the courier's scans reach the shop (decision 041): its webhook, stored in `shipping_inbox` and
 * answered at once, then worked after the answer; and a poll of the shipments silent for too long.
 * Both end in applyScans, which stores each scan once and only moves forward.
 */

/** A shipment on its way that has said nothing for this long is asked about. */
const SILENT_FOR_MS = 6 * 3_600_000;
/** Shipments asked about per round (the provider's rate limits; the next round takes the rest). */
const POLL_BATCH = 25;
/** A delivery that failed to be worked is tried again this many times. */
const INBOX_ATTEMPTS = 5;

export type WebhookIntake = { status: 200 | 400 | 401; body: string };

/**
 * Checks and stores one webhook delivery; answers at once. `work` is what the caller runs after the
 * answer (processInbox); a replay of a stored delivery is answered 200 and stored nothing new.
 */
export async function receiveWebhook(
  db: Db,
  headers: Record<string, string | undefined>,
  rawBody: string,
  provider: ShippingProvider = shopShippingProvider(),
): Promise<WebhookIntake & { stored: boolean }> {
  const verdict = provider.readWebhook(headers, rawBody);
  if (!verdict.ok) {
    if (verdict.status === 401) getLogger().warn({ reason: verdict.reason }, "shipping webhook refused");
    return { status: verdict.status, body: verdict.reason, stored: false };
  }
  const stored = await db
    .insert(shippingInbox)
    .values({ provider: provider.name, dedupeKey: verdict.dedupeKey, payload: verdict.report })
    .onConflictDoNothing()
    .returning({ id: shippingInbox.id });
  return { status: 200, body: stored.length > 0 ? "stored" : "duplicate", stored: stored.length > 0 };
}

/** The report as stored in the inbox (JSON) back to dates. */
function reportOf(payload: unknown): TrackingReport {
  const raw = payload as TrackingReport & { scans: Array<{ occurredAt: string | Date }> };
  const scan = (s: { occurredAt: string | Date } & Record<string, unknown>) => ({
    ...(s as unknown as TrackingReport["scans"][number]),
    occurredAt: new Date(s.occurredAt),
  });
  return {
    ...raw,
    scans: raw.scans.map(scan),
    current: raw.current ? scan(raw.current as unknown as { occurredAt: string } & Record<string, unknown>) : null,
  };
}

/** The scans of a report, with its current status as one more scan when the provider named it. */
function scansOf(report: TrackingReport) {
  return report.current ? [...report.scans, report.current] : report.scans;
}

/** Works the stored deliveries not yet worked, oldest first. Returns how many were worked. */
export async function processInbox(db: Db, provider: ShippingProvider = shopShippingProvider()): Promise<number> {
  const pending = await db
    .select()
    .from(shippingInbox)
    .where(and(isNull(shippingInbox.processedAt), lt(shippingInbox.attempts, INBOX_ATTEMPTS)))
    .orderBy(asc(shippingInbox.receivedAt))
    .limit(100);
  let worked = 0;
  for (const row of pending) {
    try {
      const report = reportOf(row.payload);
      const shipment =
        (await findShipmentByAwb(db, provider.name, report.awb)) ??
        (report.reference ? await findShipmentByReference(db, report.reference) : null);
      if (shipment) {
        await applyScans(db, shipment.id, scansOf(report), "webhook", { estimatedDelivery: report.estimatedDelivery });
      }
      await db
        .update(shippingInbox)
        .set({
          processedAt: new Date(),
          attempts: row.attempts + 1,
          lastError: shipment ? null : `no shipment with AWB ${report.awb}`,
        })
        .where(eq(shippingInbox.id, row.id));
      worked += 1;
    } catch (error) {
      getLogger().error(
        { err: error, inbox: row.id },
        "shipping: a webhook delivery could not be worked; it is tried again",
      );
      await db
        .update(shippingInbox)
        .set({ attempts: row.attempts + 1, lastError: error instanceof Error ? error.message.slice(0, 500) : "failed" })
        .where(eq(shippingInbox.id, row.id));
    }
  }
  return worked;
}

/** Asks the provider about shipments on their way that have been silent too long. Returns how many moved. */
export async function pollSilentShipments(
  db: Db,
  provider: ShippingProvider = shopShippingProvider(),
  now = new Date(),
): Promise<number> {
  const before = new Date(now.getTime() - SILENT_FOR_MS);
  const due = await db
    .select()
    .from(shipments)
    .where(
      and(
        eq(shipments.provider, provider.name),
        inArray(shipments.status, [...IN_FLIGHT_SHIPMENT_STATUSES]),
        sql`${shipments.awb} IS NOT NULL`,
        or(isNull(shipments.lastCheckedAt), lt(shipments.lastCheckedAt, before)),
      ),
    )
    .orderBy(sql`${shipments.lastCheckedAt} ASC NULLS FIRST`)
    .limit(POLL_BATCH);
  let moved = 0;
  for (const shipment of due) {
    try {
      const report = await provider.track({ awb: shipment.awb!, providerShipmentId: shipment.providerShipmentId });
      const result = await applyScans(db, shipment.id, scansOf(report), "poll", {
        now,
        estimatedDelivery: report.estimatedDelivery,
      });
      if (result && result.from !== result.to) moved += 1;
    } catch (error) {
      getLogger().warn({ err: error, awb: shipment.awb }, "shipping: tracking poll failed; asked again next round");
      await db.update(shipments).set({ lastCheckedAt: now }).where(eq(shipments.id, shipment.id));
    }
  }
  return moved;
}

/** Works the inbox every `everyMs` and polls silent shipments (only providers with a courier service). */
export function startTrackingSync(db: Db, everyMs = 5 * 60_000): void {
  const provider = shopShippingProvider();
  if (provider.name !== "shiprocket") return;
  startPeriodic("shipping-tracking", everyMs, async () => {
    try {
      await processInbox(db, provider);
      const moved = await pollSilentShipments(db, provider);
      if (moved > 0) getLogger().info({ moved }, "shipping: shipments moved by polling");
    } catch (error) {
      getLogger().error({ err: error }, "shipping: tracking round failed; it runs again");
    }
  });
}

export function stopTrackingSync(): Promise<void> {
  return stopPeriodic("shipping-tracking");
}
