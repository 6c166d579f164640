import { data } from "react-router";
import type { Route } from "./+types/admin.settings";
import { SettingsForm } from "~/components/admin/settings/settings-form";
import { SettingsView } from "~/components/admin/settings/settings-view";
import { getDb } from "~/db/client.server";
import { readJsonField } from "~/lib/forms";
import { readFormData } from "~/lib/http.server";
import { getLogger } from "~/lib/logger.server";
import { ADMIN_HEADERS, forgetStaffChecks, guardAction, isOwner, requireStaff } from "~/modules/admin/index.server";
import { INDIAN_STATES } from "~/modules/accounts";
import { listCategories } from "~/modules/catalog/index.server";
import { loadSettingsForEdit, saveStoreSettings } from "~/modules/content/index.server";
import {
  SETTINGS_MESSAGES,
  type SettingsFieldErrors,
  type SettingsFormValues,
  settingsValuesSchema,
} from "~/modules/content";

/*
 * /admin/settings: the store_settings row (contact details, social links, GST registration, cash on
 * delivery, prepaid discount, payment timeout, shipping, returns and exchanges, staff session length). Every staff member reads them;
 * only owners change them (anyone else's save is refused before its form is read). A save is refused
 * when someone else saved meanwhile; it purges the page cache and writes one audit row.
 */

export const headers: Route.HeadersFunction = () => ADMIN_HEADERS;

export const meta: Route.MetaFunction = () => [
  { title: "Settings · Admin · Saanjh" },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const staff = await requireStaff(request);
  const [values, canChange, categories] = await Promise.all([
    loadSettingsForEdit(getDb()),
    isOwner(staff),
    listCategories(getDb()),
  ]);
  return data(
    { values, states: INDIAN_STATES as readonly string[], categories, canChange },
    { headers: ADMIN_HEADERS },
  );
}

type Answer =
  | { ok: true; changed: string[]; values: SettingsFormValues }
  | { ok: false; formError: string; fieldErrors: SettingsFieldErrors; conflict?: boolean };

const answer = (body: Answer, status = 200) => data(body, { status, headers: ADMIN_HEADERS });

export async function action({ request }: Route.ActionArgs) {
  const guard = await guardAction(
    request,
    { signedOut: SETTINGS_MESSAGES.signedOut, forbidden: SETTINGS_MESSAGES.failed },
    SETTINGS_MESSAGES.ownersOnly,
  );
  if (!guard.ok) return answer({ ok: false, formError: guard.message, fieldErrors: {} }, guard.status);
  const { staff } = guard;
  const form = await readFormData(request);
  const values = form.get("intent") === "save" ? readJsonField(form, "settings", settingsValuesSchema) : null;
  if (!values) return answer({ ok: false, formError: SETTINGS_MESSAGES.failed, fieldErrors: {} }, 400);
  try {
    const result = await saveStoreSettings(getDb(), staff, values);
    if (!result.ok)
      return answer(
        { ok: false, formError: result.formError, fieldErrors: result.fieldErrors, conflict: result.conflict },
        result.status,
      );
    // a staff check reused for a moment holds the settings it read (the staff session length)
    if (result.changed.length > 0) forgetStaffChecks();
    return answer({ ok: true, changed: result.changed, values: result.values });
  } catch (error) {
    getLogger().error({ err: error }, "saving the store settings failed");
    return answer({ ok: false, formError: SETTINGS_MESSAGES.failed, fieldErrors: {} }, 500);
  }
}

export default function AdminSettings({ loaderData }: Route.ComponentProps) {
  if (!loaderData.canChange) return <SettingsView values={loaderData.values} categories={loaderData.categories} />;
  return <SettingsForm values={loaderData.values} states={loaderData.states} categories={loaderData.categories} />;
}
