import { redirect } from "react-router";

// The account view lives on the account screen (spec: /authentication and /login both show it).
export function loader() {
  return redirect("/authentication");
}
