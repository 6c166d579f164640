import { ORDER_STATUS_LABELS, STATUS_TONE_CLASSES, statusTone, type OrderStatus } from "~/modules/orders";

/** An order's status as a coloured pill (the status colours the shopper's pages use too). */
export function StatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span
      data-tone={statusTone(status)}
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${STATUS_TONE_CLASSES[statusTone(status)]}`}
    >
      {ORDER_STATUS_LABELS[status]}
    </span>
  );
}
