import { spawn, type ChildProcess } from "node:child_process";
import { expect, test } from "@playwright/test";
import pg from "pg";

/*
 * On PostgreSQL: the same production build serves /healthz with 200, answers 503 while the
 * database refuses connections, and recovers when it comes back. Runs when TEST_DATABASE_URL is set.
 */
const baseUrl = process.env.TEST_DATABASE_URL;
const PORT = 3211;
const database = `shop_e2e_health_${process.pid}`;

test.describe("health check on PostgreSQL", () => {
  test.skip(!baseUrl, "TEST_DATABASE_URL is not set");
  test.setTimeout(120_000);

  let server: ChildProcess | undefined;
  let admin: pg.Client;

  test.beforeAll(async () => {
    admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${database}`);
    const url = new URL(baseUrl!);
    url.pathname = `/${database}`;
    server = spawn(process.execPath, ["scripts/start.mjs"], {
      env: {
        ...process.env,
        PORT: String(PORT),
        HOST: "127.0.0.1",
        DATABASE_URL: url.toString(),
        // live mode: no demo catalogue, so start-up is quick
        SHOP_MODE: "live",
        BASE_URL: "https://shop.example.test",
        AUTH_SECRET: "e2e-health-secret-0123456789abcdefghij",
        // live mode requires a real SMS gateway; nothing is sent in this test
        SMS_PROVIDER: "twilio",
        TWILIO_ACCOUNT_SID: `AC${"0".repeat(32)}`,
        TWILIO_AUTH_TOKEN: "e2e-health-token-0123456789",
        TWILIO_FROM: "+15005550006",
        TWILIO_API_URL: "http://127.0.0.1:9",
        // live mode requires an SMTP server for e-mail; nothing is sent in this test
        SMTP_URL: "smtp://127.0.0.1:9",
        MAIL_FROM: "Saanjh <orders@shop.example.test>",
        // live mode requires Razorpay keys or cash on delivery alone; nothing is paid in this test
        PAYMENTS: "cod-only",
        DATA_DIR: "tmp/e2e-health-data",
        LOG_LEVEL: "warn",
      },
      stdio: "inherit",
    });
    await expect
      .poll(async () => (await fetch(`http://127.0.0.1:${PORT}/healthz`).catch(() => null))?.status ?? 0, {
        timeout: 90_000,
      })
      .toBe(200);
  });

  test.afterAll(async () => {
    server?.kill("SIGTERM");
    await new Promise((resolve) => server?.once("exit", resolve));
    await admin.query(`ALTER DATABASE ${database} ALLOW_CONNECTIONS true`).catch(() => {});
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.end();
  });

  test("answers 200, then 503 while the database is unreachable, then 200 again", async () => {
    const health = async () => {
      const response = await fetch(`http://127.0.0.1:${PORT}/healthz`);
      return {
        status: response.status,
        body: (await response.json()) as { status: string; database: { kind: string; ok: boolean }; warmUp: unknown },
      };
    };
    // no visitor yet, so the warm-up has not begun (decision 057)
    const idle = { running: false, rounds: 0, made: 0, lastRoundMs: null };
    expect(await health()).toEqual({
      status: 200,
      body: { status: "ok", database: { kind: "postgres", ok: true }, warmUp: idle },
    });

    await admin.query(`ALTER DATABASE ${database} ALLOW_CONNECTIONS false`);
    await admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1`, [database]);
    const down = await health();
    expect(down.status).toBe(503);
    // the driver's reason goes to the log, not to whoever asks
    expect(down.body).toEqual({ status: "unavailable", database: { kind: "postgres", ok: false }, warmUp: idle });

    await admin.query(`ALTER DATABASE ${database} ALLOW_CONNECTIONS true`);
    await expect.poll(async () => (await health()).status, { timeout: 15_000 }).toBe(200);
  });
});
