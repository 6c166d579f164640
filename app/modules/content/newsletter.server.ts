import type { Db } from "../../db/client.server";
import { newsletterSubscribers } from "./schema.server";

/**
 * Adds an address to the newsletter list. A second sign-up of the same address (in any letter case)
 * is not an error: it answers 'already' and keeps the first row.
 */
export async function subscribeToNewsletter(
  db: Db,
  email: string,
  source = "footer",
): Promise<"subscribed" | "already"> {
  const inserted = await db
    .insert(newsletterSubscribers)
    .values({ email: email.trim().toLowerCase(), source })
    .onConflictDoNothing({ target: newsletterSubscribers.email })
    .returning({ id: newsletterSubscribers.id });
  return inserted.length > 0 ? "subscribed" : "already";
}
