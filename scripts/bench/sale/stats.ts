/*
 * What the sale model counts: every answer it got, by step (home, list, product, ...), with its
 * latency measured from when the request was due (not from when it was sent, so a server that falls
 * behind cannot hide it), how it ended, and for the catalogue's pages whether it came from a copy of
 * the shared page cache (X-Page-Cache: hit or stale), waited for a render already running (shared),
 * or was rendered for it (no header).
 */

export const CATALOGUE_STEPS = ["home", "list", "product", "suggest"] as const;
export const STEPS = [
  ...CATALOGUE_STEPS,
  "me",
  "sign-in",
  "outbox",
  "add to bag",
  "checkout page",
  "checkout",
  "payment page",
  "payment",
  "staff page",
  "staff edit",
] as const;
export type Step = (typeof STEPS)[number];

/**
 * How an answer ended: `ok`; `refused`, an answer the shopper is meant to read (sold out, the price
 * changed); `client-error`, any other 4xx; `server-error`, a 5xx; `network-error`, no answer (a reset
 * or the request's time limit).
 */
export type Outcome = "ok" | "refused" | "client-error" | "server-error" | "network-error";
/** Where a catalogue answer came from: a kept copy (hit or stale), a render it waited for, or its own render. */
export type Source = "copy" | "shared" | "rendered";

export function sourceOf(header: string | string[] | undefined): Source {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === "hit" || value === "stale") return "copy";
  if (value === "shared") return "shared";
  return "rendered";
}

export interface StepSummary {
  step: string;
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  refused: number;
  clientErrors: number;
  serverErrors: number;
  networkErrors: number;
  /** answers from a kept copy (hit + stale), from a render they waited for, and rendered for them */
  copy: number;
  shared: number;
  rendered: number;
  /** answers to an address asked of the server for the first time (no copy can exist yet) */
  firstViews: number;
}

/** The p-th percentile (0-100) of ascending `sorted` values, by nearest rank; NaN when there are none. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

interface Entry {
  ms: number[];
  outcomes: Record<Outcome, number>;
  sources: Record<Source, number>;
  firstViews: number;
}

const emptyEntry = (): Entry => ({
  ms: [],
  outcomes: { ok: 0, refused: 0, "client-error": 0, "server-error": 0, "network-error": 0 },
  sources: { copy: 0, shared: 0, rendered: 0 },
  firstViews: 0,
});

/** The answers of one measured window, by step. */
export class Recorder {
  private readonly entries = new Map<Step, Entry>();

  add(step: Step, ms: number, outcome: Outcome, source: Source | null = null, firstView = false): void {
    let entry = this.entries.get(step);
    if (!entry) this.entries.set(step, (entry = emptyEntry()));
    entry.ms.push(ms);
    entry.outcomes[outcome] += 1;
    if (source) entry.sources[source] += 1;
    if (firstView) entry.firstViews += 1;
  }

  get total(): number {
    let n = 0;
    for (const entry of this.entries.values()) n += entry.ms.length;
    return n;
  }

  count(step: Step, outcome?: Outcome): number {
    const entry = this.entries.get(step);
    if (!entry) return 0;
    return outcome ? entry.outcomes[outcome] : entry.ms.length;
  }

  /** One summary over the answers of `steps` together (the catalogue's four, say), named `name`. */
  summary(name: string, steps: readonly Step[]): StepSummary {
    const merged = emptyEntry();
    for (const step of steps) {
      const entry = this.entries.get(step);
      if (!entry) continue;
      merged.ms.push(...entry.ms);
      for (const key of Object.keys(merged.outcomes) as Outcome[]) merged.outcomes[key] += entry.outcomes[key];
      for (const key of Object.keys(merged.sources) as Source[]) merged.sources[key] += entry.sources[key];
      merged.firstViews += entry.firstViews;
    }
    const sorted = merged.ms.sort((a, b) => a - b);
    const round = (v: number) => (Number.isFinite(v) ? Math.round(v * 10) / 10 : Number.NaN);
    return {
      step: name,
      count: sorted.length,
      p50: round(percentile(sorted, 50)),
      p95: round(percentile(sorted, 95)),
      p99: round(percentile(sorted, 99)),
      max: round(sorted[sorted.length - 1] ?? Number.NaN),
      refused: merged.outcomes.refused,
      clientErrors: merged.outcomes["client-error"],
      serverErrors: merged.outcomes["server-error"],
      networkErrors: merged.outcomes["network-error"],
      copy: merged.sources.copy,
      shared: merged.sources.shared,
      rendered: merged.sources.rendered,
      firstViews: merged.firstViews,
    };
  }

  /** A summary of each step that has answers, in the order of STEPS. */
  steps(): StepSummary[] {
    return STEPS.filter((s) => this.entries.has(s)).map((s) => this.summary(s, [s]));
  }
}

/** The outcome of an HTTP status when nothing more is known of it. */
export function outcomeOfStatus(status: number): Outcome {
  if (status >= 500) return "server-error";
  if (status >= 400) return "client-error";
  return "ok";
}
