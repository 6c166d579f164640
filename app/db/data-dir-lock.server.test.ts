import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DataDirInUseError, lockDataDir } from "./data-dir-lock.server";

describe("embedded database folder lock", () => {
  it("refuses a second owner while the first lives, and frees the folder on release", async () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), "lock-")), "pglite");
    // another live process holds the lock
    const other = spawn(process.execPath, ["-e", "setTimeout(() => {}, 20000)"]);
    await new Promise((resolve) => other.once("spawn", resolve));
    writeFileSync(`${dir}.lock`, String(other.pid));
    expect(() => lockDataDir(dir)).toThrow(DataDirInUseError);
    expect(() => lockDataDir(dir)).toThrow(`in use by process ${other.pid}`);
    other.kill();
    await new Promise((resolve) => other.once("exit", resolve));

    // its owner died: the lock is taken over
    const release = lockDataDir(dir);
    expect(readFileSync(`${dir}.lock`, "utf8")).toBe(String(process.pid));
    release();
    expect(existsSync(`${dir}.lock`)).toBe(false);
  });
});
