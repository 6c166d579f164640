import type { NextFunction, Request, Response } from "express";
import { isSharedPath } from "../app/lib/personal-paths";
import { cacheKey, type PageCache } from "./page-cache";
import type { RefreshSource } from "./page-copies";
import { refreshSource } from "./request-handler";

/*
 * Pages made before anyone asks for them (decision 057). A copy answers only the second visitor of an
 * address: after a start (a deploy on a sale morning, a crash) every page's first visitor waited for
 * its render, and on a catalogue of thousands of pieces most visits to the long tail are first visits.
 * So the shop makes its catalogue's pages itself, one at a time, while its visitors' renders leave room:
 * the home page, every category's list with each filter its list offers, then the product pages, the
 * most popular first, until the copies fill most of the page cache's budget. It starts again after a
 * purge of every copy (a settings change).
 *
 * A copy is kept under the address a visitor's request makes (protocol, host and forwarded host as this
 * server resolves them: `cacheKey`), which only a request shows. So the first visitor of a shared page
 * at the shop's own origin (BASE_URL) starts it, and its copies are made under that visitor's form of
 * the address, with that request's headers without cookies, as a stale copy's refresh is.
 *
 * With several processes each makes its share first (every n-th address) and then whatever it still
 * lacks: its siblings' copies reach it as they are made (decision 056), so a machine makes each page
 * once, and a process started again after a crash makes what it does not have.
 */

/** The copies stop being made once they fill this share of the budget: the rest is for what visitors ask. */
export const WARM_FILL = 0.8;

export interface WarmUpOptions {
  cache: Pick<PageCache, "warm" | "stats">;
  /** the addresses to make, the most visited first: a path with its query */
  addresses: () => Promise<string[]>;
  /** the shop's own origin (BASE_URL): only a visitor of it starts the warm-up */
  origin: string;
  /** the page cache's budget in bytes */
  maxBytes: number;
  /** this process among the machine's: it makes every `of`-th address from `index` first */
  place?: { index: number; of: number };
  /** true while visitors' renders wait their turn: the warm-up waits for them */
  busy?: () => boolean;
  log?: (message: string) => void;
}

export interface WarmUp {
  /** Express middleware that notes the first visitor of a shared page and starts the warm-up. */
  (req: Request, res: Response, next: NextFunction): void;
  /** Makes the pages again (every copy was purged); nothing before the first visitor. */
  again(): void;
  /** Resolves when the round running now (if any) has ended. */
  settled(): Promise<void>;
  readonly progress: { running: boolean; rounds: number; made: number; lastRoundMs: number | null };
}

interface Template {
  key(path: string): string;
  source(path: string): RefreshSource;
}

/** The address form of a visitor's request, for any other path of the shop. */
function templateOf(req: Request): Template {
  const visitorKey = cacheKey(req);
  const prefix = visitorKey.slice(0, visitorKey.length - req.originalUrl.length);
  const { url, headers } = refreshSource(req);
  const origin = new URL(url).origin;
  return { key: (path) => prefix + path, source: (path) => ({ url: origin + path, headers }) };
}

/** Own share first (every `of`-th from `index`), then the rest, each part in the given order. */
export function warmOrder<T>(items: readonly T[], place: { index: number; of: number }): T[] {
  const of = Math.max(1, place.of);
  const index = ((place.index % of) + of) % of;
  return [...items.filter((_, i) => i % of === index), ...items.filter((_, i) => i % of !== index)];
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export function pageWarmUp(options: WarmUpOptions): WarmUp {
  const { cache, addresses, maxBytes, place = { index: 0, of: 1 }, busy = () => false, log } = options;
  const origin = new URL(options.origin).origin;
  let template: Template | null = null;
  let running: Promise<void> | null = null;
  let wanted = false;
  const progress = { running: false, rounds: 0, made: 0, lastRoundMs: null as number | null };

  const round = async (form: Template) => {
    const started = Date.now();
    let made = 0;
    const paths = warmOrder(await addresses().catch(() => [] as string[]), place);
    for (const path of paths) {
      if (wanted || cache.stats.bytes >= maxBytes * WARM_FILL) break;
      // visitors first: a page someone waits for is never queued behind one nobody asked for yet
      while (busy()) await pause(20);
      if (await cache.warm(form.key(path), form.source(path))) made += 1;
      await nextTurn();
    }
    progress.rounds += 1;
    progress.made += made;
    progress.lastRoundMs = Date.now() - started;
    log?.(`page warm-up: ${made} pages made in ${(progress.lastRoundMs / 1000).toFixed(1)} s`);
  };

  const start = () => {
    if (!template || maxBytes <= 0) return;
    if (running) {
      wanted = true;
      return;
    }
    const form = template;
    progress.running = true;
    running = (async () => {
      do {
        wanted = false;
        await round(form);
      } while (wanted);
    })().finally(() => {
      running = null;
      progress.running = false;
    });
  };

  const middleware = ((req: Request, _res: Response, next: NextFunction) => {
    if (!template && req.method === "GET" && isSharedPath(req.path)) {
      const form = new URL(refreshSource(req).url).origin === origin ? templateOf(req) : null;
      if (form) {
        template = form;
        start();
      }
    }
    next();
  }) as WarmUp;
  middleware.again = start;
  middleware.settled = () => running ?? Promise.resolve();
  Object.defineProperty(middleware, "progress", { get: () => ({ ...progress }) });
  return middleware;
}
