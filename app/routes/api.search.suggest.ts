import { data } from "react-router";
import { z } from "zod";
import { getDb } from "~/db/client.server";
import { searchSuggestions } from "~/modules/search/search.server";
import type { Route } from "./+types/api.search.suggest";

const Query = z.object({ q: z.string().max(500).catch("") });

/** GET /api/search/suggest?q=term -> { term, suggestions } for the search overlay (at most 8). */
export async function loader({ request }: Route.LoaderArgs) {
  const { q } = Query.parse(Object.fromEntries(new URL(request.url).searchParams));
  const suggestions = await searchSuggestions(getDb(), q);
  return data(
    { term: q, suggestions },
    // the catalogue changes rarely; a short private cache absorbs repeated keystrokes
    { headers: { "Cache-Control": "private, max-age=30" } },
  );
}
