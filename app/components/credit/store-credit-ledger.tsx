import { formatCreditAmount, STORE_CREDIT_KIND_LABELS, type StoreCreditEntryView } from "~/modules/credit";

const day = new Intl.DateTimeFormat("en-IN", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "Asia/Kolkata",
});

/**
 * A customer's store-credit entries, newest first (decision 042): when, what (the kind, and the
 * return, order or staff's reason it belongs to), the amount with its sign, and until when credit
 * that was added can be spent. The same table on the shopper's account and the staff customer page.
 */
export function StoreCreditLedger({ entries, caption }: { entries: StoreCreditEntryView[]; caption: string }) {
  return (
    <table className="w-full table-fixed border-collapse text-left text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="border-b border-linen text-[0.65rem] tracking-[0.18em] text-stone uppercase">
          <th scope="col" className="w-[28%] py-2 pr-3 font-normal sm:w-[20%]">
            Date
          </th>
          <th scope="col" className="py-2 pr-3 font-normal">
            What
          </th>
          <th scope="col" className="w-[30%] py-2 text-right font-normal sm:w-[22%]">
            Amount
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-linen">
        {entries.map((entry) => {
          const label = STORE_CREDIT_KIND_LABELS[entry.kind];
          return (
            <tr key={entry.id} className="align-top">
              <td className="py-3 pr-3 text-stone">{day.format(new Date(entry.createdAt))}</td>
              <td className="py-3 pr-3 break-words text-ink">
                <span className="block">{label}</span>
                {entry.reason && entry.reason !== label ? (
                  <span className="block text-xs text-stone">{entry.reason}</span>
                ) : null}
                {entry.expiresAt ? (
                  <span className="block text-xs text-stone">Valid until {day.format(new Date(entry.expiresAt))}</span>
                ) : null}
              </td>
              <td
                className={`py-3 text-right whitespace-nowrap tabular-nums ${entry.amountPaise < 0 ? "text-stone" : "text-leaf"}`}
              >
                {formatCreditAmount(entry.amountPaise)}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
