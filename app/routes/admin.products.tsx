import { data, Outlet } from "react-router";
import { orderHistory } from "~/modules/orders/index.server";
import type { Route } from "./+types/admin.products";
import { ProductList } from "~/components/admin/products/product-list";
import { getMediaStorage } from "~/boot.server";
import { getDb } from "~/db/client.server";
import { readFormData } from "~/lib/http.server";
import { ADMIN_HEADERS, requireStaff } from "~/modules/admin/index.server";
import { deleteOrArchiveProduct, listAdminProducts } from "~/modules/catalog/index.server";
import { parseAdminListParams, PRODUCT_MESSAGES } from "~/modules/catalog";

/*
 * /admin/products: every product, searched, filtered and paged in SQL, as cards or a table; the
 * editor (admin.products.$id.tsx) opens over it. The action deletes a product, or archives it when
 * an order names it.
 */

export const headers: Route.HeadersFunction = () => ADMIN_HEADERS;

export const meta: Route.MetaFunction = () => [
  { title: "Products · Admin · Saanjh" },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  const params = parseAdminListParams(new URL(request.url).searchParams);
  const list = await listAdminProducts(getDb(), params);
  return data({ ...list, params }, { headers: ADMIN_HEADERS });
}

export async function action({ request }: Route.ActionArgs) {
  const staff = await requireStaff(request);
  const form = await readFormData(request);
  const productId = String(form.get("productId") ?? "");
  if (form.get("intent") !== "delete")
    return data(
      { ok: false as const, message: PRODUCT_MESSAGES.deleteFailed },
      { status: 400, headers: ADMIN_HEADERS },
    );
  const result = await deleteOrArchiveProduct(getDb(), staff, productId, {
    storage: getMediaStorage(),
    orders: orderHistory,
  });
  if (!result.ok)
    return data({ ok: false as const, message: result.message }, { status: result.status, headers: ADMIN_HEADERS });
  return data(
    { ok: true as const, outcome: result.outcome, productId, pictureCleanupFailed: result.pictureCleanupFailed },
    { headers: ADMIN_HEADERS },
  );
}

export default function AdminProducts({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <ProductList page={loaderData} />
      <Outlet />
    </>
  );
}
