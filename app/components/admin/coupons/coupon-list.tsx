import { Link, useLocation, useNavigation } from "react-router";
import { AdminPager, AdminSearch } from "~/components/admin/list-parts";
import { EmptyList, ListCount } from "~/components/admin/list-summary";
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
        <ListCount
          total={total}
          noun="coupon"
          search={search}
          clear={search ? { to: "/admin/coupons", label: "Clear" } : undefined}
        />
      </div>

      <div aria-busy={loading || undefined} className={`mt-4 transition-opacity ${loading ? "opacity-60" : ""}`}>
        {items.length === 0 ? (
          <EmptyList title="No coupons found" hint={search ? "Try another code." : "Create the shop's first coupon."} />
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
