/*
 * The sale model in `npm run bench` (BENCH_SALE=1 or BENCH_ROUTES=sale): on one server start (one
 * process count, PostgreSQL), the search for the highest arrival rate at which every sale-day target
 * holds, then the hot piece. The pass keeps to its share of BENCH_SALE_MINUTES: a rate is tried only
 * if its warm-up and window fit in what is left (the hot piece's time kept aside), and the search
 * reports what it found when the time is up.
 */
import { saleCatalogue, type SaleCatalogue } from "./catalogue";
import { runHotPiece, type HotPieceResult } from "./hot-piece";
import { Ledger } from "./ledger";
import { SALE, WARM_UP_LIMIT_SECONDS } from "./options";
import { mulberry32 } from "./random";
import { highestSustainable, nextRate, type Tried } from "./rate-search";
import { phoneAccounts, SALE_MIX, shopperAddress } from "./session";
import { runRate, type RateResult } from "./step";

export interface SalePassResult {
  concurrency: number;
  rates: RateResult[];
  best: number | null;
  /** why the search ended */
  ended: "done" | "time";
  hot: HotPieceResult | null;
  /** the server's warm-up before the rates: pages made and seconds taken (null: it said nothing of one) */
  warmUp: { made: number; seconds: number } | null;
}

/**
 * The shop is opened before the sale: one visitor's page starts the server's warm-up (server/warm-up.ts),
 * and the rates begin once its first round has made the catalogue's pages (or after the limit).
 */
async function warmedUp(base: string): Promise<SalePassResult["warmUp"]> {
  const started = Date.now();
  await (await fetch(`${base}/`, { headers: { "accept-encoding": "br, gzip" } })).arrayBuffer();
  while (Date.now() - started < WARM_UP_LIMIT_SECONDS * 1000) {
    const health = (await (await fetch(`${base}/healthz`)).json()) as {
      warmUp?: { rounds: number; made: number };
    };
    if (!health.warmUp) return null;
    if (health.warmUp.rounds > 0) return { made: health.warmUp.made, seconds: (Date.now() - started) / 1000 };
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  return null;
}

/** Time a rate takes beyond its warm-up and window: the last visits' answers and the database's count. */
const RATE_OVERHEAD_SECONDS = 10;
/** Time the hot piece takes: 200 sign-ins and checkouts made ready, the moment, the count. */
const HOT_PIECE_SECONDS = 60;

function describe(r: RateResult): string {
  const copy = Number.isNaN(r.copyShare) ? "-" : `${(r.copyShare * 100).toFixed(1)} %`;
  return (
    `  ${r.rate} shoppers/s: ${r.achievedRate.toFixed(1)} arrived/s, ${r.rps.toFixed(0)} req/s, catalogue p99 ${r.catalogue.p99} ms, ` +
    `from a copy ${copy}, ${r.ordersPerSecond.toFixed(2)} orders/s, server CPU ${r.serverCpu ?? "-"} %, generator CPU ${r.generatorCpu} %: ` +
    (r.verdict.ok ? "holds" : `fails (${r.verdict.failures.join(", ")})`)
  );
}

async function searchRates(
  run: (rate: number) => Promise<RateResult>,
  deadline: number,
): Promise<{ rates: RateResult[]; ended: "done" | "time" }> {
  const rates: RateResult[] = [];
  const tried: Tried[] = [];
  const options = { start: SALE.startRate, bisections: SALE.bisections, minRate: 0.5, maxRate: 2000 };
  for (let rate = nextRate(tried, options); rate !== null; rate = nextRate(tried, options)) {
    const needs = (SALE.warmupSeconds + SALE.seconds + RATE_OVERHEAD_SECONDS) * 1000;
    if (Date.now() + needs > deadline) return { rates, ended: "time" };
    const result = await run(rate);
    console.log(describe(result));
    for (const problem of result.problems) console.log(`    ${problem}`);
    rates.push(result);
    tried.push({ rate, ok: result.verdict.ok, keptUp: result.verdict.keptUp });
  }
  return { rates, ended: "done" };
}

/** The rate search and the hot piece on the running server; `url` is the scratch database it serves. */
export async function salePass(options: {
  base: string;
  serverPid: number;
  url: string;
  concurrency: number;
  staffCookie: string;
  budgetSeconds: number;
}): Promise<SalePassResult> {
  const warmUp = await warmedUp(options.base);
  console.log(
    warmUp
      ? `  The server's warm-up made ${warmUp.made} pages in ${warmUp.seconds.toFixed(0)} s`
      : "  The server made no pages before the rates",
  );
  const started = Date.now();
  const ledger = await Ledger.open(options.url);
  try {
    const { ids, categories } = await ledger.products();
    const catalogue: SaleCatalogue = saleCatalogue(ids, categories, mulberry32(2026), SALE.zipf);
    const staff =
      SALE.staffSeconds > 0
        ? {
            cookie: options.staffCookie,
            productIds: catalogue.ranked.slice(0, SALE.staffPieces),
            everyMs: SALE.staffSeconds * 1000,
          }
        : null;
    // every catalogue address asked of this server start, across the rates: a first view has no copy yet
    const asked = new Set<string>();
    const run = (rate: number) =>
      runRate(
        {
          base: options.base,
          serverPid: options.serverPid,
          ledger,
          catalogue,
          variants: null,
          accounts: phoneAccounts("96"),
          addressOf: shopperAddress,
          staff,
          mix: SALE_MIX,
          // the same shoppers at the same rate in every run
          random: mulberry32(Math.round(rate * 10)),
          maxSockets: SALE.maxSockets,
          timeoutMs: SALE.timeoutMs,
          asked,
        },
        rate,
        { seconds: SALE.seconds, warmupSeconds: SALE.warmupSeconds },
      );
    const deadline = started + (options.budgetSeconds - (SALE.hotPiece ? HOT_PIECE_SECONDS : 0)) * 1000;
    const { rates, ended } = await searchRates(run, deadline);
    const best = highestSustainable(rates.map((r) => ({ rate: r.rate, ok: r.verdict.ok, keptUp: r.verdict.keptUp })));
    console.log(
      `  Highest sustainable arrival rate: ${best ?? "none"}${ended === "time" ? " (time budget used up)" : ""}`,
    );
    let hot: HotPieceResult | null = null;
    if (SALE.hotPiece) {
      hot = await runHotPiece({
        base: options.base,
        ledger,
        staffCookie: options.staffCookie,
        catalogue,
        serverPid: options.serverPid,
      });
      console.log(
        `  Hot piece: ${hot.orders} orders, ${hot.refusals} clear refusals, p99 ${hot.p99} ms, server CPU ${hot.burstCpu.serverMs ?? "-"} ms, catalogue p99 ${hot.catalogue.p99} ms: ` +
          (hot.verdict.ok ? "holds" : `fails (${hot.verdict.failures.join(", ")})`),
      );
    }
    return { concurrency: options.concurrency, rates, best, ended, hot, warmUp };
  } finally {
    await ledger.close();
  }
}
