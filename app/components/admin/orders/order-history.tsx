import type { ActivityItem } from "~/modules/audit/index.server";
import type { StaffOrderDetail } from "~/modules/reports/index.server";
import { ORDER_STATUS_LABELS, statusTone, type StatusTone } from "~/modules/orders";
import { formatDateTime } from "./dates";

/* The status timeline as staff read it: every step, newest first, who made it and why. */

const DOTS: Record<StatusTone, string> = {
  green: "bg-emerald-600",
  yellow: "bg-amber-500",
  red: "bg-red-600",
  blue: "bg-sky-600",
};

const ACTORS: Record<string, string> = {
  customer: "Shopper",
  system: "Shop",
  gateway: "Payment gateway",
  staff: "Staff",
};

export function OrderHistory({ history }: { history: StaffOrderDetail["history"] }) {
  const steps = [...history].reverse();
  return (
    <ol className="relative space-y-5 border-l border-linen pl-6" data-testid="order-history">
      {steps.map((h) => {
        const same = h.fromStatus === h.toStatus;
        return (
          <li key={h.id} className="relative">
            <span
              aria-hidden="true"
              className={`absolute top-1 -left-[1.85rem] h-2.5 w-2.5 rounded-full ring-4 ring-ivory ${DOTS[statusTone(h.toStatus)]}`}
            />
            <p className="text-sm text-ink">
              {same ? (
                <span className="font-medium">{ORDER_STATUS_LABELS[h.toStatus]}</span>
              ) : (
                <>
                  {h.fromStatus ? <span className="text-stone">{ORDER_STATUS_LABELS[h.fromStatus]} → </span> : null}
                  <span className="font-medium">{ORDER_STATUS_LABELS[h.toStatus]}</span>
                </>
              )}
            </p>
            {h.reason ? <p className="mt-0.5 text-sm text-stone">{h.reason}</p> : null}
            <p className="mt-0.5 text-xs text-stone">
              {formatDateTime(h.at)} ·{" "}
              {h.actorKind === "staff" ? (h.actorName ?? "Staff") : (ACTORS[h.actorKind] ?? h.actorKind)}
              {h.actorKind === "customer" && h.actorName ? ` (${h.actorName})` : ""}
            </p>
          </li>
        );
      })}
    </ol>
  );
}

export function OrderActivity({ activity }: { activity: ActivityItem[] }) {
  if (activity.length === 0) return <p className="text-sm text-stone">No changes by staff yet.</p>;
  return (
    <ul className="divide-y divide-linen text-sm" data-testid="order-activity">
      {activity.map((a) => (
        <li key={a.id} className="py-2.5">
          <p className="text-ink">{a.summary}</p>
          <p className="mt-0.5 text-xs text-stone">
            {a.actorName} · {formatDateTime(a.at)}
          </p>
        </li>
      ))}
    </ul>
  );
}
