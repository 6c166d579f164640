import { useEffect, useRef, useState } from "react";
import { Link, useActionData, useLocation, useNavigation, useSubmit } from "react-router";
import { useToast } from "~/components/admin/toast";
import {
  adminListQuery,
  PRODUCT_MESSAGES,
  type AdminListParams,
  type AdminProductListItem,
  type AdminProductPage,
} from "~/modules/catalog";
import { ConfirmDelete } from "./confirm-delete";
import { ProductsCsvActions } from "./csv-actions";
import { Filters, Pages, ViewSwitch } from "./product-list-controls";
import { ProductCard, ProductTable } from "./product-list-items";

/*
 * The Products tab: search (name, SKU, brand), category and active filters, paging, cards or a table.
 * Everything is in the address (?search=&category=&status=&view=&page=), so the server does the
 * work and a link or the back button shows the same list. Deleting posts to this route's action.
 */

type DeleteAnswer =
  | { ok: true; outcome: "deleted" | "archived"; productId: string; pictureCleanupFailed: boolean }
  | { ok: false; message: string };

export function ProductList({ page }: { page: AdminProductPage & { params: AdminListParams } }) {
  const { items, total, params } = page;
  const location = useLocation();
  const navigation = useNavigation();
  const submit = useSubmit();
  const toast = useToast();
  const answer = useActionData() as DeleteAnswer | undefined;
  const shown = useRef<DeleteAnswer | undefined>(undefined);
  const [toDelete, setToDelete] = useState<AdminProductListItem | null>(null);

  const listSearch = location.search;
  const editHref = (id: string) => `/admin/products/${id}${listSearch}`;
  const deleting = navigation.state !== "idle" && navigation.formData?.get("intent") === "delete";
  const loading = navigation.state === "loading" && navigation.location.pathname === "/admin/products";

  useEffect(() => {
    if (!answer || shown.current === answer) return;
    shown.current = answer;
    setToDelete(null);
    if (!answer.ok) toast(PRODUCT_MESSAGES.deleteFailed, "error");
    else {
      toast(answer.outcome === "archived" ? PRODUCT_MESSAGES.archived : PRODUCT_MESSAGES.deleted);
      if (answer.pictureCleanupFailed) toast(PRODUCT_MESSAGES.imageRemoveFailed, "error");
    }
  }, [answer, toast]);

  const filtered = Boolean(params.search || params.category || params.status);

  return (
    <div>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className="eyebrow">Catalogue</p>
          <h1 className="mt-1 font-display text-4xl leading-none text-ink sm:text-5xl">Products</h1>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <ProductsCsvActions
            filters={{ search: params.search ?? "", category: params.category ?? "", status: params.status ?? "" }}
          />
          <Link to={`/admin/products/new${listSearch}`} className="btn-primary max-sm:!px-5">
            <span aria-hidden="true" className="text-base leading-none">
              +
            </span>{" "}
            Add product
          </Link>
        </div>
      </div>

      <div className="mt-6">
        <Filters params={params} />
      </div>

      <div className="mt-5 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-stone" aria-live="polite">
          {total.toLocaleString("en-IN")} {total === 1 ? "product" : "products"}
          {params.search ? ` matching ‘${params.search}’` : ""}
          {filtered ? (
            <>
              {" · "}
              <Link
                to={`/admin/products${adminListQuery({ view: params.view })}`}
                className="text-ink underline underline-offset-4 hover:text-maroon"
              >
                Clear filters
              </Link>
            </>
          ) : null}
        </p>
        <ViewSwitch params={params} />
      </div>

      <div aria-busy={loading || undefined} className={`mt-4 transition-opacity ${loading ? "opacity-60" : ""}`}>
        {items.length === 0 ? (
          <div className="border border-dashed border-linen bg-ivory px-6 py-16 text-center">
            <p className="font-display text-2xl text-ink">No products found</p>
            <p className="mt-2 text-sm text-stone">
              {filtered ? "Try another search or clear the filters." : "Add the first product of the shop."}
            </p>
          </div>
        ) : params.view === "table" ? (
          <ProductTable items={items} editHref={editHref} onDelete={setToDelete} />
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4 xl:grid-cols-5">
            {items.map((item) => (
              <ProductCard key={item.id} item={item} editHref={editHref(item.id)} onDelete={() => setToDelete(item)} />
            ))}
          </ul>
        )}
        <Pages page={page} />
      </div>

      <ConfirmDelete
        product={toDelete}
        busy={deleting}
        onCancel={() => setToDelete(null)}
        onConfirm={() => {
          if (!toDelete) return;
          void submit(
            { intent: "delete", productId: toDelete.id },
            { method: "post", action: `/admin/products${listSearch}`, replace: true },
          );
        }}
      />
    </div>
  );
}
