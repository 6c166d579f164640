import { getConfig } from "~/config.server";
import { data, Link, useNavigate, useNavigation, useRevalidator } from "react-router";
import { ProductListView } from "~/components/product/product-list-view";
import { getDb } from "~/db/client.server";
import { sharedPageHeaders } from "~/lib/cache-control";
import { cacheTagHeader } from "~/lib/page-cache.server";
import { listPageTags, loadListPage } from "~/modules/catalog/index.server";
import { notFoundMeta } from "~/components/product/not-found-notice";
import { catalogueShouldRevalidate } from "~/components/shopper/revalidation";
import type { Route } from "./+types/products";

export function meta({ data }: Route.MetaArgs) {
  if (!data) return [{ title: "Failed to load products · Saanjh" }];
  if (data.notice) return notFoundMeta(data.notice);
  const { category, filters, origin, items } = data;
  const title = filters.search
    ? `Search results for '${filters.search}' · Saanjh`
    : category
      ? `${category.name} · Saanjh`
      : "Our Collections · Saanjh";
  const description =
    category?.description ?? "Shop kurtas, sarees, lehengas, co-ords, dresses and jewellery, handcrafted in India.";
  const url = `${origin}/products${category ? `?category=${category.slug}` : ""}`;
  const image = items[0]?.images[0]?.url;
  return [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    ...(filters.search ? [{ name: "robots", content: "noindex, follow" }] : []),
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: "Saanjh" },
    { property: "og:title", content: category ? category.name : "Our Collections" },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    ...(image ? [{ property: "og:image", content: new URL(image, origin).toString() }] : []),
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: category ? category.name : "Our Collections" },
    { name: "twitter:description", content: description },
  ];
}

export const headers = sharedPageHeaders;

export async function loader({ request }: Route.LoaderArgs) {
  const page = await loadListPage(getDb(), new URL(request.url));
  // an unknown category still shows the collection, but is no page of its own (status 404)
  return data(
    { ...page, origin: getConfig().baseUrl },
    {
      status: page.notice ? 404 : 200,
      headers: cacheTagHeader(listPageTags(page)),
    },
  );
}

// Wishlist hearts and the cart come from the root loader (decision 012).
export const shouldRevalidate = catalogueShouldRevalidate;

export default function Products({ loaderData }: Route.ComponentProps) {
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

export function ErrorBoundary() {
  const revalidator = useRevalidator();
  return (
    <section className="mx-auto max-w-xl px-6 py-28 text-center" role="alert">
      <p className="eyebrow">Our Collections</p>
      <h1 className="mt-4 font-display text-4xl text-ink">Failed to load products</h1>
      <p className="mt-4 text-stone">Please check your connection and try again.</p>
      <div className="mt-10 flex justify-center gap-3">
        <button
          type="button"
          className="btn-primary"
          onClick={() => void revalidator.revalidate()}
          disabled={revalidator.state === "loading"}
        >
          {revalidator.state === "loading" ? "Loading products..." : "Try Again"}
        </button>
        <Link to="/" className="btn-outline">
          Home
        </Link>
      </div>
    </section>
  );
}
