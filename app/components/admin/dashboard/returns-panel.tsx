import { Link } from "react-router";
import type { ReturnFigures } from "~/modules/reports/index.server";
import { RETURN_REASONS } from "~/modules/returns";
import { Panel } from "./panel";

/*
 * Returns and exchanges over the chart's days (decision 042): the share of delivered pieces asked
 * back and how many of those became exchanges, the most returned products, and the returns by size
 * (too small or too large) and by reason. Requests declined or withdrawn do not count.
 */

const count = new Intl.NumberFormat("en-IN");

/** '4.2%', or a dash when there is nothing to divide by. */
const percent = (part: number, whole: number) => (whole === 0 ? "–" : `${((part / whole) * 100).toFixed(1)}%`);
/** A whole percentage for a share inside the panel's lists ('<1%' for a small one that is not none). */
const share = (part: number, whole: number) => {
  if (whole === 0) return "–";
  const p = (part / whole) * 100;
  return p > 0 && p < 1 ? "<1%" : `${Math.round(p)}%`;
};

const REASON_LABEL = new Map<string, string>(RETURN_REASONS.map((r) => [r.value, r.label]));

const subheading = "text-xs font-medium tracking-[0.18em] text-stone uppercase";
const th =
  "px-3 py-2.5 text-left text-[0.65rem] font-medium uppercase tracking-[0.2em] text-stone first:pl-5 last:pr-5 sm:first:pl-6 sm:last:pr-6";
const td = "px-3 py-3 align-middle tabular-nums first:pl-5 last:pr-5 sm:first:pl-6 sm:last:pr-6";

export function ReturnsPanel({ returns, days }: { returns: ReturnFigures; days: number }) {
  const { deliveredPieces, returnedPieces, exchangedPieces } = returns;
  return (
    <Panel
      id="dashboard-returns"
      title="Returns and exchanges"
      note={`Orders of the last ${days} days, now delivered · declined and withdrawn requests left out`}
    >
      <dl className="grid grid-cols-2 gap-4 px-5 pt-4 pb-5 sm:px-6" data-testid="returns-summary">
        <div data-figure="rate">
          <dt className="text-xs text-stone">Return rate</dt>
          <dd className="mt-1 font-display text-3xl text-ink lining-nums tabular-nums">
            {percent(returnedPieces, deliveredPieces)}
          </dd>
          <dd className="text-xs text-stone">
            {count.format(returnedPieces)} of {count.format(deliveredPieces)} pieces delivered asked back
          </dd>
        </div>
        <div data-figure="exchange-share">
          <dt className="text-xs text-stone">Exchanges</dt>
          <dd className="mt-1 font-display text-3xl text-ink lining-nums tabular-nums">
            {percent(exchangedPieces, returnedPieces)}
          </dd>
          <dd className="text-xs text-stone">
            {count.format(exchangedPieces)} of {count.format(returnedPieces)} returned pieces exchanged
          </dd>
        </div>
      </dl>
      {returnedPieces === 0 ? (
        <p className="border-t border-linen px-6 py-8 text-center text-sm text-stone">
          No returns asked for on these orders.
        </p>
      ) : (
        <div className="grid border-t border-linen lg:grid-cols-[3fr_2fr]">
          <MostReturned products={returns.products} />
          <div className="border-t border-linen lg:border-t-0 lg:border-l">
            <BySize sizes={returns.sizes} total={returnedPieces} />
            <ByReason reasons={returns.reasons} total={returnedPieces} />
          </div>
        </div>
      )}
    </Panel>
  );
}

/** The most returned products: pieces sold and returned, the rate and the exchanges. */
function MostReturned({ products }: { products: ReturnFigures["products"] }) {
  return (
    <section aria-labelledby="returns-products-title" className="min-w-0 pt-4">
      <h3 id="returns-products-title" className={`${subheading} px-5 sm:px-6`}>
        Most returned
      </h3>
      {/* a table from 640 px; a list below that, where five columns do not fit beside a product's name */}
      <ul className="mt-2 divide-y divide-linen border-t border-linen sm:hidden" data-testid="returns-products-list">
        {products.map((p) => (
          <li key={p.productId} className="px-5 py-3">
            <Link
              to={`/admin/products/${p.productId}`}
              className="block truncate text-sm text-ink underline decoration-linen underline-offset-4 hover:text-maroon hover:decoration-maroon"
            >
              {p.name}
            </Link>
            <p className="mt-1 flex flex-wrap gap-x-3 text-xs text-stone tabular-nums">
              <span>{count.format(p.sold)} sold</span>
              <span className="text-ink">
                {count.format(p.returned)} returned · {percent(p.returned, p.sold)}
              </span>
              <span>{count.format(p.exchanged)} exchanged</span>
            </p>
          </li>
        ))}
      </ul>
      <div className="mt-2 hidden sm:block">
        <table className="w-full text-sm" data-testid="returns-products">
          <thead className="border-y border-linen bg-sand/50">
            <tr>
              <th scope="col" className={th}>
                Product
              </th>
              <th scope="col" className={`${th} !text-right`}>
                Sold
              </th>
              <th scope="col" className={`${th} !text-right`}>
                Returned
              </th>
              <th scope="col" className={`${th} !text-right`}>
                Rate
              </th>
              <th scope="col" className={`${th} !text-right`}>
                Exchanges
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-linen">
            {products.map((p) => (
              <tr key={p.productId} data-product={p.productId}>
                <th scope="row" className={`${td} max-w-[16rem] text-left font-normal`}>
                  <Link
                    to={`/admin/products/${p.productId}`}
                    className="block truncate text-ink underline decoration-linen underline-offset-4 hover:text-maroon hover:decoration-maroon"
                  >
                    {p.name}
                  </Link>
                </th>
                <td className={`${td} text-right text-stone`}>{count.format(p.sold)}</td>
                <td className={`${td} text-right text-ink`}>{count.format(p.returned)}</td>
                <td className={`${td} text-right text-ink`}>{percent(p.returned, p.sold)}</td>
                <td className={`${td} text-right text-stone`}>{count.format(p.exchanged)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** Returned pieces per size, and how many of them were too small or too large. */
function BySize({ sizes, total }: { sizes: ReturnFigures["sizes"]; total: number }) {
  return (
    <section aria-labelledby="returns-sizes-title" className="px-5 py-4 sm:px-6" data-testid="returns-sizes">
      <h3 id="returns-sizes-title" className={subheading}>
        By size
      </h3>
      <ul className="mt-3 flex flex-col gap-3">
        {sizes.map((s) => (
          <li key={s.size} data-size={s.size}>
            <div className="flex items-baseline justify-between gap-3 text-sm">
              <span className="text-ink">{s.size}</span>
              <span className="text-ink tabular-nums">
                {count.format(s.returned)}
                <span className="sr-only"> returned</span>
                <span className="ml-2 inline-block w-10 text-right text-xs text-stone">{share(s.returned, total)}</span>
              </span>
            </div>
            <div aria-hidden="true" className="mt-1.5 flex h-1 overflow-hidden bg-sand">
              <div className="h-full bg-maroon" style={{ width: `${(s.tooSmall / s.returned) * 100}%` }} />
              <div className="h-full bg-gold" style={{ width: `${(s.tooLarge / s.returned) * 100}%` }} />
            </div>
            <p className="mt-1 flex flex-wrap gap-x-3 text-xs text-stone" data-split="">
              <span className="inline-flex items-center gap-1.5">
                <span aria-hidden="true" className="h-1.5 w-1.5 rounded-full bg-maroon" />
                Too small {share(s.tooSmall, s.returned)}
              </span>
              <span className="inline-flex items-center gap-1.5">
                <span aria-hidden="true" className="h-1.5 w-1.5 rounded-full bg-gold" />
                Too large {share(s.tooLarge, s.returned)}
              </span>
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Returned pieces per reason the shopper gave, with their share. */
function ByReason({ reasons, total }: { reasons: ReturnFigures["reasons"]; total: number }) {
  return (
    <section
      aria-labelledby="returns-reasons-title"
      className="border-t border-linen px-5 py-4 sm:px-6"
      data-testid="returns-reasons"
    >
      <h3 id="returns-reasons-title" className={subheading}>
        By reason
      </h3>
      <table className="mt-2 w-full text-sm">
        <thead className="sr-only">
          <tr>
            <th scope="col">Reason</th>
            <th scope="col">Pieces</th>
            <th scope="col">Share</th>
          </tr>
        </thead>
        <tbody>
          {reasons.map((r) => (
            <tr key={r.reason} data-reason={r.reason}>
              <th scope="row" className="py-1 text-left font-normal text-ink">
                {REASON_LABEL.get(r.reason) ?? r.reason}
              </th>
              <td className="py-1 text-right text-ink tabular-nums">{count.format(r.returned)}</td>
              <td className="w-14 py-1 text-right text-xs text-stone tabular-nums">{share(r.returned, total)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
