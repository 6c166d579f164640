import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.server";
import { user } from "./auth-schema.server";
import { customerProfiles } from "./schema.server";

/**
 * The demo shop's shopper (demo mode only): an account registered by phone, as if she had signed in
 * with a code, so the demo can show an account with orders. Signing in with her number in the demo
 * works like any other (the code is in the log and the demo outbox). Returns her id; made once.
 */
export async function ensureDemoShopper(
  db: Db,
  person: { phone: string; firstName: string; lastName: string; email: string },
): Promise<string> {
  const [existing] = await db.select({ id: user.id }).from(user).where(eq(user.phoneNumber, person.phone));
  if (existing) return existing.id;
  const id = randomUUID();
  await db.transaction(async (tx) => {
    await tx.insert(user).values({
      id,
      name: `${person.firstName} ${person.lastName}`,
      email: `${person.phone.replace(/\D/g, "")}@phone.invalid`,
      phoneNumber: person.phone,
      phoneNumberVerified: true,
      role: "customer",
    });
    await tx.insert(customerProfiles).values({
      userId: id,
      firstName: person.firstName,
      lastName: person.lastName,
      email: person.email,
      phone: person.phone,
    });
  });
  return id;
}
