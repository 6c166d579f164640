import type { NextFunction, Request, Response } from "express";
import { describe, expect, it } from "vitest";
import { trackInFlight } from "./in-flight";

const req = {} as Request;
const res = {} as Response;
const next = (() => undefined) as NextFunction;

describe("requests in flight", () => {
  it("settles only when every handler has returned, whether it answered or failed", async () => {
    const finish: Array<() => void> = [];
    const fail: Array<(error: Error) => void> = [];
    const handler = trackInFlight(
      (_req, _res, _next) =>
        new Promise<void>((resolve, reject) => {
          finish.push(resolve);
          fail.push(reject);
        }),
    );
    await handler.settled(); // none running: at once
    const first = handler(req, res, next);
    const second = handler(req, res, next).catch((error: Error) => error.message);
    expect(handler.running()).toBe(2);
    let settled = false;
    const waiting = handler.settled().then(() => (settled = true));
    finish[0]!();
    await first;
    await Promise.resolve();
    expect(settled).toBe(false);
    expect(handler.running()).toBe(1);
    fail[1]!(new Error("database gone"));
    expect(await second).toBe("database gone");
    await waiting;
    expect(settled).toBe(true);
    expect(handler.running()).toBe(0);
  });
});
