#!/usr/bin/env node
/*
 * `npm start`: build the production bundle when it is missing or older than the sources,
 * then serve it (server/index.ts migrates, seeds on first run and listens).
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const SOURCES = ["app", "public", "package.json", "package-lock.json", "vite.config.ts", "react-router.config.ts"];
const BUILD_MARKER = "build/server/index.js";

function newestMtime(entry) {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const child of readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

const built = existsSync(BUILD_MARKER) ? statSync(BUILD_MARKER).mtimeMs : 0;
const sourcesChanged = Math.max(...SOURCES.map(newestMtime)) > built;
if (!built || sourcesChanged) {
  console.log(built ? "Sources changed since the last build: building..." : "No production build yet: building (about a minute)...");
  const started = Date.now();
  const result = spawnSync(process.execPath, ["node_modules/@react-router/dev/bin.js", "build"], {
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (result.status !== 0) {
    console.error("The build failed; see the messages above.");
    process.exit(result.status ?? 1);
  }
  console.log(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}

process.env.NODE_ENV ??= "production";
const { register } = await import("tsx/esm/api");
register();
await import("../server/index.ts");
