/*
 * The sale model's random draws, all from one seeded source (mulberry32, as the soak uses) so that two
 * runs offer the same shoppers in the same order: when shoppers arrive (a Poisson process: independent
 * arrivals at a set mean rate), which pieces they open (a Zipf distribution: the k-th most viewed piece
 * is viewed in proportion to 1/k^s, so a few pieces get most views), and how long they think.
 */
import { mulberry32 } from "../soak";

export type Random = () => number;
export { mulberry32 };

/** An index in 0..n-1 with P(k) proportional to 1/(k+1)^s, by binary search in the cumulative weights. */
export function zipfSampler(n: number, s: number, random: Random): () => number {
  if (!Number.isInteger(n) || n < 1) throw new RangeError(`zipfSampler: n must be a whole number from 1 (got ${n})`);
  const cumulative = new Float64Array(n);
  let total = 0;
  for (let k = 0; k < n; k++) {
    total += 1 / Math.pow(k + 1, s);
    cumulative[k] = total;
  }
  return () => {
    const target = random() * total;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (cumulative[mid]! > target) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  };
}

/** The share of a Zipf distribution's draws that fall on its first `top` indices (the report says how hot the head is). */
export function zipfHeadShare(n: number, s: number, top: number): number {
  let head = 0;
  let total = 0;
  for (let k = 0; k < n; k++) {
    const weight = 1 / Math.pow(k + 1, s);
    total += weight;
    if (k < top) head += weight;
  }
  return head / total;
}

/**
 * The arrival times, in ms, of a Poisson process of `perSecond` arrivals a second over [fromMs, toMs):
 * exponential gaps with mean 1000/perSecond, so arrivals bunch and thin as real ones do.
 */
export function poissonArrivals(perSecond: number, fromMs: number, toMs: number, random: Random): number[] {
  if (!(perSecond > 0)) throw new RangeError(`poissonArrivals: the rate must be above 0 (got ${perSecond})`);
  const times: number[] = [];
  let t = fromMs;
  for (;;) {
    // 1 - random() is in (0, 1]: the logarithm is finite
    t += (-Math.log(1 - random()) * 1000) / perSecond;
    if (t >= toMs) return times;
    times.push(t);
  }
}

/** A whole or fractional number of ms, uniform in [min, max). */
export function between(random: Random, min: number, max: number): number {
  return min + random() * (max - min);
}

export function pick<T>(random: Random, list: readonly T[]): T {
  if (list.length === 0) throw new RangeError("pick: the list is empty");
  return list[Math.floor(random() * list.length)]!;
}

/** A copy of `list` in a random order (Fisher-Yates). */
export function shuffled<T>(list: readonly T[], random: Random): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
