/*
 * What a page weighs for the browser: its HTML (as sent without compression, and gzipped as the
 * server's compression does), and the JavaScript and CSS it makes the browser load at once: the
 * modulepreload links, script sources and the inline module script's imports, each file read from
 * build/client and counted once, raw and gzipped.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

export interface PageWeight {
  page: string;
  status: number;
  htmlBytes: number;
  htmlGzip: number;
  jsFiles: number;
  jsBytes: number;
  jsGzip: number;
  cssBytes: number;
  cssGzip: number;
}

/** The client build's files a document loads at once (JS and CSS), in the order they appear. */
export function assetsOf(html: string): string[] {
  const found = new Set<string>();
  const add = (url: string | undefined) => {
    if (url && url.startsWith("/assets/") && /\.(js|css)$/.test(url)) found.add(url);
  };
  for (const tag of html.match(/<link\b[^>]*>/g) ?? []) {
    if (/\brel="(modulepreload|stylesheet)"/.test(tag)) add(tag.match(/\bhref="([^"]+)"/)?.[1]);
  }
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    const [, attributes, body] = match;
    add(attributes!.match(/\bsrc="([^"]+)"/)?.[1]);
    if (!/type="module"/.test(attributes!)) continue;
    // static imports (`import * as route0 from "..."`, `import "..."`) and dynamic ones (`import("...")`);
    // the route manifest's "module"/"imports" strings are only loaded on navigation, so not counted
    for (const m of body!.matchAll(/\bimport\s*(?:[^"'();]*?\bfrom\s*)?\(?\s*"([^"]+)"/g)) add(m[1]);
  }
  return [...found];
}

const gzipCache = new Map<string, { raw: number; gzip: number }>();

function fileWeight(clientDir: string, url: string): { raw: number; gzip: number } {
  const cached = gzipCache.get(url);
  if (cached) return cached;
  const bytes = readFileSync(path.join(clientDir, url));
  const weight = { raw: bytes.length, gzip: gzipSync(bytes).length };
  gzipCache.set(url, weight);
  return weight;
}

/** Fetches `route` (uncompressed, with `headers`) and weighs it and what it loads. */
export async function pageWeight(
  base: string,
  route: string,
  label: string,
  headers: Record<string, string> = {},
  clientDir = "build/client",
): Promise<PageWeight> {
  const response = await fetch(`${base}${route}`, {
    headers: { ...headers, "accept-encoding": "identity", connection: "close" },
  });
  const body = Buffer.from(await response.arrayBuffer());
  const html = body.toString("utf8");
  const weight: PageWeight = {
    page: label,
    status: response.status,
    htmlBytes: body.length,
    htmlGzip: gzipSync(body).length,
    jsFiles: 0,
    jsBytes: 0,
    jsGzip: 0,
    cssBytes: 0,
    cssGzip: 0,
  };
  for (const url of assetsOf(html)) {
    const w = fileWeight(clientDir, url);
    if (url.endsWith(".js")) {
      weight.jsFiles += 1;
      weight.jsBytes += w.raw;
      weight.jsGzip += w.gzip;
    } else {
      weight.cssBytes += w.raw;
      weight.cssGzip += w.gzip;
    }
  }
  return weight;
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

export function weightTable(weights: PageWeight[]): string {
  const lines = [
    "| Page | HTML | HTML gzip | JS files | JS | JS gzip | CSS | CSS gzip |",
    "|---|---:|---:|---:|---:|---:|---:|---:|",
  ];
  for (const w of weights) {
    const status = w.status === 200 ? "" : ` (status ${w.status})`;
    lines.push(
      `| ${w.page}${status} | ${kb(w.htmlBytes)} | ${kb(w.htmlGzip)} | ${w.jsFiles} | ${kb(w.jsBytes)} | ${kb(w.jsGzip)} | ${kb(w.cssBytes)} | ${kb(w.cssGzip)} |`,
    );
  }
  return lines.join("\n");
}
