import { useEffect, useId, useRef, useState } from "react";
import { FormErrorBanner } from "~/components/admin/editor-parts";
import { useToast } from "~/components/admin/toast";
import { focusFirstInvalid, textBinder, useEditorMessages } from "~/components/admin/use-editor-messages";
import { useBlocker, useFetcher, useRevalidator } from "react-router";
import {
  checkSettingsForm,
  SETTINGS_MESSAGES,
  type SettingsField,
  type SettingsFieldErrors,
  type SettingsFormValues,
} from "~/modules/content";
import {
  BackOfficeCard,
  ContactCard,
  DeliveryCard,
  GstCard,
  PaymentsCard,
  SocialLinksCard,
  StoreCard,
  type SettingsTextField,
} from "./settings-cards";
import { categoryChoices, ReturnsCard, type ShopCategory } from "./returns-card";
import { ReviewsCard } from "./reviews-card";

/*
 * The Settings tab: the store_settings row in cards (store, contact, social links, GST, payments,
 * shipping and delivery, returns and exchanges, reviews, back office) with one save bar. The whole form goes to the action as JSON
 * through a fetcher, so an error keeps everything typed; the server checks every field again and
 * refuses a save over someone else's newer one.
 */

type SaveAnswer =
  | { ok: true; changed: string[]; values: SettingsFormValues }
  | { ok: false; formError: string; fieldErrors: SettingsFieldErrors; conflict?: boolean };

export function SettingsForm({
  values,
  states,
  categories,
}: {
  values: SettingsFormValues;
  states: readonly string[];
  categories: readonly ShopCategory[];
}) {
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
      // a save (or a reload after a conflict) brings a new version: start again from what is stored
      key={values.version}
      stored={values}
      states={states}
      categories={categories}
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
  categories: readonly ShopCategory[];
  saving: boolean;
  reloading: boolean;
  answer: Extract<SaveAnswer, { ok: false }> | undefined;
  onSave: (values: SettingsFormValues) => void;
  onReload: () => void;
}

function Editor({ stored, states, categories, saving, reloading, answer, onSave, onReload }: EditorProps) {
  const [values, setValues] = useState<SettingsFormValues>(stored);
  const formRef = useRef<HTMLFormElement>(null);
  const formId = useId();

  useEffect(() => {
    if (answer) focusFirstInvalid(formRef);
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

  const choices = categoryChoices(categories, stored.nonReturnableCategories);
  const check = checkSettingsForm(values, {
    storedGstin: stored.gstin,
    categories: choices.map((c) => c.slug),
  });
  const clientErrors: SettingsFieldErrors = check.ok ? {} : check.fieldErrors;
  const messages = useEditorMessages<SettingsField>(answer, clientErrors);
  const { formError, conflict, beginSave, reset } = messages;
  const text = textBinder<SettingsTextField, SettingsFormValues>(values, setValues, messages);

  const save = () => {
    if (!beginSave(check.ok, SETTINGS_MESSAGES.saveFailed)) {
      focusFirstInvalid(formRef);
      return;
    }
    onSave(values);
  };

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
        <StoreCard text={text} />
        <ContactCard text={text} whatsappNumber={values.whatsappNumber} />
        <SocialLinksCard text={text} />
        <GstCard text={text} states={states} shopState={values.shopState} storedGstin={stored.gstin} />
        <PaymentsCard
          text={text}
          codEnabled={values.codEnabled}
          onCod={(enabled) => setValues((v) => ({ ...v, codEnabled: enabled }))}
        />
        <DeliveryCard text={text} />
        <ReturnsCard
          text={text}
          values={values}
          categories={choices}
          categoriesError={messages.shownError("nonReturnableCategories")}
          onChange={(change) => {
            setValues((v) => ({ ...v, ...change }));
            for (const field of Object.keys(change) as SettingsField[]) messages.forget(field);
            // ticking 'never expires' answers a message about the days
            if ("storeCreditNeverExpires" in change) messages.forget("storeCreditValidityDays");
          }}
        />
        <ReviewsCard
          text={text}
          values={values}
          onChange={(change) => {
            setValues((v) => ({ ...v, ...change }));
            // choosing 'never ask' answers a message about the days
            if ("reviewRequestsNever" in change) messages.forget("reviewRequestDays");
          }}
        />
        <BackOfficeCard text={text} />
      </form>

      <SaveBar
        formId={formId}
        saving={saving}
        dirty={dirty}
        onDiscard={() => {
          setValues(stored);
          reset();
        }}
      />
    </div>
  );
}

/** The bar fixed at the bottom: whether anything is unsaved, Discard and Save. */
function SaveBar({
  formId,
  saving,
  dirty,
  onDiscard,
}: {
  formId: string;
  saving: boolean;
  dirty: boolean;
  onDiscard: () => void;
}) {
  return (
    <div className="fixed inset-x-0 bottom-0 z-40 border-t border-linen bg-ivory/95 backdrop-blur">
      <div className="mx-auto flex max-w-[90rem] items-center justify-end gap-3 px-4 py-3 sm:px-8">
        <p aria-live="polite" className="sr-only mr-auto text-sm text-stone sm:not-sr-only">
          {saving ? "Saving..." : dirty ? "Unsaved changes" : "All changes saved"}
        </p>
        <button
          type="button"
          disabled={!dirty || saving}
          onClick={onDiscard}
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
  );
}
