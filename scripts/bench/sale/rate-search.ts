/*
 * The search for the highest arrival rate at which every sale-day target holds: start at a rate, double
 * it while the server keeps up (halve it while it does not), and once one rate was kept up with and a
 * higher one was not, try the middle of the two a few times.
 *
 * "Keeping up" is every target but the share of catalogue answers from a copy. That share grows with
 * the rate (the more shoppers, the more views each copy serves before it expires), so a low rate can
 * miss it while the server is idle; steering by it would send the search down when it should go up.
 * The answer is the highest rate at which every target held, below the lowest the server did not keep
 * up with; a rate kept up with above one that was not is taken as noise and does not count.
 */

export interface Tried {
  /** shoppers arriving per second */
  rate: number;
  /** every target held */
  ok: boolean;
  /** every target but the share from a copy held */
  keptUp: boolean;
}

export interface SearchOptions {
  start: number;
  /** how many middles to try once a rate was kept up with and a higher one was not */
  bisections: number;
  /** below this the search gives up (the server keeps up with nothing) */
  minRate: number;
  /** above this the search stops doubling (it keeps up with everything) */
  maxRate: number;
}

/** Rates are tried to one decimal: 0.5, 3.5, 12.8 shoppers a second. */
const round = (rate: number) => Math.round(rate * 10) / 10;

const lowestNotKeptUp = (tried: readonly Tried[]) => Math.min(...tried.filter((t) => !t.keptUp).map((t) => t.rate));

/** The highest rate at which every target held, below the lowest the server did not keep up with; null when none. */
export function highestSustainable(tried: readonly Tried[]): number | null {
  const limit = lowestNotKeptUp(tried);
  const held = tried.filter((t) => t.ok && t.rate < limit).map((t) => t.rate);
  return held.length > 0 ? Math.max(...held) : null;
}

/** The next rate to try, or null when the search is done. */
export function nextRate(tried: readonly Tried[], options: SearchOptions): number | null {
  if (tried.length === 0) return round(options.start);
  const limit = lowestNotKeptUp(tried);
  if (!Number.isFinite(limit)) {
    const next = round(Math.max(...tried.map((t) => t.rate)) * 2);
    return next <= options.maxRate ? next : null;
  }
  const keptUp = tried.filter((t) => t.keptUp && t.rate < limit).map((t) => t.rate);
  if (keptUp.length === 0) {
    const next = round(limit / 2);
    return next >= options.minRate && next < limit ? next : null;
  }
  const best = Math.max(...keptUp);
  // the bracket (a rate kept up with, a higher one not) was first complete at this try; the tries after it were middles
  const bracketAt = tried.findIndex((_, i) => {
    const upTo = tried.slice(0, i + 1);
    return upTo.some((t) => t.keptUp) && upTo.some((t) => !t.keptUp);
  });
  const middlesTried = tried.length - 1 - bracketAt;
  if (middlesTried >= options.bisections) return null;
  const middle = round((best + limit) / 2);
  if (middle <= best || middle >= limit || tried.some((t) => t.rate === middle)) return null;
  return middle;
}
