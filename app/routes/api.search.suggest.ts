import { data } from "react-router";
import { z } from "zod";
import { getDb } from "~/db/client.server";
import { SHARED_PAGE_SECONDS } from "~/lib/cache-control";
import { cacheTagHeader, cacheTags } from "~/lib/page-cache.server";
import { searchSuggestions } from "~/modules/catalog/index.server";
import type { Route } from "./+types/api.search.suggest";

const Query = z.object({ q: z.string().max(500).catch("") });

/** GET /api/search/suggest?q=term -> { term, suggestions } for the search overlay (at most 8). */
export async function loader({ request }: Route.LoaderArgs) {
  const { q } = Query.parse(Object.fromEntries(new URL(request.url).searchParams));
  const suggestions = await searchSuggestions(getDb(), q);
  return data(
    { term: q, suggestions },
    // the same for every visitor: browsers keep it briefly for repeated keystrokes, and the server's
    // shared page cache answers the popular terms without a query (decision 013); purged when lists
    // change (decision 044)
    {
      headers: {
        "Cache-Control": `public, max-age=30, s-maxage=${SHARED_PAGE_SECONDS}`,
        ...cacheTagHeader([cacheTags.list, cacheTags.mixedList, ...suggestions.map((item) => cacheTags.card(item.id))]),
      },
    },
  );
}
