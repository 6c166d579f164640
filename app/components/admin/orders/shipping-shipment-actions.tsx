import { useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import type { DemoScanMove, StaffShipment } from "~/modules/shipping/index.server";
import type { ShippingIntent } from "~/modules/shipping";
import { isStale, useShippingAnswer } from "./shipping-answer";
import { labelsHref, manifestHref } from "./shipping-format";
import { StatusFormError } from "./status-fields";

/*
 * What staff do with one shipment, as far as its state allows: print its label (4x6 for thermal
 * printers, or A4) and the manifest (PDFs in a new tab), ask the courier to collect it, cancel it
 * before pickup, and receive it back when it came back undelivered (both after a confirmation); in
 * demo mode, the demo courier's next scan. Each form names the shipment's version the page showed.
 */

const SMALL = "btn-outline !px-4 !py-2 text-xs disabled:cursor-not-allowed disabled:opacity-50";
const DEMO_MOVES: Record<DemoScanMove, { label: string; busy: string }> = {
  next: { label: "Next scan", busy: "Sending the scan..." },
  "failed-attempt": { label: "Failed delivery attempt", busy: "Sending the scan..." },
  "return-to-origin": { label: "Return to origin", busy: "Sending the scan..." },
};

/** The shared fetcher, what this shipment sent last, and its refusal shown beside its buttons. */
function useShipmentForms(shipment: StaffShipment, orderId: string, onAnswered?: () => void) {
  const sent = useRef(false);
  const [error, setError] = useState<string | null>(null);
  const fetcher = useShippingAnswer((answer) => {
    if (!sent.current) return;
    sent.current = false;
    onAnswered?.();
    setError(answer.ok ? null : answer.formError);
  });
  const busy = fetcher.state !== "idle";
  const mine = busy && fetcher.formData?.get("shipmentId") === shipment.id;
  const pending = mine ? (fetcher.formData?.get("intent") as ShippingIntent | null) : null;
  const send = (intent: ShippingIntent, extra: Record<string, string> = {}) => {
    sent.current = true;
    setError(null);
    void fetcher.submit(
      { intent, shipmentId: shipment.id, version: String(shipment.version), ...extra },
      { method: "post", action: `/admin/orders/${orderId}` },
    );
  };
  return { fetcher, busy, pending, error, setError, send };
}

function Refusal({ error, onClear }: { error: string | null; onClear: () => void }) {
  const revalidator = useRevalidator();
  if (!error) return null;
  return (
    <div className="mt-3">
      <StatusFormError
        message={error}
        conflict={isStale(error)}
        reloading={revalidator.state !== "idle"}
        onReload={() => {
          void revalidator.revalidate();
          onClear();
        }}
      />
    </div>
  );
}

export function ShipmentActions({
  shipment,
  orderId,
  pieces,
}: {
  shipment: StaffShipment;
  orderId: string;
  pieces: number;
}) {
  const [asking, setAsking] = useState<"cancel-shipment" | "receive-returned" | null>(null);
  const forms = useShipmentForms(shipment, orderId, () => setAsking(null));
  const { can } = shipment;
  if (!can.labels && !can.pickup && !can.cancel && !can.receive) return null;
  const ids = [shipment.id];
  const newTab = <span className="sr-only"> (PDF, opens in a new tab)</span>;
  return (
    <div className="mt-4">
      <div className="flex flex-wrap gap-2">
        {can.labels ? (
          <>
            <a href={labelsHref(ids, "4x6")} target="_blank" rel="noopener" className={SMALL}>
              Label 4x6{newTab}
            </a>
            <a href={labelsHref(ids, "a4")} target="_blank" rel="noopener" className={SMALL}>
              Label A4{newTab}
            </a>
            <a href={manifestHref(ids)} target="_blank" rel="noopener" className={SMALL}>
              Manifest{newTab}
            </a>
          </>
        ) : null}
        {can.pickup ? (
          <button
            type="button"
            onClick={() => forms.send("request-pickup")}
            disabled={forms.busy}
            className="btn-primary !px-4 !py-2 text-xs"
          >
            {forms.pending === "request-pickup" ? "Asking the courier..." : "Request pickup"}
          </button>
        ) : null}
        {can.receive ? (
          <button
            type="button"
            onClick={() => setAsking("receive-returned")}
            disabled={forms.busy}
            className="btn-primary !px-4 !py-2 text-xs"
          >
            Parcel received back
          </button>
        ) : null}
        {can.cancel ? (
          <button
            type="button"
            onClick={() => setAsking("cancel-shipment")}
            disabled={forms.busy}
            className={`${SMALL} !border-sale !text-sale hover:!bg-sale hover:!text-white`}
          >
            Cancel shipment
          </button>
        ) : null}
      </div>
      <Refusal error={forms.error} onClear={() => forms.setError(null)} />
      <ConfirmDialog
        open={asking === "cancel-shipment"}
        eyebrow="Cancel shipment"
        title="Cancel this shipment with the courier?"
        confirmLabel="Cancel shipment"
        busyLabel="Cancelling..."
        busy={forms.pending === "cancel-shipment"}
        onCancel={() => setAsking(null)}
        onConfirm={() => forms.send("cancel-shipment")}
      >
        <p>
          {shipment.courierName ?? "The courier"} is told not to collect it
          {shipment.awb ? ` (AWB ${shipment.awb})` : ""}, and its label stops being valid. The order stays as it is and
          can be booked again.
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        open={asking === "receive-returned"}
        eyebrow="Parcel received back"
        title="Has the parcel come back to you?"
        confirmLabel="Parcel received back"
        busyLabel="Saving..."
        busy={forms.pending === "receive-returned"}
        onCancel={() => setAsking(null)}
        onConfirm={() => forms.send("receive-returned")}
      >
        <p>
          Open it and check its pieces first. Once you confirm, the{" "}
          {pieces === 1 ? "piece goes" : `${pieces} pieces go`} back into stock and on sale, and the order is closed as
          returned undelivered. This cannot be undone.
        </p>
      </ConfirmDialog>
    </div>
  );
}

/** Demo mode only: the scans a courier would send, one press at a time, clearly marked as a test. */
export function DemoCourier({ shipment, orderId }: { shipment: StaffShipment; orderId: string }) {
  const forms = useShipmentForms(shipment, orderId);
  const headingId = `demo-courier-${shipment.id}`;
  const sending = forms.pending === "advance-demo-scan";
  return (
    <section
      aria-labelledby={headingId}
      className="mt-4 border border-dashed border-gold-deep bg-sand/60 p-3.5"
      data-testid="demo-courier"
    >
      <p id={headingId} className="text-[0.7rem] font-medium tracking-[0.2em] text-gold-deep uppercase">
        Demo courier · test mode
      </p>
      <p className="mt-1 text-xs text-stone">
        No real courier carries this parcel. Each button sends the scan a courier would, as its webhook does.
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        {shipment.demoMoves.map((move) => (
          <button
            key={move}
            type="button"
            disabled={forms.busy}
            onClick={() => forms.send("advance-demo-scan", { move })}
            className={SMALL}
          >
            {sending && forms.fetcher.formData?.get("move") === move ? DEMO_MOVES[move].busy : DEMO_MOVES[move].label}
          </button>
        ))}
      </div>
      <Refusal error={forms.error} onClear={() => forms.setError(null)} />
    </section>
  );
}
