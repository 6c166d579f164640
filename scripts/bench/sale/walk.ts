/*
 * One shopper's requests on a schedule (the open loop): each request is due at a time fixed by the
 * shopper's arrival and think times, is sent then (or as soon as the answer it depends on is in, if
 * that came late), and its latency is counted from when it was due. A server that falls behind makes
 * the shopper's later requests late too, and they count it. Only requests due inside the measured
 * window are recorded; none is sent once the window's stop time has passed.
 */
import { setTimeout as sleep } from "node:timers/promises";
import type { Answer, HttpClient, Request } from "./http";
import { between, type Random } from "./random";
import { outcomeOfStatus, sourceOf, type Outcome, type Recorder, type Step } from "./stats";

export interface Window {
  /** performance.now() values, ms: recorded from `start` to `end`; nothing is sent after `stopAt` */
  start: number;
  end: number;
  stopAt: number;
}

export interface WalkContext {
  client: HttpClient;
  recorder: Recorder;
  window: Window;
  random: Random;
  /** how late the generator's own timers fired (ms), a sample per timed request: the generator's own lag */
  lag: number[];
  /** think times are multiplied by this (0: none, for shoppers being made ready before a measurement) */
  thinkScale?: number;
  /** a shopper's pause between two steps, ms (default 1-3 s) */
  thinkMs?: [number, number];
  /** what went wrong with answers in the window (5xx, none): the first few, kept for the report */
  problems?: string[];
  /**
   * the catalogue addresses asked of this server so far (since it started): an answer to an address
   * asked for the first time cannot come from a copy, and is counted as a first view
   */
  asked?: Set<string>;
}

const PROBLEMS_KEPT = 10;

/** Thrown when the shopper's next request would be due after the window's stop time. */
export class Stop extends Error {}

export interface SendOptions {
  /** the answer's outcome when its status alone does not say it (a refusal the shopper is meant to read) */
  classify?: (answer: Answer) => Outcome;
  /** a catalogue answer: where it came from (X-Page-Cache) is counted */
  catalogue?: boolean;
  /** false: sent from this machine's own address (the demo outbox answers loopback clients only) */
  forwarded?: boolean;
  /**
   * due as soon as the previous answer is in, not at a time of the shopper's schedule: a request the
   * page makes by itself once loaded. The shopper's schedule goes on from there.
   */
  now?: boolean;
  /** due at this time, leaving the shopper's schedule as it is (keystrokes sent while earlier answers are on their way) */
  at?: number;
}

export class Walk {
  /** when the shopper's next request is due (performance.now(), ms) */
  due: number;
  cookie = "";

  constructor(
    private readonly ctx: WalkContext,
    start: number,
    /** the shopper's network address, sent as X-Forwarded-For (null: none) */
    readonly address: string | null,
  ) {
    this.due = start;
  }

  get random(): Random {
    return this.ctx.random;
  }

  get origin(): string {
    return this.ctx.client.origin;
  }

  /** The shopper reads, types or thinks for between min and max ms before the next request. */
  think(minMs: number, maxMs: number): void {
    this.due += between(this.ctx.random, minMs, maxMs) * (this.ctx.thinkScale ?? 1);
  }

  /** The shopper's usual pause between two steps: reading a page, typing a code or an address. */
  pause(): void {
    const [min, max] = this.ctx.thinkMs ?? [1000, 3000];
    this.think(min, max);
  }

  /** Sends a request at the shopper's due time (or at once, if it is past); null when no answer came. */
  async send(step: Step | null, request: Request, options: SendOptions = {}): Promise<Answer | null> {
    const due = options.at ?? (options.now ? Math.max(this.due, performance.now()) : this.due);
    if (options.now) this.due = due;
    if (due > this.ctx.window.stopAt) throw new Stop();
    const wait = due - performance.now();
    if (wait > 0) {
      await sleep(wait);
      this.ctx.lag.push(Math.max(0, performance.now() - due));
    }
    const asked = this.ctx.asked;
    const firstView = Boolean(options.catalogue && asked && !asked.has(request.path));
    if (options.catalogue) asked?.add(request.path);
    const headers: Record<string, string> = { ...request.headers };
    if (this.cookie) headers.cookie = this.cookie;
    if (this.address && options.forwarded !== false) headers["x-forwarded-for"] = this.address;
    if (request.method === "POST") headers.origin = this.ctx.client.origin;
    let answer: Answer | null = null;
    let failure = "";
    try {
      answer = await this.ctx.client.send({ ...request, headers, dropBody: request.dropBody ?? options.catalogue });
    } catch (error) {
      failure = error instanceof Error ? error.message : String(error);
    }
    const ms = performance.now() - due;
    const { start, end } = this.ctx.window;
    if (step && due >= start && due < end) {
      const problems = this.ctx.problems;
      const path = request.path.split("?")[0];
      if (problems && problems.length < PROBLEMS_KEPT && (!answer || answer.status >= 500))
        problems.push(`${step}: ${request.method} ${path} ${answer ? `answered ${answer.status}` : failure}`);
      const outcome = answer
        ? (options.classify ?? ((a: Answer) => outcomeOfStatus(a.status)))(answer)
        : "network-error";
      const source = options.catalogue && answer ? sourceOf(answer.headers["x-page-cache"]) : null;
      this.ctx.recorder.add(step, ms, outcome, source, firstView);
    }
    return answer;
  }

  get(step: Step | null, path: string, options: SendOptions = {}): Promise<Answer | null> {
    return this.send(step, { method: "GET", path }, options);
  }

  post(
    step: Step | null,
    path: string,
    form: { body: string | Buffer; contentType: string },
    options: SendOptions = {},
  ): Promise<Answer | null> {
    return this.send(
      step,
      { method: "POST", path, body: form.body, headers: { "content-type": form.contentType } },
      options,
    );
  }

  /** Whether the request due now would be recorded (inside the measured window). */
  get inWindow(): boolean {
    return this.due >= this.ctx.window.start && this.due < this.ctx.window.end;
  }
}
