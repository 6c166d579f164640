import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { useToast } from "~/components/admin/toast";
import type { StaffOrderRow } from "~/modules/reports/index.server";
import { ShipmentBadge } from "./shipping-badge";
import { bulkShipments, labelsHref, manifestHref } from "./shipping-format";

/*
 * The orders list's shipping parts: the Shipment column, the rows' checkboxes with 'select all on this
 * page', and the bar the selection brings: labels (4x6 or A4) and the manifest of the selected orders'
 * booked parcels (PDFs in a new tab), and one pickup request for those not yet collected.
 */

type Shipment = StaffOrderRow["shipment"];

/** The order's live shipment: its status and AWB, or a dash when nothing is booked. */
export function ShipmentCell({ shipment, codFlagged = false }: { shipment: Shipment; codFlagged?: boolean }) {
  const flag = codFlagged ? (
    <span className="text-xs font-medium text-red-700" data-testid="cod-flagged">
      COD not confirmed
    </span>
  ) : null;
  if (!shipment)
    return (
      <span className="inline-flex flex-col items-start gap-1 text-stone">
        <span aria-hidden="true">—</span>
        <span className="sr-only">Not booked</span>
        {flag}
      </span>
    );
  return (
    <span className="inline-flex flex-col items-start gap-1" data-testid="order-shipment">
      {flag}
      <ShipmentBadge status={shipment.status} />
      {shipment.awb ? <span className="font-mono text-xs break-all text-stone">{shipment.awb}</span> : null}
    </span>
  );
}

/** A phone's order card: the shipment under the order, when one is booked. */
export function ShipmentLine({ shipment, codFlagged = false }: { shipment: Shipment; codFlagged?: boolean }) {
  if (!shipment && !codFlagged) return null;
  return (
    <div className="mt-3 flex items-center gap-2 border-t border-linen pt-3 text-sm">
      <span className="text-stone">Shipment</span>
      <ShipmentCell shipment={shipment} codFlagged={codFlagged} />
    </div>
  );
}

/** Which rows of this page are selected; a new page (or new filters) starts with none. */
export function useRowSelection(rowIds: readonly string[], pageKey: string) {
  const [state, setState] = useState<{ pageKey: string; ids: ReadonlySet<string> }>({ pageKey, ids: new Set() });
  const ids = state.pageKey === pageKey ? state.ids : new Set<string>();
  const selected = rowIds.filter((id) => ids.has(id));
  const set = (next: Set<string>) => setState({ pageKey, ids: next });
  return {
    selected,
    isSelected: (id: string) => ids.has(id),
    toggle: (id: string) => {
      const next = new Set(ids);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      set(next);
    },
    toggleAll: () => set(selected.length === rowIds.length ? new Set() : new Set(rowIds)),
    clear: () => set(new Set()),
    all: rowIds.length > 0 && selected.length === rowIds.length,
    some: selected.length > 0 && selected.length < rowIds.length,
  };
}

export type RowSelection = ReturnType<typeof useRowSelection>;

const BOX = "h-5 w-5 cursor-pointer accent-ink";

/** 'Select all on this page': checked, partly (indeterminate) or not. */
export function SelectAll({ selection, visibleLabel }: { selection: RowSelection; visibleLabel?: boolean }) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = selection.some;
  }, [selection.some]);
  return (
    <label className="inline-flex min-h-6 cursor-pointer items-center gap-2 text-sm text-ink">
      <input ref={ref} type="checkbox" checked={selection.all} onChange={selection.toggleAll} className={BOX} />
      <span className={visibleLabel ? "" : "sr-only"}>Select all on this page</span>
    </label>
  );
}

export function RowCheck({
  selection,
  orderId,
  orderNumber,
  className = "",
}: {
  selection: RowSelection;
  orderId: string;
  orderNumber: string;
  className?: string;
}) {
  return (
    <input
      type="checkbox"
      checked={selection.isSelected(orderId)}
      onChange={() => selection.toggle(orderId)}
      aria-label={`Select order ${orderNumber}`}
      className={`${BOX} ${className}`}
    />
  );
}

const ACTION = "btn-outline !px-4 !py-2 text-xs";
const OFF =
  "inline-flex cursor-not-allowed items-center justify-center border border-linen bg-sand/50 px-4 py-2 text-xs font-medium tracking-[0.22em] text-stone uppercase";
const newTab = <span className="sr-only"> (PDF, opens in a new tab)</span>;

/** A document link, or the same words greyed out while no selected order has a booked parcel. */
function DocumentLink({ href, children }: { href: string | null; children: string }) {
  if (!href)
    return (
      <span aria-disabled="true" className={OFF}>
        {children}
      </span>
    );
  return (
    <a href={href} target="_blank" rel="noopener" className={ACTION}>
      {children}
      {newTab}
    </a>
  );
}

/** The selection's actions; shown while some rows are selected. */
export function BulkShippingBar({ rows, selection }: { rows: StaffOrderRow[]; selection: RowSelection }) {
  const fetcher = useFetcher<{ ok: true; message: string } | { ok: false; formError: string }>({
    key: "orders-pickups",
  });
  const toast = useToast();
  const shown = useRef(fetcher.data);
  useEffect(() => {
    const answer = fetcher.data;
    if (!answer || fetcher.state !== "idle" || shown.current === answer) return;
    shown.current = answer;
    toast(answer.ok ? answer.message : answer.formError, answer.ok ? "success" : "error");
  }, [fetcher.data, fetcher.state, toast]);

  const count = selection.selected.length;
  if (count === 0) return null;
  const chosen = rows.filter((r) => selection.isSelected(r.id));
  const bulk = bulkShipments(chosen.map((r) => r.shipment));
  const docs = bulk.documents.length > 0 ? bulk.documents : null;
  const busy = fetcher.state !== "idle";
  const reason = bulk.documentsReason ?? bulk.pickupsReason;
  return (
    <section
      aria-label="Selected orders"
      className="sticky bottom-0 z-20 mt-3 border border-ink bg-ivory p-3 shadow-[0_-6px_16px_rgba(31,26,23,0.08)] sm:p-4"
      data-testid="bulk-shipping"
    >
      <div className="flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
        <p className="text-sm text-ink">
          <span className="font-medium">
            {count} order{count === 1 ? "" : "s"} selected
          </span>
          <span className="text-stone">
            {" "}
            · {bulk.documents.length} booked
            {bulk.pickups.length > 0 ? `, ${bulk.pickups.length} waiting for pickup` : ""}
          </span>
          <button
            type="button"
            onClick={selection.clear}
            className="ml-3 min-h-6 text-xs font-medium tracking-[0.14em] text-stone uppercase underline-offset-4 hover:text-ink hover:underline"
          >
            Clear
          </button>
        </p>
        <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
          <DocumentLink href={docs && labelsHref(docs, "4x6")}>Labels 4x6</DocumentLink>
          <DocumentLink href={docs && labelsHref(docs, "a4")}>Labels A4</DocumentLink>
          <DocumentLink href={docs && manifestHref(docs)}>Manifest</DocumentLink>
          <fetcher.Form method="post" action="/admin/shipping/pickups" className="contents">
            {bulk.pickups.map((id) => (
              <input key={id} type="hidden" name="shipmentId" value={id} />
            ))}
            <button
              type="submit"
              disabled={busy || bulk.pickups.length === 0}
              aria-describedby={reason ? "bulk-shipping-reason" : undefined}
              className={`${ACTION} disabled:cursor-not-allowed disabled:border-linen disabled:bg-sand/50 disabled:text-stone`}
            >
              {busy ? "Requesting..." : "Request pickup"}
            </button>
          </fetcher.Form>
        </div>
      </div>
      {reason ? (
        <p id="bulk-shipping-reason" className="mt-2 text-xs text-stone" data-testid="bulk-shipping-reason">
          {reason}
        </p>
      ) : null}
    </section>
  );
}
