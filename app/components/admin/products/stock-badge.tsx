import { stockLabel, stockLevel } from "~/modules/catalog";

/** The stock badge: over 10 green 'In stock', 1 to 10 yellow, 0 red 'Out of stock'. */
export function StockBadge({ stock }: { stock: number }) {
  const level = stockLevel(stock);
  const tone = {
    "in-stock": "border-leaf/30 bg-[#e9f3ec] text-leaf",
    low: "border-[#d9b44a]/60 bg-[#fbf1d3] text-[#6b4f00]",
    out: "border-sale/30 bg-[#f8e6e4] text-sale",
  }[level];
  const dot = { "in-stock": "bg-leaf", low: "bg-[#c8960c]", out: "bg-sale" }[level];
  return (
    <span
      data-testid="stock-badge"
      data-level={level}
      className={`inline-flex items-center gap-1.5 border px-2 py-0.5 text-xs font-medium whitespace-nowrap ${tone}`}
    >
      <span aria-hidden="true" className={`h-1.5 w-1.5 rounded-full ${dot}`} />
      {stockLabel(stock)}
    </span>
  );
}
