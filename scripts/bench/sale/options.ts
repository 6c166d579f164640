/*
 * The sale model's settings (the BENCH_SALE_* variables of scripts/bench.ts's header), read once; a
 * value it cannot use stops the bench before anything is made.
 */

function number(name: string, fallback: number, check: (v: number) => boolean, rule: string): number {
  const raw = process.env[name];
  const value = raw === undefined || raw === "" ? fallback : Number(raw);
  if (!Number.isFinite(value) || !check(value)) throw new Error(`${name} must be ${rule}; got ${raw}`);
  return value;
}

export const SALE = {
  /** the measured window of each arrival rate, seconds */
  seconds: number("BENCH_SALE_SECONDS", 30, (v) => v >= 5 && v <= 3600, "5 to 3600 seconds"),
  /** shoppers arriving before the window opens, so visits are under way when it does, seconds */
  warmupSeconds: number("BENCH_SALE_WARMUP", 20, (v) => v >= 0 && v <= 300, "0 to 300 seconds"),
  /** the whole sale part of a run (every process count, the hot piece included), minutes */
  minutes: number("BENCH_SALE_MINUTES", 12, (v) => v >= 1 && v <= 120, "1 to 120 minutes"),
  /** the first arrival rate tried, shoppers a second */
  startRate: number("BENCH_SALE_START_RATE", 2, (v) => v >= 0.1 && v <= 1000, "0.1 to 1000 shoppers a second"),
  /** middles tried once a rate held and a higher one failed */
  bisections: number("BENCH_SALE_BISECTIONS", 3, (v) => Number.isInteger(v) && v >= 0 && v <= 10, "0 to 10"),
  /** seconds between two staff price edits (0: no staff) */
  staffSeconds: number("BENCH_SALE_STAFF_SECONDS", 5, (v) => v === 0 || (v >= 1 && v <= 600), "0, or 1 to 600 seconds"),
  /** the Zipf exponent of product views */
  zipf: number("BENCH_SALE_ZIPF", 1.1, (v) => v >= 0 && v <= 3, "0 to 3"),
  /** the hot piece scenario after each rate search (0: skipped) */
  hotPiece: process.env.BENCH_SALE_HOT !== "0",
  /** sockets the generator may open to the server */
  maxSockets: number("BENCH_SALE_SOCKETS", 512, (v) => Number.isInteger(v) && v >= 8 && v <= 4096, "8 to 4096"),
  /** a request without an answer in this time counts as one without an answer, ms */
  timeoutMs: 10_000,
  /** the hottest pieces staff edit, in turn */
  staffPieces: 20,
} as const;

/** What one pass (one process count) of the sale may spend, seconds: the sale's minutes shared by the passes. */
/** How long a sale pass waits for the server's first warm-up round (decision 057) before the rates. */
export const WARM_UP_LIMIT_SECONDS = 420;

export function salePassSeconds(passes: number): number {
  return (SALE.minutes * 60) / Math.max(1, passes);
}
