import { SHIPMENT_STATUS_LABELS, shipmentTone, type ShipmentStatus } from "~/modules/shipping";
import { SHIPMENT_TONE_CLASSES } from "./shipping-format";

/** A shipment's status as a coloured pill (the order page's shipping panel and the orders list). */
export function ShipmentBadge({ status }: { status: ShipmentStatus }) {
  return (
    <span
      data-testid="shipment-status"
      data-tone={shipmentTone(status)}
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${SHIPMENT_TONE_CLASSES[shipmentTone(status)]}`}
    >
      {SHIPMENT_STATUS_LABELS[status]}
    </span>
  );
}
