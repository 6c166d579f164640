import { Link, useLocation, useNavigation } from "react-router";
import { AdminPager, AdminSearch } from "~/components/admin/list-parts";
import type { AdminCouponPage } from "~/modules/coupons/index.server";
import { ActiveToggle, CouponStateBadge, discountText, minimumText, UsageMeter, windowText } from "./coupon-parts";

/*
 * The Coupons tab: every coupon with its discount, minimum, validity window (shop time), uses and
 * state; a table at desktop widths and cards on a phone. Search and page are in the address; the
 * editor opens over the list at /admin/coupons/<id>.
 */

const TH = "px-4 py-3 text-[0.65rem] font-medium uppercase tracking-[0.2em] text-stone";

export function CouponList({ page }: { page: AdminCouponPage & { search: string; now: string } }) {
  const { items, total, search } = page;
  const now = new Date(page.now);
  const location = useLocation();
  const navigation = useNavigation();
  const listSearch = location.search;
  const editHref = (id: string) => `/admin/coupons/${id}${listSearch}`;
  const loading = navigation.state === "loading" && navigation.location.pathname === "/admin/coupons";

  return (
    <div>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className="eyebrow">Promotions</p>
          <h1 className="mt-1 font-display text-4xl leading-none text-ink sm:text-5xl">Coupons</h1>
        </div>
        <Link to={`/admin/coupons/new${listSearch}`} className="btn-primary max-sm:!px-5">
          <span aria-hidden="true" className="text-base leading-none">
            +
          </span>{" "}
          New coupon
        </Link>
      </div>

      <div className="mt-6 flex flex-wrap items-center justify-between gap-3 border border-linen bg-ivory p-4">
        <AdminSearch label="Search coupons" placeholder="Code or description" defaultValue={search} />
        <p className="text-sm text-stone" aria-live="polite">
          {total.toLocaleString("en-IN")} {total === 1 ? "coupon" : "coupons"}
          {search ? ` matching ‘${search}’` : ""}
          {search ? (
            <>
              {" · "}
              <Link to="/admin/coupons" className="text-ink underline underline-offset-4 hover:text-maroon">
                Clear
              </Link>
            </>
          ) : null}
        </p>
      </div>

      <div aria-busy={loading || undefined} className={`mt-4 transition-opacity ${loading ? "opacity-60" : ""}`}>
        {items.length === 0 ? (
          <div className="border border-dashed border-linen bg-ivory px-6 py-16 text-center">
            <p className="font-display text-2xl text-ink">No coupons found</p>
            <p className="mt-2 text-sm text-stone">
              {search ? "Try another code." : "Create the shop's first coupon."}
            </p>
          </div>
        ) : (
          <>
            {/* desktop: a table */}
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

            {/* phone: cards */}
            <ul className="grid gap-3 md:hidden">
              {items.map((c) => (
                <li
                  key={c.id}
                  data-testid="admin-coupon-card"
                  data-code={c.code}
                  className="border border-linen bg-ivory p-4"
                >
                  <div className="flex items-start justify-between gap-3">
                    <div className="min-w-0">
                      <Link
                        to={editHref(c.id)}
                        className="text-lg font-semibold tracking-[0.12em] text-ink hover:text-maroon"
                      >
                        {c.code}
                      </Link>
                      <p className="mt-0.5 text-sm font-medium text-ink">
                        {discountText(c)}{" "}
                        <span className="font-normal text-stone">· {minimumText(c.minAmountPaise)}</span>
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
                    <Link
                      to={editHref(c.id)}
                      className="btn-outline !px-4 !py-2 !text-[0.68rem]"
                      aria-label={`Edit ${c.code}`}
                    >
                      Edit
                    </Link>
                    <ActiveToggle coupon={c} />
                  </div>
                </li>
              ))}
            </ul>
          </>
        )}
        <AdminPager page={page.page} pages={page.pages} total={total} noun="coupon" />
      </div>
    </div>
  );
}
