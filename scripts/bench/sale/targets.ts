/*
 * The sale day's targets (issue 30), checked for one arrival rate: catalogue answers (home, list,
 * product, suggestions) from a copy at least 97 % of the time and their p99 under 50 ms, add to bag
 * p99 under 100 ms, placing an order p99 under 500 ms, no 5xx (nor requests left without an answer),
 * nothing oversold. A rate holds when every target does.
 */
import type { StepSummary } from "./stats";

export const SALE_TARGETS = {
  copyShare: 0.97,
  catalogueP99Ms: 50,
  addToBagP99Ms: 100,
  checkoutP99Ms: 500,
} as const;

export interface VerdictInput {
  catalogue: StepSummary;
  addToBag: StepSummary;
  checkout: StepSummary;
  /** 5xx answers of every step */
  serverErrors: number;
  /** requests of every step that got no answer in time */
  networkErrors: number;
  oversoldUnits: number;
}

export interface Verdict {
  ok: boolean;
  /** every target but the share from a copy held: the server kept up with the rate */
  keptUp: boolean;
  /** what failed, in words for the table ("catalogue p99 73 ms"); empty when the rate holds */
  failures: string[];
}

const pct = (v: number) => `${(v * 100).toFixed(1)} %`;

/** The share of catalogue answers that came from a kept copy (hit or stale); NaN without answers. */
export function copyShare(catalogue: StepSummary): number {
  return catalogue.count === 0 ? Number.NaN : catalogue.copy / catalogue.count;
}

/**
 * The share from a copy of the answers to addresses asked of the server before (a first view can have
 * no copy): what the cache itself decides, beside the long tail of pages nobody had opened yet.
 */
export function repeatCopyShare(catalogue: StepSummary): number {
  const repeats = catalogue.count - catalogue.firstViews;
  return repeats <= 0 ? Number.NaN : Math.min(catalogue.copy, repeats) / repeats;
}

export function saleVerdict(input: VerdictInput): Verdict {
  const failures: string[] = [];
  const share = copyShare(input.catalogue);
  const copiesMissed = !(share >= SALE_TARGETS.copyShare);
  if (copiesMissed) failures.push(`from a copy ${Number.isNaN(share) ? "-" : pct(share)}`);
  if (!(input.catalogue.p99 < SALE_TARGETS.catalogueP99Ms)) failures.push(`catalogue p99 ${input.catalogue.p99} ms`);
  // a step nobody reached at this rate (no checkout in a short window) has nothing to fail
  if (input.addToBag.count > 0 && !(input.addToBag.p99 < SALE_TARGETS.addToBagP99Ms))
    failures.push(`add to bag p99 ${input.addToBag.p99} ms`);
  if (input.checkout.count > 0 && !(input.checkout.p99 < SALE_TARGETS.checkoutP99Ms))
    failures.push(`checkout p99 ${input.checkout.p99} ms`);
  if (input.serverErrors > 0) failures.push(`${input.serverErrors} 5xx`);
  if (input.networkErrors > 0) failures.push(`${input.networkErrors} without an answer`);
  if (input.oversoldUnits > 0) failures.push(`${input.oversoldUnits} oversold`);
  return { ok: failures.length === 0, keptUp: failures.length === (copiesMissed ? 1 : 0), failures };
}
