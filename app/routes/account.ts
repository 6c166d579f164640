import { redirect } from "react-router";

// The account view lives on the account screen, which /authentication and /login both show.
export function loader() {
  return redirect("/authentication");
}
