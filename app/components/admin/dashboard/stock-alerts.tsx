import { Link } from "react-router";
import type { StockAlertList } from "~/modules/reports/index.server";
import { Panel } from "./panel";

const count = new Intl.NumberFormat("en-IN");

/** The address of the admin's product editor. */
function productEditorPath(productId: string): string {
  return `/admin/products/${productId}`;
}

function counted(list: StockAlertList): string {
  const n = list.capped ? `${count.format(list.count)}+` : count.format(list.count);
  return `${n} ${list.count === 1 && !list.capped ? "variant" : "variants"}`;
}

/**
 * Variants running low (1-5 left) or sold out, each linking to its product's editor. Lowest stock
 * first, then the most recently changed; the count says how many there are beyond the few shown.
 */
export function StockAlerts({ kind, list }: { kind: "low" | "sold-out"; list: StockAlertList }) {
  const low = kind === "low";
  const id = low ? "dashboard-low-stock" : "dashboard-sold-out";
  const more = list.capped || list.count > list.items.length;
  const badge = `shrink-0 whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset ${
    low ? "bg-amber-50 text-amber-800 ring-amber-200" : "bg-red-50 text-red-800 ring-red-200"
  }`;
  return (
    <Panel id={id} title={low ? "Low stock" : "Sold out"} note={low ? `1–5 left · ${counted(list)}` : counted(list)}>
      {list.items.length === 0 ? (
        <p className="px-6 py-10 text-center text-sm text-stone">
          {low ? "No size or colour is running low." : "Nothing is sold out."}
        </p>
      ) : (
        <>
          <ul
            className="divide-y divide-linen [&_a]:block [&_a]:truncate [&_a]:text-sm [&_a]:text-ink [&_a]:underline-offset-4 [&_a:hover]:text-maroon [&_a:hover]:underline [&>li]:flex [&>li]:items-center [&>li]:gap-3 [&>li]:px-5 [&>li]:py-3 sm:[&>li]:px-6"
            data-testid={id}
          >
            {list.items.map((v) => (
              <li key={v.variantId}>
                <div className="min-w-0 flex-1">
                  <Link
                    to={productEditorPath(v.productId)}
                    aria-label={`Edit ${v.productName}, size ${v.size}, colour ${v.colour}`}
                  >
                    {v.productName}
                  </Link>
                  <p className="mt-0.5 text-xs text-stone">
                    {/Size$/i.test(v.size) ? v.size : `Size ${v.size}`} · {v.colour}{" "}
                    <span className="ml-1 font-mono text-[0.7rem]">{v.sku}</span>
                  </p>
                </div>
                <span className={badge}>{low ? `${v.stock} left` : "0 left"}</span>
              </li>
            ))}
          </ul>
          {more ? (
            <p className="mt-auto border-t border-linen px-5 py-3 text-xs text-stone sm:px-6">
              Showing {list.items.length} of{" "}
              {list.capped ? `more than ${count.format(list.count)}` : count.format(list.count)}; the Products tab lists
              them all.
            </p>
          ) : null}
        </>
      )}
    </Panel>
  );
}
