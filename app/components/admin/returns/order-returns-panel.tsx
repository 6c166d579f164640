import { Link } from "react-router";
import { formatPrice } from "~/modules/pricing";
import type { OrderReturn } from "~/modules/returns/index.server";
import { formatDateTime } from "../orders/dates";
import { Card, reasonLabel, resolutionLabel, ReturnStatusBadge } from "./return-format";

/* The order page's returns: each with its status, what was asked for, and a link to its own page. */

type Row = Pick<
  OrderReturn,
  "id" | "returnNumber" | "status" | "resolution" | "reason" | "refundedPaise" | "creditedPaise"
> & {
  createdAt: string;
  pieces: number;
};

/** What the panel needs of the order's returns (the loader sends no more). */
export function orderReturnRows(returns: readonly OrderReturn[]): Row[] {
  return returns.map((r) => ({
    id: r.id,
    returnNumber: r.returnNumber,
    status: r.status,
    resolution: r.resolution,
    reason: r.reason,
    refundedPaise: r.refundedPaise,
    creditedPaise: r.creditedPaise,
    createdAt: r.createdAt.toISOString(),
    pieces: r.lines.reduce((n, l) => n + l.quantity, 0),
  }));
}

export function OrderReturnsPanel({ returns }: { returns: readonly Row[] }) {
  if (returns.length === 0) return null;
  return (
    <Card title="Returns" testId="order-returns" className="mt-6">
      <ul className="divide-y divide-linen">
        {returns.map((r) => {
          const pieces = r.pieces;
          const given = [
            r.refundedPaise > 0 ? `${formatPrice(r.refundedPaise)} refunded` : null,
            r.creditedPaise > 0 ? `${formatPrice(r.creditedPaise)} store credit` : null,
          ].filter(Boolean);
          return (
            <li
              key={r.id}
              className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-3 first:pt-0 last:pb-0"
              data-testid="order-return"
            >
              <div className="min-w-0">
                <Link
                  to={`/admin/returns/${r.id}`}
                  className="order-code text-ink underline-offset-4 hover:text-maroon hover:underline"
                >
                  {r.returnNumber}
                </Link>
                <p className="text-xs text-stone">
                  {resolutionLabel(r.resolution)} · {reasonLabel(r.reason)} · {pieces} piece{pieces === 1 ? "" : "s"} ·{" "}
                  {formatDateTime(r.createdAt)}
                  {given.length > 0 ? ` · ${given.join(", ")}` : ""}
                </p>
              </div>
              <ReturnStatusBadge status={r.status} resolution={r.resolution} />
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
