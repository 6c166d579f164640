import type { DashboardFigures } from "~/modules/reports/index.server";
import { ORDER_STATUS_LABELS, statusTone, type StatusTone } from "~/modules/orders";
import { Panel } from "./panel";

const count = new Intl.NumberFormat("en-IN");

/** Each tone's dot and bar: the badges' hues, strong enough to read as a bar on ivory. */
const TONE: Record<StatusTone, string> = {
  green: "bg-emerald-600",
  yellow: "bg-amber-500",
  red: "bg-red-600",
  blue: "bg-sky-600",
};

/** How many orders are in each status, with a bar for its share. */
export function StatusBreakdown({ figures }: { figures: DashboardFigures }) {
  const total = figures.orders;
  return (
    <Panel
      id="dashboard-status"
      title="Orders by status"
      note={`${count.format(total)} ${total === 1 ? "order" : "orders"} in all`}
    >
      <ul className="flex flex-col gap-3.5 px-5 py-5 sm:px-6" data-testid="orders-by-status">
        {figures.byStatus.map(({ status, count: n }) => {
          const tone = statusTone(status);
          const share = total > 0 ? (n / total) * 100 : 0;
          return (
            <li key={status} data-status={status} data-tone={tone}>
              <div className="flex items-baseline justify-between gap-3 text-sm">
                <span className={`flex items-center gap-2 ${n === 0 ? "text-stone" : "text-ink"}`}>
                  <span aria-hidden="true" className={`h-2 w-2 shrink-0 rounded-full ${TONE[tone]}`} />
                  {ORDER_STATUS_LABELS[status]}
                </span>
                <span className="text-ink tabular-nums">
                  {count.format(n)}
                  <span className="sr-only"> orders</span>
                  {total > 0 ? (
                    <span className="ml-2 inline-block w-10 text-right text-xs text-stone">
                      {share < 1 && n > 0 ? "<1" : Math.round(share)}%
                    </span>
                  ) : null}
                </span>
              </div>
              <div aria-hidden="true" className="mt-1.5 h-1 overflow-hidden bg-sand">
                <div className={`h-full ${TONE[tone]}`} style={{ width: `${share}%` }} />
              </div>
            </li>
          );
        })}
      </ul>
      <ReturnsToOrigin rto={figures.rto} />
    </Panel>
  );
}

const percent = (part: number, whole: number) => (whole === 0 ? "–" : `${((part / whole) * 100).toFixed(1)}%`);

/** Parcels that came back undelivered, as a share of those that reached their end, per way of paying. */
function ReturnsToOrigin({ rto }: { rto: DashboardFigures["rto"] }) {
  const rows = [
    { key: "cod", label: "Cash on delivery", ...rto.cod },
    { key: "online", label: "Prepaid", ...rto.online },
  ];
  return (
    <div className="border-t border-linen px-5 py-5 sm:px-6" data-testid="rto-rate">
      <h3 className="text-xs font-medium tracking-[0.18em] text-stone uppercase">Returned undelivered, 90 days</h3>
      <dl className="mt-3 grid grid-cols-2 gap-4">
        {rows.map((r) => {
          const ended = r.delivered + r.returned;
          return (
            <div key={r.key} data-method={r.key}>
              <dt className="text-xs text-stone">{r.label}</dt>
              <dd className="mt-1 font-display text-2xl text-ink tabular-nums">{percent(r.returned, ended)}</dd>
              <dd className="text-xs text-stone">
                {count.format(r.returned)} of {count.format(ended)} parcels
              </dd>
            </div>
          );
        })}
      </dl>
    </div>
  );
}
