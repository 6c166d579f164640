import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { setDatabase } from "../../app/db/client.server";
import { inTransaction } from "../../app/db/transaction.server";
import { completeRegistration } from "../../app/modules/accounts/profile.server";
import { getAuth } from "../../app/modules/accounts/session.server";
import { createStaffAccount } from "../../app/modules/accounts/staff.server";
import { auditLog } from "../../app/modules/audit/schema.server";
import { ensureStoreSettings } from "../../app/modules/content/settings.server";
import { issueStoreCredit, storeCreditBalance } from "../../app/modules/credit/index.server";
import { STORE_CREDIT_MESSAGES } from "../../app/modules/credit/index";
import * as detailRoute from "../../app/routes/admin.customers.$id";
import * as accountRoute from "../../app/routes/authentication";
import { passwordSignIn, routeRequest, settle, signedInShopper, type RouteArgs as Args } from "../factories/sessions";
import { setupTestDatabase } from "../setup/test-db";

/*
 * Store credit on the pages (decision 042): the shopper's account shows her balance and entries when
 * she has or had credit, and nothing otherwise; the staff customer page shows them too and adjusts
 * the credit with a reason, staff only, audited, refusing what would go below zero and keeping what
 * was typed with each field's message.
 */

const t = setupTestDatabase();
let ip = 40;
const nextIp = () => `203.0.113.${(ip += 1)}`;

let staffCookie = "";
let shopper = { id: "", cookie: "" };

beforeAll(async () => {
  setDatabase(t.database);
  await ensureStoreSettings(t.db);
  await createStaffAccount(t.db, getAuth(), {
    name: "Priya Shah",
    email: "priya.credit@example.com",
    password: "kesar-mango-42",
  });
  staffCookie = (await passwordSignIn("priya.credit@example.com", "kesar-mango-42", nextIp())).cookie;
  shopper = await signedInShopper(t.db, "+919812300451", nextIp());
  await completeRegistration(t.db, shopper.id, "+919812300451", {
    firstName: "Meera",
    lastName: "Iyer",
    email: "meera.credit@example.com",
  });
});

const request = (pathname: string, cookie: string | null, form?: Record<string, string>) =>
  routeRequest(pathname, cookie, form, { "x-forwarded-for": nextIp() });

type AccountView = {
  view: string;
  storeCredit?: {
    balancePaise: number;
    entries: Array<{ kind: string; reason: string; amountPaise: number; expiresAt: Date | null }>;
  } | null;
};

const account = async (cookie: string) =>
  (
    await settle<AccountView>(() =>
      accountRoute.loader({ request: request("/authentication", cookie), params: {}, context: {} } as unknown as Args<
        typeof accountRoute.loader
      >),
    )
  ).body;

const customerPage = (id: string, cookie: string) =>
  settle<{
    customer: { storeCredit: { balancePaise: number; entries: Array<{ kind: string; reason: string }> } | null };
  }>(() =>
    detailRoute.loader({
      request: request(`/admin/customers/${id}`, cookie),
      params: { id },
      context: {},
    } as unknown as Args<typeof detailRoute.loader>),
  );

const adjust = (id: string, form: Record<string, string>, cookie: string | null) =>
  settle<Record<string, unknown>>(() =>
    detailRoute.action({
      request: request(`/admin/customers/${id}`, cookie, { intent: "adjust-credit", ...form }),
      params: { id },
      context: {},
    } as unknown as Args<typeof detailRoute.action>),
  );

describe("the shopper's account", () => {
  it("shows nothing of store credit to a shopper who never had any, then her balance and entries", async () => {
    expect((await account(shopper.cookie)).storeCredit).toBeNull();
    await inTransaction(t.db, (tx) =>
      issueStoreCredit(tx, { userId: shopper.id, amountPaise: 125_000, reason: "Return ORD-ABC-R1" }),
    );
    const shown = await account(shopper.cookie);
    expect(shown.storeCredit).toMatchObject({
      balancePaise: 125_000,
      entries: [{ kind: "issued", reason: "Return ORD-ABC-R1", amountPaise: 125_000 }],
    });
    expect(shown.storeCredit!.entries[0]!.expiresAt).toBeInstanceOf(Date);
  });
});

describe("the staff customer page", () => {
  it("refuses an adjustment from a visitor or a shopper, and changes nothing", async () => {
    const before = await storeCreditBalance(t.db, shopper.id);
    expect((await adjust(shopper.id, { amount: "500", reason: "x" }, null)).status).toBe(401);
    expect((await adjust(shopper.id, { amount: "500", reason: "x" }, shopper.cookie)).status).toBe(403);
    expect(await storeCreditBalance(t.db, shopper.id)).toBe(before);
  });

  it("keeps what was typed with each field's message when the form is wrong", async () => {
    const answer = await adjust(shopper.id, { amount: "12.345", reason: "  " }, staffCookie);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      ok: false,
      fieldErrors: { amount: STORE_CREDIT_MESSAGES.amountInvalid, reason: STORE_CREDIT_MESSAGES.reasonRequired },
      values: { amount: "12.345", reason: "" },
    });
  });

  it("refuses to take the balance below zero, saying what she has", async () => {
    const balance = await storeCreditBalance(t.db, shopper.id);
    const answer = await adjust(shopper.id, { amount: "-5,000", reason: "Duplicate credit" }, staffCookie);
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({
      ok: false,
      fieldErrors: { amount: STORE_CREDIT_MESSAGES.belowZero(balance) },
      values: { amount: "-5,000", reason: "Duplicate credit" },
    });
    expect(await storeCreditBalance(t.db, shopper.id)).toBe(balance);
  });

  it("adds and takes credit with a reason, shown to staff and the shopper, and audited", async () => {
    const before = await storeCreditBalance(t.db, shopper.id);
    const added = await adjust(shopper.id, { amount: "₹250.50", reason: "Goodwill for a late parcel" }, staffCookie);
    expect(added).toMatchObject({ status: 200, body: { ok: true, message: STORE_CREDIT_MESSAGES.adjusted } });
    const taken = await adjust(shopper.id, { amount: "-100", reason: "Typo in the last one" }, staffCookie);
    expect(taken.status).toBe(200);
    expect(await storeCreditBalance(t.db, shopper.id)).toBe(before + 25_050 - 10_000);

    const page = await customerPage(shopper.id, staffCookie);
    expect(page.body.customer.storeCredit).toMatchObject({
      balancePaise: before + 15_050,
      entries: [
        { kind: "adjusted", reason: "Typo in the last one" },
        { kind: "adjusted", reason: "Goodwill for a late parcel" },
        { kind: "issued" },
      ],
    });
    expect((await account(shopper.cookie)).storeCredit?.entries[0]).toMatchObject({ reason: "Typo in the last one" });
    const audited = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, shopper.id), eq(auditLog.action, "store-credit.adjust")));
    expect(audited.map((a) => a.summary)).toEqual(
      expect.arrayContaining([
        expect.stringContaining("Store credit +₹250.50 for Meera Iyer: Goodwill for a late parcel"),
        expect.stringContaining("Store credit −₹100.00 for Meera Iyer: Typo in the last one"),
      ]),
    );
  });
});
