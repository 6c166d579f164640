import { getConfig } from "~/config.server";
import { data, isRouteErrorResponse, Link, useNavigation, useRouteError } from "react-router";
import { ProductDetail } from "~/components/product/product-detail";
import { getDb } from "~/db/client.server";
import { clientAddress, invariantResponse, readFormData } from "~/lib/http.server";
import { NO_STORE_HEADERS, sharedPageHeaders } from "~/lib/cache-control";
import { cacheTagHeader, cacheTags } from "~/lib/page-cache.server";
import { productJsonLd, productMeta } from "~/modules/catalog";
import { getSessionUser } from "~/modules/accounts/index.server";
import { notifyMeSchema } from "~/modules/catalog";
import { askBackInStock } from "~/modules/catalog/index.server";
import { getProduct, isProductId } from "~/modules/catalog/index.server";
import { listRelated } from "~/modules/catalog/index.server";
import { cardData, CATEGORIES } from "~/modules/catalog";
import { cachedStoreSettings } from "~/modules/content/index.server";
import { checkAttempt, tryAgainIn } from "~/modules/limits/index.server";
import { fitAdviceOf } from "~/modules/returns/index.server";
import { ATTEMPT_RULES } from "~/modules/limits";
import { catalogueShouldRevalidate } from "~/components/shopper/revalidation";
import type { Route } from "./+types/product";

export function meta({ data }: Route.MetaArgs) {
  if (!data) return [{ title: "Product not found · Saanjh" }, { name: "robots", content: "noindex" }];
  return [...productMeta(data.product, data.origin), { "script:ld+json": productJsonLd(data.product, data.origin) }];
}

/**
 * The page is shared by signed-out visitors (decision 013); the notify form's answers are not, and a
 * refusal for too many requests says when to come back.
 */
export const headers: Route.HeadersFunction = (args) => {
  const answer = args.actionHeaders;
  if (!answer.has("Cache-Control")) return sharedPageHeaders(args);
  // an answer to the notify-me form is never kept
  const retryAfter = answer.get("Retry-After");
  return { "Cache-Control": answer.get("Cache-Control")!, ...(retryAfter ? { "Retry-After": retryAfter } : {}) };
};

export async function loader({ params }: Route.LoaderArgs) {
  const db = getDb();
  // the product, its neighbours, its fit advice and the settings side by side: one round trip to the
  // database. The advice is part of the shared page (no request after load), as old as the page's copy.
  const [product, related, settings, fitAdvice] = await Promise.all([
    getProduct(db, params.id),
    isProductId(params.id) ? listRelated(db, { id: params.id }) : [],
    cachedStoreSettings(db),
    fitAdviceOf(db, params.id),
  ]);
  invariantResponse(product, "Product not found", 404);
  // its own page, and the cards of its neighbours (decision 044)
  const tags = [
    cacheTags.product(product.id),
    cacheTags.related(product.category),
    cacheTags.fit(product.id),
    ...related.map((r) => cacheTags.card(r.id)),
  ];
  return data(
    {
      product,
      related: related.map(cardData),
      categoryName: CATEGORIES.find((c) => c.slug === product.category)?.name ?? "Fashion",
      whatsappNumber: settings.whatsappNumber,
      /** 'Runs small: most shoppers took one size up' (decision 042), or null */
      fitAdvice,
      // From BASE_URL, never the request's Host: this page is shared through caches (decision 014).
      origin: getConfig().baseUrl,
    },
    { headers: cacheTagHeader(tags) },
  );
}

/** 'Notify me when it is back' (decision 015); works as a plain form post too. */
export async function action({ request, params }: Route.ActionArgs) {
  const parsed = notifyMeSchema.safeParse(Object.fromEntries(await readFormData(request)));
  if (!parsed.success)
    return data(
      { ok: false, text: "Please choose a size to be told about." },
      { status: 400, headers: NO_STORE_HEADERS },
    );
  // per client address: one network cannot sign up number after number (decision 019)
  const limit = await checkAttempt(getDb(), {
    ...ATTEMPT_RULES.backInStockPerAddress,
    key: clientAddress(request) ?? "unknown",
  });
  if (!limit.allowed) {
    return data(
      {
        ok: false,
        text: `Too many requests from your network. ${tryAgainIn(limit.retryAfterSeconds)}`,
        phone: parsed.data.phone ?? "",
      },
      { status: 429, headers: { ...NO_STORE_HEADERS, "Retry-After": String(limit.retryAfterSeconds) } },
    );
  }
  const { status, ...answer } = await askBackInStock(getDb(), {
    productId: params.id,
    variantId: parsed.data.variantId,
    typedPhone: parsed.data.phone,
    user: await getSessionUser(request),
  });
  return data(answer, { status, headers: NO_STORE_HEADERS });
}

// Wishlist hearts and the cart come from the root loader (decision 012).
export const shouldRevalidate = catalogueShouldRevalidate;

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname.startsWith("/product/");
  return (
    <>
      {loading ? (
        <p
          role="status"
          className="fixed inset-x-0 top-24 z-30 mx-auto w-max bg-ink px-4 py-2 text-xs tracking-[0.18em] text-ivory uppercase"
        >
          Loading product details...
        </p>
      ) : null}
      <ProductDetail {...loaderData} />
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section className="mx-auto max-w-xl px-6 py-28 text-center" role="alert">
      <p className="eyebrow">Product</p>
      <h1 className="mt-4 font-display text-4xl text-ink">
        {notFound ? "Product not found" : "Failed to load product"}
      </h1>
      <p className="mt-4 text-stone">
        {notFound
          ? "This piece may have sold out for good or moved. Browse the collection for something similar."
          : "Please try again in a moment."}
      </p>
      <Link to="/products" className="btn-primary mt-10">
        Back to Products
      </Link>
    </section>
  );
}
