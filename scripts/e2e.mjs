#!/usr/bin/env node
/*
 * `npm run test:e2e`: end-to-end tests in the system's Chromium against the production build on a
 * fresh embedded database. Fails early, with the fix, when no Chromium is installed.
 */
import { spawnSync } from "node:child_process";
import { accessSync, constants, rmSync } from "node:fs";
import { build } from "./build.mjs";

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
try {
  accessSync(chromium, constants.X_OK);
} catch {
  console.error(
    `\nNo Chromium at ${chromium}. The end-to-end tests use the system's Chromium, never a downloaded one.\n` +
      "Install it (Debian/Ubuntu):  sudo apt-get update && sudo apt-get install -y chromium\n" +
      "or point CHROMIUM_PATH at an installed Chromium or Chrome binary.\n",
  );
  process.exit(1);
}

const run = (args) => spawnSync(process.execPath, args, { stdio: "inherit" });

console.log("Building the production bundle for the end-to-end tests...");
const status = await build({ quiet: true });
if (status !== 0) process.exit(status);

// A fresh data folder each run: the server migrates and seeds it on start. The back-in-stock test
// runs a second shop of its own (tests/e2e/inventory.spec.ts) on tmp/e2e-stock-data, the order
// tracking test another on tmp/e2e-track-data (tests/e2e/track-order.spec.ts), the Razorpay
// checkout test another on tmp/e2e-razorpay-data (tests/e2e/checkout.spec.ts).
rmSync(process.env.E2E_DATA_DIR ?? "tmp/e2e-data", { recursive: true, force: true });
rmSync("tmp/e2e-stock-data", { recursive: true, force: true });
rmSync("tmp/e2e-track-data", { recursive: true, force: true });
rmSync("tmp/e2e-razorpay-data", { recursive: true, force: true });
const result = run(["node_modules/@playwright/test/cli.js", "test", ...process.argv.slice(2)]);
process.exit(result.status ?? 1);
