import { redirect } from "react-router";

// Spec section 2: /bestseller is the collection sorted by most ordered.
export function loader() {
  return redirect("/products?sortBy=most-ordered", 301);
}
