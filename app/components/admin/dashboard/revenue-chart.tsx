import { useEffect, useRef, useState } from "react";
import type uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import type { DashboardFigures } from "~/modules/reports/index.server";
import { formatPrice } from "~/modules/pricing";

type Series = DashboardFigures["series"];

const MAROON = "#7a2333";
const GOLD = "#a9823f";
const STONE = "#6b625a";
const LINEN = "#e8dfd0";
const AXIS_FONT = '11px "Jost Variable", Jost, ui-sans-serif, system-ui, sans-serif';

const count = new Intl.NumberFormat("en-IN");
const compactRupees = new Intl.NumberFormat("en-IN", {
  style: "currency",
  currency: "INR",
  notation: "compact",
  maximumFractionDigits: 1,
});
// The days are calendar days of the shop (Asia/Kolkata) placed at UTC midnight, so they are read back in UTC.
const dayLabel = new Intl.DateTimeFormat("en-IN", { timeZone: "UTC", day: "numeric", month: "short" });

/** A 'YYYY-MM-DD' day as the chart's x value: seconds at UTC midnight of that calendar day. */
function dayToSeconds(day: string): number {
  return Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))) / 1000;
}

function chartData(series: Series): uPlot.AlignedData {
  return [series.map((d) => dayToSeconds(d.day)), series.map((d) => d.revenuePaise / 100), series.map((d) => d.orders)];
}

const heightFor = (width: number) => (width < 520 ? 220 : 280);

function chartOptions(UPlot: typeof uPlot, width: number, onHover: (index: number | null) => void): uPlot.Options {
  const axis = { stroke: STONE, font: AXIS_FONT, ticks: { show: false }, grid: { stroke: LINEN, width: 1 } };
  return {
    width,
    height: heightFor(width),
    padding: [12, 4, 0, 4],
    cursor: { drag: { x: false, y: false }, points: { size: 7 } },
    // the legend is the component's own (uPlot's stylesheet is not in a cascade layer, so the theme's utilities cannot restyle it)
    legend: { show: false },
    hooks: { setCursor: [(u) => onHover(u.cursor.idx ?? null)] },
    scales: {
      x: { time: true, range: (_u, min, max) => [min - 43_200, max + 43_200] },
      rupees: { range: (_u, _min, max) => [0, max > 0 ? max * 1.12 : 100] },
      orders: { range: (_u, _min, max) => [0, max > 0 ? Math.ceil(max * 1.25) : 4] },
    },
    series: [
      {},
      {
        label: "Revenue",
        scale: "rupees",
        stroke: MAROON,
        fill: "rgba(122, 35, 51, 0.78)",
        width: 0,
        paths: UPlot.paths.bars!({ size: [0.62, 26], align: 0 }),
        points: { show: false },
      },
      {
        label: "Orders",
        scale: "orders",
        stroke: GOLD,
        width: 2,
        // on a phone 30 markers crowd the line: it keeps only the one under the cursor
        points: { show: width >= 520, size: 5, fill: "#fbf8f3", stroke: GOLD, width: 1.5 },
      },
    ],
    axes: [
      {
        ...axis,
        grid: { show: false },
        space: 56,
        values: (_u, splits) => splits.map((s) => dayLabel.format(new Date(s * 1000))),
      },
      {
        ...axis,
        scale: "rupees",
        size: 64,
        values: (_u, splits) => splits.map((v) => compactRupees.format(v)),
      },
      {
        ...axis,
        scale: "orders",
        side: 1,
        size: 44,
        grid: { show: false },
        incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000],
        values: (_u, splits) => splits.map((v) => count.format(v)),
      },
    ],
  };
}

/**
 * Revenue (bars) and orders placed (line) per day. uPlot is fetched by a dynamic import after the
 * page is shown, so no other page's JavaScript carries it; the canvas is decoration for sighted
 * users: the figures are in the summary and in the table under it, for everyone.
 */
export function RevenueChart({ series }: { series: Series }) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<uPlot | null>(null);
  const latest = useRef(series);
  const [state, setState] = useState<"loading" | "ready" | "failed">("loading");
  const [hover, setHover] = useState<number | null>(null);

  useEffect(() => {
    let cancelled = false;
    let observer: ResizeObserver | undefined;
    import("uplot").then(
      ({ default: UPlot }) => {
        const el = box.current;
        if (cancelled || !el) return;
        chart.current = new UPlot(chartOptions(UPlot, el.clientWidth, setHover), chartData(latest.current), el);
        observer = new ResizeObserver(() => {
          const width = el.clientWidth;
          if (chart.current && width > 0 && width !== chart.current.width)
            chart.current.setSize({ width, height: heightFor(width) });
        });
        observer.observe(el);
        setState("ready");
      },
      () => {
        if (!cancelled) setState("failed");
      },
    );
    return () => {
      cancelled = true;
      observer?.disconnect();
      chart.current?.destroy();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    latest.current = series;
    chart.current?.setData(chartData(series));
  }, [series]);

  const day = hover !== null ? series[hover] : undefined;
  return (
    <div className="relative">
      <div
        aria-hidden="true"
        className="flex min-h-6 flex-wrap items-center gap-x-5 gap-y-1 px-3 pb-2 text-xs text-stone sm:px-4"
      >
        <span className="flex items-center gap-1.5">
          <span className="h-2.5 w-2.5 bg-maroon/80" />
          Revenue
          {day ? (
            <strong className="ml-1 font-medium text-ink tabular-nums">{formatPrice(day.revenuePaise)}</strong>
          ) : null}
        </span>
        <span className="flex items-center gap-1.5">
          <span className="h-2 w-2 rounded-full border-[1.5px] border-gold bg-ivory" />
          Orders
          {day ? <strong className="ml-1 font-medium text-ink tabular-nums">{count.format(day.orders)}</strong> : null}
        </span>
        <span className="ml-auto text-ink">{day ? day.label : state === "ready" ? "Tap or point at a day" : ""}</span>
      </div>
      <div
        ref={box}
        aria-hidden="true"
        data-testid="revenue-chart"
        data-state={state}
        className="dashboard-chart min-h-[220px] sm:min-h-[280px]"
      />
      {state !== "ready" ? (
        <p className="absolute inset-x-0 top-28 text-center text-xs text-stone">
          {state === "loading"
            ? "Drawing the chart…"
            : "The chart could not be drawn; the figures are in the table below."}
        </p>
      ) : null}
    </div>
  );
}

/** The chart's figures as a table: its text alternative, behind a disclosure everyone can open. */
export function SeriesTable({ series }: { series: Series }) {
  return (
    <details className="group border-t border-linen">
      <summary className="flex cursor-pointer list-none items-center justify-between px-5 py-3 text-[0.7rem] font-medium tracking-[0.2em] text-stone uppercase hover:text-ink sm:px-6 [&::-webkit-details-marker]:hidden">
        Figures by day
        <span aria-hidden="true" className="text-base transition-transform group-open:rotate-45">
          +
        </span>
      </summary>
      <div className="max-h-80 overflow-y-auto border-t border-linen">
        {/* cell styles on the table: thirty rows stay light in the page */}
        <table
          className="w-full text-sm [&_td]:px-5 [&_td]:py-2 [&_td]:text-right [&_td]:tabular-nums sm:[&_td:last-child]:px-6 [&_th]:px-5 [&_th]:py-2 [&_th:first-child]:text-left sm:[&_th:first-child]:px-6 sm:[&_th:last-child]:px-6"
          data-testid="revenue-table"
        >
          <caption className="sr-only">Revenue and orders placed per day, last {series.length} days</caption>
          <thead className="sticky top-0 bg-sand text-right text-[0.65rem] tracking-[0.2em] text-stone uppercase [&_th]:font-medium">
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Orders</th>
              <th scope="col">Revenue</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-linen [&_th]:font-normal [&_th]:text-ink">
            {[...series].reverse().map((d) => (
              <tr key={d.day}>
                <th scope="row">
                  <time dateTime={d.day}>{d.label}</time>
                </th>
                <td>{count.format(d.orders)}</td>
                <td>{formatPrice(d.revenuePaise)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
