/*
 * Staff at work during the sale: every few seconds a staff member opens one of the hottest pieces in
 * the back office's product editor (its loader's data, as the editor's dialog loads it) and saves it
 * with the price ₹10 lower, or back up on the next edit, through the editor's own form action (a
 * multipart post of the form's JSON, as the editor sends it). The stock cells go back as loaded, so the
 * save leaves the stock to the orders (a cell left at its loaded value is not written). Each save
 * changes a piece that shoppers are looking at; the shop must show the new price and keep serving.
 */
import { decodeData, multipartBody } from "./http";
import type { Outcome } from "./stats";
import { Stop, Walk, type WalkContext } from "./walk";

const EDITOR_ROUTE = "routes/admin.products.$id";

type EditorValues = Record<string, unknown> & {
  price?: string;
  stock?: Array<{ size: string; colour: string; stock: string; was?: number | null }>;
};

/**
 * Opens the editor of `productId` (its loader's data), changes its values with `change` (null: leave
 * it) and saves them through the editor's form action; true when staff are told it saved.
 */
export async function editProduct(
  walk: Walk,
  productId: string,
  change: (values: EditorValues) => EditorValues | null,
): Promise<boolean> {
  const route = encodeURIComponent(EDITOR_ROUTE);
  const page = await walk.get("staff page", `/admin/products/${productId}.data?_routes=${route}`);
  if (!page || page.status !== 200) return false;
  const decoded = (await decodeData(page)) as Record<string, { data?: { product?: { values?: EditorValues } } }> | null;
  const values = decoded?.[EDITOR_ROUTE]?.data?.product?.values;
  const changed = values ? change(values) : null;
  if (!changed) return false;
  walk.think(1500, 3000); // typing
  const form = multipartBody({ intent: "save", product: JSON.stringify(changed) });
  const answer = await walk.post("staff edit", `/admin/products/${productId}.data`, form, {
    classify: (a): Outcome => (a.status >= 500 ? "server-error" : a.status >= 400 ? "client-error" : "ok"),
  });
  const result = answer ? ((await decodeData(answer)) as { data?: { ok?: boolean } } | null) : null;
  return result?.data?.ok === true;
}

/** The price moved by `deltaRupees`, everything else as loaded. */
const priceMovedBy =
  (deltaRupees: number) =>
  (values: EditorValues): EditorValues | null => {
    const price = Number((values.price ?? "").replace(/,/g, ""));
    return values.price && Number.isFinite(price) ? { ...values, price: String(price + deltaRupees) } : null;
  };

/** One size and colour's stock set to `units`, every other cell as loaded. */
export const stockSetTo =
  (size: string, colour: string, units: number) =>
  (values: EditorValues): EditorValues | null => {
    const cells = values.stock ?? [];
    if (!cells.some((c) => c.size === size && c.colour === colour)) return null;
    return {
      ...values,
      stock: cells.map((c) => (c.size === size && c.colour === colour ? { ...c, stock: String(units) } : c)),
    };
  };

/**
 * Edits `productIds` in turn, one every `everyMs` from `start`, until the window's stop time.
 * Returns how many saves staff were told succeeded.
 */
export async function staffEdits(
  ctx: WalkContext,
  options: { cookie: string; productIds: string[]; everyMs: number; start: number },
): Promise<{ saved: number; tried: number }> {
  const walk = new Walk(ctx, options.start, null);
  walk.cookie = options.cookie;
  const edits = new Map<string, number>();
  let saved = 0;
  let tried = 0;
  try {
    for (let k = 0; ; k++) {
      walk.due = options.start + k * options.everyMs;
      const productId = options.productIds[k % options.productIds.length]!;
      const n = edits.get(productId) ?? 0;
      // down on a piece's first save, back up on its second, and so on: it never drifts, and stays under its original price
      const done = await editProduct(walk, productId, priceMovedBy(n % 2 === 0 ? -10 : 10));
      tried += 1;
      if (done) {
        edits.set(productId, n + 1);
        saved += 1;
      }
    }
  } catch (error) {
    if (!(error instanceof Stop)) throw error;
  }
  return { saved, tried };
}
