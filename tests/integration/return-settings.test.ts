import { desc, eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { setDatabase } from "../../app/db/client.server";
import { auditLog } from "../../app/modules/audit/schema.server";
import { ensureCategories } from "../../app/modules/catalog/products.server";
import { RETURN_SETTINGS_MESSAGES } from "../../app/modules/content/return-settings";
import { SETTINGS_MESSAGES, type SettingsFormValues } from "../../app/modules/content/settings-form";
import { ensureStoreSettings, getStoreSettings } from "../../app/modules/content/settings.server";
import * as settingsRoute from "../../app/routes/admin.settings";
import * as policyRoute from "../../app/routes/return-policy";
import { routeRequest, type RouteArgs, settle, signedInStaff } from "../factories/sessions";
import { setupTestDatabase } from "../setup/test-db";
import { countPageCachePurges } from "../support/page-cache";

/*
 * The returns and exchanges settings (decision 042) as an owner saves them on the Settings screen, and
 * the Return Policy page that reads the same columns: what the page says follows every save at once
 * (the windows, the categories that cannot be returned, refunds only for faults, how long store credit
 * lasts), a save empties the shared page cache, and a wrong value gets its field's message and
 * changes nothing.
 */

const t = setupTestDatabase();
const purges = countPageCachePurges();
let ownerCookie = "";

beforeAll(async () => {
  setDatabase(t.database);
  await ensureStoreSettings(t.db);
  await ensureCategories(t.db);
  const account = { name: "Priya Shah", email: "priya.returns@example.com", password: "kesar-mango-42" };
  ownerCookie = (await signedInStaff(t.db, account, "203.0.113.95", { isOwner: true })).cookie;
});

type SettingsPage = {
  values: SettingsFormValues;
  categories: Array<{ slug: string; name: string }>;
  canChange: boolean;
};

const settingsPage = async () =>
  (
    await settle<SettingsPage>(() =>
      settingsRoute.loader({
        request: routeRequest("/admin/settings", ownerCookie),
        params: {},
        context: {},
      } as unknown as RouteArgs<typeof settingsRoute.loader>),
    )
  ).body;

const save = (values: SettingsFormValues) =>
  settle<{ ok: boolean; formError?: string; fieldErrors?: Record<string, string> }>(() =>
    settingsRoute.action({
      request: routeRequest("/admin/settings", ownerCookie, { intent: "save", settings: JSON.stringify(values) }),
      params: {},
      context: {},
    } as unknown as RouteArgs<typeof settingsRoute.action>),
  );

/** The Return Policy page's words, as a visitor reads them. */
async function policyText(): Promise<string> {
  const facts = await policyRoute.loader();
  const Page = policyRoute.default as unknown as (props: { loaderData: typeof facts }) => React.ReactElement;
  const Stub = createRoutesStub([
    { path: "/return-policy", Component: () => createElement(Page, { loaderData: facts }) },
  ]);
  return renderToString(createElement(Stub, { initialEntries: ["/return-policy"] }))
    .replace(/<[^>]+>/g, "")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}

describe("the returns settings and the Return Policy page", () => {
  it("says the stored rules: the default windows, refunds for damage, credit for a year, no category excluded", async () => {
    const page = await settingsPage();
    expect(page.values).toMatchObject({
      returnWindowDays: "7",
      exchangeWindowDays: "15",
      nonReturnableCategories: [],
      refundsOnlyForFaults: true,
      storeCreditValidityDays: "365",
      storeCreditNeverExpires: false,
    });
    expect(page.categories.map((c) => c.slug)).toContain("accessories");
    const text = await policyText();
    expect(text).toContain("Ask for an exchange within 15 days of delivery");
    expect(text).toContain(
      "Return a piece within 7 days of delivery for store credit, or for a refund if it arrived damaged",
    );
    expect(text).toContain("For any other reason we offer an exchange or store credit");
    expect(text).toContain("It can be used for 1 year from the day it is issued");
    expect(text).not.toContain("Jewellery & Accessories");
    expect(text).toContain("choose Return or exchange on a delivered order");
    expect(text).toContain("The pickup from your address is free");
  });

  it("follows a save at once: the new windows, the category named, refunds for any return, credit that never expires", async () => {
    const { values } = await settingsPage();
    const before = purges.count;
    const answer = await save({
      ...values,
      exchangeWindowDays: " 10 ",
      returnWindowDays: "5",
      nonReturnableCategories: ["accessories", "unstitched", "accessories"],
      refundsOnlyForFaults: false,
      storeCreditNeverExpires: true,
    });
    expect(answer).toMatchObject({ status: 200, body: { ok: true } });
    expect(purges.count).toBe(before + 1);
    expect(await getStoreSettings(t.db)).toMatchObject({
      exchangeWindowDays: 10,
      returnWindowDays: 5,
      nonReturnableCategories: ["accessories", "unstitched"],
      refundsOnlyForFaults: false,
      storeCreditValidityDays: null,
    });

    const text = await policyText();
    expect(text).toContain("Ask for an exchange within 10 days of delivery");
    expect(text).toContain("Return a piece within 5 days of delivery for store credit or a refund.");
    expect(text).toContain("A returned piece can be refunded to your payment, or taken as store credit");
    expect(text).toContain("It never expires.");
    expect(text).toMatch(
      /What cannot be returned or refunded.*Unstitched.*Jewellery & Accessories|Jewellery & Accessories.*Unstitched/,
    );
    expect(text).not.toContain("15 days");

    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity, "settings"))
      .orderBy(desc(auditLog.createdAt));
    expect(audit!.summary).toBe(
      "Settings: Return window 7 days → 5 days; Exchange window 15 days → 10 days; Non-returnable categories none → accessories, unstitched; Refunds only for faults on → off; Store credit validity 365 days → never expires",
    );
  });

  it("answers a wrong value with its field's message and saves nothing", async () => {
    const { values } = await settingsPage();
    const version = (await getStoreSettings(t.db)).version;
    const cases: Array<[Partial<SettingsFormValues>, keyof SettingsFormValues, string]> = [
      [{ exchangeWindowDays: "91" }, "exchangeWindowDays", RETURN_SETTINGS_MESSAGES.window],
      [{ returnWindowDays: "-1" }, "returnWindowDays", RETURN_SETTINGS_MESSAGES.window],
      [{ returnWindowDays: "7.5" }, "returnWindowDays", RETURN_SETTINGS_MESSAGES.window],
      [
        { storeCreditNeverExpires: false, storeCreditValidityDays: "10" },
        "storeCreditValidityDays",
        RETURN_SETTINGS_MESSAGES.creditDays,
      ],
      [
        { storeCreditNeverExpires: false, storeCreditValidityDays: "" },
        "storeCreditValidityDays",
        RETURN_SETTINGS_MESSAGES.creditDays,
      ],
      [
        { nonReturnableCategories: ["no-such-category"] },
        "nonReturnableCategories",
        RETURN_SETTINGS_MESSAGES.categories,
      ],
    ];
    for (const [change, field, message] of cases) {
      const answer = await save({ ...values, ...change });
      expect(answer.status, field).toBe(400);
      expect(answer.body).toMatchObject({ ok: false, formError: SETTINGS_MESSAGES.saveFailed });
      expect(answer.body.fieldErrors?.[field], JSON.stringify(change)).toBe(message);
    }
    expect((await getStoreSettings(t.db)).version).toBe(version);
    expect(await policyText()).toContain("Ask for an exchange within 10 days of delivery");

    // a validity within its range is saved; 'never expires' unticked again
    expect(await save({ ...values, storeCreditNeverExpires: false, storeCreditValidityDays: "180" })).toMatchObject({
      status: 200,
      body: { ok: true },
    });
    expect(await policyText()).toContain("It can be used for 180 days from the day it is issued");
  });
});
