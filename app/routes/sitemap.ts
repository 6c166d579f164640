import { getConfig } from "~/config.server";
import { getDb } from "~/db/client.server";
import { listActiveProductIds } from "~/modules/catalog/index.server";
import { CATEGORIES } from "~/modules/catalog";
import { buildSitemap } from "~/modules/content";

/** GET /sitemap.xml: every public page, category and active product. */
export async function loader() {
  const products = await listActiveProductIds(getDb());
  const body = buildSitemap(
    getConfig().baseUrl,
    products,
    CATEGORIES.map((c) => c.slug),
  );
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
