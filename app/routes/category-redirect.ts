import { redirect } from "react-router";
import { CATEGORIES } from "~/modules/catalog";
import type { Route } from "./+types/category-redirect";

/*
 * /categories/{slug} is the collection narrowed to that category. A name the shop has no category
 * for goes there too, for the list to say so (with status 404), but not for good: the shop may add it.
 */
export function loader({ params }: Route.LoaderArgs) {
  const slug = params.slug.toLowerCase();
  if (CATEGORIES.some((c) => c.slug === slug)) return redirect(`/products?category=${slug}`, 301);
  return redirect(`/products?category=${encodeURIComponent(params.slug)}`, 302);
}
