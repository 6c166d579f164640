/*
 * The hot piece: 200 shoppers, signed in beforehand, each with one unit of the same size and colour in
 * the bag and the checkout open, place their orders at the same moment (cash on delivery) while the
 * piece has 150 units. Exactly 150 orders must be placed and 50 shoppers told, in the checkout's own
 * words, that it has sold out (not a 5xx); p99 under 1 s; and the rest of the shop unaffected: a light
 * open-loop catalogue load running meanwhile keeps its p99 under 50 ms.
 *
 * Staff set the piece's stock to 150 through the product editor first. Each shopper has a phone and a
 * network address of their own (decision 014's limits hold per address). The piece is one the sale
 * model's shoppers seldom open, so its page's copy plays no part.
 */
import { setTimeout as sleep } from "node:timers/promises";
import type { SaleCatalogue } from "./catalogue";
import { addToBag } from "./flows";
import { decodeData, formBody, HttpClient, type Answer } from "./http";
import type { Ledger } from "./ledger";
import { oversoldReport, type OversoldReport } from "./oversold";
import { mulberry32, pick, poissonArrivals } from "./random";
import { machineCpu, treeCpuSeconds } from "../proc";
import { phoneAccounts, shopperAddress } from "./session";
import { editProduct, stockSetTo } from "./staff-edits";
import { CATALOGUE_STEPS, percentile, Recorder, type StepSummary } from "./stats";
import { SALE_TARGETS } from "./targets";
import { Walk, type WalkContext } from "./walk";
import type { Shopper } from "./flows";

export const HOT_PIECE = { shoppers: 200, units: 150, p99Ms: 1000, catalogueRate: 20 } as const;

export interface HotPieceResult {
  shoppers: number;
  units: number;
  ready: number;
  orders: number;
  refusals: number;
  refusalWords: string[];
  otherAnswers: number;
  serverErrors: number;
  networkErrors: number;
  p50: number;
  p99: number;
  max: number;
  stockAfter: number | null;
  oversold: OversoldReport | null;
  catalogue: StepSummary;
  /** CPU used from the moment to the last answer, ms: the server's processes and the whole machine (null without /proc) */
  burstCpu: { serverMs: number | null; machineMs: number | null };
  verdict: { ok: boolean; failures: string[] };
}

interface Ready {
  walk: Walk;
  shopper: Shopper;
  checkoutKey: string;
  totalPaise: number;
}

const idle = (client: HttpClient): WalkContext => ({
  client,
  recorder: new Recorder(),
  window: { start: 0, end: 0, stopAt: Infinity },
  random: mulberry32(30),
  lag: [],
  thinkScale: 0,
});

/** How many hot pieces this bench has run: each run's shoppers have phones and addresses of their own. */
let runs = 0;

/** Signs shopper `i` in, puts one unit of the piece in the bag and opens the checkout; null if any of it failed. */
async function makeReady(
  ctx: WalkContext,
  run: number,
  i: number,
  line: { productId: string; size: string; colour: string },
) {
  // the second process count's run would otherwise reuse the first run's phones and accounts (bags and all)
  const n = 2_000_000 + run * 1_000 + i;
  const walk = new Walk(ctx, performance.now(), shopperAddress(n));
  const shopper = await phoneAccounts("95").signIn(walk, n);
  if (!shopper || !(await addToBag(walk, line))) return null;
  const page = await walk.get(null, "/checkout.data");
  const decoded = page ? ((await decodeData(page)) as Record<string, { data?: Record<string, unknown> }> | null) : null;
  const data = decoded?.["routes/checkout"]?.data as
    { kind?: string; checkoutKey?: string; totals?: { cod: { totalPaise: number } } } | undefined;
  if (data?.kind !== "ready" || !data.checkoutKey || !data.totals) return null;
  return { walk, shopper, checkoutKey: data.checkoutKey, totalPaise: data.totals.cod.totalPaise };
}

/** Runs `count` tasks, `width` at a time. */
async function inTurns<T>(count: number, width: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < count) {
        const i = next++;
        out[i] = await task(i);
      }
    }),
  );
  return out;
}

/** Guests asking for catalogue pages at `rate` a second, open loop, from now until `until`; recorded from `from`. */
async function lightCatalogue(client: HttpClient, catalogue: SaleCatalogue, rate: number, from: number, until: number) {
  const random = mulberry32(31);
  const recorder = new Recorder();
  const ctx: WalkContext = { client, recorder, window: { start: from, end: until, stopAt: until }, random, lag: [] };
  const asks: Array<Promise<unknown>> = [];
  for (const at of poissonArrivals(rate, performance.now(), until, random)) {
    const step = pick(random, ["home", "list", "list", "product", "product", "product", "suggest"] as const);
    const path =
      step === "home"
        ? "/"
        : step === "list"
          ? catalogue.listAddress()
          : step === "product"
            ? `/product/${catalogue.product()}`
            : "/api/search/suggest?q=kurta";
    const wait = at - performance.now();
    if (wait > 0) await sleep(wait);
    asks.push(new Walk(ctx, at, null).get(step, path, { catalogue: true }).catch(() => null));
  }
  await Promise.all(asks);
  return recorder.summary("catalogue", CATALOGUE_STEPS);
}

const SOLD_OUT = /sold out|out of stock/i;

export async function runHotPiece(setup: {
  base: string;
  ledger: Ledger;
  staffCookie: string;
  catalogue: SaleCatalogue;
  serverPid?: number;
}): Promise<HotPieceResult> {
  const { base, ledger, catalogue } = setup;
  const client = new HttpClient(base, { maxSockets: 256, timeoutMs: 15_000 });
  try {
    // a quiet piece in the middle of the ranking, and its first size and colour
    const snapshot = await ledger.snapshot();
    const productId = catalogue.ranked[Math.floor(catalogue.ranked.length / 2)]!;
    const variant = snapshot.variants.find((v) => v.productId === productId);
    if (!variant) throw new Error("the hot piece has no variants");
    const staff = new Walk(idle(client), performance.now(), null);
    staff.cookie = setup.staffCookie;
    if (!(await editProduct(staff, productId, stockSetTo(variant.size, variant.colour, HOT_PIECE.units))))
      throw new Error("staff could not set the hot piece's stock through the product editor");
    const line = { productId, size: variant.size, colour: variant.colour };
    const run = runs++;
    const ready = (await inTurns(HOT_PIECE.shoppers, 8, (i) => makeReady(idle(client), run, i, line))).filter(
      (r): r is Ready => r !== null,
    );
    const before = await ledger.snapshot();
    const moment = performance.now() + 3000;
    // the guests' own connections: the 200 checkouts hold most of the other client's sockets
    const guests = new HttpClient(base, { maxSockets: 64, timeoutMs: 15_000 });
    const light = lightCatalogue(guests, catalogue, HOT_PIECE.catalogueRate, moment - 1000, moment + 6000).finally(() =>
      guests.close(),
    );
    const cpuAtMoment = sleep(moment - performance.now()).then(() => cpuNow(setup.serverPid));
    const answers = await Promise.all(ready.map((r) => placeAt(r, moment)));
    const burstCpu = cpuSince(await cpuAtMoment, cpuNow(setup.serverPid));
    const catalogueSummary = await light;
    const { sold } = await ledger.soldSince(before.at);
    const now = await ledger.stockOf([variant.id]);
    const start = new Map(before.variants.map((v) => [v.id, v.stock]));
    return judge(
      answers,
      ready.length,
      catalogueSummary,
      burstCpu,
      oversoldReport({ start, sold, now }),
      now.get(variant.id) ?? null,
    );
  } finally {
    client.close();
  }
}

interface Placed {
  ms: number;
  answer: Answer | null;
  ok: boolean;
  message: string;
}

async function placeAt(r: Ready, moment: number): Promise<Placed> {
  const fields = {
    firstName: r.shopper.firstName,
    lastName: r.shopper.lastName,
    email: r.shopper.email,
    phone: r.shopper.phone,
    address: "12 MG Road, Camp",
    city: "Pune",
    state: "Maharashtra",
    pincode: "411001",
    paymentMethod: "cod",
    checkoutKey: r.checkoutKey,
    expectedTotalPaise: String(r.totalPaise),
    js: "1",
  };
  const answer = await r.walk.post(null, "/checkout.data", formBody(fields), { at: moment });
  const ms = performance.now() - moment;
  const decoded = answer
    ? ((await decodeData(answer)) as { data?: { ok?: boolean; message?: string; next?: string } } | null)
    : null;
  return {
    ms,
    answer,
    ok: decoded?.data?.ok === true && Boolean(decoded.data.next),
    message: decoded?.data?.message ?? "",
  };
}

/** The server's processes' CPU seconds and the machine's busy ticks, now. */
function cpuNow(serverPid: number | undefined) {
  return { server: serverPid ? treeCpuSeconds(serverPid) : null, machine: machineCpu()?.busy ?? null };
}

function cpuSince(from: ReturnType<typeof cpuNow>, to: ReturnType<typeof cpuNow>): HotPieceResult["burstCpu"] {
  // the machine's ticks are hundredths of a second on Linux, as treeCpuSeconds assumes
  return {
    serverMs: from.server !== null && to.server !== null ? Math.round((to.server - from.server) * 1000) : null,
    machineMs: from.machine !== null && to.machine !== null ? (to.machine - from.machine) * 10 : null,
  };
}

function judge(
  placed: Placed[],
  ready: number,
  catalogue: StepSummary,
  burstCpu: HotPieceResult["burstCpu"],
  oversold: OversoldReport,
  stockAfter: number | null,
): HotPieceResult {
  const ms = placed.map((p) => p.ms).sort((a, b) => a - b);
  const orders = placed.filter((p) => p.ok).length;
  const refused = placed.filter((p) => !p.ok && p.answer?.status === 409 && SOLD_OUT.test(p.message));
  const serverErrors = placed.filter((p) => (p.answer?.status ?? 0) >= 500).length;
  const networkErrors = placed.filter((p) => !p.answer).length;
  const round = (v: number) => Math.round(v);
  const result = {
    shoppers: HOT_PIECE.shoppers,
    units: HOT_PIECE.units,
    ready,
    orders,
    refusals: refused.length,
    refusalWords: [...new Set(refused.map((p) => p.message))],
    otherAnswers: placed.length - orders - refused.length - serverErrors - networkErrors,
    serverErrors,
    networkErrors,
    p50: round(percentile(ms, 50)),
    p99: round(percentile(ms, 99)),
    max: round(ms[ms.length - 1] ?? Number.NaN),
    stockAfter,
    oversold,
    catalogue,
    burstCpu,
  };
  const failures: string[] = [];
  if (ready < HOT_PIECE.shoppers) failures.push(`${ready} of ${HOT_PIECE.shoppers} shoppers made ready`);
  if (orders !== HOT_PIECE.units) failures.push(`${orders} orders`);
  if (refused.length !== ready - HOT_PIECE.units) failures.push(`${refused.length} clear refusals`);
  if (serverErrors + networkErrors > 0) failures.push(`${serverErrors} 5xx, ${networkErrors} without an answer`);
  if (!(result.p99 < HOT_PIECE.p99Ms)) failures.push(`p99 ${result.p99} ms`);
  if (!(catalogue.p99 < SALE_TARGETS.catalogueP99Ms)) failures.push(`catalogue p99 ${catalogue.p99} ms`);
  if (oversold.oversoldUnits > 0 || oversold.negative.length > 0) failures.push(`${oversold.oversoldUnits} oversold`);
  if (stockAfter !== 0) failures.push(`stock after ${stockAfter}`);
  return { ...result, verdict: { ok: failures.length === 0, failures } };
}
