/*
 * The soak (memory must stay flat): mixed signed-in and signed-out traffic at 50 connections for
 * BENCH_SOAK_SECONDS (default 600) against the page-cache-on server, while the server's resident
 * memory (all its processes summed) is sampled every 5 s. Bounded in time (autocannon's duration,
 * plus a hard stop) and in count (autocannon's amount).
 *
 * Every request picks its own address: the home page, one of 7 sorts x 11 categories x 5 pages
 * of the list, one of 500 product pages, one of 20 suggestion prefixes, or the cart, as a guest or
 * as the bench shopper (half each), so the page cache fills, evicts and expires as with real traffic.
 */
import { treeRss } from "./proc";

export interface SoakSample {
  seconds: number;
  rssBytes: number;
  processes: number;
}

export interface SoakResult {
  seconds: number;
  connections: number;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  samples: SoakSample[];
}

interface AutocannonRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
}
interface AutocannonOptions {
  url: string;
  connections: number;
  duration: number;
  amount?: number;
  timeout?: number;
  requests: Array<{ setupRequest: (request: AutocannonRequest) => AutocannonRequest }>;
}
interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
}
interface AutocannonInstance extends PromiseLike<AutocannonResult> {
  stop(): void;
}

// autocannon is plain JavaScript without types; its programmatic API, typed here by hand
const AUTOCANNON = "autocannon";
const autocannon = ((await import(AUTOCANNON)) as { default: (options: AutocannonOptions) => AutocannonInstance })
  .default;

const SORTS = ["newest", "popular", "price-low", "price-high", "rating", "name", "most-ordered"];
const PREFIXES = [
  "kurta",
  "silk",
  "saree",
  "cotton",
  "lehenga",
  "noor",
  "meher",
  "zoya",
  "tara",
  "heer",
  "dupatta",
  "anarkali",
  "linen",
  "chikan",
  "banarasi",
  "co-ord",
  "dress",
  "shirt",
  "kesar",
  "mogra",
];

export const SOAK_CONNECTIONS = 50;
export const SAMPLE_EVERY_MS = 5_000;
/** What "after warm-up" means: the sample at the end of the first minute. */
export const WARM_UP_SECONDS = 60;

/** A small deterministic random source, so every run benchmarks the same catalogue and every soak asks for the same mix. */
export function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export async function soak(options: {
  base: string;
  serverPid: number;
  seconds: number;
  cookie: string;
  productIds: string[];
  categories: string[];
}): Promise<SoakResult> {
  const { base, serverPid, seconds, cookie, productIds, categories } = options;
  const random = mulberry32(14);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const products = productIds.slice(0, 500);
  const nextPath = (): string => {
    const r = random();
    if (r < 0.15) return "/";
    if (r < 0.5) {
      const query = new URLSearchParams({ category: pick(categories), sortBy: pick(SORTS) });
      const page = 1 + Math.floor(random() * 5);
      if (page > 1) query.set("page", String(page));
      return `/products?${query}`;
    }
    if (r < 0.8) return `/product/${pick(products)}`;
    if (r < 0.9) return `/api/search/suggest?q=${encodeURIComponent(pick(PREFIXES))}`;
    return "/cart";
  };

  const samples: SoakSample[] = [];
  const started = Date.now();
  const sample = () => {
    const rss = treeRss(serverPid);
    if (rss)
      samples.push({
        seconds: Math.round((Date.now() - started) / 1000),
        rssBytes: rss.bytes,
        processes: rss.processes,
      });
  };
  sample();
  const timer = setInterval(sample, SAMPLE_EVERY_MS);
  // a ceiling on the count as well as the time, far above what two cores serve in the time
  // (autocannon's own `amount` would replace the duration, so the count is kept here)
  const maxRequests = seconds * 20_000;
  let made = 0;
  let instance: AutocannonInstance | null = null;
  instance = autocannon({
    url: base,
    connections: SOAK_CONNECTIONS,
    duration: seconds,
    timeout: 10,
    requests: [
      {
        setupRequest: (request) => {
          made += 1;
          if (made === maxRequests) instance?.stop();
          const signedIn = random() < 0.5;
          const headers: Record<string, string> = { ...request.headers, "accept-encoding": "gzip" };
          if (signedIn) headers.cookie = cookie;
          else delete headers.cookie;
          return { ...request, method: "GET", path: nextPath(), headers };
        },
      },
    ],
  });
  const hardStop = setTimeout(() => instance?.stop(), (seconds + 60) * 1000);
  let result: AutocannonResult;
  try {
    result = await instance;
  } finally {
    clearTimeout(hardStop);
  }
  // the last sample: right as the load ends
  sample();
  clearInterval(timer);
  return {
    seconds,
    connections: SOAK_CONNECTIONS,
    requests: result.requests.total,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    samples,
  };
}

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

/** The soak's bar: under 400 MB throughout, and the end within 20 % of the value after warm-up. */
export const SOAK_LIMIT_MB = 400;
export const SOAK_DRIFT = 0.2;

export function soakSummary(result: SoakResult): {
  table: string;
  verdict: string;
  max: number;
  afterWarmUp: number;
  end: number;
} {
  const { samples } = result;
  const max = Math.max(...samples.map((s) => s.rssBytes));
  const warm = samples.find((s) => s.seconds >= Math.min(WARM_UP_SECONDS, result.seconds / 2)) ?? samples[0]!;
  const end = samples[samples.length - 1]!;
  const drift = (end.rssBytes - warm.rssBytes) / warm.rssBytes;
  const underLimit = mb(max) < SOAK_LIMIT_MB;
  const flat = Math.abs(drift) <= SOAK_DRIFT;
  const verdict =
    `${underLimit && flat ? "**Met**" : "**Not met**"}: maximum ${mb(max)} MB (${underLimit ? "under" : "not under"} ${SOAK_LIMIT_MB} MB); ` +
    `${mb(warm.rssBytes)} MB after warm-up (${warm.seconds} s), ${mb(end.rssBytes)} MB at the end ` +
    `(${drift >= 0 ? "+" : ""}${(drift * 100).toFixed(0)} %, ${flat ? "within" : "outside"} ${SOAK_DRIFT * 100} %).`;
  // the series, one row per minute (every sample for a short soak), and the first and last samples
  const step = result.seconds > 180 ? 60 : SAMPLE_EVERY_MS / 1000;
  const rows = samples.filter(
    (s, i) => i === 0 || i === samples.length - 1 || s.seconds % step < SAMPLE_EVERY_MS / 1000,
  );
  const series = [
    "| Time | RSS (MB) | Processes |",
    "|---:|---:|---:|",
    ...rows.map((s) => `| ${s.seconds} s | ${mb(s.rssBytes)} | ${s.processes} |`),
  ];
  const all = `RSS every ${SAMPLE_EVERY_MS / 1000} s (MB): ${samples.map((s) => mb(s.rssBytes)).join(", ")}`;
  return {
    table: `${series.join("\n")}\n\n${all}`,
    verdict,
    max: mb(max),
    afterWarmUp: mb(warm.rssBytes),
    end: mb(end.rssBytes),
  };
}
