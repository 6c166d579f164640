#!/usr/bin/env node
/*
 * `npm start`: build the production bundle when it is missing or older than the sources,
 * then serve it (server/index.ts migrates, seeds on first run and listens) in a child process
 * that is started again if it ever dies after it was ready, so a crash does not leave the shop down.
 */
import { spawn } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { register } from "tsx/esm/api";
import { build, SERVER_ENTRY, SERVER_NODE_FLAGS } from "./build.mjs";

process.env.NODE_ENV ??= "production";
register();

// A wrong setting should stop us before a minute of building, not after.
const { ConfigError, parseConfig } = await import("../app/config.server.ts");
try {
  parseConfig(process.env);
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(`\n${error.message}\n\nSee the configuration table in README.md.\n`);
  process.exit(1);
}

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
  console.log(built ? "Sources changed since the last build: building..." : "No production build yet: building...");
  const started = Date.now();
  const status = await build({ quiet: true });
  if (status !== 0) {
    console.error("The build failed; see the messages above.");
    process.exit(status);
  }
  console.log(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}

// A crash loop (five restarts within a minute) is not worth repeating: stop and say so.
const RESTARTS_PER_MINUTE = 5;
const restarts = [];
let child = null;
let stopping = false;

function serve() {
  let ready = false;
  // plain node on the bundled entry: tsx's loader would hold about 250 MB more per process
  child = spawn(process.execPath, [...SERVER_NODE_FLAGS, SERVER_ENTRY], {
    stdio: ["inherit", "inherit", "inherit", "ipc"],
  });
  child.on("message", (message) => {
    if (message && message.shop === "ready") ready = true;
  });
  child.on("exit", (code, signal) => {
    child = null;
    if (stopping || !ready) process.exit(code ?? (signal ? 1 : 0));
    const now = Date.now();
    restarts.push(now);
    while (restarts.length > 0 && restarts[0] < now - 60_000) restarts.shift();
    if (restarts.length > RESTARTS_PER_MINUTE) {
      console.error(
        `The shop stopped ${restarts.length} times within a minute; not restarting it again. See the messages above.`,
      );
      process.exit(1);
    }
    console.error(`\n  The shop stopped unexpectedly (${signal ?? `exit code ${code}`}); starting it again...\n`);
    setTimeout(serve, 1_000);
  });
}

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    stopping = true;
    if (child) child.kill(signal);
    else process.exit(0);
  });
}
serve();
