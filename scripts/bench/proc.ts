/*
 * What the bench reads about the server's processes from /proc (Linux): the process and every
 * descendant (node:cluster workers under WEB_CONCURRENCY), their resident memory and CPU time.
 * On a system without /proc every figure is null and the bench says "not measured".
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";

const HAS_PROC = existsSync("/proc/self/stat");
/** Clock ticks per second for utime/stime in /proc/<pid>/stat (USER_HZ: 100 on Linux). */
const TICKS_PER_SECOND = 100;

function statFields(pid: number): string[] | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, "utf8");
    // the command name (field 2) is in parentheses and may contain spaces
    return text.slice(text.lastIndexOf(")") + 2).split(" ");
  } catch {
    return null;
  }
}

/** `pid` and all its descendants that are alive now. */
export function processTree(pid: number): number[] {
  if (!HAS_PROC) return [];
  const children = new Map<number, number[]>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const fields = statFields(Number(entry));
    if (!fields) continue;
    const parent = Number(fields[1]); // field 4 of stat: ppid
    const list = children.get(parent) ?? [];
    list.push(Number(entry));
    children.set(parent, list);
  }
  const tree: number[] = [];
  const queue = [pid];
  while (queue.length > 0) {
    const next = queue.shift()!;
    if (next !== pid || statFields(pid)) tree.push(next);
    queue.push(...(children.get(next) ?? []));
  }
  return tree;
}

/** VmRSS of one process in bytes, or 0 when it is gone. */
function rssOf(pid: number): number {
  try {
    const match = readFileSync(`/proc/${pid}/status`, "utf8").match(/^VmRSS:\s+(\d+)\s+kB/m);
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** Resident memory of `pid` and its descendants, summed, in bytes (null without /proc). */
export function treeRss(pid: number): { bytes: number; processes: number } | null {
  if (!HAS_PROC) return null;
  const pids = processTree(pid);
  return { bytes: pids.reduce((sum, p) => sum + rssOf(p), 0), processes: pids.length };
}

/** CPU seconds (user + system) used so far by `pid` and its live descendants (null without /proc). */
export function treeCpuSeconds(pid: number): number | null {
  if (!HAS_PROC) return null;
  let ticks = 0;
  for (const p of processTree(pid)) {
    const fields = statFields(p);
    // fields 14 and 15 of stat: utime, stime (this array starts at field 3)
    if (fields) ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks / TICKS_PER_SECOND;
}

/** Busy and total CPU time of the whole machine so far, in ticks (null without /proc). */
export function machineCpu(): { busy: number; total: number } | null {
  if (!HAS_PROC) return null;
  const line = readFileSync("/proc/stat", "utf8").split("\n")[0]!;
  const values = line.trim().split(/\s+/).slice(1).map(Number);
  const total = values.reduce((a, b) => a + b, 0);
  const idle = (values[3] ?? 0) + (values[4] ?? 0);
  return { busy: total - idle, total };
}
