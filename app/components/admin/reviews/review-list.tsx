import { useEffect, useRef } from "react";
import { Link, useNavigation } from "react-router";
import { AdminPageHeader, AdminPager } from "~/components/admin/list-parts";
import type { StaffReviewRow, StaffReviewTab } from "~/modules/reviews/index.server";
import { ReviewCard } from "./review-card";

/*
 * The Reviews tab: a tab per state with its count (the reviews to look at first: new ones waiting for
 * approval and reported ones), newest first a page at a time, each review a card with its decisions.
 */

type Tab = { value: StaffReviewTab; label: string };

interface Props {
  /** the reviews module's tabs, in the order staff work through them */
  tabs: readonly Tab[];
  rows: StaffReviewRow[];
  total: number;
  pages: number;
  counts: Record<StaffReviewTab, number>;
  params: { tab: StaffReviewTab; page: number };
}

const EMPTY: Record<StaffReviewTab, string> = {
  attention: "Nothing to look at: no review is waiting for approval or reported.",
  published: "No review is published yet.",
  hidden: "No review is hidden.",
  all: "No reviews yet. Buyers can review what was delivered to them.",
};

function Tabs({ tabs, tab, counts }: { tabs: readonly Tab[]; tab: StaffReviewTab; counts: Props["counts"] }) {
  // on a phone the tabs scroll sideways: the current one is brought into view
  const current = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    const link = current.current;
    const list = link?.closest("ul");
    if (link && list) list.scrollLeft = Math.max(0, link.offsetLeft - (list.clientWidth - link.offsetWidth) / 2);
  }, [tab]);
  return (
    <nav aria-label="Reviews by state" className="scroll-fade mb-5 border-b border-linen">
      <ul className="relative flex [scrollbar-width:none] gap-1 overflow-x-auto max-md:pr-10">
        {tabs.map((t) => {
          const isCurrent = tab === t.value;
          return (
            <li key={t.value} className="shrink-0">
              <Link
                to={t.value === "attention" ? "/admin/reviews" : `/admin/reviews?tab=${t.value}`}
                ref={isCurrent ? current : undefined}
                aria-current={isCurrent ? "page" : undefined}
                data-testid={`reviews-tab-${t.value}`}
                className={`flex items-center gap-2 border-b-2 px-3 py-3 text-xs font-medium tracking-[0.16em] uppercase transition-colors ${
                  isCurrent ? "border-maroon text-ink" : "border-transparent text-stone hover:text-ink"
                }`}
              >
                {t.label}
                <span
                  className={`rounded-full px-2 py-0.5 text-[0.68rem] tracking-normal tabular-nums ${
                    t.value === "attention" && counts.attention > 0 ? "bg-maroon text-ivory" : "bg-sand text-stone"
                  }`}
                >
                  {counts[t.value].toLocaleString("en-IN")}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

export function ReviewList({ tabs, rows, total, pages, counts, params }: Props) {
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location?.pathname === "/admin/reviews";
  return (
    <>
      <AdminPageHeader eyebrow="Customers" title="Reviews">
        <p className="max-w-md text-sm text-stone">
          Only buyers who received a piece can review it. Whether new reviews wait for approval, and when buyers are
          asked, is set in{" "}
          <Link to="/admin/settings#settings-reviews" className="text-ink underline underline-offset-4">
            Settings
          </Link>
          .
        </p>
      </AdminPageHeader>
      <Tabs tabs={tabs} tab={params.tab} counts={counts} />
      <div className={`transition-opacity ${loading ? "opacity-60" : ""}`} aria-busy={loading || undefined}>
        {rows.length === 0 ? (
          <p className="border border-linen bg-ivory px-6 py-16 text-center text-stone" data-testid="reviews-empty">
            {EMPTY[params.tab]}
          </p>
        ) : (
          <ol className="grid gap-4" aria-label="Reviews, newest first">
            {rows.map((r) => (
              <li key={r.id}>
                <ReviewCard review={r} />
              </li>
            ))}
          </ol>
        )}
      </div>
      <AdminPager page={params.page} pages={pages} total={total} noun="review" />
    </>
  );
}
