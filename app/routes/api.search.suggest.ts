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
    // shared page cache answers the popular terms without a query (decision 013); purged when what
    // lists hold changes (a piece added, renamed, taken off sale) or a piece it shows changes (decision
    // 044). Not when a size sells out: suggestions are found and ordered by words and age, never by stock
    {
      headers: {
        "Cache-Control": `public, max-age=30, s-maxage=${SHARED_PAGE_SECONDS}`,
        ...cacheTagHeader([cacheTags.list, ...suggestions.map((item) => cacheTags.card(item.id))]),
      },
    },
  );
}
