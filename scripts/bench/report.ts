/*
 * The bench's tables and their place in docs/performance.md: each kind of table has its own
 * `<!-- bench:KEY:start -->` / `<!-- bench:KEY:end -->` section, replaced on every run.
 */
import { readFileSync, writeFileSync } from "node:fs";
import type { LoadResult, Tool } from "./load";

export interface Row extends LoadResult {
  route: string;
  /** "guest" or "signed in" */
  who: string;
  cache: string;
  /** WEB_CONCURRENCY asked for */
  concurrency: number;
  /** the server's processes counted during the pass (primary plus workers) */
  processes: number;
  connections: number;
  tool: Tool;
}

export const STATIC_ROUTE = "/favicon.svg";
/** A page of the shop whose route renders nothing (app/routes/dev.empty.tsx): the floor a render is measured against. */
export const EMPTY_ROUTE = "/dev/empty";

/** The server's CPU time per answer of a row, in milliseconds (null without /proc). */
export function cpuPerRequestMs(row: Row | undefined): number | null {
  return row && row.serverCpu !== null && row.rps > 0 ? (row.serverCpu / 100 / row.rps) * 1000 : null;
}

/** The static row measured by the same server in the same pass, at the same connections with the same tool. */
export function staticRowFor(rows: Row[], row: Row): Row | undefined {
  return rows.find(
    (r) =>
      r.route === STATIC_ROUTE &&
      r.cache === row.cache &&
      r.concurrency === row.concurrency &&
      r.connections === row.connections &&
      r.tool === row.tool,
  );
}

export function percentOfStatic(rows: Row[], row: Row): string {
  if (row.route === STATIC_ROUTE) return "100 %";
  const base = staticRowFor(rows, row);
  if (!base || base.rps <= 0) return "-";
  const pct = (row.rps / base.rps) * 100;
  return `${pct < 10 ? pct.toFixed(1) : pct.toFixed(0)} %`;
}

const cpu = (v: number | null) => (v === null ? "-" : `${v} %`);
const ms = (v: number) => (Number.isFinite(v) ? String(v) : "-");

export function loadTable(rows: Row[], notMeasured: string[] = []): string {
  const lines = [
    "| Route | Shopper | Page cache | Processes | Conn. | req/s | % of static | p50 ms | p99 ms | server CPU | client CPU | non-2xx | errors |",
    "|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
  ];
  for (const r of rows) {
    lines.push(
      `| \`${r.route}\` | ${r.who} | ${r.cache} | ${processLabel(r)} | ${r.connections} | ${r.rps.toFixed(0)} | ${percentOfStatic(rows, r)} | ${ms(r.p50)} | ${ms(r.p99)} | ${cpu(r.serverCpu)} | ${cpu(r.clientCpu)} | ${r.non2xx} | ${r.errors} |`,
    );
  }
  for (const route of notMeasured)
    lines.push(`| \`${route}\` | - | - | - | - | not yet measured: the route is not on this branch | | | | | | | |`);
  return lines.join("\n");
}

/** WEB_CONCURRENCY and, when it differs, what actually ran (a server without cluster support runs one process). */
function processLabel(r: Row): string {
  const workers = r.processes > 1 ? r.processes - 1 : 1;
  return workers === r.concurrency
    ? String(r.concurrency)
    : `${r.concurrency} (ran ${r.processes} process${r.processes === 1 ? "" : "es"})`;
}

/** The load generator beside the server: the same rows with autocannon, autocannon with workers and wrk. */
export function clientTable(rows: Row[]): string {
  const lines = [
    "| Route | Page cache | Conn. | Load generator | req/s | p50 ms | p99 ms | server CPU | client CPU | machine busy |",
    "|---|---|---:|---|---:|---:|---:|---:|---:|---:|",
  ];
  for (const r of rows) {
    lines.push(
      `| \`${r.route}\` | ${r.cache} | ${r.connections} | ${toolLabel(r.tool)} | ${r.rps.toFixed(0)} | ${ms(r.p50)} | ${ms(r.p99)} | ${cpu(r.serverCpu)} | ${cpu(r.clientCpu)} | ${cpu(r.machineBusy)} |`,
    );
  }
  return lines.join("\n");
}

function toolLabel(tool: Tool): string {
  return tool === "autocannon"
    ? "autocannon (1 thread)"
    : tool === "autocannon-workers"
      ? "autocannon, a worker per core"
      : "wrk, a thread per core";
}

/** The speed bars for the uncached render, read from the rows of one pass. */
export function targetsTable(rows: Row[], tool: Tool): string {
  const find = (route: string, who: string, cache: string, connections: number) =>
    rows.find(
      (r) =>
        r.route === route &&
        r.who === who &&
        r.cache === cache &&
        r.concurrency === 1 &&
        r.connections === connections &&
        r.tool === tool,
    );
  const pct = (r: Row | undefined) => {
    const base = r && staticRowFor(rows, r);
    return r && base && base.rps > 0 ? (r.rps / base.rps) * 100 : null;
  };
  const lines = [
    "| Target (issues 14 and 30, page cache off, 1 process, 10 connections) | Bar | Measured | Met |",
    "|---|---:|---:|---|",
  ];
  const add = (what: string, bar: string, value: number | null, unit: string, met: (v: number) => boolean) => {
    lines.push(
      `| ${what} | ${bar} | ${value === null ? "-" : `${value < 10 ? value.toFixed(1) : value.toFixed(0)} ${unit}`} | ${value === null ? "-" : met(value) ? "yes" : "no"} |`,
    );
  };
  for (const who of ["guest", "signed in"]) {
    const list = find("/products", who, "off", 10);
    add(`\`/products\` (${who}) throughput / static`, ">= 10 %", pct(list), "%", (v) => v >= 10);
    add(`\`/products\` (${who}) p99`, "< 60 ms", list?.p99 ?? null, "ms", (v) => v < 60);
    add(
      `\`/product/:id\` (${who}) throughput / static`,
      ">= 15 %",
      pct(find("/product/:id", who, "off", 10)),
      "%",
      (v) => v >= 15,
    );
    add(`\`/\` (${who}) throughput / static`, ">= 15 %", pct(find("/", who, "off", 10)), "%", (v) => v >= 15);
  }
  // issue 30: CPU per rendered answer against the shop's frame around an empty route, same pass
  const empty = cpuPerRequestMs(find(EMPTY_ROUTE, "guest", "off", 10));
  const ratio = (route: string) => {
    const cpu = cpuPerRequestMs(find(route, "guest", "off", 10));
    return cpu !== null && empty !== null && empty > 0 ? cpu / empty : null;
  };
  add("`/product/:id` (guest) CPU per answer / empty page", "<= 2.5x", ratio("/product/:id"), "x", (v) => v <= 2.5);
  add("`/` (guest) CPU per answer / empty page", "<= 2.5x", ratio("/"), "x", (v) => v <= 2.5);
  add("`/products` (guest) CPU per answer / empty page", "<= 3x", ratio("/products"), "x", (v) => v <= 3);
  add(
    "suggestions p99 (guest)",
    "< 20 ms",
    find("/api/search/suggest?q=kurta", "guest", "off", 10)?.p99 ?? null,
    "ms",
    (v) => v < 20,
  );
  return lines.join("\n");
}

export function writeDoc(sectionKey: string, body: string): void {
  const file = "docs/performance.md";
  const doc = readFileSync(file, "utf8");
  const start = `<!-- bench:${sectionKey}:start -->`;
  const end = `<!-- bench:${sectionKey}:end -->`;
  const block = `${start}\n${body}\n${end}`;
  let next: string;
  if (doc.includes(start) && doc.includes(end)) {
    next = doc.slice(0, doc.indexOf(start)) + block + doc.slice(doc.indexOf(end) + end.length);
  } else if (doc.includes("<!-- bench:end -->")) {
    next = doc.replace("<!-- bench:end -->", `${block}\n\n<!-- bench:end -->`);
  } else {
    next = `${doc.trimEnd()}\n\n## Catalogue benchmark (\`npm run bench\`)\n\n<!-- bench:start -->\n${block}\n\n<!-- bench:end -->\n`;
  }
  writeFileSync(file, next);
}
