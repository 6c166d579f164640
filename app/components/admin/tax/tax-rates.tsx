import { useEffect, useRef, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { AdminPageHeader } from "~/components/admin/list-parts";
import { TextInput } from "~/components/admin/products/fields";
import { useToast } from "~/components/admin/toast";
import type { CategoryTaxRow } from "~/modules/invoices";
import {
  bpToPercentInput,
  describeRule,
  paiseToRupeesInput,
  TAX_MESSAGES,
  type CategoryTaxView,
  type TaxAnswer,
  type TaxFormValues,
} from "~/modules/invoices";

/*
 * The GST rates screen: one card per category with its rate today, scheduled changes and history.
 * Owners change them there; other staff read the same cards without the forms.
 */

const dayFormat = new Intl.DateTimeFormat("en-IN", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "UTC",
});
const showDay = (day: string) => dayFormat.format(new Date(`${day}T00:00:00Z`));

interface Props {
  today: string;
  categories: CategoryTaxView[];
  invoicing: { gstin: string; shopState: string };
  /** an owner: the cards carry their forms */
  canChange: boolean;
  answer: TaxAnswer | undefined;
}

export function TaxRates({ today, categories, invoicing, canChange, answer }: Props) {
  const toast = useToast();
  const shown = useRef<TaxAnswer | undefined>(undefined);
  useEffect(() => {
    if (!answer || shown.current === answer) return;
    shown.current = answer;
    if (answer.ok) toast(answer.message);
    else if (answer.formError) toast(answer.formError, "error");
  }, [answer, toast]);
  const missing = categories.filter((c) => !c.current);
  const configured = Boolean(invoicing.gstin && invoicing.shopState);

  return (
    <>
      <AdminPageHeader eyebrow="Settings" title="GST rates">
        <Link to="/admin/settings" className="text-sm text-ink underline underline-offset-4 hover:text-maroon">
          All settings
        </Link>
      </AdminPageHeader>
      <p className="max-w-3xl text-sm leading-relaxed text-stone">
        Prices include GST. Each category has its HSN code and rate from a date on; garments can pay a higher rate on a
        piece whose value after discounts is above a threshold. A change applies to invoices issued from its date;
        invoices already issued never change.
      </p>
      {canChange ? null : (
        <p role="note" className="mt-5 max-w-3xl border border-linen bg-sand px-4 py-3 text-sm text-ink">
          {TAX_MESSAGES.ownersOnly} You can read them here.
        </p>
      )}

      {configured ? (
        <p className="mt-5 text-sm text-ink">
          Invoices are issued as <span className="font-medium">{invoicing.gstin}</span>, {invoicing.shopState}.
        </p>
      ) : (
        <p role="note" className="mt-5 border border-gold/50 bg-[#fbf3e2] px-4 py-3 text-sm text-ink">
          Invoices are not issued until the shop&apos;s GSTIN and state are set.{" "}
          <Link to="/admin/settings" className="font-medium underline underline-offset-4">
            Open settings
          </Link>
        </p>
      )}
      {missing.length > 0 ? (
        <p role="note" className="mt-4 border border-sale/40 bg-red-50 px-4 py-3 text-sm text-sale">
          No GST rate today for {missing.map((c) => c.name).join(", ")}: orders with these pieces get their invoice once
          a rate is set.
        </p>
      ) : null}

      <ul className="mt-8 grid gap-5 xl:grid-cols-2">
        {categories.map((category) => (
          <li key={category.slug}>
            <CategoryCard
              category={category}
              today={today}
              canChange={canChange}
              answer={answer?.categorySlug === category.slug ? answer : undefined}
            />
          </li>
        ))}
      </ul>
    </>
  );
}

function RuleLine({ row, label }: { row: CategoryTaxRow; label: string }) {
  return (
    <p className="text-sm text-ink">
      <span className="tabular-nums">{describeRule(row)}</span>
      <span className="text-stone">
        {" "}
        · {label} {showDay(row.effectiveFrom)}
      </span>
    </p>
  );
}

function CategoryCard({
  category,
  today,
  canChange,
  answer,
}: {
  category: CategoryTaxView;
  today: string;
  canChange: boolean;
  answer: TaxAnswer | undefined;
}) {
  const headingId = `tax-${category.slug}`;
  return (
    <section aria-labelledby={headingId} className="h-full border border-linen bg-white p-5 sm:p-6">
      <div className="flex items-start justify-between gap-4">
        <div>
          <h2 id={headingId} className="font-display text-2xl leading-tight text-ink">
            {category.name}
          </h2>
          <p className="mt-0.5 text-xs text-stone">{category.slug}</p>
        </div>
        {category.current ? (
          <span className="shrink-0 bg-sand px-2.5 py-1 text-xs font-medium text-ink tabular-nums">
            {bpToPercentInput(category.current.rateBp)}%
            {category.current.upperRateBp !== null ? ` / ${bpToPercentInput(category.current.upperRateBp)}%` : ""}
          </span>
        ) : (
          <span className="shrink-0 bg-red-50 px-2.5 py-1 text-xs font-medium text-sale">No rate</span>
        )}
      </div>

      <div className="mt-4 space-y-1.5">
        {category.current ? (
          <RuleLine row={category.current} label="since" />
        ) : (
          <p className="text-sm text-sale">No rate in force today.</p>
        )}
        {category.scheduled.map((row) => (
          <div
            key={row.effectiveFrom}
            className="flex flex-wrap items-center justify-between gap-2 border-l-2 border-gold pl-3"
          >
            <RuleLine row={row} label="from" />
            {canChange ? <CancelChange slug={category.slug} effectiveFrom={row.effectiveFrom} /> : null}
          </div>
        ))}
      </div>

      {category.past.length > 0 ? (
        <details className="mt-3 text-sm">
          <summary className="cursor-pointer text-stone hover:text-ink focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-maroon">
            Earlier rates ({category.past.length})
          </summary>
          <ul className="mt-2 space-y-1 text-stone">
            {category.past.map((row) => (
              <li key={row.effectiveFrom} className="tabular-nums">
                {describeRule(row)} · from {showDay(row.effectiveFrom)}
              </li>
            ))}
          </ul>
        </details>
      ) : null}

      {canChange ? <ChangeRate category={category} today={today} answer={answer} /> : null}
    </section>
  );
}

function CancelChange({ slug, effectiveFrom }: { slug: string; effectiveFrom: string }) {
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="categorySlug" value={slug} />
      <input type="hidden" name="effectiveFrom" value={effectiveFrom} />
      <button
        type="submit"
        name="intent"
        value="cancel"
        className="text-xs text-sale underline underline-offset-4 hover:text-ink focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-maroon"
      >
        Cancel change<span className="sr-only"> from {showDay(effectiveFrom)}</span>
      </button>
    </Form>
  );
}

/** An owner's form for a category's next rate, folded until opened. */
function ChangeRate({
  category,
  today,
  answer,
}: {
  category: CategoryTaxView;
  today: string;
  answer: TaxAnswer | undefined;
}) {
  const navigation = useNavigation();
  const failed = answer && !answer.ok && answer.intent === "save" ? answer : undefined;
  // a saved change closes the form and shows the new rate; a refused one keeps it open with the messages
  const [open, setOpen] = useState(Boolean(failed));
  const [version, setVersion] = useState(0);
  const [seen, setSeen] = useState(answer);
  if (answer !== seen) {
    // a new answer for this card (adjusting state while rendering, as React recommends over an effect)
    setSeen(answer);
    if (failed) setOpen(true);
    if (answer?.ok && answer.intent === "save") {
      setOpen(false);
      setVersion((v) => v + 1);
    }
  }
  const busy = navigation.state === "submitting" && navigation.formData?.get("categorySlug") === category.slug;
  const base = category.scheduled.at(-1) ?? category.current;
  const defaults: TaxFormValues = failed?.values ?? {
    categorySlug: category.slug,
    effectiveFrom: today,
    hsnCode: base?.hsnCode ?? "",
    ratePercent: bpToPercentInput(base?.rateBp ?? null),
    upperRatePercent: bpToPercentInput(base?.upperRateBp ?? null),
    thresholdRupees: paiseToRupeesInput(base?.thresholdPaise ?? null),
  };
  const errors = failed?.fieldErrors ?? {};

  return (
    <details open={open} onToggle={(e) => setOpen(e.currentTarget.open)} className="mt-5 border-t border-linen pt-4">
      <summary className="inline-flex cursor-pointer list-none items-center gap-2 text-xs font-medium tracking-[0.18em] text-maroon uppercase hover:text-ink focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-maroon [&::-webkit-details-marker]:hidden">
        {open ? "Close" : "Change rate"}
        <span className="sr-only"> for {category.name}</span>
      </summary>
      <Form
        key={version}
        method="post"
        preventScrollReset
        noValidate
        className="mt-4 grid gap-4 sm:grid-cols-2"
        aria-label={`New GST rate for ${category.name}`}
      >
        <input type="hidden" name="categorySlug" value={category.slug} />
        {errors.categorySlug ? <p className="text-sm text-sale sm:col-span-2">{errors.categorySlug}</p> : null}
        <TextInput
          label="Applies from"
          name="effectiveFrom"
          type="date"
          required
          min={today}
          defaultValue={defaults.effectiveFrom}
          error={errors.effectiveFrom}
        />
        <TextInput
          label="HSN code"
          name="hsnCode"
          inputMode="numeric"
          required
          autoComplete="off"
          defaultValue={defaults.hsnCode}
          error={errors.hsnCode}
          hint="4, 6 or 8 digits"
        />
        <TextInput
          label="GST rate (%)"
          name="ratePercent"
          inputMode="decimal"
          required
          autoComplete="off"
          defaultValue={defaults.ratePercent}
          error={errors.ratePercent}
        />
        <div className="hidden sm:block" aria-hidden="true" />
        <TextInput
          label="Higher rate (%)"
          name="upperRatePercent"
          inputMode="decimal"
          autoComplete="off"
          defaultValue={defaults.upperRatePercent}
          error={errors.upperRatePercent}
          hint="On a piece above the threshold"
        />
        <TextInput
          label="Threshold per piece"
          name="thresholdRupees"
          inputMode="decimal"
          autoComplete="off"
          prefix="₹"
          defaultValue={defaults.thresholdRupees}
          error={errors.thresholdRupees}
          hint="Value after discounts, before GST. Leave both blank for one rate."
        />
        <div className="flex items-center gap-3 sm:col-span-2">
          <button type="submit" name="intent" value="save" className="btn-primary" disabled={busy}>
            {busy ? "Saving…" : "Save rate"}
          </button>
        </div>
      </Form>
    </details>
  );
}
