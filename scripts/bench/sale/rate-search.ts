/*
 * The search for the highest arrival rate at which every sale-day target holds: start at a rate, double
 * it while it holds (halve it while it does not), and once one rate held and a higher one failed, try
 * the middle of the two a few times. The highest rate that held below the lowest that failed is the
 * answer; a rate that held above one that failed is taken as noise and does not count.
 */

export interface Tried {
  /** shoppers arriving per second */
  rate: number;
  ok: boolean;
}

export interface SearchOptions {
  start: number;
  /** how many middles to try once a rate held and a higher one failed */
  bisections: number;
  /** below this the search gives up (nothing holds) */
  minRate: number;
  /** above this the search stops doubling (everything holds) */
  maxRate: number;
}

/** Rates are tried to one decimal: 0.5, 3.5, 12.8 shoppers a second. */
const round = (rate: number) => Math.round(rate * 10) / 10;

/** The highest rate that held below the lowest that failed (any that held, when none failed); null when none held. */
export function highestSustainable(tried: readonly Tried[]): number | null {
  const lowestFail = Math.min(...tried.filter((t) => !t.ok).map((t) => t.rate));
  const held = tried.filter((t) => t.ok && t.rate < lowestFail).map((t) => t.rate);
  return held.length > 0 ? Math.max(...held) : null;
}

/** The next rate to try, or null when the search is done. */
export function nextRate(tried: readonly Tried[], options: SearchOptions): number | null {
  if (tried.length === 0) return round(options.start);
  const fails = tried.filter((t) => !t.ok).map((t) => t.rate);
  if (fails.length === 0) {
    const next = round(Math.max(...tried.map((t) => t.rate)) * 2);
    return next <= options.maxRate ? next : null;
  }
  const lowestFail = Math.min(...fails);
  const best = highestSustainable(tried);
  if (best === null) {
    const next = round(lowestFail / 2);
    return next >= options.minRate && next < lowestFail ? next : null;
  }
  // the bracket (a rate held, a higher one failed) was first complete at this try; the tries after it were middles
  const bracketAt = tried.findIndex((_, i) => {
    const upTo = tried.slice(0, i + 1);
    return upTo.some((t) => t.ok) && upTo.some((t) => !t.ok);
  });
  const middlesTried = tried.length - 1 - bracketAt;
  if (middlesTried >= options.bisections) return null;
  const middle = round((best + lowestFail) / 2);
  if (middle <= best || middle >= lowestFail) return null;
  if (tried.some((t) => t.rate === middle)) return null;
  return middle;
}
