/*
 * One measured row: a load generator (autocannon, optionally with worker threads, or wrk) against
 * one URL for a fixed time, with the CPU time the server's processes and the load generator used
 * meanwhile, so a row says which side ran out of CPU.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import os from "node:os";
import { machineCpu, treeCpuSeconds } from "./proc";

export type Tool = "autocannon" | "autocannon-workers" | "wrk";

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  /** the server's processes' CPU time over the row, as a percentage of one core (200 = two cores busy) */
  serverCpu: number | null;
  /** the load generator's CPU time over the row, likewise */
  clientCpu: number | null;
  /** the whole machine's busy share over the row, 0-100 % of all cores */
  machineBusy: number | null;
}

const WRK = ["/usr/bin/wrk", "/usr/local/bin/wrk"].find((p) => existsSync(p)) ?? null;

export function wrkAvailable(): boolean {
  return WRK !== null;
}

/** Bash's `times` after the command gives the load generator's own CPU time (its children's line). */
function timed(command: string[]): {
  stdout: string;
  stderr: string;
  status: number | null;
  cpuSeconds: number | null;
} {
  const script = '"$@"; status=$?; times >&2; exit $status';
  const run = spawnSync("bash", ["-c", script, "bench-load", ...command], {
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  // `times` prints the shell's own times, then its children's: "0m12.345s 0m1.234s"
  const lines = (run.stderr ?? "").trim().split("\n");
  const childLine = lines[lines.length - 1] ?? "";
  const parts = [...childLine.matchAll(/(\d+)m([\d.]+)s/g)].map((m) => Number(m[1]) * 60 + Number(m[2]));
  const cpuSeconds = parts.length === 2 ? parts[0]! + parts[1]! : null;
  return { stdout: run.stdout ?? "", stderr: lines.slice(0, -2).join("\n"), status: run.status, cpuSeconds };
}

function autocannonArgs(
  url: string,
  connections: number,
  duration: number,
  headers: Record<string, string>,
  workers: number,
): string[] {
  const headerArgs = Object.entries(headers).flatMap(([name, value]) => ["-H", `${name}:${value}`]);
  const workerArgs = workers > 0 ? ["-w", String(workers)] : [];
  return [
    process.execPath,
    "node_modules/autocannon/autocannon.js",
    "-c",
    String(connections),
    "-d",
    String(duration),
    "-j",
    "-n",
    ...workerArgs,
    ...headerArgs,
    url,
  ];
}

function parseAutocannon(stdout: string): Pick<LoadResult, "rps" | "p50" | "p99" | "non2xx" | "errors"> {
  const json = JSON.parse(stdout) as {
    requests: { average: number };
    latency: { p50: number; p99: number };
    non2xx: number;
    errors: number;
  };
  return {
    rps: json.requests.average,
    p50: json.latency.p50,
    p99: json.latency.p99,
    non2xx: json.non2xx,
    errors: json.errors,
  };
}

/** A wrk duration ("812.34us", "12.5ms", "1.2s") in milliseconds. */
function wrkMs(text: string): number {
  const m = text.match(/^([\d.]+)(us|ms|s|m)$/);
  if (!m) return Number.NaN;
  const value = Number(m[1]);
  return m[2] === "us" ? value / 1000 : m[2] === "ms" ? value : m[2] === "s" ? value * 1000 : value * 60_000;
}

function parseWrk(stdout: string): Pick<LoadResult, "rps" | "p50" | "p99" | "non2xx" | "errors"> {
  const rps = Number(stdout.match(/Requests\/sec:\s+([\d.]+)/)?.[1] ?? Number.NaN);
  const p50 = wrkMs(stdout.match(/^\s+50%\s+(\S+)/m)?.[1] ?? "");
  const p99 = wrkMs(stdout.match(/^\s+99%\s+(\S+)/m)?.[1] ?? "");
  const non2xx = Number(stdout.match(/Non-2xx or 3xx responses:\s+(\d+)/)?.[1] ?? 0);
  const socket = stdout.match(/Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/);
  const errors = socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0;
  return { rps, p50: Math.round(p50 * 100) / 100, p99: Math.round(p99 * 100) / 100, non2xx, errors };
}

/**
 * Loads `url` with `connections` for `duration` seconds. `serverPid` is the server's main process
 * (its workers are found under it).
 */
export function runLoad(options: {
  url: string;
  connections: number;
  duration: number;
  headers?: Record<string, string>;
  tool?: Tool;
  serverPid?: number;
}): LoadResult {
  const { url, connections, duration, headers = {}, tool = "autocannon", serverPid } = options;
  let command: string[];
  if (tool === "wrk") {
    if (!WRK) throw new Error("wrk is not installed (apt-get install -y wrk)");
    const headerArgs = Object.entries(headers).flatMap(([name, value]) => ["-H", `${name}: ${value}`]);
    // one thread per core, as many connections as asked (wrk needs at least one per thread)
    const threads = Math.min(os.availableParallelism(), connections);
    command = [
      WRK,
      "-t",
      String(threads),
      "-c",
      String(connections),
      "-d",
      `${duration}s`,
      "--timeout",
      "10s",
      "--latency",
      ...headerArgs,
      url,
    ];
  } else {
    command = autocannonArgs(
      url,
      connections,
      duration,
      headers,
      tool === "autocannon-workers" ? os.availableParallelism() : 0,
    );
  }
  const serverBefore = serverPid ? treeCpuSeconds(serverPid) : null;
  const machineBefore = machineCpu();
  const started = process.hrtime.bigint();
  const run = timed(command);
  const elapsed = Number(process.hrtime.bigint() - started) / 1e9;
  const serverAfter = serverPid ? treeCpuSeconds(serverPid) : null;
  const machineAfter = machineCpu();
  if (run.status !== 0) throw new Error(`${tool} failed (exit ${run.status}): ${run.stderr || run.stdout}`);
  const parsed = tool === "wrk" ? parseWrk(run.stdout) : parseAutocannon(run.stdout);
  const percent = (seconds: number | null) => (seconds === null ? null : Math.round((seconds / elapsed) * 100));
  return {
    ...parsed,
    serverCpu: serverBefore !== null && serverAfter !== null ? percent(serverAfter - serverBefore) : null,
    clientCpu: percent(run.cpuSeconds),
    machineBusy:
      machineBefore && machineAfter && machineAfter.total > machineBefore.total
        ? Math.round(((machineAfter.busy - machineBefore.busy) / (machineAfter.total - machineBefore.total)) * 100)
        : null,
  };
}
