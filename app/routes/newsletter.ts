import { readFormData } from "~/lib/http.server";
import { data, redirect } from "react-router";
import { getDb } from "~/db/client.server";
import { NEWSLETTER_MESSAGES, parseNewsletterEmail, type NewsletterResult } from "~/modules/content";
import { subscribeToNewsletter } from "~/modules/content/index.server";
import type { Route } from "./+types/newsletter";

/** POST /newsletter (the footer box, through a fetcher). */
export async function action({ request }: Route.ActionArgs) {
  const form = await readFormData(request);
  const raw = String(form.get("email") ?? "");
  const email = parseNewsletterEmail(raw);
  if (email === null) {
    return data<NewsletterResult>({ ok: false, message: NEWSLETTER_MESSAGES.invalid, email: raw }, { status: 400 });
  }
  const status = await subscribeToNewsletter(getDb(), email);
  return data<NewsletterResult>({ ok: true, status, message: NEWSLETTER_MESSAGES[status] });
}

// A GET here is an unknown page as far as the shopper is concerned.
export function loader() {
  return redirect("/products");
}
