import { Field } from "./field";

/*
 * Where a cash-on-delivery order's refund goes: a UPI ID, or a bank account typed twice. The server
 * checks each with the returns module's rules and keeps it for the staff member who pays it; every
 * page after this one shows it masked.
 */

export interface DestinationValues {
  refundKind: string;
  upiId: string;
  accountName: string;
  accountNumber: string;
  accountNumberAgain: string;
  ifsc: string;
}

export function RefundDestination({
  values,
  errors,
  onChange,
  withoutScript,
}: {
  values: DestinationValues;
  errors: Record<string, string>;
  onChange: (name: keyof DestinationValues, value: string) => void;
  /** without JavaScript both ways are shown; with it, only the chosen one */
  withoutScript: boolean;
}) {
  const kind = values.refundKind;
  const text = (name: keyof DestinationValues) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => onChange(name, e.target.value),
  });
  return (
    <section aria-labelledby="destination-heading">
      <h2 id="destination-heading" className="font-display text-2xl text-ink">
        Where to send your refund
      </h2>
      <p className="mt-1 text-sm text-stone">
        {withoutScript ? "For a refund only. " : ""}You paid cash on delivery, so we send the money by UPI or bank
        transfer. These details are only used for this refund; afterwards we show them only in part.
      </p>
      <fieldset className="mt-5" aria-describedby={errors.refundKind ? "refund-kind-error" : undefined}>
        <legend className="sr-only">Send the refund to</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {(
            [
              ["upi", "UPI ID", "Such as name@okaxis"],
              ["bank", "Bank account", "Account number and IFSC"],
            ] as const
          ).map(([value, title, detail]) => (
            <label
              key={value}
              className={`flex cursor-pointer items-start gap-3 border px-4 py-3 transition-colors hover:border-ink has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-maroon ${
                kind === value ? "border-ink bg-ivory" : "border-linen bg-white"
              }`}
            >
              <input
                type="radio"
                name="refundKind"
                value={value}
                checked={kind === value}
                onChange={() => onChange("refundKind", value)}
                className="mt-1 h-4 w-4 accent-maroon focus:outline-none"
              />
              <span>
                <span className="block text-sm font-medium text-ink">{title}</span>
                <span className="mt-0.5 block text-xs text-stone">{detail}</span>
              </span>
            </label>
          ))}
        </div>
        {errors.refundKind ? (
          <p id="refund-kind-error" className="mt-1.5 text-sm text-sale">
            {errors.refundKind}
          </p>
        ) : null}
      </fieldset>
      <div className="mt-6 space-y-5">
        {withoutScript || kind === "upi" ? (
          <Field
            label="UPI ID"
            {...text("upiId")}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            inputMode="email"
            placeholder="name@okaxis"
          />
        ) : null}
        {withoutScript || kind === "bank" ? (
          <div className="grid gap-5 sm:grid-cols-2">
            <Field
              label="Account holder's name"
              {...text("accountName")}
              autoComplete="name"
              className="sm:col-span-2"
            />
            <Field label="Account number" {...text("accountNumber")} inputMode="numeric" autoComplete="off" />
            <Field
              label="Account number again"
              {...text("accountNumberAgain")}
              inputMode="numeric"
              autoComplete="off"
            />
            <Field
              label="IFSC"
              {...text("ifsc")}
              autoCapitalize="characters"
              autoComplete="off"
              spellCheck={false}
              placeholder="HDFC0001234"
              hint="The branch code on your cheque book or bank app: 11 characters."
            />
          </div>
        ) : null}
      </div>
    </section>
  );
}
