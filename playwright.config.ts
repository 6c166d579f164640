import { defineConfig, devices } from "@playwright/test";

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://127.0.0.1:${E2E_PORT}`;
const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

// Chromium from the system (Debian's package), never a downloaded browser. Flags: see STACK-NOTES.
const launchOptions = {
  executablePath: chromium,
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
};

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 1,
  // on CI a test that fails is run once more and, if it then passes, reported as flaky (decision 054)
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [["list"]],
  timeout: 30_000,
  expect: { timeout: 7_500 },
  use: {
    baseURL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions,
  },
  projects: [
    { name: "desktop", use: { ...devices["Desktop Chrome"], viewport: { width: 1440, height: 900 }, launchOptions } },
    {
      name: "phone",
      use: { ...devices["Pixel 7"], viewport: { width: 390, height: 844 }, launchOptions },
      // server-level checks need no second run at phone width
      testIgnore: /healthz-postgres|hardening|checkout-processes|page-cache-processes|request-bodies/,
    },
  ],
  webServer: {
    // The production build on a fresh embedded database: exercises first-run migration and seeding.
    command: "node scripts/start.mjs",
    url: `${baseURL}/healthz`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
    env: {
      PORT: String(E2E_PORT),
      HOST: "127.0.0.1",
      BASE_URL: baseURL,
      DATA_DIR: process.env.E2E_DATA_DIR ?? "tmp/e2e-data",
      SHOP_MODE: "demo",
      // the demo shopper's seeded orders would change the counts these tests read
      DEMO_ORDERS: "off",
      LOG_LEVEL: "warn",
    },
  },
});
