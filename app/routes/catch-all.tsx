import { data, useNavigate, useNavigation } from "react-router";
import { ProductListView } from "~/components/product/product-list-view";
import { notFoundMeta } from "~/components/product/not-found-notice";
import { catalogueShouldRevalidate } from "~/components/shopper/revalidation";
import { getDb } from "~/db/client.server";
import { sharedPageHeaders } from "~/lib/cache-control";
import { loadListPage } from "~/modules/catalog/index.server";
import { PAGE_NOT_FOUND } from "~/modules/catalog";
import type { Route } from "./+types/catch-all";

/*
 * An address the shop does not have: the whole collection, so a shopper who followed an old or
 * mistyped link keeps browsing, under 'We could not find that page' and with status 404 (a 200 would
 * be a soft 404 that search engines index). The shared page cache keeps 200 answers only, so these
 * never fill it and never stand in for /products.
 */

export function meta({ data }: Route.MetaArgs) {
  return notFoundMeta(data?.notice ?? PAGE_NOT_FOUND);
}

export const headers = sharedPageHeaders;

export async function loader({ request }: Route.LoaderArgs) {
  // the address's own query is not the list's: the collection starts from its defaults
  const url = new URL("/products", request.url);
  return data(await loadListPage(getDb(), url, PAGE_NOT_FOUND), { status: 404 });
}

export const shouldRevalidate = catalogueShouldRevalidate;

export default function NotFound({ loaderData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const navigate = useNavigate();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/products";
  return (
    <ProductListView
      data={loaderData}
      loading={loading}
      navigate={(to) => void navigate(to, { preventScrollReset: true })}
    />
  );
}
