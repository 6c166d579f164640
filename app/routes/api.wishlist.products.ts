import { postOnly, readFormData } from "~/lib/http.server";
import { NO_STORE_HEADERS } from "~/lib/cache-control";
import { data } from "react-router";
import { getDb } from "~/db/client.server";
import { jsonField, parseProductIds } from "~/modules/cart";
import { getShopperProducts } from "~/modules/catalog/index.server";
import type { Route } from "./+types/api.wishlist.products";

/** A guest's wishlist products (decision 012): POST `ids` (JSON). Reads only; POST because the list can be long. */
export async function action({ request }: Route.ActionArgs) {
  const ids = parseProductIds(jsonField((await readFormData(request)).get("ids")));
  const products = await getShopperProducts(getDb(), ids);
  return data({ products, lookedUp: ids }, { headers: NO_STORE_HEADERS });
}

export const loader = postOnly;
