import type { NextFunction, Request, Response } from "express";
import { takeTurns } from "../app/lib/turns.server";

/*
 * At most `limit` page requests render at once in a process; the others wait their turn, first come
 * first served (decision 030).
 *
 * Rendering is CPU work on one thread. Fifty pages started together do not finish sooner than fifty
 * pages rendered a few at a time: they finish later, all of them, and each one's half-built page,
 * rows and buffers stay alive the whole while. Under 50 connections of uncached list pages that kept
 * about 190 MB of old-generation heap in use and spread the answers from 0.6 s to 3 s. Taking them
 * in order keeps the memory of a few renders and answers each in about the same time.
 *
 * Only reads (GET, HEAD) wait here: a form post or an upload is never held behind a queue of page
 * views, and a page the cache answers never reaches the gate. A visitor who leaves while waiting
 * gives up their place.
 */

const GATED_METHODS: ReadonlySet<string> = new Set(["GET", "HEAD"]);

export interface RenderGate {
  (req: Request, res: Response, next: NextFunction): void;
  /** requests rendering now, and waiting (for tests and the log) */
  stats(): { running: number; waiting: number };
  /**
   * A place for a render with no request behind it (the page cache's background refresh), in the same
   * queue; resolves to the function that gives it back.
   */
  acquire(): Promise<() => void>;
}

/** `limit` 0 lets every request through at once (the gate is off). */
export function renderGate(limit: number): RenderGate {
  // first come, first served, as the checkout takes its turns (app/lib/turns.server.ts)
  const turns = takeTurns(limit === 0 ? Infinity : limit);
  const gate = ((req: Request, res: Response, next: NextFunction) => {
    if (limit === 0 || !GATED_METHODS.has(req.method)) {
      next();
      return;
    }
    const leave = turns.whenFree((giveBack) => {
      res.once("finish", giveBack);
      res.once("close", giveBack);
      next();
    });
    // a visitor who leaves while waiting gives up their place (after the start, this does nothing)
    res.once("close", leave);
  }) as RenderGate;
  gate.stats = turns.stats;
  gate.acquire = () => new Promise<() => void>((resolve) => turns.whenFree(resolve));
  return gate;
}
