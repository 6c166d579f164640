import { formatPrice } from "~/modules/pricing";
import type { DashboardFigures } from "~/modules/reports/index.server";

const count = new Intl.NumberFormat("en-IN");

interface Tile {
  id: string;
  label: string;
  value: string;
  hint: string;
  accent: string;
}

/** The four key figures: Total Products, Total Orders, Active Users and Revenue. */
export function StatTiles({ figures }: { figures: DashboardFigures }) {
  const lastDays = figures.series.reduce((sum, d) => sum + d.orders, 0);
  const tiles: Tile[] = [
    {
      id: "products",
      label: "Total Products",
      value: count.format(figures.products),
      hint: `${count.format(figures.activeProducts)} active in the shop`,
      accent: "bg-gold",
    },
    {
      id: "orders",
      label: "Total Orders",
      value: count.format(figures.orders),
      hint: `${count.format(lastDays)} in the last ${figures.series.length} days`,
      accent: "bg-ink",
    },
    {
      id: "users",
      label: "Active Users",
      value: count.format(figures.activeShoppers),
      hint: "Registered shoppers, not banned",
      accent: "bg-leaf",
    },
    {
      id: "revenue",
      label: "Revenue",
      value: formatPrice(figures.revenuePaise),
      hint: "Delivered and completed orders",
      accent: "bg-maroon",
    },
  ];
  return (
    <dl aria-label="Key figures" className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
      {tiles.map((tile) => (
        <div
          key={tile.id}
          data-testid={`tile-${tile.id}`}
          className="relative flex min-w-0 flex-col overflow-hidden border border-linen bg-ivory px-4 pt-5 pb-4 sm:px-6 sm:pt-6 sm:pb-5"
        >
          <span aria-hidden="true" className={`absolute inset-x-0 top-0 h-0.5 ${tile.accent}`} />
          <dt className="text-[0.65rem] font-medium tracking-[0.22em] text-stone uppercase sm:text-[0.7rem]">
            {tile.label}
          </dt>
          <dd
            className="mt-2 font-display text-[1.85rem] leading-none font-medium break-words text-ink lining-nums tabular-nums sm:text-[2.6rem]"
            data-testid={`tile-${tile.id}-value`}
          >
            {tile.value}
          </dd>
          <dd className="mt-1 text-xs leading-snug text-stone">{tile.hint}</dd>
        </div>
      ))}
    </dl>
  );
}
