import { and, desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { setDatabase } from "../../app/db/client.server";
import { auditLog } from "../../app/modules/audit/schema.server";
import { addLine, applyCoupon } from "../../app/modules/cart/cart.server";
import { findVariant } from "../../app/modules/catalog/variants.server";
import { checkoutPage } from "../../app/modules/checkout/checkout-page.server";
import { storeSettings } from "../../app/modules/content/schema.server";
import { loadSettingsForEdit, saveStoreSettings } from "../../app/modules/content/settings-admin.server";
import { SETTINGS_MESSAGES, type SettingsFormValues } from "../../app/modules/content/settings-form";
import { ensureStoreSettings, getStoreSettings } from "../../app/modules/content/settings.server";
import { loadCouponForEdit, saveCoupon } from "../../app/modules/coupons/coupon-admin.server";
import { COUPON_ADMIN_MESSAGES, type CouponFormValues } from "../../app/modules/coupons/coupon-form";
import { claimCouponUse, ensureCoupons, findCoupon, SPEC_COUPONS } from "../../app/modules/coupons/coupons.server";
import { coupons } from "../../app/modules/coupons/schema.server";
import { ordersUsingCoupon } from "../../app/modules/orders/coupon-orders.server";
import { orders } from "../../app/modules/orders/schema.server";
import { COUPON_MESSAGES } from "../../app/modules/pricing/pricing";
import * as editorRoute from "../../app/routes/admin.coupons.$id";
import * as listRoute from "../../app/routes/admin.coupons";
import * as settingsRoute from "../../app/routes/admin.settings";
import { createTestProduct } from "../factories/catalog";
import { createTestOrder, createTestShopper } from "../factories/orders";
import {
  signedInStaffAndShopper,
  settle,
  routeRequest as request,
  type RouteArgs as Args,
} from "../factories/sessions";
import { setupTestDatabase } from "../setup/test-db";
import { countPageCachePurges } from "../support/page-cache";

/*
 * The admin's Coupons and Settings tabs (decision 025): every loader and action as a visitor (401), a
 * shopper (403) and staff; creating, editing, deactivating and reactivating coupons with their
 * rules (code, value, window in shop time, usage limit not below the uses made); one coupon per code
 * also when two creates race; the uses and the orders that used a coupon; the settings' rules field
 * by field, the check against someone else's newer save, the audit row, the page-cache purge, and the
 * checkout reading the new COD fee, maximum and prepaid discount at once.
 */

const t = setupTestDatabase();
let staffCookie = "";
let shopperCookie = "";
let staff = { id: "", name: "Priya Shah" };
const purges = countPageCachePurges();

beforeAll(async () => {
  setDatabase(t.database);
  await ensureStoreSettings(t.db);
  await ensureCoupons(t.db);

  const signedIn = await signedInStaffAndShopper(
    t.db,
    { name: "Priya Shah", email: "priya@example.com", password: "kesar-mango-42" },
    "+919812300051",
    ["203.0.113.50", "203.0.113.51"],
  );
  staff = { id: signedIn.staffId, name: "Priya Shah" };
  ({ staffCookie, shopperCookie } = signedIn);
});

/* ---------- calling the routes ---------- */

const listLoader = (query: string, cookie: string | null) =>
  settle(() =>
    listRoute.loader({ request: request(`/admin/coupons${query}`, cookie), params: {}, context: {} } as unknown as Args<
      typeof listRoute.loader
    >),
  );
const listAction = (form: Record<string, string>, cookie: string | null = staffCookie) =>
  settle(() =>
    listRoute.action({ request: request("/admin/coupons", cookie, form), params: {}, context: {} } as unknown as Args<
      typeof listRoute.action
    >),
  );
const editorLoader = (id: string, cookie: string | null, query = "") =>
  settle(() =>
    editorRoute.loader({
      request: request(`/admin/coupons/${id}${query}`, cookie),
      params: { id },
      context: {},
    } as unknown as Args<typeof editorRoute.loader>),
  );
const saveRoute = (id: string, values: CouponFormValues, cookie: string | null = staffCookie) =>
  settle(() =>
    editorRoute.action({
      request: request(`/admin/coupons/${id}`, cookie, { intent: "save", coupon: JSON.stringify(values) }),
      params: { id },
      context: {},
    } as unknown as Args<typeof editorRoute.action>),
  );
const settingsLoader = (cookie: string | null) =>
  settle(() =>
    settingsRoute.loader({ request: request("/admin/settings", cookie), params: {}, context: {} } as unknown as Args<
      typeof settingsRoute.loader
    >),
  );
const settingsAction = (values: SettingsFormValues, cookie: string | null = staffCookie) =>
  settle(() =>
    settingsRoute.action({
      request: request("/admin/settings", cookie, { intent: "save", settings: JSON.stringify(values) }),
      params: {},
      context: {},
    } as unknown as Args<typeof settingsRoute.action>),
  );

function couponForm(overrides: Partial<CouponFormValues> = {}): CouponFormValues {
  return {
    code: "",
    type: "percentage",
    value: "15",
    minAmount: "600",
    startsAt: "",
    endsAt: "",
    usageLimit: "",
    description: "Festive 15% off",
    isActive: true,
    version: null,
    ...overrides,
  };
}

const couponRow = async (code: string) => (await findCoupon(t.db, code))!;
const auditFor = (entity: string, entityId: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, entityId)))
    .orderBy(desc(auditLog.createdAt));

/** A shopper whose bag holds one piece at `pricePaise`. */
async function shopperWithBag(pricePaise: number): Promise<string> {
  const productId = await createTestProduct(t.db, { sizes: [], colors: [], stock: 20, pricePaise });
  const variant = await findVariant(t.db, productId, "One Size", "Default");
  expect(variant).toBeTruthy();
  const shopper = await createTestShopper(t.db);
  expect((await addLine(t.db, shopper.id, { productId, size: "One Size", colour: "Default", quantity: 1 })).ok).toBe(
    true,
  );
  return shopper.id;
}

/* ---------- access ---------- */

describe("who may use the coupons and settings screens", () => {
  it("answers a visitor 401 (the sign-in form, no data) from every loader and action and changes nothing", async () => {
    const save10 = await couponRow("SAVE10");
    for (const answer of [
      await listLoader("", null),
      await editorLoader(save10.id, null),
      await editorLoader("new", null),
      await settingsLoader(null),
    ]) {
      expect(answer.status).toBe(401);
      expect(JSON.stringify(answer.body)).not.toContain("SAVE10");
      expect(JSON.stringify(answer.body)).not.toContain("care@saanjh.example");
    }
    expect((await listAction({ intent: "deactivate", couponId: save10.id }, null)).status).toBe(401);
    expect(await saveRoute("new", couponForm({ code: "VISITOR1" }), null)).toMatchObject({
      status: 401,
      body: { ok: false, formError: COUPON_ADMIN_MESSAGES.signedOut },
    });
    const values = await loadSettingsForEdit(t.db);
    expect((await settingsAction({ ...values, storeName: "Taken Over" }, null)).status).toBe(401);
    expect((await couponRow("SAVE10")).isActive).toBe(true);
    expect(await findCoupon(t.db, "VISITOR1")).toBeNull();
    expect((await getStoreSettings(t.db)).storeName).toBe("Saanjh");
  });

  it("refuses a shopper (403) everywhere and changes nothing", async () => {
    const save10 = await couponRow("SAVE10");
    for (const answer of [
      await listLoader("", shopperCookie),
      await editorLoader(save10.id, shopperCookie),
      await editorLoader("new", shopperCookie),
      await settingsLoader(shopperCookie),
    ]) {
      expect(answer.status).toBe(403);
      expect(JSON.stringify(answer.body)).not.toContain("SAVE10");
    }
    expect((await listAction({ intent: "deactivate", couponId: save10.id }, shopperCookie)).status).toBe(403);
    expect((await saveRoute("new", couponForm({ code: "SHOPPER1" }), shopperCookie)).status).toBe(403);
    const values = await loadSettingsForEdit(t.db);
    expect((await settingsAction({ ...values, storeName: "Taken Over" }, shopperCookie)).status).toBe(403);
    expect((await couponRow("SAVE10")).isActive).toBe(true);
    expect(await findCoupon(t.db, "SHOPPER1")).toBeNull();
    expect((await getStoreSettings(t.db)).storeName).toBe("Saanjh");
  });

  it("gives staff the list with the spec's four coupons, the editor and the settings, never cached", async () => {
    const list = await listLoader("", staffCookie);
    expect(list.status).toBe(200);
    const body = list.body as {
      items: Array<{
        code: string;
        type: string;
        value: number;
        minAmountPaise: number;
        usedCount: number;
        usageLimit: number | null;
        isActive: boolean;
      }>;
    };
    for (const spec of SPEC_COUPONS) {
      expect(body.items).toContainEqual(
        expect.objectContaining({
          code: spec.code,
          type: spec.type,
          value: spec.value,
          minAmountPaise: spec.minAmountPaise,
          isActive: true,
        }),
      );
    }
    const searched = (await listLoader("?search=flat", staffCookie)).body as {
      items: Array<{ code: string }>;
      total: number;
    };
    expect(searched.items.map((c) => c.code)).toEqual(["FLAT50"]);

    const save10 = await couponRow("SAVE10");
    const editor = await editorLoader(save10.id, staffCookie);
    expect(editor).toMatchObject({
      status: 200,
      body: {
        coupon: { code: "SAVE10", values: { code: "SAVE10", type: "percentage", value: "10", minAmount: "500" } },
        orders: { total: 0 },
      },
    });
    expect((await editorLoader("new", staffCookie)).body).toMatchObject({ coupon: null });
    expect((await editorLoader("00000000-0000-4000-8000-000000000000", staffCookie)).status).toBe(404);
    expect((await editorLoader("not-a-coupon", staffCookie)).status).toBe(404);

    const settings = await settingsLoader(staffCookie);
    expect(settings).toMatchObject({
      status: 200,
      body: {
        values: { storeName: "Saanjh", supportPhone: "+91 98765 43210", codEnabled: true, prepaidDiscountPercent: "0" },
      },
    });
    expect((settings.body as { states: string[] }).states).toContain("Rajasthan");

    // never stored by a cache, never indexed
    const raw = await listRoute.loader({
      request: request("/admin/coupons", staffCookie),
      params: {},
      context: {},
    } as unknown as Args<typeof listRoute.loader>);
    expect((raw as unknown as { init: { headers: Record<string, string> } }).init.headers).toMatchObject({
      "Cache-Control": "no-store",
    });
  });
});

/* ---------- coupons ---------- */

describe("creating and editing coupons", () => {
  it("creates a coupon with its code upper-cased, money in paise, the window in shop time, and an audit row", async () => {
    const answer = await saveRoute(
      "new",
      couponForm({ code: "  diwali15 ", startsAt: "2026-12-01T00:00", endsAt: "2026-12-31T23:59", usageLimit: "100" }),
    );
    expect(answer).toMatchObject({ status: 200, body: { ok: true, created: true, code: "DIWALI15" } });
    const row = await couponRow("DIWALI15");
    expect(row).toMatchObject({
      code: "DIWALI15",
      type: "percentage",
      value: 15,
      minAmountPaise: 60_000,
      usageLimit: 100,
      usedCount: 0,
      isActive: true,
      description: "Festive 15% off",
    });
    // midnight in India is 18:30 UTC the day before
    expect(row.startsAt?.toISOString()).toBe("2026-11-30T18:30:00.000Z");
    expect(row.endsAt?.toISOString()).toBe("2026-12-31T18:29:00.000Z");
    const [audit] = await auditFor("coupon", row.id);
    expect(audit).toMatchObject({ actorName: "Priya Shah", action: "create" });
    expect(audit!.summary).toContain("DIWALI15");

    const fixed = await saveRoute("new", couponForm({ code: "FLAT75", type: "fixed", value: "75.50", minAmount: "" }));
    expect(fixed.body).toMatchObject({ ok: true });
    expect(await couponRow("FLAT75")).toMatchObject({ type: "fixed", value: 7_550, minAmountPaise: 0 });
    // the loader gives the form back in rupees and shop time
    const loaded = await editorLoader(row.id, staffCookie);
    expect((loaded.body as { coupon: { values: CouponFormValues } }).coupon.values).toMatchObject({
      value: "15",
      minAmount: "600",
      startsAt: "2026-12-01T00:00",
      endsAt: "2026-12-31T23:59",
      usageLimit: "100",
    });
  });

  it("refuses bad fields with a message on each, and writes nothing", async () => {
    const cases: Array<[Partial<CouponFormValues>, keyof CouponFormValues, string]> = [
      [{ code: "" }, "code", "Enter a code"],
      [{ code: "AB" }, "code", "A code has 3 to 32 letters and digits"],
      [{ code: "X".repeat(33) }, "code", "A code has 3 to 32 letters and digits"],
      [{ code: "SAVE-10" }, "code", "Use letters and digits only, with no spaces or symbols"],
      [{ code: "BADTYPE", type: "bogus" }, "type", "Choose percentage or fixed amount"],
      [{ code: "ZEROPCT", value: "0" }, "value", "Enter a whole percent from 1 to 100"],
      [{ code: "TOOMUCH", value: "101" }, "value", "Enter a whole percent from 1 to 100"],
      [{ code: "HALFPCT", value: "12.5" }, "value", "Enter a whole percent from 1 to 100"],
      [{ code: "FIXEDBAD", type: "fixed", value: "fifty" }, "value", "Enter an amount in rupees, like 50 or 99.50"],
      [{ code: "FIXEDZERO", type: "fixed", value: "0" }, "value", "Enter an amount in rupees, like 50 or 99.50"],
      [
        { code: "MINBAD", minAmount: "-5" },
        "minAmount",
        "Enter an amount in rupees, like 500, or leave it empty for no minimum",
      ],
      [
        { code: "WINDOW1", startsAt: "2026-12-10T10:00", endsAt: "2026-12-10T10:00" },
        "endsAt",
        "The end must be after the start",
      ],
      [
        { code: "WINDOW2", startsAt: "2026-12-10T10:00", endsAt: "2026-12-01T10:00" },
        "endsAt",
        "The end must be after the start",
      ],
      [
        { code: "WINDOW3", startsAt: "2026-02-30T10:00" },
        "startsAt",
        "Enter a date and time, or leave it empty to start at once",
      ],
      [
        { code: "LIMIT0", usageLimit: "0" },
        "usageLimit",
        "Enter a whole number of uses, or leave it empty for no limit",
      ],
      [
        { code: "LIMITX", usageLimit: "ten" },
        "usageLimit",
        "Enter a whole number of uses, or leave it empty for no limit",
      ],
      [{ code: "LONGDESC", description: "x".repeat(201) }, "description", "At most 200 characters"],
    ];
    for (const [overrides, field, message] of cases) {
      const answer = await saveRoute("new", couponForm(overrides));
      expect(answer.status, JSON.stringify(overrides)).toBe(400);
      expect(
        (answer.body as { fieldErrors: Record<string, string> }).fieldErrors[field],
        JSON.stringify(overrides),
      ).toBe(message);
    }
    for (const code of ["BADTYPE", "ZEROPCT", "TOOMUCH", "FIXEDBAD", "WINDOW1", "LIMIT0", "LONGDESC"])
      expect(await findCoupon(t.db, code)).toBeNull();
    // a broken payload is refused without an error page
    const broken = await settle(() =>
      editorRoute.action({
        request: request("/admin/coupons/new", staffCookie, { intent: "save", coupon: "{not json" }),
        params: { id: "new" },
        context: {},
      } as unknown as Args<typeof editorRoute.action>),
    );
    expect(broken).toMatchObject({ status: 400, body: { ok: false } });
  });

  it("refuses a code already in use, in any case, with the message on the code field", async () => {
    for (const code of ["SAVE10", "save10", " Flat50 "]) {
      const answer = await saveRoute("new", couponForm({ code }));
      expect(answer).toMatchObject({
        status: 409,
        body: { ok: false, fieldErrors: { code: COUPON_ADMIN_MESSAGES.codeTaken } },
      });
    }
    expect((await couponRow("SAVE10")).value).toBe(10);
  });

  it("lets only one of two concurrent creates of one code through: the unique index decides", async () => {
    const [a, b] = await Promise.all([
      saveRoute("new", couponForm({ code: "RACE20", value: "20" })),
      saveRoute("new", couponForm({ code: "race20", value: "25" })),
    ]);
    const answers = [a, b].map((x) => x.body as { ok: boolean; fieldErrors?: Record<string, string> });
    expect(answers.filter((x) => x.ok)).toHaveLength(1);
    expect(answers.filter((x) => !x.ok)).toEqual([
      expect.objectContaining({ fieldErrors: { code: COUPON_ADMIN_MESSAGES.codeTaken } }),
    ]);
    const rows = await t.db.select().from(coupons).where(eq(coupons.code, "RACE20"));
    expect(rows).toHaveLength(1);
    expect(await auditFor("coupon", rows[0]!.id)).toHaveLength(1);

    // and straight through the module, many at once
    const many = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        saveCoupon(t.db, staff, null, couponForm({ code: "RACE30", value: String(30 + i) })),
      ),
    );
    expect(many.filter((r) => r.ok)).toHaveLength(1);
    expect(await t.db.select().from(coupons).where(eq(coupons.code, "RACE30"))).toHaveLength(1);
  });

  it("edits a coupon (its code stays), refuses an edit from an older state, and records the changed fields", async () => {
    await saveRoute("new", couponForm({ code: "EDITME", value: "10", minAmount: "500" }));
    const loaded = (await loadCouponForEdit(t.db, (await couponRow("EDITME")).id))!;
    const edited = await saveRoute(loaded.id, {
      ...loaded.values,
      code: "HIJACKED",
      value: "12",
      usageLimit: "50",
      description: "Now 12%",
    });
    expect(edited).toMatchObject({ status: 200, body: { ok: true, created: false, code: "EDITME" } });
    expect(await couponRow("EDITME")).toMatchObject({
      value: 12,
      usageLimit: 50,
      description: "Now 12%",
      minAmountPaise: 50_000,
    });
    expect(await findCoupon(t.db, "HIJACKED")).toBeNull();
    const [audit] = await auditFor("coupon", loaded.id);
    expect(audit).toMatchObject({ action: "update" });
    expect(audit!.changes).toEqual({
      value: { before: 10, after: 12 },
      usageLimit: { before: null, after: 50 },
      description: { before: "Festive 15% off", after: "Now 12%" },
    });

    // a second editor that loaded before that save is refused, and changes nothing
    const stale = await saveRoute(loaded.id, { ...loaded.values, value: "40" });
    expect(stale).toMatchObject({
      status: 409,
      body: { ok: false, conflict: true, formError: COUPON_ADMIN_MESSAGES.conflict },
    });
    expect((await couponRow("EDITME")).value).toBe(12);
    // uses made by shoppers meanwhile are no conflict
    const fresh = (await loadCouponForEdit(t.db, loaded.id))!;
    await t.db.transaction((tx) => claimCouponUse(tx, "EDITME"));
    expect((await saveRoute(loaded.id, { ...fresh.values, value: "14" })).body).toMatchObject({ ok: true });
    expect(await couponRow("EDITME")).toMatchObject({ value: 14, usedCount: 1 });
  });

  it("refuses a save naming an older version (after an edit or a deactivation) and writes nothing", async () => {
    await saveRoute("new", couponForm({ code: "VERSIONED", value: "10" }));
    const loaded = (await loadCouponForEdit(t.db, (await couponRow("VERSIONED")).id))!;
    expect(loaded.values.version).toBe(1);
    expect((await saveRoute(loaded.id, { ...loaded.values, value: "11" })).body).toMatchObject({ ok: true });
    expect((await couponRow("VERSIONED")).version).toBe(2);
    // deactivating from the list is a change too: an editor opened before it is out of date
    const second = (await loadCouponForEdit(t.db, loaded.id))!;
    await listAction({ intent: "deactivate", couponId: loaded.id });
    const before = await couponRow("VERSIONED");
    expect(before).toMatchObject({ version: 3, isActive: false, value: 11 });
    const audits = (await auditFor("coupon", loaded.id)).length;
    for (const stale of [loaded.values, second.values]) {
      const answer = await saveRoute(loaded.id, { ...stale, value: "40", description: "Stale" });
      expect(answer).toMatchObject({
        status: 409,
        body: { ok: false, conflict: true, formError: COUPON_ADMIN_MESSAGES.conflict },
      });
    }
    expect(await couponRow("VERSIONED")).toEqual(before);
    expect(await auditFor("coupon", loaded.id)).toHaveLength(audits);
  });

  it("keeps the usage limit from going below the uses already made", async () => {
    await saveRoute("new", couponForm({ code: "LIMITED3", usageLimit: "5" }));
    for (let i = 0; i < 3; i += 1) expect(await t.db.transaction((tx) => claimCouponUse(tx, "LIMITED3"))).toBe(true);
    const loaded = (await loadCouponForEdit(t.db, (await couponRow("LIMITED3")).id))!;
    expect(loaded.usedCount).toBe(3);
    const lower = await saveRoute(loaded.id, { ...loaded.values, usageLimit: "2" });
    expect(lower).toMatchObject({
      status: 400,
      body: { fieldErrors: { usageLimit: "Already used 3 times: the limit cannot be lower" } },
    });
    expect((await couponRow("LIMITED3")).usageLimit).toBe(5);
    // exactly the uses made: the coupon is used up and the checkout's claim refuses the next one
    expect((await saveRoute(loaded.id, { ...loaded.values, usageLimit: "3" })).body).toMatchObject({ ok: true });
    expect(await t.db.transaction((tx) => claimCouponUse(tx, "LIMITED3"))).toBe(false);
    const list = (await listLoader("?search=LIMITED3", staffCookie)).body as {
      items: Array<{ usedCount: number; usageLimit: number }>;
    };
    expect(list.items[0]).toMatchObject({ usedCount: 3, usageLimit: 3 });
  });

  it("deactivates and reactivates a coupon: the cart refuses it while inactive, and both are audited", async () => {
    await saveRoute("new", couponForm({ code: "PAUSEME", value: "10", minAmount: "" }));
    const row = await couponRow("PAUSEME");
    const userId = await shopperWithBag(100_000);
    expect((await applyCoupon(t.db, userId, "pauseme")).ok).toBe(true);

    expect(await listAction({ intent: "deactivate", couponId: row.id })).toMatchObject({
      status: 200,
      body: { ok: true, code: "PAUSEME", isActive: false },
    });
    expect((await couponRow("PAUSEME")).isActive).toBe(false);
    expect(await applyCoupon(t.db, userId, "PAUSEME")).toMatchObject({ ok: false, message: COUPON_MESSAGES.inactive });
    // the bag that already held it: the checkout no longer takes it off
    const page = await checkoutPage(t.db, userId, true);
    expect(page.kind === "ready" && page.totals.online.discountPaise).toBe(0);
    expect(page.kind === "ready" && page.couponNotice).toContain("This coupon is no longer available");

    expect(await listAction({ intent: "reactivate", couponId: row.id })).toMatchObject({
      status: 200,
      body: { ok: true, isActive: true },
    });
    expect((await applyCoupon(t.db, userId, "PAUSEME")).ok).toBe(true);
    const audits = await auditFor("coupon", row.id);
    expect(audits.map((a) => a.action).sort()).toEqual(["create", "deactivate", "reactivate"]);

    expect((await listAction({ intent: "deactivate", couponId: "00000000-0000-4000-8000-000000000000" })).status).toBe(
      404,
    );
    expect((await listAction({ intent: "delete", couponId: row.id })).status).toBe(400);
  });

  it("shows the usage count and the orders that used the coupon, newest first, a page at a time", async () => {
    await saveRoute("new", couponForm({ code: "USED3", value: "10", minAmount: "" }));
    const row = await couponRow("USED3");
    const shopper = await createTestShopper(t.db);
    const made: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const order = await createTestOrder(t.db, shopper.id, {
        createdAt: new Date(Date.UTC(2026, 10, 1 + i, 6)),
        status: i === 1 ? "cancelled" : "confirmed",
      });
      await t.db
        .update(orders)
        .set({ couponCode: "USED3", discountPaise: 1_000 + i, totalPaise: order.totalPaise - 1_000 - i })
        .where(eq(orders.id, order.id));
      made.push(order.id);
      await t.db.transaction((tx) => claimCouponUse(tx, "USED3"));
    }
    // another coupon's order and an order without one are not listed
    const other = await createTestOrder(t.db, shopper.id);
    await t.db.update(orders).set({ couponCode: "SAVE10" }).where(eq(orders.id, other.id));
    await createTestOrder(t.db, shopper.id);

    const detail = await editorLoader(row.id, staffCookie);
    const body = detail.body as {
      coupon: { usedCount: number };
      orders: { total: number; rows: Array<{ id: string; discountPaise: number; status: string }> };
    };
    expect(body.coupon.usedCount).toBe(3);
    expect(body.orders.total).toBe(3);
    expect(body.orders.rows.map((o) => o.id)).toEqual([...made].reverse());
    expect(body.orders.rows[1]).toMatchObject({ status: "cancelled", discountPaise: 1_001 });

    const paged = await ordersUsingCoupon(t.db, "USED3", { perPage: 2, page: 2 });
    expect(paged).toMatchObject({ total: 3, page: 2, pages: 2 });
    expect(paged.rows.map((o) => o.id)).toEqual([made[0]]);
    const secondPage = (await editorLoader(row.id, staffCookie, "?orders=2")).body as {
      orders: { page: number; rows: unknown[] };
    };
    expect(secondPage.orders).toMatchObject({ page: 2, rows: [] });
  });

  it("keeps the spec's four coupons seeded, never overwriting the admin's edits", async () => {
    const flat = await couponRow("FLAT50");
    const loaded = (await loadCouponForEdit(t.db, flat.id))!;
    await saveRoute(flat.id, { ...loaded.values, minAmount: "250" });
    await t.db.delete(coupons).where(eq(coupons.code, "FIRST100"));
    await ensureCoupons(t.db);
    expect((await couponRow("FLAT50")).minAmountPaise).toBe(25_000);
    expect(await couponRow("FIRST100")).toMatchObject({ type: "fixed", value: 10_000, minAmountPaise: 80_000 });
  });
});

/* ---------- settings ---------- */

describe("the store settings", () => {
  it("refuses each bad field with its own message, saves nothing, and purges nothing", async () => {
    const values = await loadSettingsForEdit(t.db);
    const cases: Array<[Partial<SettingsFormValues>, keyof SettingsFormValues, string]> = [
      [{ storeName: "  " }, "storeName", "Enter the store name"],
      [{ storeName: "x".repeat(61) }, "storeName", "At most 60 characters"],
      [{ tagline: "x".repeat(121) }, "tagline", "At most 120 characters"],
      [{ supportEmail: "care-at-shop" }, "supportEmail", "Enter an e-mail address like care@yourshop.in"],
      [{ supportPhone: "12345" }, "supportPhone", "Enter a phone number like +91 98765 43210"],
      [
        { whatsappNumber: "12345" },
        "whatsappNumber",
        "Enter an Indian mobile number like +91 98123 45678, or leave it empty to hide the button",
      ],
      [{ instagramUrl: "http://www.instagram.com/saanjh" }, "instagramUrl", "The address must start with https://"],
      [
        { instagramUrl: "instagram" },
        "instagramUrl",
        "Enter the full address of your Instagram page, like https://www.instagram.com/yourshop",
      ],
      [
        { facebookUrl: "https://example.com/saanjh" },
        "facebookUrl",
        "Enter an address on facebook.com, like https://www.facebook.com/yourshop",
      ],
      [{ youtubeUrl: "javascript:alert(1)" }, "youtubeUrl", "The address must start with https://"],
      [{ address: "x".repeat(301) }, "address", "At most 300 characters"],
      [{ shopState: "Atlantis" }, "shopState", "Choose the state from the list"],
      [
        { gstin: "27AAPFU0939F1ZV", shopState: "" },
        "shopState",
        "Choose the shop's state: the GSTIN must belong to it",
      ],
      [
        { gstin: "27AAPFU0939F1Z", shopState: "Maharashtra" },
        "gstin",
        "A GSTIN has 15 characters: 2 digits, 10 of the PAN, then 3 more, like 08ABCDE1234F1Z0",
      ],
      [
        { gstin: "27AAPFU0939F1ZW", shopState: "Maharashtra" },
        "gstin",
        "This GSTIN's last character does not match the others: check it for a typo",
      ],
      [{ gstin: "27AAPFU0939F1ZV", shopState: "Rajasthan" }, "gstin", "A GSTIN registered in Rajasthan starts with 08"],
      [{ legalName: "x".repeat(121) }, "legalName", "At most 120 characters"],
      [{ codFee: "forty" }, "codFee", "Enter the fee in rupees, like 40, or 0 for none"],
      [{ codFee: "10001" }, "codFee", "The fee can be at most ₹10,000"],
      [{ codMaxOrder: "0" }, "codMaxOrder", "Enter an amount in rupees, like 5000, or leave it empty for no maximum"],
      [{ maxOrder: "" }, "maxOrder", "Enter the largest order in rupees, like 500000"],
      [{ maxOrder: "0.50" }, "maxOrder", "Enter the largest order in rupees, like 500000"],
      [{ maxOrder: "10000001" }, "maxOrder", "The maximum order can be at most ₹1,00,00,000"],
      [{ maxOrder: "99999999999999999999" }, "maxOrder", "Enter the largest order in rupees, like 500000"],
      [{ prepaidDiscountPercent: "51" }, "prepaidDiscountPercent", "Enter a whole percent from 0 to 50"],
      [{ prepaidDiscountPercent: "" }, "prepaidDiscountPercent", "Enter a whole percent from 0 to 50"],
      [{ paymentTimeoutMinutes: "4" }, "paymentTimeoutMinutes", "Enter whole minutes from 5 to 1440 (24 hours)"],
      [{ paymentTimeoutMinutes: "1441" }, "paymentTimeoutMinutes", "Enter whole minutes from 5 to 1440 (24 hours)"],
      [{ staffSessionHours: "0" }, "staffSessionHours", "Enter whole hours from 1 to 168 (7 days)"],
      [{ staffSessionHours: "169" }, "staffSessionHours", "Enter whole hours from 1 to 168 (7 days)"],
      [{ staffSessionHours: "2.5" }, "staffSessionHours", "Enter whole hours from 1 to 168 (7 days)"],
      [{ dispatchDays: "31" }, "dispatchDays", "Enter whole working days from 0 to 30"],
      [{ dispatchDays: "" }, "dispatchDays", "Enter whole working days from 0 to 30"],
      [{ dispatchDays: "1.5" }, "dispatchDays", "Enter whole working days from 0 to 30"],
      [
        { codConfirmAbove: "lots" },
        "codConfirmAbove",
        "Enter an amount in rupees, like 3000, or leave it empty to never ask",
      ],
      [
        { codConfirmAbove: "-100" },
        "codConfirmAbove",
        "Enter an amount in rupees, like 3000, or leave it empty to never ask",
      ],
      [{ codConfirmAbove: "10000001" }, "codConfirmAbove", "The amount can be at most ₹1,00,00,000"],
      [{ codConfirmHours: "0" }, "codConfirmHours", "Enter whole hours from 1 to 168 (7 days)"],
      [{ codConfirmHours: "169" }, "codConfirmHours", "Enter whole hours from 1 to 168 (7 days)"],
      [{ codConfirmHours: "" }, "codConfirmHours", "Enter whole hours from 1 to 168 (7 days)"],
    ];
    const purgesBefore = purges.count;
    for (const [overrides, field, message] of cases) {
      const answer = await settingsAction({ ...values, ...overrides });
      expect(answer.status, JSON.stringify(overrides)).toBe(400);
      const errors = (answer.body as { fieldErrors: Record<string, string> }).fieldErrors;
      expect(errors[field], JSON.stringify(overrides)).toBe(message);
      expect(Object.keys(errors), JSON.stringify(overrides)).toEqual([field]);
    }
    expect(purges.count).toBe(purgesBefore);
    expect(await getStoreSettings(t.db)).toMatchObject({
      storeName: "Saanjh",
      prepaidDiscountPercent: 0,
      staffSessionHours: 12,
    });
    expect(await auditFor("settings", "1")).toHaveLength(0);
  });

  it("saves valid changes: one audit row with only the changed fields, the page cache purged once", async () => {
    const values = await loadSettingsForEdit(t.db);
    const purgesBefore = purges.count;
    const answer = await settingsAction({
      ...values,
      supportPhone: " +91 90000  12345 ",
      whatsappNumber: "98123 45678",
      instagramUrl: "https://www.instagram.com/saanjh.studio",
      youtubeUrl: "https://youtube.com/@saanjh",
      shopState: "Maharashtra",
      gstin: "27aapfu0939f1zv",
      legalName: "Saanjh Crafts Private Limited",
    });
    expect(answer).toMatchObject({ status: 200, body: { ok: true } });
    expect(purges.count).toBe(purgesBefore + 1);
    const stored = await getStoreSettings(t.db);
    expect(stored).toMatchObject({
      supportPhone: "+91 90000 12345",
      whatsappNumber: "919812345678",
      gstin: "27AAPFU0939F1ZV",
      shopState: "Maharashtra",
      legalName: "Saanjh Crafts Private Limited",
      storeName: "Saanjh",
    });
    const audits = await auditFor("settings", "1");
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ action: "update", actorName: "Priya Shah" });
    expect(Object.keys(audits[0]!.changes!).sort()).toEqual([
      "gstin",
      "instagramUrl",
      "legalName",
      "shopState",
      "supportPhone",
      "whatsappNumber",
      "youtubeUrl",
    ]);
    expect(audits[0]!.changes!.supportPhone).toEqual({ before: "+91 98765 43210", after: "+91 90000 12345" });
    expect(audits[0]!.summary).toContain("Contact phone +91 98765 43210 → +91 90000 12345");
    // the form shows the WhatsApp number as people read it
    expect((answer.body as { values: SettingsFormValues }).values.whatsappNumber).toBe("+91 98123 45678");

    // the same values again: nothing changed, no audit row, no purge
    const again = await loadSettingsForEdit(t.db);
    expect(await settingsAction(again)).toMatchObject({ status: 200, body: { ok: true, changed: [] } });
    expect(purges.count).toBe(purgesBefore + 1);
    expect(await auditFor("settings", "1")).toHaveLength(1);

    // a GSTIN once set can be corrected, not removed
    const removed = await settingsAction({ ...again, gstin: "" });
    expect(removed).toMatchObject({
      status: 400,
      body: { fieldErrors: { gstin: "The GSTIN cannot be removed once set; correct it instead" } },
    });
  });

  it("refuses a save over someone else's newer save, keeping theirs", async () => {
    const mine = await loadSettingsForEdit(t.db);
    const theirs = await loadSettingsForEdit(t.db);
    expect((await settingsAction({ ...theirs, tagline: "Handwoven, hand-finished" })).body).toMatchObject({ ok: true });
    const refused = await settingsAction({ ...mine, tagline: "Mine" });
    expect(refused).toMatchObject({ status: 409, body: { ok: false, conflict: true } });
    expect((await getStoreSettings(t.db)).tagline).toBe("Handwoven, hand-finished");
    // two saves from one loaded form at the same moment: one wins
    const base = await loadSettingsForEdit(t.db);
    const results = await Promise.all([
      saveStoreSettings(t.db, staff, { ...base, tagline: "First" }),
      saveStoreSettings(t.db, staff, { ...base, tagline: "Second" }),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok && r.status === 409)).toHaveLength(1);
  });

  it("raises the version on every save and refuses one naming an older version, writing nothing", async () => {
    const loaded = await loadSettingsForEdit(t.db);
    expect((await settingsAction({ ...loaded, tagline: "Woven slowly" })).body).toMatchObject({
      ok: true,
      values: { version: loaded.version + 1 },
    });
    const before = await getStoreSettings(t.db);
    expect(before.version).toBe(loaded.version + 1);
    const audits = (await auditFor("settings", "1")).length;
    const purgesBefore = purges.count;
    const stale = await settingsAction({ ...loaded, tagline: "Stale", codFee: "99" });
    expect(stale).toMatchObject({
      status: 409,
      body: { ok: false, conflict: true, formError: SETTINGS_MESSAGES.conflict },
    });
    expect(await getStoreSettings(t.db)).toEqual(before);
    expect(await auditFor("settings", "1")).toHaveLength(audits);
    expect(purges.count).toBe(purgesBefore);
  });

  it("is read by the checkout at once: COD fee, COD maximum, COD off, prepaid discount", async () => {
    const userId = await shopperWithBag(200_000);
    const before = await checkoutPage(t.db, userId, true);
    expect(before.kind).toBe("ready");
    if (before.kind !== "ready") return;
    expect(before.totals.cod).toMatchObject({ codFeePaise: 0, totalPaise: 200_000 });
    expect(before.totals.online).toMatchObject({ prepaidDiscountPaise: 0, totalPaise: 200_000 });
    expect(before.methods.cod).toBe(true);

    const values = await loadSettingsForEdit(t.db);
    expect(
      (await settingsAction({ ...values, codFee: "49", prepaidDiscountPercent: "5", codMaxOrder: "1500" })).body,
    ).toMatchObject({ ok: true });
    const after = await checkoutPage(t.db, userId, true);
    if (after.kind !== "ready") throw new Error("checkout not ready");
    expect(after.totals.cod).toMatchObject({ codFeePaise: 4_900, totalPaise: 204_900 });
    expect(after.totals.online).toMatchObject({ prepaidDiscountPaise: 10_000, totalPaise: 190_000 });
    expect(after.methods).toMatchObject({
      cod: false,
      codUnavailableReason: "Cash on delivery is available for orders up to ₹1,500.",
    });

    const raised = await loadSettingsForEdit(t.db);
    await settingsAction({ ...raised, codMaxOrder: "" });
    expect(
      (await checkoutPage(t.db, userId, true)).kind === "ready" && (await checkoutPage(t.db, userId, true)),
    ).toMatchObject({ methods: { cod: true } });
    const off = await loadSettingsForEdit(t.db);
    await settingsAction({ ...off, codEnabled: false });
    const noCod = await checkoutPage(t.db, userId, true);
    expect(noCod.kind === "ready" && noCod.methods).toMatchObject({
      cod: false,
      codUnavailableReason: "Cash on delivery is not available at the moment.",
    });
    const [row] = await t.db.select().from(storeSettings);
    expect(row).toMatchObject({
      codEnabled: false,
      codFeePaise: 4_900,
      codMaxOrderPaise: null,
      prepaidDiscountPercent: 5,
    });
  });

  it("saves the shipping and delivery settings: dispatch days, the COD confirmation's threshold (empty: never) and hours", async () => {
    const values = await loadSettingsForEdit(t.db);
    expect(values).toMatchObject({ dispatchDays: "1", codConfirmAbove: "", codConfirmHours: "24" });
    const purgesBefore = purges.count;
    const answer = await settingsAction({
      ...values,
      dispatchDays: " 2 ",
      codConfirmAbove: "2,999.50",
      codConfirmHours: "36",
    });
    expect(answer).toMatchObject({
      status: 200,
      body: { ok: true, values: { dispatchDays: "2", codConfirmAbove: "2999.50", codConfirmHours: "36" } },
    });
    expect(purges.count).toBe(purgesBefore + 1);
    expect(await getStoreSettings(t.db)).toMatchObject({
      dispatchDays: 2,
      codConfirmAbovePaise: 299_950,
      codConfirmHours: 36,
    });
    const [audit] = await auditFor("settings", "1");
    expect(audit!.changes).toEqual({
      dispatchDays: { before: 1, after: 2 },
      codConfirmAbovePaise: { before: null, after: 299_950 },
      codConfirmHours: { before: 24, after: 36 },
    });
    expect(audit!.summary).toBe(
      "Settings: Dispatch days 1 working day → 2 working days; COD confirmation above never → ₹2,999.50; Unconfirmed COD orders flagged after 24 hours → 36 hours",
    );

    // emptied, the shopper is never asked; 0 dispatch days ships the same day
    const again = await loadSettingsForEdit(t.db);
    expect(await settingsAction({ ...again, codConfirmAbove: " ", dispatchDays: "0" })).toMatchObject({
      status: 200,
      body: { ok: true, values: { codConfirmAbove: "", dispatchDays: "0" } },
    });
    expect(await getStoreSettings(t.db)).toMatchObject({ dispatchDays: 0, codConfirmAbovePaise: null });
    expect((await auditFor("settings", "1"))[0]!.summary).toBe(
      "Settings: Dispatch days 2 working days → 0 working days; COD confirmation above ₹2,999.50 → never",
    );
  });
});
