import { useId } from "react";
import { TextInput } from "~/components/admin/products/fields";
import type { BoundText } from "~/components/admin/use-editor-messages";
import type { SettingsFormValues } from "~/modules/content";
import { SettingsCard as Card } from "./settings-card";

/*
 * The settings' 'Returns and exchanges' group: the windows, the categories that cannot be returned
 * (a checkbox per category of the shop), whether a refund to the payment is only for a fault, and
 * how long store credit lasts. Returns, the shopper's order page and the Return Policy page read them.
 */

type ReturnsValues = Pick<
  SettingsFormValues,
  "nonReturnableCategories" | "refundsOnlyForFaults" | "storeCreditNeverExpires" | "storeCreditValidityDays"
>;
type Bind = (field: "returnWindowDays" | "exchangeWindowDays" | "storeCreditValidityDays") => BoundText;

export interface ShopCategory {
  slug: string;
  name: string;
}

/** The shop's categories, and any marked before that the shop no longer has (named by their slug). */
export function categoryChoices(categories: readonly ShopCategory[], marked: readonly string[]): ShopCategory[] {
  const known = new Set(categories.map((c) => c.slug));
  return [...categories, ...marked.filter((s) => !known.has(s)).map((slug) => ({ slug, name: slug }))];
}

function Check({
  checked,
  onChange,
  label,
  hint,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: string;
  hint?: string;
}) {
  return (
    <label className="flex cursor-pointer items-start gap-3 border border-linen bg-white p-3.5 text-sm">
      <input
        type="checkbox"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        className="mt-0.5 h-4 w-4 shrink-0 accent-maroon"
      />
      <span>
        <span className="font-medium text-ink">{label}</span>
        {hint ? <span className="block text-xs text-stone">{hint}</span> : null}
      </span>
    </label>
  );
}

export function ReturnsCard({
  text,
  values,
  categories,
  categoriesError,
  onChange,
}: {
  text: Bind;
  values: ReturnsValues;
  categories: readonly ShopCategory[];
  categoriesError: string | undefined;
  onChange: (change: Partial<ReturnsValues>) => void;
}) {
  const legend = useId();
  const marked = new Set(values.nonReturnableCategories);
  const toggle = (slug: string, on: boolean) =>
    onChange({
      nonReturnableCategories: on
        ? [...values.nonReturnableCategories, slug]
        : values.nonReturnableCategories.filter((s) => s !== slug),
    });
  return (
    <Card
      title="Returns and exchanges"
      description="Counted from delivery. The return request, the shopper's order page and the Return Policy page follow these."
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <TextInput
          label="Exchange window (days)"
          inputMode="numeric"
          autoComplete="off"
          hint="For another size or colour; 0 to 90, 0: no exchanges"
          {...text("exchangeWindowDays")}
        />
        <TextInput
          label="Return window (days)"
          inputMode="numeric"
          autoComplete="off"
          hint="For store credit or a refund; 0 to 90, 0: no returns"
          {...text("returnWindowDays")}
        />
      </div>
      <fieldset aria-describedby={categoriesError ? `${legend}-error` : undefined}>
        <legend id={legend} className="text-[0.7rem] font-medium tracking-[0.18em] text-stone uppercase">
          Categories that cannot be returned or exchanged
        </legend>
        {categories.length === 0 ? (
          <p className="mt-1.5 text-sm text-stone">The shop has no categories yet.</p>
        ) : (
          <div className="mt-1.5 grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-3">
            {categories.map((c) => (
              <label key={c.slug} className="flex cursor-pointer items-start gap-2.5 py-1.5 text-sm text-ink">
                <input
                  type="checkbox"
                  name="nonReturnableCategories"
                  value={c.slug}
                  checked={marked.has(c.slug)}
                  aria-invalid={categoriesError ? true : undefined}
                  onChange={(e) => toggle(c.slug, e.target.checked)}
                  className="mt-0.5 h-4 w-4 shrink-0 accent-maroon"
                />
                {c.name}
              </label>
            ))}
          </div>
        )}
        {categoriesError ? (
          <p id={`${legend}-error`} className="mt-1 text-sm text-sale">
            {categoriesError}
          </p>
        ) : null}
      </fieldset>
      <Check
        checked={values.refundsOnlyForFaults}
        onChange={(on) => onChange({ refundsOnlyForFaults: on })}
        label="Refund to the payment only for damaged or wrong pieces"
        hint="Other reasons are offered an exchange or store credit."
      />
      <div className="grid gap-3">
        <TextInput
          label="Store credit lasts (days)"
          inputMode="numeric"
          autoComplete="off"
          hint="From the day it is issued; 30 to 3650"
          className="sm:max-w-xs"
          disabled={values.storeCreditNeverExpires}
          {...text("storeCreditValidityDays")}
        />
        <Check
          checked={values.storeCreditNeverExpires}
          onChange={(on) => onChange({ storeCreditNeverExpires: on })}
          label="Never expires"
        />
      </div>
    </Card>
  );
}
