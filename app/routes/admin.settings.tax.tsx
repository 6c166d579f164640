import { data } from "react-router";
import type { Route } from "./+types/admin.settings.tax";
import { TaxRates } from "~/components/admin/tax/tax-rates";
import { getDb } from "~/db/client.server";
import { readFormData } from "~/lib/http.server";
import { ADMIN_HEADERS, isOwner, requireOwner, requireStaff } from "~/modules/admin/index.server";
import { getStoreSettings } from "~/modules/content/index.server";
import { indiaDate } from "~/modules/invoices";
import { parseTaxForm, TAX_MESSAGES, taxFormValues, type TaxAnswer } from "~/modules/invoices";
import { cancelScheduledTax, categorySlugs, listCategoryTax, saveCategoryTax } from "~/modules/invoices/index.server";

/*
 * /admin/settings/tax: each category's HSN code and GST rate (with the higher rate above a value per
 * piece), from a date on. A change adds a row from its date; invoices already issued never change.
 * Every staff member reads them; only owners change them (anyone else is refused before the form is read).
 */

export const headers: Route.HeadersFunction = () => ADMIN_HEADERS;

export const meta: Route.MetaFunction = () => [
  { title: "GST rates · Admin · Saanjh" },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const staff = await requireStaff(request);
  const db = getDb();
  const today = indiaDate(new Date());
  const [list, settings, canChange] = await Promise.all([
    listCategoryTax(db, today),
    getStoreSettings(db),
    isOwner(staff),
  ]);
  return data(
    { today, categories: list, invoicing: { gstin: settings.gstin, shopState: settings.shopState }, canChange },
    { headers: ADMIN_HEADERS },
  );
}

const answer = (body: TaxAnswer, status = 200) => data(body, { status, headers: ADMIN_HEADERS });

export async function action({ request }: Route.ActionArgs) {
  const staff = await requireOwner(request, TAX_MESSAGES.ownersOnly);
  const form = await readFormData(request);
  const db = getDb();
  const today = indiaDate(new Date());
  const intent = form.get("intent");
  if (intent === "cancel") {
    const categorySlug = String(form.get("categorySlug") ?? "");
    const done = await cancelScheduledTax(db, staff, categorySlug, String(form.get("effectiveFrom") ?? ""), today);
    return done
      ? answer({ ok: true, intent, categorySlug, message: "Scheduled change cancelled" })
      : answer(
          {
            ok: false,
            intent,
            categorySlug,
            fieldErrors: {},
            formError: "Only a change scheduled for a later day can be cancelled.",
          },
          409,
        );
  }
  if (intent !== "save") throw data("Unknown action", { status: 400, headers: ADMIN_HEADERS });
  const values = taxFormValues(form);
  const parsed = parseTaxForm(values, { today, categories: await categorySlugs(db) });
  if (!parsed.ok)
    return answer(
      { ok: false, intent, categorySlug: values.categorySlug, values, fieldErrors: parsed.fieldErrors },
      400,
    );
  await saveCategoryTax(db, staff, parsed.change);
  return answer({ ok: true, intent, categorySlug: parsed.change.categorySlug, message: TAX_MESSAGES.saved });
}

export default function AdminTaxSettings({ loaderData, actionData }: Route.ComponentProps) {
  return <TaxRates {...loaderData} answer={actionData as TaxAnswer | undefined} />;
}
