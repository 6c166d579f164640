import { redirect } from "react-router";
import type { Route } from "./+types/category-redirect";

// Spec section 2: /categories/{slug} is the collection narrowed to that category.
export function loader({ params }: Route.LoaderArgs) {
  const slug = params.slug.toLowerCase();
  // anything that is not slug-shaped is an unknown path, which goes to the whole collection
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug)) return redirect("/products");
  return redirect(`/products?category=${slug}`, 301);
}
