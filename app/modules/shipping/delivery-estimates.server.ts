import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.server";
import { getLogger } from "../../lib/logger.server";
import { cachedStoreSettings } from "../content/index.server";
import type { DeliveryAnswer } from "./delivery";
import { addWorkingDays, indiaToday, offlineEstimate, pincodeInAddress, type DaysEstimate } from "./estimate";
import { lookupPincode } from "./pincodes.server";
import type { CourierQuote, ShippingProvider } from "./provider-contract.server";
import { shopShippingProvider } from "./provider.server";
import { deliveryEstimates } from "./schema.server";

/*
 * The pincode check's answer (GET /api/delivery/:pincode, the checkout's COD rule). With Shiprocket it
 * is the courier service's serviceability, kept per pincode in `delivery_estimates` for a few hours and
 * shared by every process; when the service is slow or down, and with the demo and manual providers, it
 * is the shop's own estimate from the pincode table. Decision 041.
 */

/** How long a courier's answer is kept: a serviceable pincode half a day, a refusal two hours. */
const KEEP_SERVICEABLE_MS = 12 * 3_600_000;
const KEEP_REFUSED_MS = 2 * 3_600_000;
/** A shopper waits at most this long for the courier service before the shop's own estimate answers. */
const PROVIDER_WAIT_MS = 2_500;
/** The weight asked about: one piece, packed. */
const CHECK_WEIGHT_GRAMS = 500;

/** Couriers' quotes as days: the fastest, and the cheapest (the one usually chosen) or later. */
export function daysFromQuotes(quotes: readonly CourierQuote[]): DaysEstimate | null {
  const timed = quotes.filter((q) => q.estimatedDays !== null);
  if (quotes.length === 0) return { serviceable: false, codAvailable: false, minDays: null, maxDays: null };
  if (timed.length === 0) return null;
  const fastest = Math.min(...timed.map((q) => q.estimatedDays!));
  const cheapest = [...timed].sort((a, b) => a.ratePaise - b.ratePaise)[0]!;
  return {
    serviceable: true,
    codAvailable: quotes.some((q) => q.cod),
    minDays: fastest,
    maxDays: Math.max(fastest, cheapest.estimatedDays!),
  };
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

async function fromProvider(db: Db, provider: ShippingProvider, pincode: string, now: Date): Promise<DaysEstimate> {
  const [kept] = await db.select().from(deliveryEstimates).where(eq(deliveryEstimates.pincode, pincode)).limit(1);
  if (kept && kept.expiresAt > now) return kept;
  const quotes = await withTimeout(
    (async () =>
      provider.serviceability({
        pickupPincode: await provider.pickupPincode(),
        deliveryPincode: pincode,
        weightGrams: CHECK_WEIGHT_GRAMS,
        cod: false,
      }))(),
    PROVIDER_WAIT_MS,
  );
  const days = daysFromQuotes(quotes);
  if (!days) throw new Error("the courier service gave no delivery days");
  const row = {
    pincode,
    ...days,
    checkedAt: now,
    expiresAt: new Date(now.getTime() + (days.serviceable ? KEEP_SERVICEABLE_MS : KEEP_REFUSED_MS)),
  };
  await db.insert(deliveryEstimates).values(row).onConflictDoUpdate({ target: deliveryEstimates.pincode, set: row });
  return days;
}

export interface DeliveryOptions {
  now?: Date;
  provider?: ShippingProvider;
}

/** The answer for a six-digit pincode (the caller checks the format). */
export async function deliveryAnswer(db: Db, pincode: string, options: DeliveryOptions = {}): Promise<DeliveryAnswer> {
  const now = options.now ?? new Date();
  const provider = options.provider ?? shopShippingProvider();
  const settings = await cachedStoreSettings(db);
  let days: DaysEstimate | null = null;
  let source: DeliveryAnswer["source"] = "table";
  if (provider.name === "shiprocket") {
    try {
      days = await fromProvider(db, provider, pincode, now);
      source = "provider";
    } catch (error) {
      getLogger().warn(
        { err: error, pincode },
        "shipping: serviceability unavailable, answering from the pincode table",
      );
    }
  }
  if (!days) {
    const from = lookupPincode(pincodeInAddress(settings.address) ?? "")[0] ?? null;
    days = offlineEstimate(from, lookupPincode(pincode));
  }
  const start = addWorkingDays(indiaToday(now), settings.dispatchDays);
  const served = days.serviceable && days.minDays !== null && days.maxDays !== null;
  return {
    pincode,
    serviceable: served,
    codAvailable: served && days.codAvailable,
    earliest: served ? addWorkingDays(start, days.minDays!) : null,
    latest: served ? addWorkingDays(start, days.maxDays!) : null,
    source,
  };
}
