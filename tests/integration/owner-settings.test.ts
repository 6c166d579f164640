import { and, desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { setDatabase } from "../../app/db/client.server";
import { getAuth } from "../../app/modules/accounts/session.server";
import { staffMembers } from "../../app/modules/accounts/schema.server";
import { createStaffAccount } from "../../app/modules/accounts/staff.server";
import { auditLog } from "../../app/modules/audit/schema.server";
import { storeSettings } from "../../app/modules/content/schema.server";
import { SETTINGS_MESSAGES, type SettingsFormValues } from "../../app/modules/content/settings-form";
import { ensureStoreSettings } from "../../app/modules/content/settings.server";
import { categoryTax } from "../../app/modules/invoices/schema.server";
import { indiaDate } from "../../app/modules/invoices/tax";
import { TAX_MESSAGES } from "../../app/modules/invoices/tax-form";
import { ensureCategoryTax } from "../../app/modules/invoices/tax-settings.server";
import * as settingsRoute from "../../app/routes/admin.settings";
import * as taxRoute from "../../app/routes/admin.settings.tax";
import { createTestProduct } from "../factories/catalog";
import { passwordSignIn, settle, TEST_BASE } from "../factories/sessions";
import { setupTestDatabase } from "../setup/test-db";

/*
 * The store settings and the GST rates are the owners' to change: every staff member reads them, a
 * save by anyone else is answered 403 before its form is read (and changes nothing), and an owner's
 * save is in the audit log under the owner's id.
 */

const t = setupTestDatabase();

let owner: { id: string; cookie: string };
let clerk: { id: string; cookie: string };
let ipCounter = 0;
const nextIp = () => `203.0.113.${++ipCounter}`;

async function staffMember(name: string, email: string, isOwner: boolean) {
  const { userId } = await createStaffAccount(
    t.db,
    getAuth(),
    { name, email, password: "jaggery-rain-61" },
    { isOwner },
  );
  const { cookie } = await passwordSignIn(email, "jaggery-rain-61", nextIp());
  return { id: userId, cookie };
}

beforeAll(async () => {
  setDatabase(t.database);
  await ensureStoreSettings(t.db);
  await createTestProduct(t.db); // the categories
  await ensureCategoryTax(t.db);
  owner = await staffMember("Priya Owner", "priya.owner@example.com", true);
  clerk = await staffMember("Ravi Clerk", "ravi.clerk@example.com", false);
});

const args = (request: Request) => ({ request, params: {}, context: {} }) as never;
const get = (path: string, cookie: string) =>
  new Request(`${TEST_BASE}${path}`, { headers: { cookie, origin: TEST_BASE } });
const post = (path: string, cookie: string, body: BodyInit) =>
  new Request(`${TEST_BASE}${path}`, {
    method: "POST",
    headers: { cookie, origin: TEST_BASE, "content-type": "application/x-www-form-urlencoded" },
    body,
    duplex: "half",
  } as RequestInit);

/** A request body that notes whether anyone started to read it (and then fails the read). */
function watchedBody(fields: Record<string, string>) {
  const seen = { read: false };
  const bytes = new TextEncoder().encode(new URLSearchParams(fields).toString());
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        seen.read = true;
        controller.enqueue(bytes);
        controller.close();
      },
    },
    { highWaterMark: 0 },
  );
  return { seen, body };
}

type SettingsPage = { values: SettingsFormValues; canChange: boolean };
const settingsPage = async (cookie: string) =>
  (await settle<SettingsPage>(() => settingsRoute.loader(args(get("/admin/settings", cookie))))).body;
const saveSettings = (cookie: string, values: SettingsFormValues) =>
  settle<Record<string, unknown>>(() =>
    settingsRoute.action(
      args(post("/admin/settings", cookie, new URLSearchParams({ intent: "save", settings: JSON.stringify(values) }))),
    ),
  );

type TaxPage = { canChange: boolean; categories: Array<{ slug: string; current: { rateBp: number } | null }> };
const taxPage = async (cookie: string) =>
  (await settle<TaxPage>(() => taxRoute.loader(args(get("/admin/settings/tax", cookie))))).body;
const tomorrow = () => indiaDate(new Date(Date.now() + 86_400_000));
const taxChange = () => ({
  intent: "save",
  categorySlug: "kurtas",
  effectiveFrom: tomorrow(),
  hsnCode: "6204",
  ratePercent: "5",
  upperRatePercent: "18",
  thresholdRupees: "3000",
});
const saveTax = (cookie: string, fields: Record<string, string>) =>
  settle<Record<string, unknown>>(() =>
    taxRoute.action(args(post("/admin/settings/tax", cookie, new URLSearchParams(fields)))),
  );

const settingsAudit = () =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, "settings"), eq(auditLog.entityId, "1")))
    .orderBy(desc(auditLog.createdAt));
const taxAudit = () =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, "settings"), eq(auditLog.entityId, "tax:kurtas")))
    .orderBy(desc(auditLog.createdAt));

describe("store settings", () => {
  it("are read by every staff member, and the page knows who may change them", async () => {
    const forClerk = await settingsPage(clerk.cookie);
    const forOwner = await settingsPage(owner.cookie);
    expect(forClerk.canChange).toBe(false);
    expect(forOwner.canChange).toBe(true);
    expect(forClerk.values).toEqual(forOwner.values);
  });

  it("refuse a non-owner's save with 403 before the form is read, and change nothing", async () => {
    const [before] = await t.db.select().from(storeSettings);
    const { values } = await settingsPage(clerk.cookie);
    const changed = {
      ...values,
      gstin: "27AAPFU0939F1ZV",
      shopState: "Maharashtra",
      codEnabled: !values.codEnabled,
      paymentTimeoutMinutes: "5",
    };

    const { seen, body } = watchedBody({ intent: "save", settings: JSON.stringify(changed) });
    const refused = await settle<Record<string, unknown>>(() =>
      settingsRoute.action(args(post("/admin/settings", clerk.cookie, body))),
    );
    expect(refused).toMatchObject({ status: 403, body: { ok: false, formError: SETTINGS_MESSAGES.ownersOnly } });
    expect(seen.read).toBe(false);

    expect(await saveSettings(clerk.cookie, changed)).toMatchObject({
      status: 403,
      body: { formError: "Only an owner can change the store settings." },
    });
    expect(await t.db.select().from(storeSettings)).toEqual([before]);
    expect(await settingsAudit()).toEqual([]);
  });

  it("are saved by an owner, with an audit row naming the owner and what changed", async () => {
    const { values } = await settingsPage(owner.cookie);
    const saved = await saveSettings(owner.cookie, {
      ...values,
      codEnabled: !values.codEnabled,
      paymentTimeoutMinutes: "45",
    });
    expect(saved).toMatchObject({ status: 200, body: { ok: true } });
    const [row] = await t.db.select().from(storeSettings);
    expect(row).toMatchObject({ codEnabled: !values.codEnabled, paymentTimeoutMinutes: 45 });
    const [audit, ...more] = await settingsAudit();
    expect(more).toEqual([]);
    expect(audit).toMatchObject({
      actorId: owner.id,
      actorName: "Priya Owner",
      action: "update",
      changes: {
        codEnabled: { before: values.codEnabled, after: !values.codEnabled },
        paymentTimeoutMinutes: { before: Number(values.paymentTimeoutMinutes), after: 45 },
      },
    });
  });

  it("refuse an owner who has stepped down at once", async () => {
    const former = await staffMember("Asha Former", "asha.former@example.com", true);
    const { values } = await settingsPage(former.cookie);
    await t.db.update(staffMembers).set({ isOwner: false }).where(eq(staffMembers.userId, former.id));
    expect(await saveSettings(former.cookie, { ...values, tagline: "Changed by a former owner" })).toMatchObject({
      status: 403,
    });
  });
});

describe("GST rates", () => {
  it("are read by every staff member, and the page knows who may change them", async () => {
    const forClerk = await taxPage(clerk.cookie);
    expect(forClerk.canChange).toBe(false);
    expect(forClerk.categories.find((c) => c.slug === "kurtas")?.current).toBeTruthy();
    expect((await taxPage(owner.cookie)).canChange).toBe(true);
  });

  it("refuse a non-owner's change or cancellation with 403 before the form is read, and change nothing", async () => {
    const before = await t.db.select().from(categoryTax);
    const { seen, body } = watchedBody(taxChange());
    const refused = await settle(() => taxRoute.action(args(post("/admin/settings/tax", clerk.cookie, body))));
    expect(refused).toMatchObject({ status: 403, body: { ownersOnly: true, message: TAX_MESSAGES.ownersOnly } });
    expect(seen.read).toBe(false);

    expect(await saveTax(clerk.cookie, taxChange())).toMatchObject({
      status: 403,
      body: { message: "Only an owner can change the GST rates." },
    });
    expect(await t.db.select().from(categoryTax)).toEqual(before);
    expect(await taxAudit()).toEqual([]);
  });

  it("are changed by an owner, each change and cancellation in the audit log under the owner's id", async () => {
    expect(await saveTax(owner.cookie, taxChange())).toMatchObject({ status: 200, body: { ok: true } });
    const scheduled = await t.db
      .select()
      .from(categoryTax)
      .where(and(eq(categoryTax.categorySlug, "kurtas"), eq(categoryTax.effectiveFrom, tomorrow())));
    expect(scheduled).toHaveLength(1);

    // a non-owner cannot cancel it either
    expect(
      await saveTax(clerk.cookie, { intent: "cancel", categorySlug: "kurtas", effectiveFrom: tomorrow() }),
    ).toMatchObject({ status: 403 });
    expect(
      await saveTax(owner.cookie, { intent: "cancel", categorySlug: "kurtas", effectiveFrom: tomorrow() }),
    ).toMatchObject({ status: 200, body: { ok: true } });

    const audits = await taxAudit();
    expect(audits.map((a) => [a.action, a.actorId, a.actorName]).sort()).toEqual([
      ["tax-rate-added", owner.id, "Priya Owner"],
      ["tax-rate-cancelled", owner.id, "Priya Owner"],
    ]);
    const added = audits.find((a) => a.action === "tax-rate-added");
    expect(added?.changes).toMatchObject({ upperRateBp: { after: 1800 }, thresholdPaise: { after: 300_000 } });
    expect(added?.summary).toContain(tomorrow());
  });
});
