import type { NextFunction, Request, Response } from "express";

/*
 * Requests whose handler is still running, counted until it returns, not until the connection closes.
 * A visitor who leaves mid-request closes the connection, but the render or the action behind it
 * goes on; shutting down then must not close the database under it (an order being placed would fail
 * half-way instead of finishing). `settled()` resolves once every handler has returned.
 */

type Handler = (req: Request, res: Response, next: NextFunction) => Promise<void>;

export interface TrackedHandler extends Handler {
  /** handlers running now */
  running(): number;
  /** resolves when no handler is running (at once when none is) */
  settled(): Promise<void>;
}

export function trackInFlight(handler: Handler): TrackedHandler {
  let running = 0;
  let waiters: Array<() => void> = [];
  const tracked = (async (req, res, next) => {
    running += 1;
    try {
      await handler(req, res, next);
    } finally {
      running -= 1;
      if (running === 0) {
        const done = waiters;
        waiters = [];
        for (const resolve of done) resolve();
      }
    }
  }) as TrackedHandler;
  tracked.running = () => running;
  tracked.settled = () => (running === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiters.push(resolve)));
  return tracked;
}
