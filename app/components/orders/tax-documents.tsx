import { formatPaise } from "~/modules/pricing";

/*
 * An order's GST documents once a credit note exists: the invoice, marked as cancelled by the credit
 * note that took it back, and each credit note with its download. Shown on the shopper's order page
 * and on the staff order page (each passes its own download addresses). Plain links: the PDFs come
 * as attachments.
 */

export interface TaxDocumentsView {
  invoice: { number: string; cancelledBy: string | null } | null;
  creditNotes: Array<{ id: string; number: string; issuedAt: string; totalPaise: number; reason: string }>;
}

const dayFormat = new Intl.DateTimeFormat("en-IN", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "Asia/Kolkata",
});

export function TaxDocuments({
  documents,
  invoiceHref,
  creditNoteHref,
  className = "",
}: {
  documents: TaxDocumentsView;
  invoiceHref: string;
  creditNoteHref: (id: string) => string;
  className?: string;
}) {
  if (documents.creditNotes.length === 0) return null;
  const { invoice } = documents;
  return (
    <section
      aria-labelledby="tax-documents-heading"
      className={`border border-linen bg-white/70 px-4 py-4 sm:px-5 ${className}`}
      data-testid="tax-documents"
    >
      <h2 id="tax-documents-heading" className="eyebrow">
        Tax documents
      </h2>
      <ul className="mt-3 divide-y divide-linen text-sm">
        {invoice ? (
          <li className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-2.5">
            <p className="min-w-0 text-ink">
              Tax invoice <span className="order-code">{invoice.number}</span>
              {invoice.cancelledBy ? (
                <span className="block text-xs text-sale sm:ml-2 sm:inline">
                  Cancelled by credit note <span className="whitespace-nowrap tabular-nums">{invoice.cancelledBy}</span>
                </span>
              ) : null}
            </p>
            <a
              href={invoiceHref}
              className="inline-flex min-h-6 items-center text-xs font-medium tracking-[0.14em] text-maroon uppercase underline-offset-4 hover:underline"
              aria-label={`Invoice PDF ${invoice.number}, download`}
            >
              Invoice PDF
            </a>
          </li>
        ) : null}
        {documents.creditNotes.map((note) => (
          <li key={note.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-2.5">
            <p className="min-w-0 text-ink">
              Credit note <span className="order-code">{note.number}</span>
              <span className="block text-xs text-stone">
                {formatPaise(note.totalPaise)} · {dayFormat.format(new Date(note.issuedAt))} · {note.reason}
              </span>
            </p>
            <a
              href={creditNoteHref(note.id)}
              className="inline-flex min-h-6 items-center text-xs font-medium tracking-[0.14em] text-maroon uppercase underline-offset-4 hover:underline"
              aria-label={`Credit note PDF ${note.number}, download`}
            >
              Credit note PDF
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
