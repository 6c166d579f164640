#!/usr/bin/env node
/*
 * `npm start`: build the production bundle when it is missing or older than the sources (in a
 * process of its own, scripts/start-build.mjs, which checks the settings first), then serve it
 * (server/index.ts checks the settings, migrates, seeds on first run and listens) in a child process
 * that is started again if it ever dies after it was ready (scripts/supervise.mjs), so a crash does
 * not leave the shop down.
 *
 * This process stays beside the shop all day doing nothing else, so it loads nothing it does not
 * need: Node's own modules and two small files (decision 048).
 */
import { spawn } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { SERVER_ENTRY, SERVER_NODE_FLAGS, serverEnvironment } from "./build.mjs";
import { supervise } from "./supervise.mjs";

process.env.NODE_ENV ??= "production";

const SOURCES = [
  "app",
  "server",
  "public",
  "package.json",
  "package-lock.json",
  "vite.config.ts",
  "react-router.config.ts",
];
// the bundled server entry is written last: its absence means an old or unfinished build
const BUILD_MARKER = SERVER_ENTRY;

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
  const args = ["scripts/start-build.mjs", ...(built ? ["--stale"] : [])];
  const status = await new Promise((resolve) => {
    spawn(process.execPath, args, { stdio: "inherit" }).on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
  if (status !== 0) process.exit(status);
}

// plain node on the bundled entry: tsx's loader would hold about 250 MB more per process
supervise({
  command: process.execPath,
  args: [...SERVER_NODE_FLAGS, SERVER_ENTRY],
  env: serverEnvironment(process.env),
});
