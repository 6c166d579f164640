import { afterEach, describe, expect, it } from "vitest";
import { startPeriodic, stopPeriodic } from "./periodic.server";

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("periodic jobs", () => {
  afterEach(async () => {
    await stopPeriodic("test-job");
  });

  it("runs a round at once and then every interval, never two rounds at the same time", async () => {
    let running = 0;
    let most = 0;
    let rounds = 0;
    startPeriodic("test-job", 10, async () => {
      running++;
      most = Math.max(most, running);
      rounds++;
      await wait(35); // longer than the interval: ticks meanwhile are skipped
      running--;
    });
    expect(rounds).toBe(1);
    await wait(120);
    expect(rounds).toBeGreaterThanOrEqual(2);
    expect(most).toBe(1);
  });

  it("stopping waits for the round at work and runs no more", async () => {
    let finished = 0;
    let started = 0;
    startPeriodic("test-job", 5, async () => {
      started++;
      await wait(30);
      finished++;
    });
    await stopPeriodic("test-job");
    expect(finished).toBe(started);
    const after = started;
    await wait(40);
    expect(started).toBe(after);
  });

  it("starting a job of the same name replaces it", async () => {
    const calls: string[] = [];
    startPeriodic("test-job", 5, async () => void calls.push("first"));
    startPeriodic("test-job", 5, async () => void calls.push("second"));
    await wait(40);
    const firstCalls = calls.filter((c) => c === "first").length;
    expect(firstCalls).toBe(1);
    expect(calls.filter((c) => c === "second").length).toBeGreaterThan(1);
  });
});
