/*
 * The sale model against a shop that is already running, at one arrival rate for a set time: for memory
 * checks of the embedded default (issue 30: a small shop on a 1 GB server must fit after 10 minutes of
 * the model at a modest rate).
 *
 *   BENCH_SALE_BASE=http://127.0.0.1:3600 BENCH_SALE_RATE=0.5 BENCH_SALE_SECONDS=600 \
 *     BENCH_SALE_PID=<the server's pid> npx tsx scripts/bench/sale/run.ts
 *
 * The shop must be in demo mode (phone codes are read from its outbox, payments go to the test
 * gateway). Products come from its sitemap, the sizes and colours in stock from each piece's page data
 * (read once, when a shopper first wants to buy it). The shop runs as installed, without TRUST_PROXY
 * for this generator, so every shopper shares this machine's address and its sign-in limits: a few
 * shoppers (BENCH_SALE_ACCOUNTS, default 4, phones 98111002xx) sign in by phone code at the start, and
 * shoppers who buy borrow one of their sessions (its bag emptied first); while all are lent, a shopper
 * only browses. About one buyer in ten places an order in the shop's database. No staff edits and no
 * oversold check (an embedded database cannot be read beside the server). With BENCH_SALE_PID, the
 * resident memory of that process and its children is printed every 10 s, and the series at the end.
 */
import { CATEGORY_SLUGS } from "../../../app/db/seed/types";
import { treeRss } from "../proc";
import { saleCatalogue } from "./catalogue";
import { phoneSignIn, type Shopper } from "./flows";
import { bodyText, decodeData, formBody, HttpClient } from "./http";
import { SALE } from "./options";
import { mulberry32 } from "./random";
import { SALE_MIX, type Accounts, type VariantSource } from "./session";
import { Recorder } from "./stats";
import { runRate } from "./step";
import { Walk, type WalkContext } from "./walk";

const BASE = process.env.BENCH_SALE_BASE ?? "";
const RATE = Number(process.env.BENCH_SALE_RATE ?? 0.5);
const PID = process.env.BENCH_SALE_PID ? Number(process.env.BENCH_SALE_PID) : null;
const ACCOUNTS = Number(process.env.BENCH_SALE_ACCOUNTS ?? 4);
const RSS_EVERY_MS = 10_000;

function check(): void {
  if (!/^https?:\/\/[^/]+$/.test(BASE))
    throw new Error("BENCH_SALE_BASE must be the shop's origin, e.g. http://127.0.0.1:3600");
  if (!(RATE > 0 && RATE <= 1000)) throw new Error("BENCH_SALE_RATE must be above 0 (shoppers a second)");
  if (PID !== null && !(Number.isInteger(PID) && PID > 0)) throw new Error("BENCH_SALE_PID must be a process id");
  if (!(Number.isInteger(ACCOUNTS) && ACCOUNTS >= 1 && ACCOUNTS <= 10))
    throw new Error("BENCH_SALE_ACCOUNTS must be 1 to 10");
}

/** A context for requests that are not measured (setting up), sent at once. */
const setupContext = (client: HttpClient): WalkContext => ({
  client,
  recorder: new Recorder(),
  window: { start: 0, end: 0, stopAt: Infinity },
  random: mulberry32(7),
  lag: [],
  thinkScale: 0,
});

async function shopCatalogue(client: HttpClient): Promise<{ ids: string[]; categories: string[] }> {
  const answer = await client.send({ method: "GET", path: "/sitemap.xml" });
  if (answer.status !== 200) throw new Error(`/sitemap.xml answered ${answer.status}`);
  const xml = bodyText(answer);
  const ids = [...new Set([...xml.matchAll(/\/product\/([0-9a-f-]{36})</g)].map((m) => m[1]!))];
  const listed = [...new Set([...xml.matchAll(/category=([a-z0-9-]+)/g)].map((m) => m[1]!))];
  return { ids, categories: listed.length > 0 ? listed : [...CATEGORY_SLUGS] };
}

/** Sizes and colours in stock, from each piece's page data, read once per piece. */
function pageVariants(client: HttpClient): VariantSource {
  const known = new Map<string, Promise<Array<{ size: string; colour: string }>>>();
  const read = async (id: string) => {
    const answer = await client.send({ method: "GET", path: `/product/${id}.data?_routes=routes%2Fproduct` });
    const decoded = (await decodeData(answer)) as Record<
      string,
      { data?: { product?: { variants?: unknown } } }
    > | null;
    const variants = (decoded?.["routes/product"]?.data?.product?.variants ?? []) as Array<{
      size: string;
      colour: string;
      stock: number;
    }>;
    return variants.filter((v) => v.stock > 0).map((v) => ({ size: v.size, colour: v.colour }));
  };
  return {
    inStock(id) {
      if (!known.has(id))
        known.set(
          id,
          read(id).catch(() => []),
        );
      return known.get(id)!;
    },
  };
}

/** A few shoppers signed in at the start; a buyer borrows a free session, its bag emptied first. */
async function pooledAccounts(client: HttpClient): Promise<Accounts> {
  const pool: Array<{ shopper: Shopper; cookie: string; lent: boolean }> = [];
  for (let k = 0; k < ACCOUNTS; k++) {
    const phone = `98111002${String(k).padStart(2, "0")}`;
    const shopper = { phone, firstName: "Sale", lastName: `Shopper ${k}`, email: `sale-${phone}@example.com` };
    const walk = new Walk(setupContext(client), performance.now(), null);
    if (!(await phoneSignIn(walk, shopper))) throw new Error(`shopper ${phone} could not sign in (demo mode? limits?)`);
    pool.push({ shopper, cookie: walk.cookie, lent: false });
  }
  return {
    async signIn(walk) {
      const free = pool.find((p) => !p.lent);
      if (!free) return null;
      free.lent = true;
      walk.cookie = free.cookie;
      await walk.post(null, "/cart.data", formBody({ intent: "clear" }), { now: true });
      return free.shopper;
    },
    leave(shopper) {
      const entry = pool.find((p) => p.shopper === shopper);
      if (entry) entry.lent = false;
    },
  };
}

function printSummary(result: Awaited<ReturnType<typeof runRate>>, series: Array<[number, number]>): void {
  console.log(
    `\n${result.rate} shoppers/s offered, ${result.achievedRate.toFixed(2)} arrived/s, ${result.rps.toFixed(1)} req/s`,
  );
  console.log("step: count, p50 / p95 / p99 ms, refused, 4xx, 5xx, no answer, from a copy");
  for (const s of result.steps)
    console.log(
      `  ${s.step}: ${s.count}, ${s.p50} / ${s.p95} / ${s.p99}, ${s.refused}, ${s.clientErrors}, ${s.serverErrors}, ${s.networkErrors}` +
        (s.copy + s.shared + s.rendered > 0 ? `, ${((s.copy / s.count) * 100).toFixed(1)} %` : ""),
    );
  console.log(
    `orders: ${result.tally.ordersCod} cash on delivery, ${result.tally.ordersOnline} online (${result.tally.paid} paid)`,
  );
  console.log(
    `server CPU ${result.serverCpu ?? "-"} %, generator CPU ${result.generatorCpu} %, load ${result.load.join(" -> ")}`,
  );
  if (series.length > 0) {
    console.log("\nRSS of the server's processes (MB), every 10 s:");
    console.log(series.map(([s, mb]) => `${s}s ${mb}`).join(", "));
    console.log(
      `maximum ${Math.max(...series.map(([, mb]) => mb))} MB, at the end ${series[series.length - 1]![1]} MB`,
    );
  }
}

async function main(): Promise<void> {
  check();
  const client = new HttpClient(BASE, { maxSockets: 64, timeoutMs: SALE.timeoutMs });
  const { ids, categories } = await shopCatalogue(client);
  console.log(`${ids.length} products, ${categories.length} categories; signing ${ACCOUNTS} shoppers in...`);
  const accounts = await pooledAccounts(client);
  const series: Array<[number, number]> = [];
  const started = performance.now();
  const sample = () => {
    const rss = PID !== null ? treeRss(PID) : null;
    if (!rss) return;
    const mb = Math.round(rss.bytes / 1024 / 1024);
    const at = Math.round((performance.now() - started) / 1000);
    if (series.length > 0 && series[series.length - 1]![0] === at) return;
    series.push([at, mb]);
    console.log(`  ${series[series.length - 1]![0]} s: ${mb} MB in ${rss.processes} process(es)`);
  };
  sample();
  const sampler = setInterval(sample, RSS_EVERY_MS);
  const result = await runRate(
    {
      base: BASE,
      serverPid: PID,
      ledger: null,
      catalogue: saleCatalogue(ids, categories, mulberry32(2026), SALE.zipf),
      variants: pageVariants(client),
      accounts,
      addressOf: () => null,
      staff: null,
      mix: SALE_MIX,
      random: mulberry32(5),
      maxSockets: 64,
      timeoutMs: SALE.timeoutMs,
    },
    RATE,
    { seconds: SALE.seconds, warmupSeconds: 0 },
  );
  clearInterval(sampler);
  sample();
  client.close();
  printSummary(result, series);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
