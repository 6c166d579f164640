import { z } from "zod";
import { getDb } from "~/db/client.server";
import { NO_STORE_HEADERS, SHARED_CACHE_CONTROL } from "~/lib/cache-control";
import { cacheTagHeader, cacheTags } from "~/lib/page-cache.server";
import { existingProductIds, isProductId } from "~/modules/catalog/index.server";
import { readReviewSort } from "~/modules/reviews";
import { listPublishedReviews } from "~/modules/reviews/index.server";
import type { Route } from "./+types/api.products.$id.reviews";

/** Pages past this are never asked for by the page; the bound keeps a crafted offset cheap. */
const MAX_PAGE = 500;

const Query = z.object({
  sort: z.string().max(20).nullable().catch(null),
  page: z.coerce
    .number()
    .int()
    .catch(1)
    .transform((n) => Math.min(MAX_PAGE, Math.max(1, n))),
});

/*
 * GET /api/products/:id/reviews?sort=newest|helpful|photos&page=N: one page of the product's
 * published reviews, loaded by the product page after it shows. The same for every visitor (nothing
 * here reads the session), so shared caches keep it as briefly as the product page itself; browsers
 * ask again each time, so a shopper coming back from writing her review sees it.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const search = new URL(request.url).searchParams;
  const query = Query.parse({ sort: search.get("sort"), page: search.get("page") ?? 1 });
  if (!isProductId(params.id)) return notFound();
  const db = getDb();
  const [known, page] = await Promise.all([
    existingProductIds(db, [params.id]),
    listPublishedReviews(db, params.id, { sort: readReviewSort(query.sort), page: query.page }),
  ]);
  if (!known.has(params.id)) return notFound();
  // a helpful vote purges its piece's reviews; writing, editing and moderating a review purge every copy
  return Response.json(page, {
    headers: { "Cache-Control": SHARED_CACHE_CONTROL, ...cacheTagHeader([cacheTags.reviews(params.id)]) },
  });
}

function notFound(): Response {
  return Response.json({ error: "Product not found" }, { status: 404, headers: NO_STORE_HEADERS });
}
