import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client.server";
import { MIN_STAFF_PASSWORD_LENGTH, STAFF_ROLE, type Auth } from "./auth.server";
import { account, user } from "./auth-schema.server";

export const staffInputSchema = z.object({
  name: z.string().trim().min(2, "Name must be at least 2 characters"),
  email: z.email("Enter a valid e-mail address").transform((e) => e.toLowerCase()),
  password: z
    .string()
    .min(MIN_STAFF_PASSWORD_LENGTH, `Password must be at least ${MIN_STAFF_PASSWORD_LENGTH} characters`)
    .max(128, "Password must be at most 128 characters")
    .refine((p) => /[a-z]/i.test(p) && /\d/.test(p), "Password must mix letters and digits")
    .refine((p) => new Set(p).size >= 6, "Password is too repetitive")
    .refine((p) => !WEAK_PASSWORDS.some((w) => p.toLowerCase().includes(w)), "Password is too easy to guess"),
});

const WEAK_PASSWORDS = ["password", "12345678", "qwerty", "letmein", "admin123", "welcome1", "iloveyou"];

export type StaffInput = z.infer<typeof staffInputSchema>;

export type CreateStaffResult = { status: "created"; userId: string } | { status: "exists"; userId: string };

/**
 * Creates a staff account (role admin, e-mail and password) through the auth library, so the
 * password is hashed the library's way. An existing account with that e-mail is left untouched.
 */
export async function createStaffAccount(db: Db, auth: Auth, input: StaffInput): Promise<CreateStaffResult> {
  const parsed = staffInputSchema.parse(input);
  const [existing] = await db.select({ id: user.id }).from(user).where(eq(user.email, parsed.email)).limit(1);
  if (existing) return { status: "exists", userId: existing.id };
  const created = await auth.api.createUser({
    body: { name: parsed.name, email: parsed.email, password: parsed.password, role: STAFF_ROLE },
  });
  await db.update(user).set({ emailVerified: true }).where(eq(user.id, created.user.id));
  return { status: "created", userId: created.user.id };
}

/** Sets a staff member's password (used to keep the demo admin's printed password true). */
export async function setStaffPassword(db: Db, auth: Auth, userId: string, password: string): Promise<void> {
  const ctx = await auth.$context;
  const hash = await ctx.password.hash(password);
  await db.update(account).set({ password: hash }).where(eq(account.userId, userId));
}
