import { data } from "react-router";
import { useAdminPageError } from "~/components/admin/admin-shell";
import { orderHistory } from "~/modules/orders/index.server";
import type { Route } from "./+types/admin.products.$id";
import { EditorMissing, ProductEditor } from "~/components/admin/products/product-editor";
import { getMediaStorage } from "~/boot.server";
import { getDb } from "~/db/client.server";
import { readFormData } from "~/lib/http.server";
import { ADMIN_HEADERS, guardAction, requireStaff } from "~/modules/admin/index.server";
import { recentActivity } from "~/modules/audit/index.server";
import { loadProductForEdit, nextSkuNumber, saveProduct } from "~/modules/catalog/index.server";
import { parseProductFormValues, PRODUCT_MESSAGES } from "~/modules/catalog";
import { getStoreSettings } from "~/modules/content/index.server";
import { getLogger } from "~/lib/logger.server";

/*
 * /admin/products/new and /admin/products/<id>: the product editor, a dialog over the list. The
 * action saves the whole form in one go (one transaction on the server); whatever goes wrong, it
 * answers with data, never an error page, so the form keeps everything typed.
 */

export const headers: Route.HeadersFunction = () => ADMIN_HEADERS;

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireStaff(request);
  const db = getDb();
  if (params.id === "new") {
    const [settings, skuNumber] = await Promise.all([getStoreSettings(db), nextSkuNumber(db)]);
    return data({ product: null, brand: settings.storeName, skuNumber, activity: [] }, { headers: ADMIN_HEADERS });
  }
  const [product, activity] = await Promise.all([
    loadProductForEdit(db, params.id, orderHistory),
    recentActivity(db, { entity: "product", entityId: params.id, limit: 8 }),
  ]);
  if (!product) throw data(PRODUCT_MESSAGES.notFound, { status: 404, headers: ADMIN_HEADERS });
  return data({ product, brand: product.values.brand, skuNumber: null, activity }, { headers: ADMIN_HEADERS });
}

type Answer =
  | { ok: true; id: string; created: boolean; pictureCleanupFailed: boolean }
  | { ok: false; formError: string; fieldErrors: Partial<Record<string, string>>; conflict?: boolean };

const answer = (body: Answer, status = 200) => data(body, { status, headers: ADMIN_HEADERS });

export async function action({ request, params }: Route.ActionArgs) {
  // Signed out while editing: the same 401 / 403 and no change, but as data the form can show.
  const guard = await guardAction(request, {
    signedOut: PRODUCT_MESSAGES.signedOut,
    forbidden: PRODUCT_MESSAGES.saveFailed,
  });
  if (!guard.ok) return answer({ ok: false, formError: guard.message, fieldErrors: {} }, guard.status);
  const { staff } = guard;
  const form = await readFormData(request);
  const values = form.get("intent") === "save" ? parseProductFormValues(String(form.get("product") ?? "")) : null;
  if (!values) return answer({ ok: false, formError: PRODUCT_MESSAGES.saveFailed, fieldErrors: {} }, 400);
  const db = getDb();
  try {
    const brandFallback = (await getStoreSettings(db)).storeName;
    const result = await saveProduct(db, staff, params.id === "new" ? null : params.id, values, {
      storage: getMediaStorage(),
      orders: orderHistory,
      brandFallback,
    });
    if (!result.ok)
      return answer(
        { ok: false, formError: result.formError, fieldErrors: result.fieldErrors, conflict: result.conflict },
        result.status,
      );
    return answer({
      ok: true,
      id: result.id,
      created: result.created,
      pictureCleanupFailed: result.pictureCleanupFailed,
    });
  } catch (error) {
    getLogger().error({ err: error, productId: params.id }, "saving a product failed");
    return answer({ ok: false, formError: PRODUCT_MESSAGES.saveFailed, fieldErrors: {} }, 500);
  }
}

export default function AdminProductEditor({ loaderData }: Route.ComponentProps) {
  return <ProductEditor {...loaderData} />;
}

export function ErrorBoundary() {
  const { notFound } = useAdminPageError();
  return <EditorMissing notFound={notFound} />;
}
