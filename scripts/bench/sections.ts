/* The bench's sections of docs/performance.md: each table with what was measured, when and how. */
import os from "node:os";
import { SERVER_NODE_FLAGS } from "./build-script";
import { SIGNED_OUT } from "./measure";
import { weightTable, type PageWeight } from "./page-weight";
import { clientTable, loadTable, STATIC_ROUTE, targetsTable, writeDoc, type Row } from "./report";
import type { SalePassResult } from "./sale/index";
import { saleSection } from "./sale/report";
import { DURATION, GZIP, MAIN_TOOL, ORDER_COUNT, PRODUCT_COUNT, SERVER_ENTRY, SHOPPER_COUNT } from "./settings";
import { soakSummary, SOAK_DRIFT, SOAK_LIMIT_MB, type SoakResult } from "./soak";

/** What the passes measured. */
export interface Results {
  rows: Row[];
  clientRows: Row[];
  dashboardRows: Row[];
  weights: PageWeight[];
  notMeasured: string[];
  soakResult: SoakResult | null;
  /** the load average (1 min) before and after the soak */
  soakLoad: number[];
  /** the sale model's passes (one per process count) */
  sale: SalePassResult[];
}

/** The run's database and what every section says of it. */
interface Run {
  label: string;
  when: string;
  conditions: string;
}

function conditionsLine(loadBefore: number[], loadAfter: number[], tool: string): string {
  const cpus = os.cpus();
  return (
    `${cpus.length} cores (${cpus[0]?.model.trim() ?? "unknown CPU"}), Node ${process.version}, ${tool}, ` +
    `server and load generator on the same machine. Load average (1 min) ${loadBefore[0]!.toFixed(2)} before, ${loadAfter[0]!.toFixed(2)} after ` +
    "(if others share the machine, figures are noisy)."
  );
}

function storefrontSection(run: Run, results: Results): string {
  const { label, when, conditions } = run;
  return [
    `### ${label}`,
    "",
    `Measured ${when} UTC: ${PRODUCT_COUNT.toLocaleString("en-US")} products (3 pictures each), ${conditions} ` +
      `The static row is \`${STATIC_ROUTE}\` from the same server's in-memory static files (decision 045) in the same pass; "% of static" compares each row with it ` +
      `at the same connections. "signed in" is a shopper signed in by phone code with 3 cart lines. Server CPU is the server's processes' ` +
      "CPU time over the row (100 % = one core), client CPU the load generator's.",
    "",
    loadTable(results.rows, results.notMeasured),
    "",
    targetsTable(results.rows, MAIN_TOOL),
  ].join("\n");
}

function weightSection(run: Run, weights: PageWeight[]): string {
  const { label, when } = run;
  return [
    `### Page weight, ${label}`,
    "",
    `Measured ${when} UTC with ${PRODUCT_COUNT.toLocaleString("en-US")} products: the HTML as sent (and gzipped at level 6 by the bench), ` +
      "and the JavaScript and CSS each page makes the browser load at once (its modulepreload links, stylesheets and the inline module " +
      "script's imports, read from build/client; each file once). Load average (1 min) " +
      `${os.loadavg()[0]!.toFixed(2)}.`,
    "",
    weightTable(weights),
  ].join("\n");
}

function clientSection(run: Run, results: Results): string {
  const { label, when, conditions } = run;
  const base = results.rows.filter(
    (r) =>
      r.cache === "on" &&
      r.concurrency === 1 &&
      r.who === SIGNED_OUT &&
      (r.route === STATIC_ROUTE || r.route === "/products"),
  );
  return [
    `### Load generator check, ${label}`,
    "",
    `Measured ${when} UTC, page cache on, 1 process: the static file and a cached list page with autocannon (one thread), ` +
      `autocannon with a worker thread per core, and wrk (2 threads). If the client's CPU nears 100 % (one core) while the server's stays below 200 %, ` +
      `or the client spends as much CPU per request as the server, the load generator is the limit, not the server. ${conditions}`,
    "",
    clientTable(
      [...base, ...results.clientRows].sort((a, b) => a.route.localeCompare(b.route) || a.connections - b.connections),
    ),
  ].join("\n");
}

function soakSection(run: Run, soakResult: SoakResult, soakLoad: number[]): string {
  const { label, when } = run;
  const s = soakSummary(soakResult);
  return [
    `### Soak, ${label}`,
    "",
    `Measured ${when} UTC: ${soakResult.seconds} s of mixed traffic at ${soakResult.connections} connections (half as a guest, half as the signed-in ` +
      "shopper with 3 cart lines; the home page, 385 list addresses, 500 product pages, 20 suggestion prefixes and the cart), page cache on, " +
      `${PRODUCT_COUNT.toLocaleString("en-US")} products; the server's resident memory (VmRSS of all its processes, summed) every 5 s. ` +
      `${soakResult.requests.toLocaleString("en-US")} requests, ${soakResult.rps.toFixed(0)} req/s, p50 ${soakResult.p50} ms, p99 ${soakResult.p99} ms, ` +
      `${soakResult.non2xx} non-2xx, ${soakResult.errors} errors. Load average (1 min) ${soakLoad[0]?.toFixed(2)} before, ${soakLoad[1]?.toFixed(2)} after.`,
    "",
    `Bar (issue 14): under ${SOAK_LIMIT_MB} MB throughout, and the end within ${SOAK_DRIFT * 100} % of the value after warm-up (the first minute). ${s.verdict}`,
    "",
    s.table,
  ].join("\n");
}

function dashboardSection(run: Run, dashboardRows: Row[]): string {
  const { label, when, conditions } = run;
  return [
    `### Admin dashboard, ${label}`,
    "",
    `Measured ${when} UTC as a signed-in staff member: ${PRODUCT_COUNT.toLocaleString("en-US")} products, ` +
      `${ORDER_COUNT.toLocaleString("en-US")} orders over 90 days with 1-3 lines each, ${SHOPPER_COUNT.toLocaleString("en-US")} shoppers, ${conditions}`,
    "",
    loadTable(dashboardRows),
  ].join("\n");
}

/** Prints each section that has figures and writes it into docs/performance.md under its key. */
export function writeSections(
  results: Results,
  options: { label: string; postgres: boolean; loadBefore: number[]; storefront: boolean; dashboard: boolean },
): void {
  const loadAfter = os.loadavg();
  const tool = `${MAIN_TOOL === "wrk" ? "wrk (2 threads)" : "autocannon (one thread)"} ${DURATION} s per row${GZIP ? " (accept-encoding: gzip)" : ""}${SERVER_ENTRY ? `, server run as \`node ${[...SERVER_NODE_FLAGS, SERVER_ENTRY].join(" ")}\`` : ""}`;
  const conditions = conditionsLine(options.loadBefore, loadAfter, tool);
  const when = new Date().toISOString().slice(0, 16).replace("T", " ");
  const run: Run = { label: options.label, when, conditions };
  const key = options.postgres ? "postgres" : "pglite";
  const written: string[] = [];
  const write = (section: string, summary: string) => {
    console.log(`\n${summary}\n`);
    writeDoc(section, summary);
    written.push(section);
  };
  if (options.storefront && results.rows.length > 0) write(key, storefrontSection(run, results));
  if (results.weights.length > 0) write(`${key}-weight`, weightSection(run, results.weights));
  if (results.clientRows.length > 0) write(`${key}-client`, clientSection(run, results));
  if (results.soakResult) write(`${key}-soak`, soakSection(run, results.soakResult, results.soakLoad));
  if (options.dashboard && results.dashboardRows.length > 0)
    write(`${key}-dashboard`, dashboardSection(run, results.dashboardRows));
  if (results.sale.length > 0)
    write(`${key}-sale`, saleSection({ label: options.label, products: PRODUCT_COUNT, passes: results.sale }));
  console.log(`Saved to docs/performance.md (${written.map((k) => `bench:${k}`).join(", ")})`);
}
