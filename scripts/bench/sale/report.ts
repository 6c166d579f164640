/*
 * The sale model's section of docs/performance.md (`<!-- bench:postgres-sale -->`): what was modelled
 * and under which conditions, the highest sustainable arrival rate per process count, a row per rate
 * tried (offered and achieved, where catalogue answers came from, orders, oversold units, errors, CPU
 * and memory, the verdict), each step's latency at each rate, and the hot piece.
 */
import os from "node:os";
import type { HotPieceResult } from "./hot-piece";
import { HOT_PIECE } from "./hot-piece";
import type { SalePassResult } from "./index";
import { SALE } from "./options";
import { zipfHeadShare } from "./random";
import { SALE_MIX } from "./session";
import type { StepSummary } from "./stats";
import { SALE_TARGETS } from "./targets";

const LATENCY_STEPS = [
  "home",
  "list",
  "product",
  "suggest",
  "add to bag",
  "sign-in",
  "checkout",
  "payment",
  "staff edit",
] as const;

const share = (v: number) => (Number.isFinite(v) ? `${(v * 100).toFixed(1)} %` : "-");
const ms = (v: number) => (Number.isFinite(v) ? (v < 10 ? v.toFixed(1) : v.toFixed(0)) : "-");
const orDash = (v: number | null, unit = "") => (v === null ? "-" : `${v}${unit}`);

function latencyCell(s: StepSummary | undefined): string {
  if (!s || s.count === 0) return "-";
  const counts = [
    [s.refused, "refused"],
    [s.clientErrors, "4xx"],
    [s.serverErrors, "5xx"],
    [s.networkErrors, "no answer"],
  ] as const;
  const extra = counts
    .filter(([n]) => n > 0)
    .map(([n, what]) => `, ${n} ${what}`)
    .join("");
  return `${ms(s.p50)} / ${ms(s.p95)} / ${ms(s.p99)} (${s.count}${extra})`;
}

function bestLine(passes: SalePassResult[]): string {
  const parts = passes.map((p) => {
    const best = p.rates.find((r) => r.rate === p.best);
    const what = best
      ? `**${best.rate} shoppers/s** (${best.rps.toFixed(0)} req/s, ${best.ordersPerSecond.toFixed(2)} orders/s)`
      : "**none** of the rates tried";
    return `${p.concurrency} process${p.concurrency === 1 ? "" : "es"}: ${what}${p.ended === "time" ? " (the time budget ended the search)" : ""}`;
  });
  return `Highest arrival rate at which every target held: ${parts.join("; ")}.`;
}

function rateTable(passes: SalePassResult[]): string {
  const lines = [
    "| Processes | Offered (shoppers/s) | Arrived/s | req/s | Catalogue p99 ms | From a copy | First views | From a copy, of repeat views | Shared render | Orders/s | Oversold | 5xx | No answer | Server CPU | Server RSS MB | Generator CPU | Load (1 min) | Verdict |",
    "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|",
  ];
  for (const p of passes)
    for (const r of p.rates) {
      const errors = r.steps.reduce((sum, s) => sum + s.serverErrors, 0);
      const unanswered = r.steps.reduce((sum, s) => sum + s.networkErrors, 0);
      const oversold = r.oversold ? String(r.oversold.oversoldUnits + r.oversold.negative.length) : "-";
      lines.push(
        `| ${p.concurrency} | ${r.rate} | ${r.achievedRate.toFixed(1)} | ${r.rps.toFixed(0)} | ${ms(r.catalogue.p99)} | ${share(r.copyShare)} | ` +
          `${share(r.firstViewShare)} | ${share(r.repeatCopyShare)} | ${share(r.sharedShare)} | ` +
          `${r.ordersPerSecond.toFixed(2)} | ${oversold} | ${errors} | ${unanswered} | ${orDash(r.serverCpu, " %")} | ${orDash(r.rssMb)} | ` +
          `${r.generatorCpu} % | ${r.load[0].toFixed(2)}-${r.load[1].toFixed(2)} | ${r.verdict.ok ? "holds" : `fails: ${r.verdict.failures.join(", ")}`} |`,
      );
    }
  return lines.join("\n");
}

/** The first 5xx answers and requests without one at each rate, as they were (empty when there were none). */
function problemLines(passes: SalePassResult[]): string {
  const lines = passes.flatMap((p) =>
    p.rates
      .filter((r) => r.problems.length > 0)
      .map((r) => `- ${p.concurrency} process(es), ${r.rate} shoppers/s: ${r.problems.slice(0, 3).join("; ")}`),
  );
  return lines.length > 0 ? `\nFirst 5xx answers and requests without an answer:\n\n${lines.join("\n")}\n` : "";
}

function latencyTable(passes: SalePassResult[]): string {
  const lines = [
    `| Processes | Offered | ${LATENCY_STEPS.join(" | ")} |`,
    `|---:|---:|${LATENCY_STEPS.map(() => "---:").join("|")}|`,
  ];
  for (const p of passes)
    for (const r of p.rates) {
      const of = (step: string) => r.steps.find((s) => s.step === step);
      lines.push(`| ${p.concurrency} | ${r.rate} | ${LATENCY_STEPS.map((s) => latencyCell(of(s))).join(" | ")} |`);
    }
  return lines.join("\n");
}

function hotTable(passes: SalePassResult[]): string {
  const lines = [
    "| Processes | Shoppers ready | Units | Orders | Clear refusals | Other answers | 5xx / no answer | p50 ms | p99 ms | Max ms | CPU over the burst, ms: server / machine | Stock after | Oversold | Catalogue meanwhile: answers, p99 ms, from a copy | Verdict |",
    "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|---:|---|---|",
  ];
  for (const p of passes) {
    const h: HotPieceResult | null = p.hot;
    if (!h) continue;
    const oversold = h.oversold ? h.oversold.oversoldUnits + h.oversold.negative.length : "-";
    const c = h.catalogue;
    lines.push(
      `| ${p.concurrency} | ${h.ready} | ${h.units} | ${h.orders} | ${h.refusals} | ${h.otherAnswers} | ${h.serverErrors} / ${h.networkErrors} | ${h.p50} | ${h.p99} | ${h.max} | ${orDash(h.burstCpu?.serverMs ?? null)} / ${orDash(h.burstCpu?.machineMs ?? null)} | ` +
        `${orDash(h.stockAfter)} | ${oversold} | ${c.count}, ${ms(c.p99)}, ${share(c.count ? c.copy / c.count : Number.NaN)} | ${h.verdict.ok ? "holds" : `fails: ${h.verdict.failures.join(", ")}`} |`,
    );
  }
  const words = [...new Set(passes.flatMap((p) => p.hot?.refusalWords ?? []))];
  return `${lines.join("\n")}\n\nThe refusals said: ${words.length ? words.map((w) => `"${w}"`).join("; ") : "-"}.`;
}

function hotParagraph(): string {
  return (
    `The hot piece: ${HOT_PIECE.shoppers} shoppers, signed in beforehand, each with one unit of the same size and colour in the bag, place their orders at one moment ` +
    `(cash on delivery) while it has ${HOT_PIECE.units} units; meanwhile guests ask for catalogue pages at ${HOT_PIECE.catalogueRate} a second. Bars: exactly ${HOT_PIECE.units} orders, ` +
    `${HOT_PIECE.shoppers - HOT_PIECE.units} clear refusals (the checkout's sold-out words, status 409), p99 under ${HOT_PIECE.p99Ms / 1000} s, the catalogue's p99 under ${SALE_TARGETS.catalogueP99Ms} ms.`
  );
}

function modelParagraph(products: number): string {
  const head = zipfHeadShare(products, SALE.zipf, 10);
  return (
    `Shoppers arrive at a set rate (a Poisson process, open loop: each shopper's requests are due at times fixed by the arrival and ` +
    `think times of ${SALE_MIX.thinkMs[0] / 1000}-${SALE_MIX.thinkMs[1] / 1000} s, and latency counts from when a request was due). Each opens the home page, a category list with 0-2 of its ` +
    `filters, ${SALE_MIX.productViews[0]}-${SALE_MIX.productViews[1]} product pages drawn from a Zipf distribution (s = ${SALE.zipf} over ${products.toLocaleString("en-US")} products: ` +
    `the 10 hottest get ${share(head)} of the views), types a search letter by letter (${SALE_MIX.letterMs} ms apart), opens a piece from it, signs in by phone code ` +
    `(its own phone and network address, sent as X-Forwarded-For to a server with TRUST_PROXY=loopback), goes back to a piece in stock and adds it to the bag; ` +
    `${SALE_MIX.checkoutShare * 100} % then check out (${SALE_MIX.codShare * 100} % cash on delivery, the rest online with the test gateway). Staff save a price ` +
    `change to one of the ${SALE.staffPieces} hottest pieces every ${SALE.staffSeconds} s through the product editor. Each rate: ${SALE.warmupSeconds} s of arrivals, then a ` +
    `${SALE.seconds} s window whose requests are counted; the rates double from ${SALE.startRate} until a target fails, then the middle is tried up to ` +
    `${SALE.bisections} times, within ${SALE.minutes} minutes for the whole sale part. Oversold: for every variant ordered in a rate, the units its orders took against its ` +
    "stock when the rate began (read from the database), and no stock below 0."
  );
}

/** What the server made before the rates (decision 057): the shop is opened before its sale. */
function warmUpLine(passes: SalePassResult[]): string {
  const parts = passes.map((p) =>
    p.warmUp
      ? `${p.concurrency} process${p.concurrency === 1 ? "" : "es"}: ${p.warmUp.made.toLocaleString("en-US")} pages in ${Math.round(p.warmUp.seconds)} s`
      : `${p.concurrency} process${p.concurrency === 1 ? "" : "es"}: none`,
  );
  return (
    "Before the rates, one visit to the home page started the server's warm-up (the catalogue's lists, the suggestions for the beginnings of its commonest words, its lists with one filter, its product pages, then lists with a size and a second choice, " +
    `made one at a time until the copies fill 80 % of the page cache's budget: WARM_FILL in server/warm-up.ts), and the rates began when its first round ended: ${parts.join("; ")}.`
  );
}

export function saleSection(options: { label: string; products: number; passes: SalePassResult[] }): string {
  const { label, products, passes } = options;
  const when = new Date().toISOString().slice(0, 16).replace("T", " ");
  const rates = passes.flatMap((p) => p.rates);
  const loadBefore = rates[0]?.load[0] ?? os.loadavg()[0]!;
  const loadAfter = rates[rates.length - 1]?.load[1] ?? os.loadavg()[0]!;
  const lag = rates.length ? Math.max(...rates.map((r) => r.lagP99)) : Number.NaN;
  const cpus = os.cpus();
  return [
    `### Sale day, ${label}`,
    "",
    `Measured ${when} UTC, page cache as shipped, with the sale model of \`npm run bench\` (BENCH_SALE=1; decision 049). ${modelParagraph(products)}`,
    "",
    `${cpus.length} cores (${cpus[0]?.model.trim() ?? "unknown CPU"}), Node ${process.version}, server and generator on the same machine. Load average (1 min) ` +
      `${loadBefore.toFixed(2)} before, ${loadAfter.toFixed(2)} after (if others share the machine, figures are noisy). Server CPU is its processes' over the window ` +
      `(100 % = one core), generator CPU the bench's own process; the generator's timers fired up to ${ms(lag)} ms late (p99, worst rate).`,
    "",
    `Targets: catalogue answers (home, list, product, suggestions) from a copy at least ${SALE_TARGETS.copyShare * 100} % of the time (a fresh or stale copy; ` +
      `"shared render": waited for a render already running, counted apart; "first views": answers to an address asked of this server start for the first time, ` +
      `from a copy only if the server's warm-up made it, and "of repeat views" the share from a copy of the others), catalogue p99 under ${SALE_TARGETS.catalogueP99Ms} ms, add to bag p99 under ` +
      `${SALE_TARGETS.addToBagP99Ms} ms, placing an order p99 under ${SALE_TARGETS.checkoutP99Ms} ms, no 5xx and no request without an answer (${SALE.timeoutMs / 1000} s), nothing oversold.`,
    "",
    warmUpLine(passes),
    "",
    bestLine(passes),
    "",
    rateTable(passes),
    problemLines(passes),
    "Latency per step, ms: p50 / p95 / p99 (answers in the window, then any refusals the shopper reads, other 4xx, 5xx and requests without an answer). " +
      "Sign-in is each of its posts (send code, verify, register); checkout the order's post; payment each of the gateway's two posts.",
    "",
    latencyTable(passes),
    ...(passes.some((p) => p.hot) ? ["", hotParagraph(), "", hotTable(passes)] : []),
  ].join("\n");
}
