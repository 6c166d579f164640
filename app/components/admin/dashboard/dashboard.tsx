import { useRevalidator } from "react-router";
import type { DashboardData } from "~/modules/reports/index.server";
import { formatPrice } from "~/modules/pricing";
import { Panel } from "./panel";
import { RecentActivity } from "./recent-activity";
import { RecentOrders } from "./recent-orders";
import { ReturnsPanel } from "./returns-panel";
import { ReviewsPanel } from "./reviews-panel";
import { RevenueChart, SeriesTable } from "./revenue-chart";
import { StatTiles } from "./stat-tiles";
import { StatusBreakdown } from "./status-breakdown";
import { StockAlerts } from "./stock-alerts";

const count = new Intl.NumberFormat("en-IN");

/** The back office's first screen: key figures, the last 30 days, orders, stock and recent changes. */
export function Dashboard({ data }: { data: DashboardData }) {
  const revalidator = useRevalidator();
  const busy = revalidator.state === "loading";
  const { figures } = data;
  const days = figures.series.length;
  const revenue = figures.series.reduce((sum, d) => sum + d.revenuePaise, 0);
  const placed = figures.series.reduce((sum, d) => sum + d.orders, 0);
  const best = figures.series.reduce<(typeof figures.series)[number] | null>(
    (top, d) => (d.revenuePaise > (top?.revenuePaise ?? 0) ? d : top),
    null,
  );

  return (
    <div className="flex flex-col gap-5 sm:gap-6">
      <div className="flex flex-wrap items-end justify-between gap-x-6 gap-y-3">
        <div>
          <p className="eyebrow">Back office</p>
          <h1 className="mt-1.5 font-display text-[2.4rem] leading-none text-ink sm:text-5xl">Dashboard</h1>
        </div>
        <div className="flex items-center gap-3">
          <p className="text-xs text-stone">
            Figures as of <time dateTime={figures.at}>{figures.atLabel}</time> IST
          </p>
          <button
            type="button"
            className="btn-outline !px-4 !py-2 text-[0.65rem]"
            onClick={() => void revalidator.revalidate()}
            disabled={busy}
            aria-busy={busy}
          >
            {busy ? "Refreshing…" : "Refresh"}
          </button>
        </div>
      </div>

      <StatTiles figures={figures} />

      <div className="grid gap-5 sm:gap-6 lg:grid-cols-3">
        <Panel
          id="dashboard-chart"
          title="Revenue and orders"
          note={`Last ${days} days by order date · revenue from delivered and completed orders`}
          className="lg:col-span-2"
        >
          <figure className="flex flex-1 flex-col">
            <figcaption
              className="flex flex-wrap gap-x-6 gap-y-1 px-5 pt-4 text-sm text-stone sm:px-6"
              data-testid="chart-summary"
            >
              <span>
                <span className="font-display text-2xl text-ink lining-nums">{formatPrice(revenue)}</span> revenue
              </span>
              <span>
                <span className="font-display text-2xl text-ink lining-nums">{count.format(placed)}</span>{" "}
                {placed === 1 ? "order" : "orders"} placed
              </span>
              {best ? (
                <span className="self-end pb-0.5 text-xs">
                  Best day {best.label}: {formatPrice(best.revenuePaise)}
                </span>
              ) : null}
            </figcaption>
            <div className="px-2 pt-3 pb-2 sm:px-4 [&_.u-legend]:mt-1 [&_.u-legend]:text-xs [&_.u-legend]:text-stone [&_.u-legend_.u-marker]:rounded-full [&_.u-legend_.u-value]:text-ink [&_.u-legend_th]:font-normal">
              <RevenueChart series={figures.series} />
            </div>
            <div className="mt-auto">
              <SeriesTable series={figures.series} />
            </div>
          </figure>
        </Panel>
        <StatusBreakdown figures={figures} />
      </div>

      <div className="grid gap-5 sm:gap-6 lg:grid-cols-3">
        <div className="min-w-0 lg:col-span-2">
          <RecentOrders orders={data.recentOrders} />
        </div>
        <RecentActivity items={data.activity} />
      </div>

      <div className="grid gap-5 sm:gap-6 md:grid-cols-2">
        <StockAlerts kind="low" list={data.lowStock} />
        <StockAlerts kind="sold-out" list={data.soldOut} />
      </div>

      <ReturnsPanel returns={data.returns} days={days} />

      <ReviewsPanel reviews={data.reviews} />
    </div>
  );
}
