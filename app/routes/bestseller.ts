import { redirect } from "react-router";

// /bestseller is the collection sorted by most ordered.
export function loader() {
  return redirect("/products?sortBy=most-ordered", 301);
}
