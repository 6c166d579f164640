/* One row of the tables: a route warmed, then loaded at each connection count with the load generator. */
import { runLoad, type Tool } from "./load";
import { treeRss } from "./proc";
import type { Row } from "./report";
import type { Pass, Server } from "./server";
import { BASE, CONNECTIONS, DURATION, GZIP, MAIN_TOOL } from "./settings";

/** One GET on a fresh connection (a kept-alive socket may have been closed by the server after a load run). */
async function get(url: string, headers: Record<string, string> = {}): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      const r = await fetch(url, { headers: { ...headers, connection: "close" } });
      await r.arrayBuffer();
      return;
    } catch (error) {
      if (attempt >= 3) throw error;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

export async function suggestionRoute(): Promise<string | null> {
  try {
    const r = await fetch(`${BASE}/api/search/suggest?q=kurta`, { redirect: "manual" });
    return r.status === 200 && (r.headers.get("content-type") ?? "").includes("json")
      ? "/api/search/suggest?q=kurta"
      : null;
  } catch {
    return null;
  }
}

export const SIGNED_OUT = "guest";
export const SIGNED_IN = "signed in";

/** Warms `route` with 20 requests, then measures it at each connection count. */
export async function measure(
  server: Server,
  pass: Pass,
  route: string,
  label: string,
  who: string,
  headers: Record<string, string>,
  into: Row[],
  options: { connections?: number[]; tool?: Tool; warmUp?: boolean } = {},
): Promise<void> {
  const { connections = CONNECTIONS, tool = MAIN_TOOL } = options;
  const allHeaders = GZIP ? { ...headers, "accept-encoding": "gzip" } : headers;
  for (let i = 0; i < 20; i++) await get(`${BASE}${route}`, allHeaders);
  // the first row of a pass meets a server fresh from start: a few seconds of load first, so the
  // static row (every other row's yardstick) is not measured on code still being compiled
  if (options.warmUp)
    runLoad({ url: `${BASE}${route}`, connections: 10, duration: 3, headers: allHeaders, tool: "autocannon" });
  for (const c of connections) {
    process.stdout.write(`  ${label} (${who}${tool === MAIN_TOOL ? "" : `, ${tool}`}) at ${c} connections... `);
    const processes = treeRss(server.pid)?.processes ?? 1;
    const result = runLoad({
      url: `${BASE}${route}`,
      connections: c,
      duration: DURATION,
      headers: allHeaders,
      tool,
      serverPid: server.pid,
    });
    const row: Row = {
      route: label,
      who,
      cache: pass.cache,
      concurrency: pass.concurrency,
      processes,
      connections: c,
      tool,
      ...result,
    };
    console.log(
      `${row.rps.toFixed(0)} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms, server CPU ${row.serverCpu ?? "-"} %, client CPU ${row.clientCpu ?? "-"} %` +
        (row.non2xx || row.errors ? `, ${row.non2xx} non-2xx, ${row.errors} errors` : ""),
    );
    into.push(row);
  }
}
