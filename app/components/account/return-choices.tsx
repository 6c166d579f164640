import {
  RESOLUTIONS,
  RETURN_REASONS,
  resolutionRefusal,
  type ReturnPolicy,
  type ReturnResolution,
  type ReturnWindows,
} from "~/modules/returns";
import { FieldError } from "./field";

/* The request form's two questions: why, and what she would like instead. */

const OPTION =
  "flex border px-4 py-3 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-maroon";

export function ReasonChoice({
  reason,
  error,
  onChoose,
}: {
  reason: string;
  error: string | undefined;
  onChoose: (reason: string) => void;
}) {
  return (
    <fieldset aria-describedby={error ? "reason-error" : undefined}>
      <legend className="font-display text-2xl text-ink">Why are you sending it back?</legend>
      <div className="mt-5 grid gap-2 sm:grid-cols-2">
        {RETURN_REASONS.map((r) => (
          <label
            key={r.value}
            className={`${OPTION} cursor-pointer items-center gap-3 text-sm hover:border-ink ${
              reason === r.value ? "border-ink bg-ivory" : "border-linen bg-white"
            }`}
          >
            <input
              type="radio"
              name="reason"
              value={r.value}
              checked={reason === r.value}
              onChange={() => onChoose(r.value)}
              className="h-4 w-4 accent-maroon focus:outline-none"
            />
            <span className="text-ink">{r.label}</span>
          </label>
        ))}
      </div>
      <FieldError id="reason-error" error={error} />
    </fieldset>
  );
}

/** Exchange, store credit, refund: each one not open for this reason says why instead of its hint. */
export function ResolutionChoice({
  resolution,
  allowed,
  windows,
  policy,
  error,
  withoutScript,
  onChoose,
}: {
  resolution: string;
  allowed: readonly ReturnResolution[];
  windows: ReturnWindows;
  policy: ReturnPolicy;
  error: string | undefined;
  withoutScript: boolean;
  onChoose: (resolution: ReturnResolution) => void;
}) {
  return (
    <fieldset aria-describedby={error ? "resolution-error" : undefined}>
      <legend className="font-display text-2xl text-ink">What would you like?</legend>
      <div className="mt-5 space-y-3">
        {RESOLUTIONS.map((r) => {
          const open = allowed.includes(r.value);
          const refusal = open ? null : resolutionRefusal(r.value, windows, policy);
          // without JavaScript the refund cannot follow the reason: its condition is said up front
          const hint =
            withoutScript && r.value === "refund" && policy.refundsOnlyForFaults
              ? `${r.hint}, for damaged pieces or pieces different from their picture`
              : r.hint;
          return (
            <label
              key={r.value}
              className={`${OPTION} items-start gap-3 ${
                resolution === r.value && open ? "border-ink bg-ivory" : "border-linen bg-white"
              } ${open ? "cursor-pointer hover:border-ink" : "cursor-not-allowed"}`}
            >
              <input
                type="radio"
                name="resolution"
                value={r.value}
                checked={resolution === r.value && open}
                disabled={!open}
                onChange={() => onChoose(r.value)}
                aria-describedby={`resolution-${r.value}-note`}
                className="mt-1 h-4 w-4 accent-maroon focus:outline-none disabled:opacity-50"
              />
              <span>
                <span className={`block text-sm font-medium ${open ? "text-ink" : "text-stone"}`}>{r.label}</span>
                <span id={`resolution-${r.value}-note`} className="mt-0.5 block text-xs text-stone">
                  {refusal ?? hint}
                </span>
              </span>
            </label>
          );
        })}
      </div>
      <FieldError id="resolution-error" error={error} />
    </fieldset>
  );
}

export function DetailsField({
  value,
  error,
  onChange,
}: {
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <div>
      <label htmlFor="return-details" className="eyebrow block text-ink">
        Details (optional)
      </label>
      <textarea
        id="return-details"
        name="details"
        rows={4}
        maxLength={1000}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={`return-details-count${error ? " details-error" : ""}`}
        className={`mt-2 block w-full border bg-white px-4 py-3 text-base text-ink focus:border-ink focus:outline-none ${error ? "border-sale" : "border-linen"}`}
      />
      <p id="return-details-count" className="mt-1.5 text-right text-xs text-stone">
        {value.length} / 1,000
      </p>
      <FieldError id="details-error" error={error} />
    </div>
  );
}
