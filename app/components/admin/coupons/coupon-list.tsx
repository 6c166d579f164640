import { Link, useLocation, useNavigation } from "react-router";
import { AdminPager, AdminSearch } from "~/components/admin/list-parts";
import type { AdminCouponPage } from "~/modules/coupons/index.server";
import { CouponCards, CouponTable } from "./coupon-list-views";

/*
 * The Coupons tab: every coupon with its discount, minimum, validity window (shop time), uses and
 * state; a table at desktop widths and cards on a phone. Search and page are in the address; the
 * editor opens over the list at /admin/coupons/<id>.
 */

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
            <CouponTable items={items} now={now} editHref={editHref} />
            <CouponCards items={items} now={now} editHref={editHref} />
          </>
        )}
        <AdminPager page={page.page} pages={page.pages} total={total} noun="coupon" />
      </div>
    </div>
  );
}
