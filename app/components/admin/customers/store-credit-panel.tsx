import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { StoreCreditLedger } from "~/components/credit/store-credit-ledger";
import { useToast } from "~/components/admin/toast";
import type { AdjustCreditAnswer } from "~/modules/admin/index.server";
import type { StoreCreditSummary } from "~/modules/credit";
import { formatPaise } from "~/modules/pricing";

const inputClass =
  "mt-1.5 block w-full border bg-white px-3 py-2 text-sm text-ink focus:border-ink focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-maroon";

/**
 * The shopper's store credit on her staff page (decision 042): the balance, the entries and 'Adjust
 * store credit' (rupees, positive to add or negative to take away, and a reason she reads). A refused
 * adjustment keeps what was typed, with the message under its field.
 */
export function StoreCreditPanel({ credit }: { credit: StoreCreditSummary | null }) {
  const fetcher = useFetcher<AdjustCreditAnswer>();
  const toast = useToast();
  const form = useRef<HTMLFormElement>(null);
  const shown = useRef<AdjustCreditAnswer | undefined>(undefined);
  const busy = fetcher.state !== "idle";
  const answer = fetcher.data;
  const failed = answer && !answer.ok ? answer : null;

  useEffect(() => {
    if (!answer || shown.current === answer || fetcher.state !== "idle") return;
    shown.current = answer;
    if (answer.ok) {
      form.current?.reset();
      toast(answer.message, "success");
    }
  }, [answer, fetcher.state, toast]);

  const errors = failed?.fieldErrors ?? {};
  return (
    <section className="border border-linen bg-white p-5 sm:p-6" aria-labelledby="store-credit-heading">
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id="store-credit-heading" className="text-[0.7rem] font-medium tracking-[0.2em] text-stone uppercase">
          Store credit
        </h2>
        <p className="text-sm text-stone">
          Balance{" "}
          <span className="ml-1 text-lg font-medium text-ink tabular-nums" data-testid="admin-store-credit-balance">
            {formatPaise(credit?.balancePaise ?? 0)}
          </span>
        </p>
      </div>
      {credit ? (
        <StoreCreditLedger entries={credit.entries} caption="Store credit entries, newest first" />
      ) : (
        <p className="text-sm text-stone">No store credit yet.</p>
      )}
      {credit?.more ? <p className="mt-2 text-xs text-stone">The latest entries are shown.</p> : null}

      <fetcher.Form ref={form} method="post" noValidate className="mt-6 border-t border-linen pt-5">
        <h3 className="text-sm font-medium text-ink">Adjust store credit</h3>
        <input type="hidden" name="intent" value="adjust-credit" />
        <div className="mt-3 grid gap-4 sm:grid-cols-[10rem_minmax(0,1fr)]">
          <Field
            label="Amount (₹)"
            name="amount"
            hint="Negative to take away"
            error={errors.amount}
            defaultValue={failed?.values.amount}
            inputMode="decimal"
            placeholder="500 or -250"
          />
          <Field
            label="Reason"
            name="reason"
            hint="The shopper reads this"
            error={errors.reason}
            defaultValue={failed?.values.reason}
            maxLength={200}
            placeholder="Goodwill for a late delivery"
          />
        </div>
        {failed && !failed.fieldErrors.amount && !failed.fieldErrors.reason ? (
          <p role="alert" className="mt-3 text-sm text-sale">
            {failed.message}
          </p>
        ) : null}
        <button type="submit" disabled={busy} className="btn-outline mt-4 w-full sm:w-auto">
          {busy ? "Saving..." : "Adjust store credit"}
        </button>
      </fetcher.Form>
    </section>
  );
}

function Field({
  label,
  name,
  hint,
  error,
  ...input
}: { label: string; name: string; hint: string; error: string | undefined } & Omit<
  React.InputHTMLAttributes<HTMLInputElement>,
  "name" | "id"
>) {
  const id = `store-credit-${name}`;
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="block text-xs font-medium tracking-[0.14em] text-stone uppercase">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type="text"
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
        className={`${inputClass} ${error ? "border-sale" : "border-linen"}`}
        {...input}
      />
      <p id={`${id}-hint`} className="mt-1 text-xs text-stone">
        {hint}
      </p>
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-sale">
          {error}
        </p>
      ) : null}
    </div>
  );
}
