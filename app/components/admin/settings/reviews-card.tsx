import { useId } from "react";
import { TextInput } from "~/components/admin/products/fields";
import type { BoundText } from "~/components/admin/use-editor-messages";
import type { SettingsFormValues } from "~/modules/content";
import { SettingsCard as Card } from "./settings-card";

/*
 * The settings' 'Reviews' group: whether a buyer's review shows at once or waits for staff approval,
 * and how many days after delivery buyers are asked, once, to review what they bought (or never).
 * New reviews and the review requests read them.
 */

type ReviewsValues = Pick<SettingsFormValues, "reviewsNeedApproval" | "reviewRequestsNever">;

const PUBLISH_CHOICES = [
  {
    value: false,
    label: "At once",
    hint: "A buyer's review shows on the product page as soon as it is sent. You can hide it later.",
  },
  {
    value: true,
    label: "After approval",
    hint: "New reviews wait under Reviews, 'To look at', until someone publishes them.",
  },
] as const;

/** The anchor the Reviews screen links to. */
export const REVIEWS_CARD_ID = "settings-reviews";

export function ReviewsCard({
  text,
  values,
  onChange,
}: {
  text: (field: "reviewRequestDays") => BoundText;
  values: ReviewsValues;
  onChange: (change: Partial<ReviewsValues>) => void;
}) {
  const legend = useId();
  return (
    <div id={REVIEWS_CARD_ID} className="scroll-mt-28">
      <Card title="Reviews" description="Only buyers who received a piece can review it.">
        <fieldset>
          <legend id={legend} className="text-[0.7rem] font-medium tracking-[0.18em] text-stone uppercase">
            Publish reviews
          </legend>
          <div className="mt-1.5 grid gap-2 sm:grid-cols-2">
            {PUBLISH_CHOICES.map((c) => (
              <label
                key={c.label}
                className="flex cursor-pointer items-start gap-3 border border-linen bg-white p-3.5 text-sm has-[:checked]:border-ink"
              >
                <input
                  type="radio"
                  name="reviewsNeedApproval"
                  value={String(c.value)}
                  checked={values.reviewsNeedApproval === c.value}
                  onChange={() => onChange({ reviewsNeedApproval: c.value })}
                  className="mt-0.5 h-4 w-4 shrink-0 accent-maroon"
                />
                <span>
                  <span className="font-medium text-ink">{c.label}</span>
                  <span className="block text-xs text-stone">{c.hint}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <div className="grid gap-3">
          <TextInput
            label="Ask buyers for a review after (days)"
            inputMode="numeric"
            autoComplete="off"
            hint="Counted from delivery, one message per order; 1 to 60"
            className="sm:max-w-xs"
            disabled={values.reviewRequestsNever}
            {...text("reviewRequestDays")}
          />
          <label className="flex cursor-pointer items-start gap-3 border border-linen bg-white p-3.5 text-sm">
            <input
              type="checkbox"
              checked={values.reviewRequestsNever}
              onChange={(e) => onChange({ reviewRequestsNever: e.target.checked })}
              className="mt-0.5 h-4 w-4 shrink-0 accent-maroon"
            />
            <span>
              <span className="font-medium text-ink">Never ask</span>
              <span className="block text-xs text-stone">Buyers can still review from their account.</span>
            </span>
          </label>
        </div>
      </Card>
    </div>
  );
}
