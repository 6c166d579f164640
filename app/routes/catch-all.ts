import { redirect } from "react-router";

// Unknown internal paths go to the collection (spec section 2).
export function loader() {
  return redirect("/products");
}
