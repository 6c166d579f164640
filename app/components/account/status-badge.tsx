import { ORDER_STATUS_LABELS, STATUS_TONE_CLASSES, statusTone, type OrderStatus } from "~/modules/orders";

export function StatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span
      data-tone={statusTone(status)}
      className={`inline-flex items-center rounded-full px-3 py-1 text-[0.68rem] font-medium tracking-[0.14em] uppercase ring-1 ring-inset ${STATUS_TONE_CLASSES[statusTone(status)]}`}
    >
      {ORDER_STATUS_LABELS[status]}
    </span>
  );
}
