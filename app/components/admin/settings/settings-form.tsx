import { useEffect, useId, useRef, useState } from "react";
import { useEditorMessages } from "~/components/admin/use-editor-messages";
import { FormErrorBanner } from "~/components/admin/editor-parts";
import { Link, useBlocker, useFetcher, useRevalidator } from "react-router";
import { Select, TextArea, TextInput } from "~/components/admin/products/fields";
import { SettingsCard as Card } from "./settings-card";
import { useToast } from "~/components/admin/toast";
import { GST_STATE_CODES } from "~/modules/content";
import {
  checkSettingsForm,
  isDemoWhatsapp,
  SETTINGS_MESSAGES,
  type SettingsField,
  type SettingsFieldErrors,
  type SettingsFormValues,
} from "~/modules/content";
import { DemoNumberNote } from "./demo-number-note";

/*
 * The Settings tab: the store_settings row in cards (store, contact, social links, GST, payments,
 * back office) with one save bar. The whole form goes to the action as JSON through a fetcher, so an
 * error keeps everything typed; the server checks every field again and refuses a save over someone
 * else's newer one.
 */

type SaveAnswer =
  | { ok: true; changed: string[]; values: SettingsFormValues }
  | { ok: false; formError: string; fieldErrors: SettingsFieldErrors; conflict?: boolean };

export function SettingsForm({ values, states }: { values: SettingsFormValues; states: readonly string[] }) {
  const fetcher = useFetcher<SaveAnswer>();
  const toast = useToast();
  const revalidator = useRevalidator();
  const handled = useRef<SaveAnswer | undefined>(undefined);
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  useEffect(() => {
    if (!answer || handled.current === answer) return;
    handled.current = answer;
    if (answer.ok) toast(answer.changed.length > 0 ? SETTINGS_MESSAGES.saved : SETTINGS_MESSAGES.unchanged);
    else toast(answer.formError, "error");
  }, [answer, toast]);

  return (
    <Editor
      // a save (or a reload after a conflict) brings a new updated_at: start again from what is stored
      key={values.updatedAt}
      stored={values}
      states={states}
      saving={fetcher.state !== "idle"}
      answer={answer && !answer.ok ? answer : undefined}
      onSave={(typed) =>
        fetcher.submit(
          { intent: "save", settings: JSON.stringify(typed) },
          { method: "post", action: "/admin/settings" },
        )
      }
      onReload={() => void revalidator.revalidate()}
      reloading={revalidator.state !== "idle"}
    />
  );
}

interface EditorProps {
  stored: SettingsFormValues;
  states: readonly string[];
  saving: boolean;
  reloading: boolean;
  answer: Extract<SaveAnswer, { ok: false }> | undefined;
  onSave: (values: SettingsFormValues) => void;
  onReload: () => void;
}

function Editor({ stored, states, saving, reloading, answer, onSave, onReload }: EditorProps) {
  const [values, setValues] = useState<SettingsFormValues>(stored);
  const formRef = useRef<HTMLFormElement>(null);
  const formId = useId();

  useEffect(() => {
    if (answer)
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus());
  }, [answer]);

  const dirty = JSON.stringify(values) !== JSON.stringify(stored);
  // leaving the tab with unsaved changes asks first
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && !saving && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== "blocked") return;
    if (window.confirm("Leave the settings without saving your changes?")) blocker.proceed();
    else blocker.reset();
  }, [blocker]);

  const check = checkSettingsForm(values, { storedGstin: stored.gstin });
  const clientErrors: SettingsFieldErrors = check.ok ? {} : check.fieldErrors;
  const { formError, conflict, shownError, forget, touch, beginSave, reset } = useEditorMessages<SettingsField>(
    answer,
    clientErrors,
  );
  type TextField = Exclude<SettingsField, "codEnabled">;
  const text = (field: TextField) => ({
    value: values[field],
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => {
      const value = e.target.value;
      setValues((v) => ({ ...v, [field]: value }));
      forget(field);
    },
    onBlur: () => touch(field),
    error: shownError(field),
  });

  const save = () => {
    if (!beginSave(check.ok, SETTINGS_MESSAGES.saveFailed)) {
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus());
      return;
    }
    onSave(values);
  };

  const stateCode = GST_STATE_CODES[values.shopState]?.[0];

  return (
    <div>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className="eyebrow">Shop</p>
          <h1 className="mt-1 font-display text-4xl leading-none text-ink sm:text-5xl">Settings</h1>
        </div>
        <p className="max-w-md text-sm text-stone">
          Changes show in the shop at once: the footer, contact details, product pages and the checkout.
        </p>
      </div>

      <FormErrorBanner
        message={formError}
        conflict={conflict}
        reloading={reloading}
        onReload={onReload}
        className="mt-6"
      />

      <form
        ref={formRef}
        id={formId}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
        className="mt-6 grid gap-5 pb-28 lg:grid-cols-2 lg:items-start [&_input]:scroll-mt-28 [&_input]:scroll-mb-28 [&_select]:scroll-mt-28 [&_select]:scroll-mb-28 [&_textarea]:scroll-mt-28"
      >
        <Card title="Store" description="The name and line shown in the header, footer and page titles.">
          <TextInput label="Store name" required autoComplete="organization" maxLength={120} {...text("storeName")} />
          <TextInput label="Tagline" autoComplete="off" maxLength={240} {...text("tagline")} />
          <TextInput
            label="Registered legal name"
            autoComplete="off"
            maxLength={240}
            hint="As registered for GST, printed on tax invoices; empty: the store name"
            {...text("legalName")}
          />
        </Card>

        <Card title="Contact" description="Shown in the footer and on the About page.">
          <div className="grid gap-5 sm:grid-cols-2">
            <TextInput label="Contact e-mail" type="email" autoComplete="email" {...text("supportEmail")} />
            <TextInput
              label="Contact phone"
              type="tel"
              autoComplete="tel"
              hint="e.g. +91 98765 43210"
              {...text("supportPhone")}
            />
          </div>
          <TextInput
            label="WhatsApp number"
            type="tel"
            autoComplete="off"
            hint="The ‘Chat on WhatsApp’ button of product pages; empty hides it"
            {...text("whatsappNumber")}
          />
          {isDemoWhatsapp(values.whatsappNumber) ? <DemoNumberNote /> : null}
          <TextArea label="Address" rows={2} maxLength={600} {...text("address")} />
        </Card>

        <Card title="Social links" description="Full https addresses; empty hides the icon.">
          <TextInput
            label="Instagram"
            type="url"
            inputMode="url"
            autoComplete="off"
            placeholder="https://www.instagram.com/yourshop"
            {...text("instagramUrl")}
          />
          <TextInput
            label="Facebook"
            type="url"
            inputMode="url"
            autoComplete="off"
            placeholder="https://www.facebook.com/yourshop"
            {...text("facebookUrl")}
          />
          <TextInput
            label="YouTube"
            type="url"
            inputMode="url"
            autoComplete="off"
            placeholder="https://www.youtube.com/@yourshop"
            {...text("youtubeUrl")}
          />
        </Card>

        <Card
          title="GST"
          description="Printed on tax invoices. A billing address in the shop's state pays CGST + SGST, others IGST."
          aside={
            <Link
              to="/admin/settings/tax"
              className="text-sm font-medium text-ink underline underline-offset-4 hover:text-maroon"
            >
              GST rates by category
            </Link>
          }
        >
          <Select
            label="Shop's state"
            hint={stateCode ? `GST state code ${stateCode}` : "Where the shop is registered"}
            {...text("shopState")}
          >
            <option value="">Not set</option>
            {states.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </Select>
          <TextInput
            label="GSTIN"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={20}
            className="[&_input]:font-medium [&_input]:tracking-[0.12em] [&_input]:uppercase"
            hint={
              stored.gstin
                ? "15 characters; can be corrected, not removed"
                : `15 characters${stateCode ? `, starting ${stateCode}` : ""}; empty until the shop is registered`
            }
            {...text("gstin")}
          />
        </Card>

        <Card title="Payments" description="Read by the checkout on every order.">
          <label className="flex cursor-pointer items-start gap-3 border border-linen bg-white p-3.5 text-sm">
            <input
              type="checkbox"
              checked={values.codEnabled}
              onChange={(e) => setValues((v) => ({ ...v, codEnabled: e.target.checked }))}
              className="mt-0.5 h-4 w-4 accent-maroon"
            />
            <span>
              <span className="font-medium text-ink">Cash on delivery</span>
              <span className="block text-xs text-stone">Offer payment on delivery at checkout.</span>
            </span>
          </label>
          <div className="grid gap-5 sm:grid-cols-2">
            <TextInput
              label="COD fee"
              prefix="₹"
              inputMode="decimal"
              autoComplete="off"
              hint="Added to orders paid on delivery; 0 for none"
              {...text("codFee")}
            />
            <TextInput
              label="COD maximum order"
              prefix="₹"
              inputMode="decimal"
              autoComplete="off"
              hint="Largest total payable on delivery; empty for no maximum"
              {...text("codMaxOrder")}
            />
            <TextInput
              label="Prepaid discount (%)"
              inputMode="numeric"
              autoComplete="off"
              hint="Off online payments, 0 to 50"
              {...text("prepaidDiscountPercent")}
            />
            <TextInput
              label="Payment timeout (minutes)"
              inputMode="numeric"
              autoComplete="off"
              hint="An unpaid online order gives its pieces back after this; 5 to 1440"
              {...text("paymentTimeoutMinutes")}
            />
            <TextInput
              label="Maximum order"
              prefix="₹"
              inputMode="decimal"
              autoComplete="off"
              hint="The most one order's pieces may come to, however paid; up to ₹1,00,00,000"
              {...text("maxOrder")}
            />
          </div>
        </Card>

        <Card title="Back office">
          <TextInput
            label="Staff session length (hours)"
            inputMode="numeric"
            autoComplete="off"
            hint="Staff are signed out after this long without activity; 1 to 168"
            className="sm:max-w-xs"
            {...text("staffSessionHours")}
          />
        </Card>
      </form>

      <div className="fixed inset-x-0 bottom-0 z-40 border-t border-linen bg-ivory/95 backdrop-blur">
        <div className="mx-auto flex max-w-[90rem] items-center justify-end gap-3 px-4 py-3 sm:px-8">
          <p aria-live="polite" className="sr-only mr-auto text-sm text-stone sm:not-sr-only">
            {saving ? "Saving..." : dirty ? "Unsaved changes" : "All changes saved"}
          </p>
          <button
            type="button"
            disabled={!dirty || saving}
            onClick={() => {
              setValues(stored);
              reset();
            }}
            className="btn-outline !px-4 !py-3 disabled:opacity-40 max-sm:mr-auto sm:!px-5"
          >
            Discard
          </button>
          <button
            type="submit"
            form={formId}
            disabled={saving}
            className="btn-primary !px-5 !py-3 whitespace-nowrap sm:!px-8"
          >
            {saving ? "Saving..." : "Save settings"}
          </button>
        </div>
      </div>
    </div>
  );
}
