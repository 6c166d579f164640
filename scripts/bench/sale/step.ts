/*
 * One arrival rate of the sale model, measured: shoppers arrive as a Poisson process from a warm-up
 * before the window on (so visits already run when it opens), staff edit prices meanwhile, and every
 * request due inside the window is counted. At the window's end no further request is sent; those on
 * their way are waited for (each has a time limit). Then the database is asked what the window's
 * orders took, against the stock read when the rate began. The server's CPU (its processes and their
 * children) and the generator's own are measured over the window, the server's memory sampled through it.
 */
import os from "node:os";
import { setTimeout as sleep } from "node:timers/promises";
import { treeCpuSeconds, treeRss } from "../proc";
import type { SaleCatalogue } from "./catalogue";
import { HttpClient } from "./http";
import type { Ledger, Snapshot } from "./ledger";
import { oversoldReport, type OversoldReport } from "./oversold";
import { poissonArrivals, type Random } from "./random";
import {
  emptyTally,
  shopperVisit,
  type Accounts,
  type Mix,
  type SessionContext,
  type Tally,
  type VariantSource,
} from "./session";
import { staffEdits } from "./staff-edits";
import { CATALOGUE_STEPS, percentile, Recorder, STEPS, type StepSummary } from "./stats";
import { copyShare, repeatCopyShare, saleVerdict, type Verdict } from "./targets";

export interface RateSetup {
  base: string;
  /** the server's main process (its workers are found under it); null: not on this machine */
  serverPid: number | null;
  /** the scratch database beside the server; null: the oversold check is not made */
  ledger: Ledger | null;
  catalogue: SaleCatalogue;
  /** where shoppers learn what is in stock when there is no ledger */
  variants: VariantSource | null;
  accounts: Accounts;
  addressOf(n: number): string | null;
  staff: { cookie: string; productIds: string[]; everyMs: number } | null;
  mix: Mix;
  random: Random;
  maxSockets: number;
  timeoutMs: number;
  /** the catalogue addresses asked of this server so far, across rates (first views are counted) */
  asked?: Set<string>;
}

export interface RateResult {
  rate: number;
  seconds: number;
  warmupSeconds: number;
  /** shoppers whose visit began inside the window, a second */
  achievedRate: number;
  requests: number;
  rps: number;
  steps: StepSummary[];
  catalogue: StepSummary;
  copyShare: number;
  /** answers to addresses asked for the first time since the server started, of the catalogue's */
  firstViewShare: number;
  /** from a copy, of the answers to addresses asked before */
  repeatCopyShare: number;
  sharedShare: number;
  tally: Tally;
  ordersPerSecond: number;
  /** orders the database holds from the rate's start (warm-up and window) */
  databaseOrders: number | null;
  oversold: OversoldReport | null;
  serverCpu: number | null;
  serverProcesses: number | null;
  rssMb: number | null;
  generatorCpu: number;
  lagP99: number;
  staff: { saved: number; tried: number } | null;
  load: [number, number];
  verdict: Verdict;
  /** the first few 5xx answers and requests without an answer, said as they were */
  problems: string[];
}

let shoppersSoFar = 0;

/** In-stock sizes and colours as the stock was when the rate began (a shopper picks among what the page showed). */
function snapshotVariants(snapshot: Snapshot): VariantSource {
  const byProduct = new Map<string, Array<{ size: string; colour: string }>>();
  for (const v of snapshot.variants) {
    if (v.stock <= 0) continue;
    const list = byProduct.get(v.productId) ?? [];
    list.push({ size: v.size, colour: v.colour });
    byProduct.set(v.productId, list);
  }
  return { inStock: async (id) => byProduct.get(id) ?? [] };
}

/** CPU and memory over the window: readings when it opens and closes, memory every 5 s. */
function usageMeter(serverPid: number | null, window: { start: number; end: number }) {
  const reading = () => ({
    at: performance.now(),
    server: serverPid ? treeCpuSeconds(serverPid) : null,
    own: process.cpuUsage(),
  });
  let first = reading();
  let last: ReturnType<typeof reading> | null = null;
  let rss = 0;
  let processes = 0;
  const sampleRss = () => {
    const tree = serverPid ? treeRss(serverPid) : null;
    if (tree) {
      rss = Math.max(rss, tree.bytes);
      processes = Math.max(processes, tree.processes);
    }
  };
  const opens = setTimeout(() => (first = reading()), Math.max(0, window.start - performance.now()));
  const closes = setTimeout(() => (last = reading()), Math.max(0, window.end - performance.now()));
  const memory = setInterval(sampleRss, 5000);
  return () => {
    clearTimeout(opens);
    clearTimeout(closes);
    clearInterval(memory);
    sampleRss();
    const end = last ?? reading();
    const seconds = (end.at - first.at) / 1000;
    const own = (end.own.user - first.own.user + end.own.system - first.own.system) / 1e6;
    return {
      serverCpu:
        first.server !== null && end.server !== null ? Math.round(((end.server - first.server) / seconds) * 100) : null,
      generatorCpu: Math.round((own / seconds) * 100),
      rssMb: serverPid && rss > 0 ? Math.round(rss / 1024 / 1024) : null,
      processes: serverPid && processes > 0 ? processes : null,
    };
  };
}

async function oversoldAfter(ledger: Ledger, snapshot: Snapshot) {
  const { sold, orders } = await ledger.soldSince(snapshot.at);
  const start = new Map(snapshot.variants.map((v) => [v.id, v.stock]));
  const now = await ledger.stockOf([...sold.keys()]);
  return { report: oversoldReport({ start, sold, now }), orders };
}

/** Runs `rate` shoppers a second for a warm-up and a window of `seconds`; returns what the window measured. */
export async function runRate(
  setup: RateSetup,
  rate: number,
  options: { seconds: number; warmupSeconds: number },
): Promise<RateResult> {
  const loadBefore = os.loadavg()[0]!;
  const snapshot = setup.ledger ? await setup.ledger.snapshot() : null;
  const client = new HttpClient(setup.base, { maxSockets: setup.maxSockets, timeoutMs: setup.timeoutMs });
  const recorder = new Recorder();
  const tally = emptyTally();
  const lag: number[] = [];
  const problems: string[] = [];
  const begin = performance.now() + 200;
  const start = begin + options.warmupSeconds * 1000;
  const window = { start, end: start + options.seconds * 1000, stopAt: start + options.seconds * 1000 };
  const ctx: SessionContext = {
    client,
    recorder,
    window,
    random: setup.random,
    lag,
    problems,
    thinkMs: setup.mix.thinkMs,
    catalogue: setup.catalogue,
    variants: snapshot ? snapshotVariants(snapshot) : setup.variants!,
    accounts: setup.accounts,
    mix: setup.mix,
    tally,
    addressOf: setup.addressOf,
    asked: setup.asked,
  };
  const usage = usageMeter(setup.serverPid, window);
  const staff = setup.staff ? staffEdits(ctx, { ...setup.staff, start: begin + 1000 }) : null;
  const visits: Array<Promise<void>> = [];
  for (const at of poissonArrivals(rate, begin, window.end, setup.random)) {
    const wait = at - performance.now();
    if (wait > 0) await sleep(wait);
    visits.push(shopperVisit(ctx, shoppersSoFar++, at));
  }
  await Promise.all(visits);
  const staffDone = staff ? await staff : null;
  const measured = usage();
  client.close();
  const checked = setup.ledger && snapshot ? await oversoldAfter(setup.ledger, snapshot) : null;
  return { ...summarise({ rate, options, recorder, tally, lag, measured, checked, staffDone, loadBefore }), problems };
}

function summarise(input: {
  rate: number;
  options: { seconds: number; warmupSeconds: number };
  recorder: Recorder;
  tally: Tally;
  lag: number[];
  measured: { serverCpu: number | null; generatorCpu: number; rssMb: number | null; processes: number | null };
  checked: { report: OversoldReport; orders: number } | null;
  staffDone: { saved: number; tried: number } | null;
  loadBefore: number;
}): Omit<RateResult, "problems"> {
  const { rate, options, recorder, tally, lag, measured, checked } = input;
  const { seconds } = options;
  const steps = recorder.steps();
  const catalogue = recorder.summary("catalogue", CATALOGUE_STEPS);
  const all = recorder.summary("all", STEPS);
  const oversoldUnits = checked ? checked.report.oversoldUnits + checked.report.negative.length : 0;
  const verdict = saleVerdict({
    catalogue,
    addToBag: recorder.summary("add to bag", ["add to bag"]),
    checkout: recorder.summary("checkout", ["checkout"]),
    serverErrors: all.serverErrors,
    networkErrors: all.networkErrors,
    oversoldUnits,
  });
  return {
    rate,
    seconds,
    warmupSeconds: options.warmupSeconds,
    achievedRate: tally.shoppers / seconds,
    requests: recorder.total,
    rps: recorder.total / seconds,
    steps,
    catalogue,
    copyShare: copyShare(catalogue),
    firstViewShare: catalogue.count === 0 ? Number.NaN : catalogue.firstViews / catalogue.count,
    repeatCopyShare: repeatCopyShare(catalogue),
    sharedShare: catalogue.count === 0 ? Number.NaN : catalogue.shared / catalogue.count,
    tally,
    ordersPerSecond: (tally.ordersCod + tally.ordersOnline) / seconds,
    databaseOrders: checked?.orders ?? null,
    oversold: checked?.report ?? null,
    serverCpu: measured.serverCpu,
    serverProcesses: measured.processes,
    rssMb: measured.rssMb,
    generatorCpu: measured.generatorCpu,
    lagP99:
      Math.round(
        percentile(
          [...lag].sort((a, b) => a - b),
          99,
        ) * 10,
      ) / 10,
    staff: input.staffDone,
    load: [input.loadBefore, os.loadavg()[0]!],
    verdict,
  };
}
