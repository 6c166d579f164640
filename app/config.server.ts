import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { envSchema, type Env } from "./config/env.server";
import {
  emailConfig,
  mediaConfig,
  paymentsConfig,
  shippingConfig,
  type EmailConfig,
  type MediaConfig,
  type PaymentsConfig,
  type ShippingConfig,
  type SmsConfig,
} from "./config/services.server";
import type { TrustProxy } from "./config/values.server";
import { processSingleton } from "./lib/process-singleton";

/*
 * The shop's configuration: the environment checked once at start-up (config/env-fields.server.ts,
 * config/env.server.ts), the services it chooses (config/services.server.ts), the settings' own
 * formats (config/values.server.ts) and the shop's origins (config/origins.server.ts).
 */

export type { Env } from "./config/env.server";
export { addressWarnings, isShopOrigin, shopOrigins, type ShopAddress } from "./config/origins.server";
export {
  DEFAULT_S3_REGION,
  DEMO_MAIL_FROM,
  testGatewaySecret,
  type EmailConfig,
  type MediaConfig,
  type PaymentsConfig,
  type ShippingConfig,
  type SmsConfig,
} from "./config/services.server";
export {
  isPlainEmailAddress,
  parseMailbox,
  parseTrustProxy,
  type Mailbox,
  type TrustProxy,
} from "./config/values.server";

export interface Config {
  nodeEnv: Env["NODE_ENV"];
  mode: Env["SHOP_MODE"];
  isDemo: boolean;
  /** demo mode: the first start seeds a demo shopper's orders (DEMO_ORDERS, on by default) */
  demoOrders: boolean;
  port: number;
  host: string;
  /** absolute path */
  dataDir: string;
  /** absolute path of the embedded database folder (unused when databaseUrl is set) */
  pgliteDir: string;
  /** absolute path under which uploaded and generated pictures are stored (local disk storage) */
  mediaDir: string;
  /** where pictures are stored: local disk (mediaDir, served at /media) or S3-compatible storage */
  media: MediaConfig;
  databaseUrl: string | undefined;
  baseUrl: string;
  authSecret: string;
  logLevel: NonNullable<Env["LOG_LEVEL"]>;
  logFormat: LogSettings["format"];
  /** absolute path of the generated SQL migrations */
  migrationsDir: string;
  sms: SmsConfig;
  /** bytes the shared page cache may hold; 0 = off (docs/decisions/013) */
  pageCacheBytes: number;
  /**
   * how long the page cache answers a copy as fresh (PAGE_CACHE_SECONDS); changes reach every process
   * at once (decision 044), so this only bounds how old a page that nothing changed may be
   */
  pageCacheSeconds: number;
  /**
   * server processes on the one port (WEB_CONCURRENCY, node:cluster): as asked on PostgreSQL, always 1
   * on the embedded database, which only one process can open (decision 029)
   */
  processes: number;
  /** WEB_CONCURRENCY as asked, when the embedded database made it 1 (for the start-up message) */
  processesAsked: number;
  /** page requests (GET, HEAD) each process renders at once; the rest wait in order; 0 = no limit (decision 030) */
  renderConcurrency: number;
  /** how long a stopping server lets requests in flight finish before closing their connections */
  shutdownTimeoutMs: number;
  /** which proxies' X-Forwarded-For to believe, in Express's `trust proxy` terms */
  trustProxy: TrustProxy;
  /** who takes online payments, and whether the checkout may offer them (docs/decisions/017) */
  payments: PaymentsConfig;
  /** who delivers e-mail (order confirmations): docs/decisions/018 */
  email: EmailConfig;
  /** who carries parcels: docs/decisions/041 */
  shipping: ShippingConfig;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/** Parses an environment; pure apart from creating and reading the generated development secret. */
export function parseConfig(source: NodeJS.ProcessEnv, cwd = process.cwd()): Config {
  // Treat empty strings like unset values: `FOO= npm start` should mean the default.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => {
      const name = issue.path.join(".") || "environment";
      const got = typeof issue.path[0] === "string" ? cleaned[issue.path[0]] : undefined;
      const shown =
        got === undefined || /SECRET|PASSWORD|DATABASE_URL|TOKEN|SMTP_URL|ACCESS_KEY/.test(name)
          ? ""
          : ` (got "${got}")`;
      return `${name} ${issue.message}${shown}`;
    });
    throw new ConfigError(problems);
  }
  const env = result.data;
  const log = logSettings(cleaned);
  const dataDir = path.resolve(cwd, env.DATA_DIR);
  const authSecret = env.AUTH_SECRET ?? generatedSecret(dataDir);
  return {
    nodeEnv: env.NODE_ENV,
    mode: env.SHOP_MODE,
    isDemo: env.SHOP_MODE === "demo",
    demoOrders: env.SHOP_MODE === "demo" && env.DEMO_ORDERS === "on",
    port: env.PORT,
    host: env.HOST,
    dataDir,
    pgliteDir: path.join(dataDir, "pglite"),
    mediaDir: path.join(dataDir, "media"),
    media: mediaConfig(env),
    databaseUrl: env.DATABASE_URL,
    baseUrl: env.BASE_URL ?? `http://localhost:${env.PORT}`,
    authSecret,
    logLevel: log.level as NonNullable<Env["LOG_LEVEL"]>, // a value envSchema accepted, or the default
    logFormat: log.format,
    migrationsDir: migrationsDir(cleaned, cwd),
    pageCacheBytes: env.PAGE_CACHE_MB * 1024 * 1024,
    pageCacheSeconds: env.PAGE_CACHE_SECONDS,
    processes: env.DATABASE_URL ? env.WEB_CONCURRENCY : 1,
    processesAsked: env.WEB_CONCURRENCY,
    renderConcurrency: env.RENDER_CONCURRENCY,
    trustProxy: env.TRUST_PROXY,
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_SECONDS * 1000,
    payments: paymentsConfig(env, authSecret),
    email: emailConfig(env),
    shipping: shippingConfig(env),
    sms:
      env.SMS_PROVIDER === "twilio" && env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN && env.TWILIO_FROM
        ? {
            provider: "twilio",
            accountSid: env.TWILIO_ACCOUNT_SID,
            authToken: env.TWILIO_AUTH_TOKEN,
            from: env.TWILIO_FROM,
            apiUrl: env.TWILIO_API_URL,
          }
        : { provider: "console" },
  };
}

/*
 * Two settings are also read straight from the environment, where they are used: the logger starts
 * before the configuration is checked (it must be able to report a configuration that fails), and
 * the database is migrated by scripts and tests that never parse the shop's configuration (a test
 * points MIGRATIONS_DIR at a folder of its own for one migration). parseConfig answers the same.
 * As everywhere, an empty value means the default.
 */

const setting = (source: NodeJS.ProcessEnv, name: string): string | undefined => source[name] || undefined;

export interface LogSettings {
  /** a pino level; LOG_LEVEL, by default `warn` under tests and `info` otherwise */
  level: string;
  /** JSON lines in production builds or with LOG_FORMAT=json; readable lines otherwise */
  format: "json" | "pretty";
}

export function logSettings(source: NodeJS.ProcessEnv = process.env): LogSettings {
  return {
    level: setting(source, "LOG_LEVEL") ?? (source.NODE_ENV === "test" ? "warn" : "info"),
    format: source.NODE_ENV === "production" || source.LOG_FORMAT === "json" ? "json" : "pretty",
  };
}

/**
 * The folder of the generated SQL migrations (MIGRATIONS_DIR, by default `drizzle`), resolved from
 * the working directory, never from a file's location: after the build the code runs from
 * build/server/.
 */
export function migrationsDir(source: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): string {
  return path.resolve(cwd, setting(source, "MIGRATIONS_DIR") ?? "drizzle");
}

/** In demo mode an unset AUTH_SECRET is generated once and kept under DATA_DIR, so sessions survive restarts. */
function generatedSecret(dataDir: string): string {
  const file = path.join(dataDir, "auth-secret");
  if (existsSync(file)) {
    const stored = readFileSync(file, "utf8").trim();
    if (stored.length >= 32) return stored;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/** The process-wide configuration, parsed on first use. */
export function getConfig(): Config {
  return processSingleton("config", () => parseConfig(process.env));
}
