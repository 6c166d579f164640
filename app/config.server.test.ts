import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  addressWarnings,
  ConfigError,
  isShopOrigin,
  logSettings,
  migrationsDir,
  parseConfig,
  shopOrigins,
  testGatewaySecret,
} from "./config.server";

const SECRET = "x".repeat(40);
const TWILIO = {
  SMS_PROVIDER: "twilio",
  TWILIO_ACCOUNT_SID: `AC${"0123456789abcdef".repeat(2)}`,
  TWILIO_AUTH_TOKEN: "f".repeat(32),
  TWILIO_FROM: "+15005550006",
};

const RAZORPAY = {
  RAZORPAY_KEY_ID: "rzp_live_A1b2C3d4E5f6G7",
  RAZORPAY_KEY_SECRET: "k".repeat(24),
  RAZORPAY_WEBHOOK_SECRET: "webhook-secret-0123",
};
const SMTP = {
  SMTP_URL: "smtps://orders%40shop.example.com:mail-pass-0123@smtp.example.com:465",
  MAIL_FROM: "Saanjh <orders@shop.example.com>",
};
const LIVE = { SHOP_MODE: "live", BASE_URL: "https://shop.example.com", ...TWILIO, ...SMTP };

function problemsOf(env: Record<string, string>): string[] {
  try {
    parseConfig({ AUTH_SECRET: SECRET, ...env });
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe("configuration from the environment", () => {
  it("uses the documented defaults", () => {
    const cwd = mkdtempSync(path.join(tmpdir(), "cfg-"));
    const config = parseConfig({ AUTH_SECRET: SECRET }, cwd);
    expect(config).toMatchObject({
      mode: "demo",
      isDemo: true,
      port: 3000,
      host: "127.0.0.1",
      dataDir: path.join(cwd, "data"),
      pgliteDir: path.join(cwd, "data", "pglite"),
      mediaDir: path.join(cwd, "data", "media"),
      databaseUrl: undefined,
      baseUrl: "http://localhost:3000",
      pageCacheBytes: 160 * 1024 * 1024,
      trustProxy: ["loopback"],
    });
  });

  it("reads TRUST_PROXY in Express's own terms and refuses anything else by name", () => {
    const trust = (value: string) => parseConfig({ AUTH_SECRET: SECRET, TRUST_PROXY: value }).trustProxy;
    expect(trust("1")).toBe(1);
    expect(trust("2")).toBe(2);
    expect(trust("false")).toBe(false);
    expect(trust("true")).toBe(true);
    expect(trust("10.0.0.0/8, 172.16.0.0/12")).toEqual(["10.0.0.0/8", "172.16.0.0/12"]);
    expect(trust("loopback,uniquelocal,203.0.113.7,2001:db8::/32")).toEqual([
      "loopback",
      "uniquelocal",
      "203.0.113.7",
      "2001:db8::/32",
    ]);
    for (const bad of ["yes", "10.0.0.0/33", "10.0.0", "proxy.example.com", "::1/129", "10.0.0.0/8/1"]) {
      expect(problemsOf({ TRUST_PROXY: bad })[0], bad).toMatch(/^TRUST_PROXY must be a number of proxy hops/);
    }
  });

  it("sizes the shared page cache in megabytes, 0 turning it off", () => {
    expect(parseConfig({ AUTH_SECRET: SECRET, PAGE_CACHE_MB: "0" }).pageCacheBytes).toBe(0);
    expect(parseConfig({ AUTH_SECRET: SECRET, PAGE_CACHE_MB: "8" }).pageCacheBytes).toBe(8 * 1024 * 1024);
    expect(problemsOf({ PAGE_CACHE_MB: "lots" })[0]).toMatch(
      /^PAGE_CACHE_MB must be a whole number of megabytes \(0 turns the page cache off\) \(got "lots"\)/,
    );
  });

  it("runs WEB_CONCURRENCY processes on PostgreSQL and one on the embedded database", () => {
    expect(parseConfig({ AUTH_SECRET: SECRET }).processes).toBe(1);
    const pg = parseConfig({
      AUTH_SECRET: SECRET,
      WEB_CONCURRENCY: "3",
      DATABASE_URL: "postgres://shop@127.0.0.1:5432/shop",
    });
    expect(pg.processes).toBe(3);
    const embedded = parseConfig({ AUTH_SECRET: SECRET, WEB_CONCURRENCY: "3" });
    expect([embedded.processes, embedded.processesAsked]).toEqual([1, 3]);
    expect(problemsOf({ WEB_CONCURRENCY: "0" })[0]).toMatch(
      /^WEB_CONCURRENCY must be a whole number of server processes \(1 or more\)/,
    );
  });

  it("renders six pages at once per process unless RENDER_CONCURRENCY says otherwise (0: no limit)", () => {
    expect(parseConfig({ AUTH_SECRET: SECRET }).renderConcurrency).toBe(6);
    expect(parseConfig({ AUTH_SECRET: SECRET, RENDER_CONCURRENCY: "0" }).renderConcurrency).toBe(0);
    expect(parseConfig({ AUTH_SECRET: SECRET, RENDER_CONCURRENCY: "12" }).renderConcurrency).toBe(12);
    expect(problemsOf({ RENDER_CONCURRENCY: "-1" })[0]).toMatch(
      /^RENDER_CONCURRENCY must be a whole number of pages rendered at once \(0 for no limit\)/,
    );
    expect(problemsOf({ RENDER_CONCURRENCY: "many" })[0]).toMatch(/^RENDER_CONCURRENCY must be a whole number/);
  });

  it("names the variable and the bad value when PORT is wrong", () => {
    const [problem] = problemsOf({ PORT: "eighty" });
    expect(problem).toMatch(/^PORT must be a whole number between 1 and 65535/);
    expect(problem).toContain('(got "eighty")');
    expect(problemsOf({ PORT: "70000" })[0]).toMatch(/^PORT /);
  });

  it("rejects a DATABASE_URL that is not a PostgreSQL URL without echoing it", () => {
    const [problem] = problemsOf({ DATABASE_URL: "mysql://user:secret@host/db" });
    expect(problem).toMatch(/^DATABASE_URL must be a postgres:\/\//);
    expect(problem).not.toContain("secret");
  });

  it("rejects an unknown SHOP_MODE and a relative BASE_URL", () => {
    expect(problemsOf({ SHOP_MODE: "production" })[0]).toMatch(/^SHOP_MODE must be 'demo' or 'live'/);
    expect(problemsOf({ BASE_URL: "shop.example.com" })[0]).toMatch(/^BASE_URL must be an absolute URL/);
  });

  it("requires AUTH_SECRET and an https BASE_URL in live mode", () => {
    let problems: string[] = [];
    try {
      parseConfig({ SHOP_MODE: "live", BASE_URL: "http://shop.example.com", PAYMENTS: "cod-only" });
    } catch (error) {
      problems = (error as ConfigError).problems;
    }
    expect(problems).toEqual([
      "SMTP_URL is required when SHOP_MODE=live (e-mail goes out through SMTP)",
      "MAIL_FROM is required when SHOP_MODE=live (e-mail goes out through SMTP)",
      "AUTH_SECRET is required when SHOP_MODE=live",
      'BASE_URL must be set to the shop\'s https:// address when SHOP_MODE=live (got "http://shop.example.com")',
      "SMS_PROVIDER must name a real SMS gateway (twilio) when SHOP_MODE=live; the console provider is for demo mode only",
    ]);
    expect(() =>
      parseConfig({
        SHOP_MODE: "live",
        BASE_URL: "https://shop.example.com",
        AUTH_SECRET: SECRET,
        PAYMENTS: "cod-only",
        ...TWILIO,
        ...SMTP,
      }),
    ).not.toThrow();
  });

  it("refuses live mode with the console SMS provider, explicit or by default", () => {
    const live = { SHOP_MODE: "live", BASE_URL: "https://shop.example.com", PAYMENTS: "cod-only", ...SMTP };
    expect(problemsOf(live)).toEqual([
      "SMS_PROVIDER must name a real SMS gateway (twilio) when SHOP_MODE=live; the console provider is for demo mode only",
    ]);
    expect(problemsOf({ ...live, SMS_PROVIDER: "console" })[0]).toMatch(/^SMS_PROVIDER must name a real SMS gateway/);
    expect(parseConfig({ AUTH_SECRET: SECRET, ...live, ...TWILIO }).sms).toEqual({
      provider: "twilio",
      accountSid: TWILIO.TWILIO_ACCOUNT_SID,
      authToken: TWILIO.TWILIO_AUTH_TOKEN,
      from: "+15005550006",
      apiUrl: "https://api.twilio.com",
    });
  });

  it("uses the console SMS provider in demo mode and names each missing Twilio setting", () => {
    expect(parseConfig({ AUTH_SECRET: SECRET }, mkdtempSync(path.join(tmpdir(), "cfg-"))).sms).toEqual({
      provider: "console",
    });
    expect(problemsOf({ SMS_PROVIDER: "twilio", TWILIO_ACCOUNT_SID: TWILIO.TWILIO_ACCOUNT_SID })).toEqual([
      "TWILIO_AUTH_TOKEN is required when SMS_PROVIDER=twilio",
      "TWILIO_FROM is required when SMS_PROVIDER=twilio",
    ]);
    const [bad] = problemsOf({ ...TWILIO, TWILIO_AUTH_TOKEN: "short" });
    expect(bad).toMatch(/^TWILIO_AUTH_TOKEN must be/);
    expect(bad).not.toContain("short");
    expect(problemsOf({ SMS_PROVIDER: "sns" })[0]).toMatch(/^SMS_PROVIDER must be 'console' or 'twilio'/);
  });

  it("generates a development secret once under DATA_DIR and reuses it", () => {
    const cwd = mkdtempSync(path.join(tmpdir(), "cfg-"));
    const first = parseConfig({ DATA_DIR: "store" }, cwd);
    const second = parseConfig({ DATA_DIR: "store" }, cwd);
    expect(first.authSecret.length).toBeGreaterThanOrEqual(32);
    expect(second.authSecret).toBe(first.authSecret);
    expect(readFileSync(path.join(cwd, "store", "auth-secret"), "utf8").trim()).toBe(first.authSecret);
  });

  it("treats empty variables as unset and trims a trailing slash from BASE_URL", () => {
    const config = parseConfig({ AUTH_SECRET: SECRET, PORT: "", BASE_URL: "https://shop.example.com/" });
    expect(config.port).toBe(3000);
    expect(config.baseUrl).toBe("https://shop.example.com");
  });

  describe("the log and the migrations, read also before the configuration is checked", () => {
    it("logs at info in readable lines, at warn under tests, in JSON in production or when asked", () => {
      expect(logSettings({})).toEqual({ level: "info", format: "pretty" });
      expect(logSettings({ NODE_ENV: "test" })).toEqual({ level: "warn", format: "pretty" });
      expect(logSettings({ NODE_ENV: "production", LOG_FORMAT: "pretty" }).format).toBe("json");
      expect(logSettings({ LOG_FORMAT: "json", LOG_LEVEL: "debug" })).toEqual({ level: "debug", format: "json" });
      expect(logSettings({ LOG_LEVEL: "", LOG_FORMAT: "" })).toEqual({ level: "info", format: "pretty" });
    });

    it("gives the configuration the same answers, and refuses an unknown LOG_FORMAT by name", () => {
      const config = parseConfig({ AUTH_SECRET: SECRET, NODE_ENV: "production", LOG_LEVEL: "error" });
      expect(config).toMatchObject({ logLevel: "error", logFormat: "json" });
      expect(parseConfig({ AUTH_SECRET: SECRET, NODE_ENV: "test" }).logLevel).toBe("warn");
      expect(problemsOf({ LOG_FORMAT: "text" })).toEqual([`LOG_FORMAT must be 'json' or 'pretty' (got "text")`]);
    });

    it("takes the migrations from drizzle/ under the working directory unless MIGRATIONS_DIR says otherwise", () => {
      const cwd = path.resolve("a-shop");
      expect(migrationsDir({}, cwd)).toBe(path.join(cwd, "drizzle"));
      expect(migrationsDir({ MIGRATIONS_DIR: "" }, cwd)).toBe(path.join(cwd, "drizzle"));
      expect(migrationsDir({ MIGRATIONS_DIR: "db/sql" }, cwd)).toBe(path.join(cwd, "db", "sql"));
      expect(parseConfig({ AUTH_SECRET: SECRET, MIGRATIONS_DIR: "db/sql" }, cwd).migrationsDir).toBe(
        path.join(cwd, "db", "sql"),
      );
    });
  });

  describe("e-mail", () => {
    it("uses the console provider in demo mode, with a demo sender unless MAIL_FROM is set", () => {
      expect(parseConfig({ AUTH_SECRET: SECRET }).email).toEqual({
        provider: "console",
        from: { name: "Saanjh", address: "orders@saanjh.example" },
      });
      expect(parseConfig({ AUTH_SECRET: SECRET, MAIL_FROM: "hello@shop.example.com" }).email).toEqual({
        provider: "console",
        from: { name: null, address: "hello@shop.example.com" },
      });
    });

    it("sends through SMTP with SMTP_URL and MAIL_FROM, in demo mode when asked and by default in live mode", () => {
      expect(parseConfig({ AUTH_SECRET: SECRET, EMAIL_PROVIDER: "smtp", ...SMTP }).email).toEqual({
        provider: "smtp",
        url: SMTP.SMTP_URL,
        from: { name: "Saanjh", address: "orders@shop.example.com" },
        requireTLS: false,
      });
      expect(parseConfig({ AUTH_SECRET: SECRET, ...LIVE, PAYMENTS: "cod-only" }).email).toMatchObject({
        provider: "smtp",
        url: SMTP.SMTP_URL,
      });
      // SMTP_URL alone does not switch a demo shop from the console
      expect(parseConfig({ AUTH_SECRET: SECRET, ...SMTP }).email.provider).toBe("console");
    });

    it("insists on STARTTLS in live mode for smtp:// to another machine (never for smtps://, nor a relay on this machine, nor in demo mode)", () => {
      const live = { AUTH_SECRET: SECRET, ...LIVE, PAYMENTS: "cod-only" };
      const requireTLS = (env: Record<string, string>) => {
        const email = parseConfig(env).email;
        return email.provider === "smtp" ? email.requireTLS : null;
      };
      expect(requireTLS({ ...live, SMTP_URL: "smtp://user:pass@smtp.example.com:587" })).toBe(true);
      expect(requireTLS({ ...live, SMTP_URL: "smtps://user:pass@smtp.example.com:465" })).toBe(false);
      expect(requireTLS({ ...live, SMTP_URL: "smtp://127.0.0.1:25" })).toBe(false);
      expect(requireTLS({ ...live, SMTP_URL: "smtp://localhost:25" })).toBe(false);
      expect(
        requireTLS({
          AUTH_SECRET: SECRET,
          EMAIL_PROVIDER: "smtp",
          ...SMTP,
          SMTP_URL: "smtp://user:pass@smtp.example.com:587",
        }),
      ).toBe(false);
    });

    it("refuses the console provider in live mode, and names what SMTP needs", () => {
      expect(problemsOf({ ...LIVE, PAYMENTS: "cod-only", EMAIL_PROVIDER: "console" })).toEqual([
        "EMAIL_PROVIDER must be 'smtp' when SHOP_MODE=live; the console provider is for demo mode only (got \"console\")",
      ]);
      const { SMTP_URL: _url, MAIL_FROM: _from, ...liveWithoutMail } = LIVE;
      expect(problemsOf({ ...liveWithoutMail, PAYMENTS: "cod-only" })).toEqual([
        "SMTP_URL is required when SHOP_MODE=live (e-mail goes out through SMTP)",
        "MAIL_FROM is required when SHOP_MODE=live (e-mail goes out through SMTP)",
      ]);
      expect(problemsOf({ EMAIL_PROVIDER: "smtp" })).toEqual([
        "SMTP_URL is required when EMAIL_PROVIDER=smtp",
        "MAIL_FROM is required when EMAIL_PROVIDER=smtp",
      ]);
      expect(problemsOf({ EMAIL_PROVIDER: "sendgrid" })[0]).toMatch(
        /^EMAIL_PROVIDER must be 'console' or 'smtp' \(got "sendgrid"\)/,
      );
    });

    it("refuses an SMTP_URL that is not smtp:// or smtps:// without echoing it (it carries the password)", () => {
      for (const bad of [
        "https://user:hunter2-secret@mail.example.com",
        "smtp.example.com:587",
        "smtp://user:hunter2-secret@/",
        "smtp://user:hunter2-secret@host/path",
      ]) {
        const problems = problemsOf({ EMAIL_PROVIDER: "smtp", MAIL_FROM: SMTP.MAIL_FROM, SMTP_URL: bad });
        expect(problems, bad).toHaveLength(1);
        expect(problems[0], bad).toMatch(/^SMTP_URL must be an smtp:\/\/ or smtps:\/\/ address/);
        expect(problems[0], bad).not.toContain("hunter2");
      }
    });

    it("reads MAIL_FROM as an address with an optional name, and refuses anything else", () => {
      const from = (value: string) => parseConfig({ AUTH_SECRET: SECRET, MAIL_FROM: value }).email.from;
      expect(from("orders@shop.example.com")).toEqual({ name: null, address: "orders@shop.example.com" });
      expect(from("Saanjh <orders@shop.example.com>")).toEqual({ name: "Saanjh", address: "orders@shop.example.com" });
      expect(from('"Saanjh Orders" <orders@shop.example.com>')).toEqual({
        name: "Saanjh Orders",
        address: "orders@shop.example.com",
      });
      expect(from("  <orders@shop.example.com> ")).toEqual({ name: null, address: "orders@shop.example.com" });
      expect(from("साँझ <orders@shop.example.com>")).toEqual({ name: "साँझ", address: "orders@shop.example.com" });
      for (const bad of [
        "orders",
        "orders@",
        "Saanjh orders@shop.example.com",
        "a@x.com, b@y.com",
        "Saanjh <a@x.com>, b@y.com",
        "Sa<an>jh <orders@shop.example.com>",
        "Saanjh\r\nBcc: x@y.com <orders@shop.example.com>",
        "Saanjh <orders@shop..com>",
      ]) {
        expect(problemsOf({ MAIL_FROM: bad })[0], bad).toMatch(
          /^MAIL_FROM must be an e-mail address, optionally with a name/,
        );
      }
    });
  });

  describe("payments", () => {
    it("uses the local test gateway in demo mode, signing with a key derived from AUTH_SECRET", () => {
      const payments = parseConfig({ AUTH_SECRET: SECRET }).payments;
      expect(payments).toEqual({ provider: "test", online: true, keySecret: testGatewaySecret(SECRET) });
      if (payments.provider !== "test") throw new Error("unreachable");
      expect(payments.keySecret).toMatch(/^[0-9a-f]{64}$/);
      expect(payments.keySecret).not.toContain(SECRET);
      expect(parseConfig({ AUTH_SECRET: "y".repeat(40) }).payments).not.toEqual(payments);
    });

    it("uses Razorpay when its three keys are set, with the documented default addresses", () => {
      expect(parseConfig({ AUTH_SECRET: SECRET, ...RAZORPAY }).payments).toEqual({
        provider: "razorpay",
        online: true,
        keyId: RAZORPAY.RAZORPAY_KEY_ID,
        keySecret: RAZORPAY.RAZORPAY_KEY_SECRET,
        webhookSecret: RAZORPAY.RAZORPAY_WEBHOOK_SECRET,
        apiUrl: "https://api.razorpay.com",
        checkoutUrl: "https://checkout.razorpay.com/v1/checkout.js",
      });
      const local = parseConfig({
        AUTH_SECRET: SECRET,
        ...RAZORPAY,
        RAZORPAY_API_URL: "http://127.0.0.1:4510/",
        RAZORPAY_CHECKOUT_URL: "http://127.0.0.1:4510/v1/checkout.js",
      }).payments;
      expect(local).toMatchObject({
        apiUrl: "http://127.0.0.1:4510",
        checkoutUrl: "http://127.0.0.1:4510/v1/checkout.js",
      });
    });

    it("names each missing Razorpay key when only some are set, without echoing the secrets", () => {
      expect(problemsOf({ RAZORPAY_KEY_ID: RAZORPAY.RAZORPAY_KEY_ID })).toEqual([
        "RAZORPAY_KEY_SECRET is required with the other Razorpay keys: set RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET together, or none of them",
        "RAZORPAY_WEBHOOK_SECRET is required with the other Razorpay keys: set RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET together, or none of them",
      ]);
      expect(
        problemsOf({ RAZORPAY_KEY_ID: RAZORPAY.RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET: RAZORPAY.RAZORPAY_KEY_SECRET }),
      ).toEqual([
        "RAZORPAY_WEBHOOK_SECRET is required with the other Razorpay keys: set RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET together, or none of them",
      ]);
      const shortSecrets = problemsOf({
        ...RAZORPAY,
        RAZORPAY_KEY_SECRET: "tooshort",
        RAZORPAY_WEBHOOK_SECRET: "short",
      });
      expect(shortSecrets.map((p) => p.split(" ")[0])).toEqual(["RAZORPAY_KEY_SECRET", "RAZORPAY_WEBHOOK_SECRET"]);
      expect(shortSecrets.join("\n")).not.toMatch(/tooshort|short"/);
      expect(problemsOf({ ...RAZORPAY, RAZORPAY_KEY_ID: "key_123" })[0]).toMatch(
        /^RAZORPAY_KEY_ID must be a Razorpay key id \(rzp_test_\.\.\. or rzp_live_\.\.\.\) \(got "key_123"\)/,
      );
      expect(problemsOf({ RAZORPAY_API_URL: "api.razorpay.com" })[0]).toMatch(
        /^RAZORPAY_API_URL must be an absolute URL/,
      );
      expect(problemsOf({ PAYMENTS: "card" })[0]).toMatch(/^PAYMENTS must be 'online' or 'cod-only'/);
    });

    it("refuses live mode without Razorpay keys unless the shop takes cash on delivery alone", () => {
      expect(problemsOf(LIVE)).toEqual([
        "RAZORPAY_KEY_ID is required when SHOP_MODE=live: the test payment gateway is for demo mode only (or set PAYMENTS=cod-only to take cash on delivery alone)",
        "RAZORPAY_KEY_SECRET is required when SHOP_MODE=live: the test payment gateway is for demo mode only (or set PAYMENTS=cod-only to take cash on delivery alone)",
        "RAZORPAY_WEBHOOK_SECRET is required when SHOP_MODE=live: the test payment gateway is for demo mode only (or set PAYMENTS=cod-only to take cash on delivery alone)",
      ]);
      expect(parseConfig({ AUTH_SECRET: SECRET, ...LIVE, PAYMENTS: "cod-only" }).payments).toEqual({
        provider: "none",
        online: false,
      });
      expect(parseConfig({ AUTH_SECRET: SECRET, ...LIVE, ...RAZORPAY }).payments).toMatchObject({
        provider: "razorpay",
        online: true,
      });
    });

    it("keeps a configured Razorpay for webhooks and refunds when online payments are turned off", () => {
      expect(parseConfig({ AUTH_SECRET: SECRET, ...LIVE, ...RAZORPAY, PAYMENTS: "cod-only" }).payments).toMatchObject({
        provider: "razorpay",
        online: false,
      });
      expect(parseConfig({ AUTH_SECRET: SECRET, PAYMENTS: "cod-only" }).payments).toMatchObject({
        provider: "test",
        online: false,
      });
    });

    it("requires https gateway addresses in live mode", () => {
      expect(
        problemsOf({
          ...LIVE,
          ...RAZORPAY,
          RAZORPAY_API_URL: "http://127.0.0.1:4510",
          RAZORPAY_CHECKOUT_URL: "http://127.0.0.1:4510/v1/checkout.js",
        }),
      ).toEqual([
        'RAZORPAY_API_URL must be an https:// address when SHOP_MODE=live (got "http://127.0.0.1:4510")',
        'RAZORPAY_CHECKOUT_URL must be an https:// address when SHOP_MODE=live (got "http://127.0.0.1:4510/v1/checkout.js")',
      ]);
    });
  });

  describe("picture storage", () => {
    const S3 = {
      S3_BUCKET: "saanjh-media",
      S3_ENDPOINT: "https://0123abcd.r2.cloudflarestorage.com/",
      S3_ACCESS_KEY_ID: "a1b2c3d4e5f6a1b2c3d4e5f6a1b2c3d4",
      S3_SECRET_ACCESS_KEY: "s3-secret-0123456789abcdef0123456789abcdef",
      S3_PUBLIC_URL: "https://media.saanjh.example/",
    };

    it("keeps pictures on local disk unless S3_BUCKET is set", () => {
      expect(parseConfig({ AUTH_SECRET: SECRET }).media).toEqual({ storage: "local" });
    });

    it("uses S3-compatible storage with its four settings, path-style with an endpoint, region 'auto' there and ap-south-1 on AWS", () => {
      expect(parseConfig({ AUTH_SECRET: SECRET, ...S3 }).media).toEqual({
        storage: "s3",
        bucket: "saanjh-media",
        endpoint: "https://0123abcd.r2.cloudflarestorage.com",
        region: "auto",
        accessKeyId: S3.S3_ACCESS_KEY_ID,
        secretAccessKey: S3.S3_SECRET_ACCESS_KEY,
        publicUrl: "https://media.saanjh.example",
        forcePathStyle: true,
      });
      const aws = parseConfig({ AUTH_SECRET: SECRET, ...S3, S3_ENDPOINT: "" }).media;
      expect(aws).toMatchObject({ storage: "s3", endpoint: undefined, region: "ap-south-1", forcePathStyle: false });
      expect(parseConfig({ AUTH_SECRET: SECRET, ...S3, S3_REGION: "eu-central-1" }).media).toMatchObject({
        region: "eu-central-1",
      });
    });

    it("names each missing S3 setting when only some are set, without echoing the keys", () => {
      const problems = problemsOf({ S3_BUCKET: "saanjh-media", S3_ACCESS_KEY_ID: "AKIAEXAMPLEKEY0001" });
      expect(problems.map((p) => p.split(" ")[0])).toEqual(["S3_SECRET_ACCESS_KEY", "S3_PUBLIC_URL"]);
      expect(problems[0]).toMatch(
        /is required with the other S3 settings: set S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY and S3_PUBLIC_URL together/,
      );
      expect(problemsOf({ S3_SECRET_ACCESS_KEY: "only-the-secret-0123456789" }).map((p) => p.split(" ")[0])).toEqual([
        "S3_BUCKET",
        "S3_ACCESS_KEY_ID",
        "S3_PUBLIC_URL",
      ]);
      expect(problemsOf({ S3_ENDPOINT: "https://s3.example.com" })).toEqual([
        'S3_ENDPOINT is set but S3_BUCKET is not: pictures are kept on local disk unless S3_BUCKET and its companions are set (got "https://s3.example.com")',
      ]);
      const bad = problemsOf({ ...S3, S3_ACCESS_KEY_ID: "with space", S3_SECRET_ACCESS_KEY: "with space too" });
      expect(bad.map((p) => p.split(" ")[0])).toEqual(["S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"]);
      expect(bad.join("\n")).not.toContain("with space");
    });

    it("refuses a bucket name, endpoint or public address that cannot be right", () => {
      expect(problemsOf({ ...S3, S3_BUCKET: "My_Bucket" })[0]).toMatch(/^S3_BUCKET must be a bucket name/);
      expect(problemsOf({ ...S3, S3_ENDPOINT: "r2.example.com" })[0]).toMatch(
        /^S3_ENDPOINT must be the storage provider's API address/,
      );
      expect(problemsOf({ ...S3, S3_PUBLIC_URL: "/media" })[0]).toMatch(/^S3_PUBLIC_URL must be the absolute address/);
      expect(problemsOf({ ...S3, S3_PUBLIC_URL: "https://cdn.example.com/?v=1" })[0]).toMatch(
        /^S3_PUBLIC_URL must be a plain address prefix/,
      );
      expect(problemsOf({ ...S3, S3_REGION: "Mumbai Region" })[0]).toMatch(/^S3_REGION must be a region name/);
    });

    it("requires https addresses in live mode, except for storage on this machine", () => {
      const live = { ...LIVE, ...RAZORPAY };
      expect(problemsOf({ ...live, ...S3 })).toEqual([]);
      expect(
        problemsOf({
          ...live,
          ...S3,
          S3_PUBLIC_URL: "http://media.saanjh.example",
          S3_ENDPOINT: "http://minio.internal:9000",
        }),
      ).toEqual([
        'S3_PUBLIC_URL must be an https:// address when SHOP_MODE=live (pages are https; browsers block http pictures on them) (got "http://media.saanjh.example")',
        'S3_ENDPOINT must be an https:// address when SHOP_MODE=live, unless the storage runs on this machine (got "http://minio.internal:9000")',
      ]);
      expect(problemsOf({ ...live, ...S3, S3_ENDPOINT: "http://127.0.0.1:9000" })).toEqual([]);
      // demo mode takes plain http (a local MinIO or the test fake)
      expect(
        problemsOf({ ...S3, S3_PUBLIC_URL: "http://127.0.0.1:9000/media", S3_ENDPOINT: "http://127.0.0.1:9000" }),
      ).toEqual([]);
    });
  });
});

describe("the shop's own address", () => {
  it("is BASE_URL alone in live mode, and also localhost, 127.0.0.1 and [::1] on the shop's port in demo mode", () => {
    expect(shopOrigins({ baseUrl: "https://shop.example.com", isDemo: false, port: 3000 })).toEqual([
      "https://shop.example.com",
    ]);
    expect(shopOrigins({ baseUrl: "http://localhost:3000", isDemo: false, port: 3000 })).toEqual([
      "http://localhost:3000",
    ]);
    expect(shopOrigins({ baseUrl: "http://localhost:3000", isDemo: true, port: 3000 })).toEqual([
      "http://localhost:3000",
      "http://127.0.0.1:3000",
      "http://[::1]:3000",
    ]);
    // a demo shop behind a local proxy on another port: both ports, each under the three names
    expect(shopOrigins({ baseUrl: "http://127.0.0.1:8080", isDemo: true, port: 3000 }).sort()).toEqual(
      [
        "http://127.0.0.1:3000",
        "http://127.0.0.1:8080",
        "http://[::1]:3000",
        "http://[::1]:8080",
        "http://localhost:3000",
        "http://localhost:8080",
      ].sort(),
    );
    const demo = { baseUrl: "http://localhost:3000", isDemo: true, port: 3000 };
    expect(isShopOrigin(demo, "http://127.0.0.1:3000")).toBe(true);
    expect(isShopOrigin(demo, "http://[::1]:3000/admin")).toBe(true);
    for (const other of [
      "http://127.0.0.1:3001",
      "https://127.0.0.1:3000",
      "http://192.168.1.20:3000",
      "null",
      "",
      "http://localhost.evil.example:3000",
    ]) {
      expect(isShopOrigin(demo, other), other).toBe(false);
    }
    expect(isShopOrigin({ ...demo, isDemo: false }, "http://127.0.0.1:3000")).toBe(false);
  });

  it("warns at start-up, naming BASE_URL, when the shop listens on every interface but BASE_URL is this machine", () => {
    for (const host of ["0.0.0.0", "::"]) {
      for (const baseUrl of ["http://localhost:3000", "http://127.0.0.1:3000"]) {
        const [warning, ...more] = addressWarnings({ host, baseUrl, port: 3000 });
        expect(more).toEqual([]);
        expect(warning).toContain(`HOST=${host}`);
        expect(warning).toContain(`BASE_URL is ${baseUrl}`);
        expect(warning).toContain("people on other machines will be refused when they sign in");
      }
    }
    // the default (this machine only), and an address other machines can open, need no warning
    expect(addressWarnings({ host: "127.0.0.1", baseUrl: "http://localhost:3000", port: 3000 })).toEqual([]);
    expect(addressWarnings({ host: "0.0.0.0", baseUrl: "https://shop.example.com", port: 3000 })).toEqual([]);
    expect(addressWarnings({ host: "0.0.0.0", baseUrl: "http://192.168.1.20:3000", port: 3000 })).toEqual([]);
    // as parsed from the environment, BASE_URL's default included
    expect(addressWarnings(parseConfig({ AUTH_SECRET: SECRET, HOST: "0.0.0.0", PORT: "3100" }))[0]).toContain(
      "BASE_URL is http://localhost:3100",
    );
  });
});
