import { spawn, type ChildProcess } from "node:child_process";
import { createHmac, randomBytes, randomUUID } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import pg from "pg";
import { openDatabase, type Database } from "../../app/db/client.server";
import { session } from "../../app/modules/accounts/auth-schema.server";
import { addLine, getCartLines } from "../../app/modules/cart/cart.server";
import { productVariants } from "../../app/modules/catalog/schema.server";
import { findVariant } from "../../app/modules/catalog/variants.server";
import { ensureStoreSettings } from "../../app/modules/content/settings.server";
import { ensureCoupons } from "../../app/modules/coupons/coupons.server";
import { coupons } from "../../app/modules/coupons/schema.server";
import { orderLines, orders } from "../../app/modules/orders/schema.server";
import { createTestProduct } from "../factories/catalog";
import { createTestShopper } from "../factories/orders";
import { expect, test } from "./support/test";

/*
 * The checkout across real server processes on one PostgreSQL (decision 020): 50 shoppers checking out
 * the last unit through two processes at once; SIGTERM in the middle of a burst (every answered
 * checkout has its order, every unanswered one is found or placed by its key on retry); kill -9 in
 * the middle of a burst (each order is all there or not at all). Runs when TEST_DATABASE_URL is set.
 */

const baseUrl = process.env.TEST_DATABASE_URL;
const database = `shop_e2e_checkout_${process.pid}`;
const AUTH_SECRET = "e2e-checkout-secret-0123456789abcdefghij";
const PORTS = { a: 3231, b: 3232 } as const;
type Name = keyof typeof PORTS;

test.describe("checkout across server processes on PostgreSQL", () => {
  test.skip(!baseUrl, "TEST_DATABASE_URL is not set");
  test.setTimeout(180_000);

  let admin: pg.Client;
  let db: Database;
  let url = "";
  const servers = new Map<Name, ChildProcess>();

  async function start(name: Name) {
    const server = spawn(process.execPath, ["build/server/main.js"], {
      env: {
        ...process.env,
        NODE_ENV: "production",
        PORT: String(PORTS[name]),
        HOST: "127.0.0.1",
        DATABASE_URL: url,
        // live mode: no demo catalogue, so start-up is quick; the test makes its own products
        SHOP_MODE: "live",
        BASE_URL: "https://shop.example.test",
        AUTH_SECRET,
        SMS_PROVIDER: "twilio",
        TWILIO_ACCOUNT_SID: `AC${"0".repeat(32)}`,
        TWILIO_AUTH_TOKEN: "e2e-checkout-token-0123456789",
        TWILIO_FROM: "+15005550006",
        TWILIO_API_URL: "http://127.0.0.1:9",
        SMTP_URL: "smtp://127.0.0.1:9",
        MAIL_FROM: "Saanjh <orders@shop.example.test>",
        PAYMENTS: "cod-only",
        PAGE_CACHE_MB: "0",
        DATA_DIR: `tmp/e2e-checkout-${name}`,
        LOG_LEVEL: "error",
      },
      stdio: ["ignore", "ignore", "inherit"],
    });
    servers.set(name, server);
    await expect
      .poll(async () => (await fetch(`http://127.0.0.1:${PORTS[name]}/healthz`).catch(() => null))?.status ?? 0, {
        timeout: 90_000,
      })
      .toBe(200);
  }

  async function stop(name: Name, signal: NodeJS.Signals) {
    const server = servers.get(name);
    if (!server || server.exitCode !== null || server.signalCode !== null) return;
    const exited = new Promise((resolve) => server.once("exit", resolve));
    server.kill(signal);
    await exited;
  }

  test.beforeAll(async () => {
    admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${database}`);
    const target = new URL(baseUrl!);
    target.pathname = `/${database}`;
    url = target.toString();
    await start("a"); // migrates the database
    await start("b");
    db = await openDatabase({ kind: "postgres", url, poolSize: 4 });
    await ensureStoreSettings(db.db);
    await ensureCoupons(db.db);
  });

  test.afterAll(async () => {
    await stop("a", "SIGTERM");
    await stop("b", "SIGTERM");
    await db?.close();
    await admin?.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin?.end();
  });

  /** A shopper signed in as the auth library signs them in: a session row and its signed cookie. */
  async function signedInShopper(): Promise<{ id: string; cookie: string }> {
    const shopper = await createTestShopper(db.db, {
      phone: `+9198${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`,
    });
    const token = randomBytes(24).toString("base64url");
    await db.db.insert(session).values({
      id: randomUUID(),
      token,
      userId: shopper.id,
      expiresAt: new Date(Date.now() + 86_400_000),
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    const signature = createHmac("sha256", AUTH_SECRET).update(token).digest("base64");
    return { id: shopper.id, cookie: `__Secure-shop.session_token=${encodeURIComponent(`${token}.${signature}`)}` };
  }

  async function productWith(stock: number) {
    const productId = await createTestProduct(db.db, { sizes: [], colors: [], stock, pricePaise: 80_000 });
    return { productId, variantId: (await findVariant(db.db, productId, "One Size", "Default"))!.id };
  }

  async function stockOf(variantId: string): Promise<number> {
    const [row] = await db.db
      .select({ stock: productVariants.stock })
      .from(productVariants)
      .where(eq(productVariants.id, variantId));
    return row!.stock;
  }

  type Outcome =
    { kind: "placed"; orderNumber: string } | { kind: "refused"; status: number; body: string } | { kind: "no-answer" };

  /** The checkout form posted as a browser without JavaScript posts it: placed orders answer 303 to their page. */
  async function checkout(name: Name, cookie: string, checkoutKey: string): Promise<Outcome> {
    const origin = `http://127.0.0.1:${PORTS[name]}`;
    try {
      const response = await fetch(`${origin}/checkout`, {
        method: "POST",
        redirect: "manual",
        headers: { cookie, origin, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          firstName: "Isha",
          lastName: "Nair",
          email: "isha@example.com",
          phone: "9876501234",
          address: "22 Marine Drive",
          city: "Kochi",
          state: "Kerala",
          pincode: "682031",
          paymentMethod: "cod",
          checkoutKey,
        }),
        signal: AbortSignal.timeout(30_000),
      });
      const location = response.headers.get("location") ?? "";
      const placed = /\/order-success\?order=(ORD-[A-Z0-9-]+)/.exec(location);
      if (response.status === 303 && placed) return { kind: "placed", orderNumber: placed[1]! };
      return { kind: "refused", status: response.status, body: `${location} ${await response.text()}` };
    } catch {
      return { kind: "no-answer" };
    }
  }

  test("50 shoppers, two processes, one last unit: one order, the others told it sold out", async () => {
    const { productId, variantId } = await productWith(1);
    const shoppers = [];
    for (let i = 0; i < 50; i++) {
      const shopper = await signedInShopper();
      expect(
        (await addLine(db.db, shopper.id, { productId, size: "One Size", colour: "Default", quantity: 1 })).ok,
      ).toBe(true);
      shoppers.push(shopper);
    }
    const outcomes = await Promise.all(
      shoppers.map((s, i) => checkout(i % 2 === 0 ? "a" : "b", s.cookie, randomUUID())),
    );
    const placed = outcomes.filter((o) => o.kind === "placed");
    expect(placed).toHaveLength(1);
    const refused = outcomes.filter((o): o is Extract<Outcome, { kind: "refused" }> => o.kind === "refused");
    expect(refused).toHaveLength(49);
    // Nothing was written for them; the page sends them to their bag, where the piece is marked sold out.
    for (const r of refused) expect(`${r.status} ${r.body.trim()}`).toBe("302 /cart?checkout=blocked");
    const loser = shoppers[outcomes.findIndex((o) => o.kind === "refused")]!;
    const bag = await (
      await fetch(`http://127.0.0.1:${PORTS.a}/cart?checkout=blocked`, { headers: { cookie: loser.cookie } })
    ).text();
    expect(bag).toContain("Some pieces in your bag cannot be bought as they are.");
    expect(bag).toContain("Out of stock");
    expect(await stockOf(variantId)).toBe(0);
    expect(await db.db.select().from(orderLines).where(eq(orderLines.variantId, variantId))).toHaveLength(1);
  });

  test("SIGTERM in a burst: every answered checkout has its order, every other one is found or placed by its key on retry", async () => {
    const burst = [];
    for (let i = 0; i < 40; i++) {
      const shopper = await signedInShopper();
      const { productId, variantId } = await productWith(3);
      await addLine(db.db, shopper.id, { productId, size: "One Size", colour: "Default", quantity: 1 });
      burst.push({ ...shopper, variantId, key: randomUUID() });
    }
    const inFlight = burst.map((s) => checkout("a", s.cookie, s.key));
    await new Promise((r) => setTimeout(r, 60));
    const stopping = stop("a", "SIGTERM");
    const outcomes = await Promise.all(inFlight);
    await stopping;

    for (const [i, outcome] of outcomes.entries()) {
      const s = burst[i]!;
      const stored = await db.db
        .select({ orderNumber: orders.orderNumber })
        .from(orders)
        .where(eq(orders.checkoutKey, s.key));
      // an answer that says 'placed' always has its order
      if (outcome.kind === "placed") expect(stored.map((o) => o.orderNumber)).toEqual([outcome.orderNumber]);
      else expect(outcome.kind === "no-answer" || stored.length === 0).toBe(true);
    }
    expect(outcomes.some((o) => o.kind === "placed")).toBe(true);

    // the shoppers without an answer retry with the same key on the other process
    for (const [i, outcome] of outcomes.entries()) {
      if (outcome.kind === "placed") continue;
      const s = burst[i]!;
      const before = await db.db
        .select({ orderNumber: orders.orderNumber })
        .from(orders)
        .where(eq(orders.checkoutKey, s.key));
      const retried = await checkout("b", s.cookie, s.key);
      expect(retried.kind).toBe("placed");
      if (before[0] && retried.kind === "placed") expect(retried.orderNumber).toBe(before[0].orderNumber);
    }
    for (const s of burst) {
      expect(await db.db.select().from(orders).where(eq(orders.userId, s.id))).toHaveLength(1);
      expect(await stockOf(s.variantId)).toBe(2);
    }
    await start("a");
  });

  test("kill -9 in a burst: each order is all there (lines, stock, coupon use) or not at all", async () => {
    const [before] = await db.db.select({ used: coupons.usedCount }).from(coupons).where(eq(coupons.code, "FLAT50"));
    const burst = [];
    for (let i = 0; i < 40; i++) {
      const shopper = await signedInShopper();
      const { productId, variantId } = await productWith(4);
      await addLine(db.db, shopper.id, { productId, size: "One Size", colour: "Default", quantity: 2 });
      await db.db.execute(sql`UPDATE carts SET coupon_code = 'FLAT50' WHERE user_id = ${shopper.id}`);
      burst.push({ ...shopper, variantId, key: randomUUID() });
    }
    const inFlight = burst.map((s) => checkout("b", s.cookie, s.key));
    await new Promise((r) => setTimeout(r, 80));
    await stop("b", "SIGKILL");
    await Promise.all(inFlight);
    // PostgreSQL rolls back what the killed process left open
    await expect
      .poll(
        async () =>
          (
            await admin.query(
              "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND state LIKE 'idle in transaction%'",
              [database],
            )
          ).rows[0].n,
        { timeout: 15_000 },
      )
      .toBe(0);

    const placed = await db.db
      .select({ id: orders.id, userId: orders.userId, couponCode: orders.couponCode })
      .from(orders)
      .where(
        inArray(
          orders.checkoutKey,
          burst.map((s) => s.key),
        ),
      );
    for (const s of burst) {
      const order = placed.find((o) => o.userId === s.id);
      if (order) {
        const lines = await db.db
          .select()
          .from(orderLines)
          .where(and(eq(orderLines.orderId, order.id), eq(orderLines.variantId, s.variantId)));
        expect(lines.map((l) => l.quantity)).toEqual([2]);
        expect(await stockOf(s.variantId)).toBe(2);
        expect(await getCartLines(db.db, s.id)).toEqual([]);
        expect(order.couponCode).toBe("FLAT50");
      } else {
        expect(await stockOf(s.variantId)).toBe(4);
        expect(await getCartLines(db.db, s.id)).toHaveLength(1);
      }
    }
    const [after] = await db.db.select({ used: coupons.usedCount }).from(coupons).where(eq(coupons.code, "FLAT50"));
    expect(after!.used - before!.used).toBe(placed.length);
    await start("b");
  });
});
