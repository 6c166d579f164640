import { and, eq, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client.server";
import { otpRequests } from "./schema.server";

/**
 * Abuse limits for one-time codes, counted in the database so they hold across app instances
 * and restarts. The auth library adds its own per-code rules on top: a code expires after
 * 5 minutes, is single-use, and dies after 3 wrong tries.
 */
export const OTP_LIMITS = {
  /** codes sent to one phone number per hour */
  sendPerPhonePerHour: 5,
  /** codes requested from one IP address per hour (any phone numbers) */
  sendPerIpPerHour: 20,
  /** code checks from one IP address per hour */
  verifyPerIpPerHour: 30,
} as const;

const WINDOW_SECONDS = 60 * 60;

export type OtpRequestKind = "send" | "verify";

export type LimitResult =
  { allowed: true } | { allowed: false; reason: "phone" | "ip"; retryAfterSeconds: number; message: string };

/**
 * Records a request and says whether it is within the limits. The row is written first and the
 * earlier allowed rows counted after, so concurrent requests on several instances cannot all
 * slip under the limit: exactly the first N in (created_at, id) order pass. A refused request is
 * kept as `allowed = false` and does not extend the wait of the real owner of the number.
 */
export async function checkOtpRequest(
  db: Db,
  input: { kind: OtpRequestKind; phone: string; ip: string | null },
): Promise<LimitResult> {
  const [row] = await db
    .insert(otpRequests)
    .values({ kind: input.kind, phone: input.phone, ip: input.ip })
    .returning({ id: otpRequests.id });
  if (!row) throw new Error("could not record the code request");

  const checks: Array<{
    reason: "phone" | "ip";
    column: typeof otpRequests.phone | typeof otpRequests.ip;
    value: string;
    limit: number;
  }> = [];
  if (input.kind === "send")
    checks.push({
      reason: "phone",
      column: otpRequests.phone,
      value: input.phone,
      limit: OTP_LIMITS.sendPerPhonePerHour,
    });
  if (input.ip) {
    checks.push({
      reason: "ip",
      column: otpRequests.ip,
      value: input.ip,
      limit: input.kind === "send" ? OTP_LIMITS.sendPerIpPerHour : OTP_LIMITS.verifyPerIpPerHour,
    });
  }

  for (const check of checks) {
    // Compared in SQL against the stored row: its timestamp has microseconds a JS Date would lose.
    const [counted] = await db
      .select({
        count: sql<number>`count(*)::int`,
        waitSeconds: sql<number>`coalesce(ceil(extract(epoch from (min(${otpRequests.createdAt}) + make_interval(secs => ${WINDOW_SECONDS}) - mine.created_at))), 0)::int`,
      })
      .from(otpRequests)
      .innerJoin(sql`(select created_at, id from otp_requests where id = ${row.id}::uuid) as mine`, sql`true`)
      .where(
        and(
          eq(otpRequests.kind, input.kind),
          eq(check.column, check.value),
          eq(otpRequests.allowed, true),
          sql`${otpRequests.createdAt} > mine.created_at - make_interval(secs => ${WINDOW_SECONDS})`,
          sql`(${otpRequests.createdAt}, ${otpRequests.id}) <= (mine.created_at, mine.id)`,
        ),
      )
      .groupBy(sql`mine.created_at`);
    const count = counted?.count ?? 0;
    if (count > check.limit) {
      await db.update(otpRequests).set({ allowed: false }).where(eq(otpRequests.id, row.id));
      const retryAfterSeconds = Math.max(60, counted?.waitSeconds ?? WINDOW_SECONDS);
      return {
        allowed: false,
        reason: check.reason,
        retryAfterSeconds,
        message: limitMessage(input.kind, check.reason, retryAfterSeconds),
      };
    }
  }
  return { allowed: true };
}

function limitMessage(kind: OtpRequestKind, reason: "phone" | "ip", retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  const wait = `Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
  if (reason === "phone") return `Too many codes have been sent to this number. ${wait}`;
  if (kind === "send") return `Too many code requests from your network. ${wait}`;
  return `Too many attempts from your network. ${wait}`;
}

/** Drops request records older than a day (they no longer count towards any limit). */
export async function pruneOtpRequests(db: Db): Promise<void> {
  await db.delete(otpRequests).where(lt(otpRequests.createdAt, sql`now() - interval '1 day'`));
}
