import { describe, expect, it } from "vitest";
import { takeTurns } from "./turns.server";

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe("takeTurns", () => {
  it("runs at most its limit at once, the others in the order they came", async () => {
    const turns = takeTurns(2);
    let atOnce = 0;
    let most = 0;
    const order: number[] = [];
    const jobs = Array.from({ length: 6 }, (_, i) =>
      turns.run(async () => {
        atOnce += 1;
        most = Math.max(most, atOnce);
        order.push(i);
        await tick();
        atOnce -= 1;
        return i * 10;
      }),
    );
    expect(turns.stats()).toEqual({ running: 2, waiting: 4 });
    expect(await Promise.all(jobs)).toEqual([0, 10, 20, 30, 40, 50]);
    expect(most).toBe(2);
    expect(order).toEqual([0, 1, 2, 3, 4, 5]);
    expect(turns.stats()).toEqual({ running: 0, waiting: 0 });
  });

  it("gives a turn back when the work fails, and the failure reaches its caller", async () => {
    const turns = takeTurns(1);
    const failing = turns.run(async () => {
      await tick();
      throw new Error("no");
    });
    const next = turns.run(async () => "after");
    await expect(failing).rejects.toThrow("no");
    expect(await next).toBe("after");
    expect(turns.stats()).toEqual({ running: 0, waiting: 0 });
  });

  it("refuses a limit below one or not whole, and with Infinity never keeps anyone waiting", () => {
    expect(() => takeTurns(0)).toThrow();
    expect(() => takeTurns(1.5)).toThrow();
    const open = takeTurns(Infinity);
    const started: number[] = [];
    for (let i = 0; i < 50; i++) open.whenFree(() => started.push(i));
    expect(started).toHaveLength(50);
    expect(open.stats()).toEqual({ running: 50, waiting: 0 });
  });

  it("starts a waiter when a turn is given back, once however often, and lets a waiter leave the queue", () => {
    const turns = takeTurns(1);
    const log: string[] = [];
    let giveBackFirst = () => {};
    turns.whenFree((giveBack) => {
      log.push("first");
      giveBackFirst = giveBack;
    });
    const leaveSecond = turns.whenFree(() => log.push("second"));
    turns.whenFree(() => log.push("third"));
    expect(log).toEqual(["first"]);
    expect(turns.stats()).toEqual({ running: 1, waiting: 2 });

    leaveSecond();
    expect(turns.stats()).toEqual({ running: 1, waiting: 1 });
    giveBackFirst();
    giveBackFirst(); // twice is once: the third's turn is not given away
    expect(log).toEqual(["first", "third"]);
    expect(turns.stats()).toEqual({ running: 1, waiting: 0 });
    leaveSecond(); // after the fact, nothing
    expect(turns.stats()).toEqual({ running: 1, waiting: 0 });
  });
});
