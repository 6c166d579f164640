#!/usr/bin/env node
/*
 * The part of `npm start` that runs only when the production build is missing or older than the
 * sources: check the settings (a wrong one should stop us before a minute of building, not after),
 * then build. A process of its own, started by scripts/start.mjs and gone once it is done, so the
 * restarting parent that stays all day holds neither the TypeScript loader nor the build's tools
 * (decision 048). Exit code: 0 built, 1 a wrong setting, else the build's status.
 */
import { register } from "tsx/esm/api";
import { build } from "./build.mjs";

process.env.NODE_ENV ??= "production";
register();

const { ConfigError, parseConfig } = await import("../app/config.server.ts");
try {
  parseConfig(process.env);
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(`\n${error.message}\n\nSee the configuration table in README.md.\n`);
  process.exit(1);
}

const rebuilding = process.argv.includes("--stale");
console.log(rebuilding ? "Sources changed since the last build: building..." : "No production build yet: building...");
const started = Date.now();
const status = await build({ quiet: true });
if (status !== 0) {
  console.error("The build failed; see the messages above.");
  process.exit(status);
}
console.log(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
process.exit(0);
