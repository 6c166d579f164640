/*
 * `npm start`'s restarting parent (scripts/start.mjs with scripts/supervise.mjs), run for real against a
 * stand-in server: a folder whose build/server/main.js is a small script that says it is ready, crashes
 * or refuses to start as each test asks, and writes down each start, its node flags, its environment and
 * the signal it was stopped with. No build runs: the stand-in is newer than the folder's (absent) sources.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";

// build.mjs is plain JavaScript shared with `npm start`; typed here by hand
const BUILD_MODULE = "./build.mjs";
const { SERVER_NODE_FLAGS } = (await import(BUILD_MODULE)) as { SERVER_NODE_FLAGS: string[] };

const START = path.resolve("scripts/start.mjs");

// The stand-in server (CommonJS: the folder has no package.json). STAND_IN_SCRIPT: one word per start
// ("ready-crash": ready, then exit 3; "ready": ready and stay until SIGTERM; "refuse": exit 7 before
// ready; "seed": a first run that, when asked, says it seeded and exits, else "ready"); the last word is
// repeated for later starts.
const STAND_IN = `
const { appendFileSync, readFileSync } = require("node:fs");
const log = (entry) => appendFileSync("starts.log", JSON.stringify(entry) + "\\n");
const starts = readFileSync("starts.log", "utf8").split("\\n").filter(Boolean).filter((l) => JSON.parse(l).start).length;
const script = process.env.STAND_IN_SCRIPT.split(",");
const mode = script[Math.min(starts, script.length - 1)];
const fresh = process.env.SHOP_FRESH_AFTER_SEED ?? null;
log({ start: starts + 1, mode, flags: process.execArgv, arenas: process.env.MALLOC_ARENA_MAX ?? null, fresh });
if (mode === "refuse") process.exit(7);
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => { log({ stopped: signal }); process.exit(0); });
if (mode === "seed" && fresh === "1") {
  // a first run: seeded, and asked to hand over to a fresh process instead of listening
  process.send({ shop: "seeded" }, () => process.exit(0));
} else {
  process.send({ shop: "ready" });
  if (mode === "ready-crash") setTimeout(() => process.exit(3), 50);
  else setInterval(() => {}, 1000);
}
`;

interface Entry {
  start?: number;
  mode?: string;
  flags?: string[];
  arenas?: string | null;
  fresh?: string | null;
  stopped?: string;
}

let folder = "";
let supervisor: ChildProcess | undefined;

function startShop(script: string): { exited: Promise<number | null>; output: () => string } {
  folder = mkdtempSync(path.join(tmpdir(), "shop-start-"));
  mkdirSync(path.join(folder, "build/server"), { recursive: true });
  writeFileSync(path.join(folder, "build/server/main.js"), STAND_IN);
  writeFileSync(path.join(folder, "starts.log"), "");
  const env: NodeJS.ProcessEnv = { ...process.env, STAND_IN_SCRIPT: script };
  delete env.MALLOC_ARENA_MAX;
  supervisor = spawn(process.execPath, [START], { cwd: folder, env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  supervisor.stdout!.on("data", (chunk) => (output += chunk));
  supervisor.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => supervisor!.once("exit", (code) => resolve(code)));
  return { exited, output: () => output };
}

function entries(): Entry[] {
  const file = path.join(folder, "starts.log");
  if (!existsSync(file)) return [];
  return readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Entry);
}

async function until(check: () => boolean, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out; the stand-in wrote ${JSON.stringify(entries())}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** VmRSS of a process in MB (Linux), or null. */
function residentMb(pid: number): number | null {
  try {
    const match = readFileSync(`/proc/${pid}/status`, "utf8").match(/^VmRSS:\s+(\d+)\s+kB/m);
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

afterEach(() => {
  if (supervisor && supervisor.exitCode === null && supervisor.signalCode === null) supervisor.kill("SIGKILL");
  supervisor = undefined;
  if (folder) rmSync(folder, { recursive: true, force: true });
  folder = "";
});

// each test starts real processes (a busy machine takes seconds to start node)
describe("npm start's restarting parent", { timeout: 30_000 }, () => {
  it("starts the server again after it crashed once ready, with npm start's node flags and environment, and stops it on SIGTERM", async () => {
    const shop = startShop("ready-crash,ready");
    await until(() => entries().filter((e) => e.start).length === 2);
    const starts = entries().filter((e) => e.start);
    expect(starts.map((e) => e.mode)).toEqual(["ready-crash", "ready"]);
    for (const start of starts) {
      expect(start.flags).toEqual(SERVER_NODE_FLAGS);
      expect(start.arenas).toBe("2");
    }
    expect(shop.output()).toContain("The shop stopped unexpectedly (exit code 3); starting it again...");

    supervisor!.kill("SIGTERM");
    expect(await shop.exited).toBe(0);
    expect(entries().filter((e) => e.stopped)).toEqual([{ stopped: "SIGTERM" }]);
  });

  it("starts a fresh server at once after a first run's seed, asking only the first server to hand over", async () => {
    const shop = startShop("seed");
    await until(() => entries().filter((e) => e.start).length === 2);
    expect(entries().map((e) => [e.mode, e.fresh])).toEqual([
      ["seed", "1"],
      ["seed", null],
    ]);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    // the second one listens and stays; nothing was counted as a crash
    expect(entries().filter((e) => e.start)).toHaveLength(2);
    expect(shop.output()).toContain("First run done: starting the shop afresh");
    expect(shop.output()).not.toContain("stopped unexpectedly");

    supervisor!.kill("SIGTERM");
    expect(await shop.exited).toBe(0);
    expect(entries().filter((e) => e.stopped)).toEqual([{ stopped: "SIGTERM" }]);
  });

  it("ends with the server's exit code when the server stops before it was ready, without starting it again", async () => {
    const shop = startShop("refuse");
    expect(await shop.exited).toBe(7);
    expect(entries().filter((e) => e.start)).toHaveLength(1);
    expect(shop.output()).not.toContain("starting it again");
  });

  it("gives up after five restarts within a minute", async () => {
    const shop = startShop("ready-crash");
    expect(await shop.exited).toBe(1);
    expect(entries().filter((e) => e.start)).toHaveLength(6);
    expect(shop.output()).toContain("The shop stopped 6 times within a minute; not restarting it again.");
  });

  it.skipIf(!existsSync("/proc/self/status"))(
    "holds little memory of its own while the shop runs (no TypeScript loader, no application code)",
    async () => {
      const shop = startShop("ready");
      await until(() => entries().some((e) => e.start));
      await new Promise((resolve) => setTimeout(resolve, 500));
      const mb = residentMb(supervisor!.pid!);
      // about 40 MB: Node itself, most of it its own code mapped from the same file as the server's;
      // with tsx and the settings' code loaded it held 74-82 MB
      expect(mb).not.toBeNull();
      expect(mb!).toBeLessThan(60);
      supervisor!.kill("SIGTERM");
      expect(await shop.exited).toBe(0);
    },
  );
});
