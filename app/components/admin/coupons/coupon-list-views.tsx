import { Link } from "react-router";
import type { AdminCouponListItem } from "~/modules/coupons/index.server";
import { ActiveToggle, CouponStateBadge, discountText, minimumText, UsageMeter, windowText } from "./coupon-parts";

/* The coupons of the list: a table at desktop widths, cards on a phone (both are drawn; CSS shows one). */

const TH = "px-4 py-3 text-[0.65rem] font-medium uppercase tracking-[0.2em] text-stone";

interface ViewProps {
  items: AdminCouponListItem[];
  now: Date;
  editHref: (id: string) => string;
}

/** Desktop: a table. */
export function CouponTable({ items, now, editHref }: ViewProps) {
  return (
    <div
      className="hidden overflow-x-auto border border-linen bg-ivory md:block"
      role="region"
      aria-label="Coupons table"
      tabIndex={0}
    >
      <table className="w-full min-w-[60rem] border-collapse text-left text-sm">
        <caption className="sr-only">Coupons, active first, by code</caption>
        <thead className="border-b border-linen bg-sand/60">
          <tr>
            <th scope="col" className={TH}>
              Code
            </th>
            <th scope="col" className={TH}>
              Discount
            </th>
            <th scope="col" className={TH}>
              Minimum
            </th>
            <th scope="col" className={TH}>
              Valid (IST)
            </th>
            <th scope="col" className={TH}>
              Used / limit
            </th>
            <th scope="col" className={TH}>
              Status
            </th>
            <th scope="col" className={TH}>
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((c) => (
            <tr
              key={c.id}
              data-testid="admin-coupon"
              data-code={c.code}
              className="border-b border-linen last:border-b-0 hover:bg-sand/40"
            >
              <td className="px-4 py-3.5 align-middle">
                <Link
                  to={editHref(c.id)}
                  className="text-[0.95rem] font-semibold tracking-[0.12em] text-ink hover:text-maroon"
                >
                  {c.code}
                </Link>
                {c.description ? (
                  <p className="mt-0.5 max-w-[16rem] truncate text-xs text-stone">{c.description}</p>
                ) : null}
              </td>
              <td className="px-4 py-3.5 font-medium whitespace-nowrap text-ink">{discountText(c)}</td>
              <td className="px-4 py-3.5 whitespace-nowrap text-stone">{minimumText(c.minAmountPaise)}</td>
              <td className="px-4 py-3.5 text-xs leading-relaxed text-stone">{windowText(c)}</td>
              <td className="px-4 py-3.5">
                <UsageMeter used={c.usedCount} limit={c.usageLimit} />
              </td>
              <td className="px-4 py-3.5">
                <CouponStateBadge coupon={c} now={now} />
              </td>
              <td className="px-4 py-3.5">
                <div className="flex items-center justify-end gap-1">
                  <Link
                    to={editHref(c.id)}
                    prefetch="intent"
                    className="btn-outline !px-4 !py-2 !text-[0.68rem]"
                    aria-label={`Edit ${c.code}`}
                  >
                    Edit
                  </Link>
                  <ActiveToggle coupon={c} />
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Phone: cards. */
export function CouponCards({ items, now, editHref }: ViewProps) {
  return (
    <ul className="grid gap-3 md:hidden">
      {items.map((c) => (
        <li key={c.id} data-testid="admin-coupon-card" data-code={c.code} className="border border-linen bg-ivory p-4">
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <Link to={editHref(c.id)} className="text-lg font-semibold tracking-[0.12em] text-ink hover:text-maroon">
                {c.code}
              </Link>
              <p className="mt-0.5 text-sm font-medium text-ink">
                {discountText(c)} <span className="font-normal text-stone">· {minimumText(c.minAmountPaise)}</span>
              </p>
            </div>
            <CouponStateBadge coupon={c} now={now} />
          </div>
          {c.description ? <p className="mt-2 text-sm text-stone">{c.description}</p> : null}
          <dl className="mt-3 grid grid-cols-2 gap-3 border-t border-linen pt-3 text-xs">
            <div>
              <dt className="tracking-[0.18em] text-stone uppercase">Valid (IST)</dt>
              <dd className="mt-1 text-ink">{windowText(c)}</dd>
            </div>
            <div>
              <dt className="tracking-[0.18em] text-stone uppercase">Used / limit</dt>
              <dd className="mt-1 text-sm">
                <UsageMeter used={c.usedCount} limit={c.usageLimit} />
              </dd>
            </div>
          </dl>
          <div className="mt-3 flex items-center justify-between gap-2 border-t border-linen pt-3">
            <Link to={editHref(c.id)} className="btn-outline !px-4 !py-2 !text-[0.68rem]" aria-label={`Edit ${c.code}`}>
              Edit
            </Link>
            <ActiveToggle coupon={c} />
          </div>
        </li>
      ))}
    </ul>
  );
}
