import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client.server";
import { passwordSignInFailures } from "./schema.server";

/**
 * Staff password guessing, limited per account (decision 014). The auth library already allows 5
 * password sign-ins a minute per address; spread over many addresses that was unbounded. Here
 * every attempt for an e-mail counts until it succeeds, in the database so all instances agree:
 * after 10 in 15 minutes that e-mail waits. Whether an account has that e-mail makes no
 * difference to the count or to the answer, so the limit tells an attacker nothing.
 */
export const PASSWORD_LIMITS = { attempts: 10, windowMinutes: 15 } as const;

export function passwordLimitMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many sign-in attempts for this account. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}

export type PasswordAttempt = { allowed: true } | { allowed: false; retryAfterSeconds: number };

function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * Records an attempt before the password is checked, then counts the e-mail's attempts in the
 * window. Recording first means simultaneous guesses cannot all slip under the limit. A refused
 * attempt is removed again, so waiting out the window is enough.
 */
export async function beginPasswordAttempt(db: Db, email: string, ip: string | null): Promise<PasswordAttempt> {
  const key = normaliseEmail(email);
  const [row] = await db
    .insert(passwordSignInFailures)
    .values({ email: key, ip })
    .returning({ id: passwordSignInFailures.id });
  if (!row) throw new Error("could not record the sign-in attempt");
  const window = sql`now() - make_interval(mins => ${PASSWORD_LIMITS.windowMinutes})`;
  const [counted] = await db
    .select({
      count: sql<number>`count(*)::int`,
      waitSeconds: sql<number>`coalesce(ceil(extract(epoch from (min(${passwordSignInFailures.createdAt}) + make_interval(mins => ${PASSWORD_LIMITS.windowMinutes}) - now()))), 0)::int`,
    })
    .from(passwordSignInFailures)
    .where(and(eq(passwordSignInFailures.email, key), gt(passwordSignInFailures.createdAt, window)));
  if (Math.random() < 0.02)
    await db.delete(passwordSignInFailures).where(lt(passwordSignInFailures.createdAt, sql`now() - interval '1 day'`));
  if ((counted?.count ?? 0) <= PASSWORD_LIMITS.attempts) return { allowed: true };
  await db.delete(passwordSignInFailures).where(eq(passwordSignInFailures.id, row.id));
  return {
    allowed: false,
    retryAfterSeconds: Math.max(60, counted?.waitSeconds ?? PASSWORD_LIMITS.windowMinutes * 60),
  };
}

/** A right password: the e-mail's count starts again. */
export async function clearPasswordAttempts(db: Db, email: string): Promise<void> {
  await db.delete(passwordSignInFailures).where(eq(passwordSignInFailures.email, normaliseEmail(email)));
}
