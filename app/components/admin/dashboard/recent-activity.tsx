import { Link } from "react-router";
import type { DashboardData } from "~/modules/reports/index.server";
import { Panel } from "./panel";

const ENTITY_LABEL: Record<string, string> = {
  product: "Product",
  order: "Order",
  customer: "Customer",
  coupon: "Coupon",
  settings: "Settings",
  staff: "Staff",
  picture: "Picture",
  review: "Review",
  return: "Return",
};

/** Where an entry's kind is worked on, for the kinds whose own page is a queue rather than one per entry. */
const ENTITY_HREF: Record<string, string> = {
  review: "/admin/reviews?tab=all",
};

/** The newest changes made in the back office (the audit log). */
export function RecentActivity({ items }: { items: DashboardData["activity"] }) {
  return (
    <Panel id="dashboard-activity" title="Recent activity" note="Changes made in the back office">
      {items.length === 0 ? (
        <p className="px-6 py-10 text-center text-sm text-stone">
          No changes yet. Every change made here will be listed.
        </p>
      ) : (
        <ol className="flex flex-col px-5 py-2 sm:px-6" data-testid="recent-activity">
          {items.map((item) => (
            <li key={item.id} className="relative border-l border-linen py-3 pl-5">
              <span
                aria-hidden="true"
                className="absolute top-[1.15rem] -left-[4.5px] h-2 w-2 rounded-full border border-gold bg-ivory"
              />
              <p className="text-sm leading-snug text-ink">{item.summary}</p>
              <p className="mt-1 text-xs text-stone">
                {ENTITY_HREF[item.entity] ? (
                  <Link
                    to={ENTITY_HREF[item.entity]!}
                    // underlined: inside the line's grey text, colour alone would not mark it as a link
                    className="text-ink underline underline-offset-4 hover:text-maroon"
                  >
                    {ENTITY_LABEL[item.entity] ?? item.entity}
                  </Link>
                ) : (
                  (ENTITY_LABEL[item.entity] ?? item.entity)
                )}{" "}
                · {item.actorName} · <time dateTime={item.at}>{item.atLabel}</time>
              </p>
            </li>
          ))}
        </ol>
      )}
    </Panel>
  );
}
