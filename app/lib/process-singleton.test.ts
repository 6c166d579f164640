import { afterEach, describe, expect, it, vi } from "vitest";
import { processSingleton, processSlot } from "./process-singleton";
import type * as ProcessSingleton from "./process-singleton";

const NAME = "test.processSingleton";

/** A second copy of the helper, as the built server and the app bundle each have their own. */
async function secondCopy(): Promise<typeof ProcessSingleton> {
  vi.resetModules();
  return import("./process-singleton");
}

describe("process-wide values", () => {
  afterEach(() => processSlot(NAME).clear());

  it("makes a singleton once, and a second copy of the helper sees the same value", async () => {
    const create = vi.fn(() => ({ made: Date.now() }));
    const first = processSingleton(NAME, create);
    const copy = await secondCopy();
    expect(copy.processSingleton).not.toBe(processSingleton);
    expect(copy.processSingleton(NAME, create)).toBe(first);
    expect(processSingleton(NAME, create)).toBe(first);
    expect(create).toHaveBeenCalledTimes(1);
  });

  it("a slot can be set, read from another copy and cleared", async () => {
    const slot = processSlot<{ purge: () => void }>(NAME);
    expect(slot.get()).toBeUndefined();
    const value = { purge: () => {} };
    expect(slot.set(value)).toBe(value);
    const copy = await secondCopy();
    expect(copy.processSlot(NAME).get()).toBe(value);
    copy.processSlot(NAME).clear();
    expect(slot.get()).toBeUndefined();
  });

  it("makes the singleton again once its slot is cleared", () => {
    const first = processSingleton(NAME, () => ({}));
    processSlot(NAME).clear();
    const second = processSingleton(NAME, () => ({}));
    expect(second).not.toBe(first);
  });

  it("keeps the value under the registered symbol shop.<name>", () => {
    const value = processSlot<number>(NAME).set(7);
    expect((globalThis as unknown as Record<symbol, unknown>)[Symbol.for(`shop.${NAME}`)]).toBe(value);
  });
});
