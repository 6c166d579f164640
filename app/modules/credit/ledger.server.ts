import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.server";
import { getStoreSettings } from "../content/index.server";
import { STORE_CREDIT_MESSAGES, type StoreCreditEntry, type StoreCreditKind, type StoreCreditSummary } from "./credit";
import { storeCreditAccounts as accounts, storeCreditEntries as entries } from "./schema.server";

/*
 * The store-credit ledger (decision 042). Every change goes the same way: take the customer's
 * account row under a row lock (creating it with a zero balance on first use), write one entry with
 * the balance after it, and set the account's balance to that. Two transactions touching the same
 * customer therefore take turns, and the second sees what the first left; the tables' CHECKs (never
 * below zero) stand behind the code's own refusals.
 */

const DAY_MS = 86_400_000;

function assertPaise(amountPaise: number, what: string): void {
  if (!Number.isSafeInteger(amountPaise))
    throw new RangeError(`${what}: money must be whole paise, got ${amountPaise}`);
}

/** A customer's account under our row lock: the balance it holds and when its last entry was written. */
export interface Locked {
  userId: string;
  balancePaise: number;
  /** null for an account created by this lock */
  lastEntryAt: Date | null;
}

/** Creates the customer's account row if missing and locks it. */
export async function lockAccount(tx: Tx, userId: string, now: Date): Promise<Locked> {
  const created = await tx
    .insert(accounts)
    .values({ userId, balancePaise: 0, updatedAt: now })
    .onConflictDoNothing({ target: accounts.userId })
    .returning({ userId: accounts.userId });
  const [row] = await tx
    .select({ balancePaise: accounts.balancePaise, updatedAt: accounts.updatedAt })
    .from(accounts)
    .where(eq(accounts.userId, userId))
    .for("update");
  if (!row) throw new Error(`store credit: the account of ${userId} could not be created`);
  return { userId, balancePaise: row.balancePaise, lastEntryAt: created.length > 0 ? null : row.updatedAt };
}

interface NewEntry {
  kind: StoreCreditKind;
  amountPaise: number;
  reason: string;
  returnId?: string | null;
  orderId?: string | null;
  expiresAt?: Date | null;
  createdBy?: string | null;
  now: Date;
}

/**
 * Writes one entry on a locked account and moves its balance. The entry's time is never before the
 * previous entry's (servers' clocks differ by a little), so newest-first always ends on the balance.
 */
async function append(tx: Tx, account: Locked, entry: NewEntry): Promise<StoreCreditEntry> {
  const balanceAfterPaise = account.balancePaise + entry.amountPaise;
  const last = account.lastEntryAt?.getTime() ?? -Infinity;
  const at = entry.now.getTime() > last ? entry.now : new Date(last + 1);
  const [row] = await tx
    .insert(entries)
    .values({
      userId: account.userId,
      kind: entry.kind,
      amountPaise: entry.amountPaise,
      balanceAfterPaise,
      reason: entry.reason,
      returnId: entry.returnId ?? null,
      orderId: entry.orderId ?? null,
      expiresAt: entry.expiresAt ?? null,
      createdBy: entry.createdBy ?? null,
      createdAt: at,
    })
    .returning();
  await tx
    .update(accounts)
    .set({ balancePaise: balanceAfterPaise, updatedAt: at })
    .where(eq(accounts.userId, account.userId));
  account.balancePaise = balanceAfterPaise;
  account.lastEntryAt = at;
  return row as StoreCreditEntry;
}

/** When credit given now stops being spendable: the store's validity setting, or never. */
async function expiryFrom(tx: Tx, now: Date): Promise<Date | null> {
  const { storeCreditValidityDays } = await getStoreSettings(tx as Db);
  return storeCreditValidityDays == null ? null : new Date(now.getTime() + storeCreditValidityDays * DAY_MS);
}

/**
 * What of a balance has expired by `now`, first in, first out: spending takes the oldest credit
 * first, so what is left of the balance is the newest credit, and whatever of it is more than the
 * credit added (issued, or added by staff) that is still within its validity has expired.
 */
export function expiringPaise(balancePaise: number, stillValidPaise: number): number {
  return Math.max(0, balancePaise - stillValidPaise);
}

/** The credit added to a customer's ledger (issued, or added by staff) still within its validity at `now`. */
export function stillValidSql(now: Date) {
  return sql<number>`coalesce(sum(${entries.amountPaise}) filter (where ${entries.kind} in ('issued', 'adjusted') and ${entries.amountPaise} > 0 and (${entries.expiresAt} is null or ${entries.expiresAt} > ${now.toISOString()}::timestamptz)), 0)::int`;
}

async function stillValidPaise(db: Db | Tx, userId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ valid: stillValidSql(now) })
    .from(entries)
    .where(eq(entries.userId, userId));
  return Number(row?.valid ?? 0);
}

/**
 * Writes the `expired` entry a locked account is due at `now`, if any (the sweep does this for
 * everyone now and then; a spend or an adjustment does it first for its customer, so credit past its
 * validity is never spent in between).
 */
export async function expireLocked(tx: Tx, account: Locked, now: Date): Promise<number> {
  if (account.balancePaise <= 0) return 0;
  const due = expiringPaise(account.balancePaise, await stillValidPaise(tx, account.userId, now));
  if (due === 0) return 0;
  await append(tx, account, { kind: "expired", amountPaise: -due, reason: "Expired", now });
  return due;
}

/** Adds credit to a customer's ledger (a return resolved as credit), valid for the store's validity period. */
export async function issueStoreCredit(
  tx: Tx,
  input: { userId: string; amountPaise: number; reason: string; returnId?: string; orderId?: string; now?: Date },
): Promise<StoreCreditEntry> {
  const now = input.now ?? new Date();
  assertPaise(input.amountPaise, "issueStoreCredit");
  if (input.amountPaise <= 0)
    throw new RangeError(`issueStoreCredit: the amount must be positive, got ${input.amountPaise}`);
  const account = await lockAccount(tx, input.userId, now);
  return append(tx, account, {
    kind: "issued",
    amountPaise: input.amountPaise,
    reason: input.reason,
    returnId: input.returnId,
    orderId: input.orderId,
    expiresAt: await expiryFrom(tx, now),
    now,
  });
}

/**
 * Spends credit on an order, inside the order's transaction. Refused (nothing written but an expiry
 * that was due) when the balance is less than the amount: the answer says what is left.
 */
export async function spendStoreCredit(
  tx: Tx,
  input: { userId: string; amountPaise: number; orderId: string; reason: string; now?: Date },
): Promise<{ ok: true; entry: StoreCreditEntry } | { ok: false; balancePaise: number }> {
  const now = input.now ?? new Date();
  assertPaise(input.amountPaise, "spendStoreCredit");
  if (input.amountPaise <= 0)
    throw new RangeError(`spendStoreCredit: the amount must be positive, got ${input.amountPaise}`);
  const account = await lockAccount(tx, input.userId, now);
  await expireLocked(tx, account, now);
  if (account.balancePaise < input.amountPaise) return { ok: false, balancePaise: account.balancePaise };
  const entry = await append(tx, account, {
    kind: "spent",
    amountPaise: -input.amountPaise,
    reason: input.reason,
    orderId: input.orderId,
    now,
  });
  return { ok: true, entry };
}

/**
 * Gives back what an order spent and has not had back yet (the order was cancelled or lapsed
 * unpaid), inside that change's transaction. Returns the paise given back: 0 when the order spent
 * none or it was already given back, so calling it twice restores once.
 */
export async function restoreStoreCredit(
  tx: Tx,
  input: { orderId: string; reason: string; now?: Date },
): Promise<number> {
  const now = input.now ?? new Date();
  const [spender] = await tx
    .select({ userId: entries.userId })
    .from(entries)
    .where(and(eq(entries.orderId, input.orderId), eq(entries.kind, "spent")))
    .limit(1);
  if (!spender) return 0;
  const account = await lockAccount(tx, spender.userId, now);
  // counted under the lock, so two restores of one order at once give it back once
  const [net] = await tx
    .select({ paise: sql<number>`coalesce(sum(${entries.amountPaise}), 0)::int` })
    .from(entries)
    .where(
      and(
        eq(entries.orderId, input.orderId),
        eq(entries.userId, spender.userId),
        inArray(entries.kind, ["spent", "restored"]),
      ),
    );
  const owed = -Number(net?.paise ?? 0);
  if (owed <= 0) return 0;
  await append(tx, account, { kind: "restored", amountPaise: owed, reason: input.reason, orderId: input.orderId, now });
  return owed;
}

export type AdjustResult =
  | { ok: true; entry: StoreCreditEntry }
  | { ok: false; field: "amount" | "reason"; message: string; balancePaise: number };

/**
 * A staff member adds credit (positive; valid for the store's validity period like issued credit)
 * or takes it away (negative; never below zero), with a reason the shopper reads.
 */
export async function adjustStoreCredit(
  tx: Tx,
  input: { userId: string; amountPaise: number; reason: string; staffId: string; now?: Date },
): Promise<AdjustResult> {
  const now = input.now ?? new Date();
  const reason = input.reason.trim();
  const account = await lockAccount(tx, input.userId, now);
  await expireLocked(tx, account, now);
  const refuse = (field: "amount" | "reason", message: string): AdjustResult => ({
    ok: false,
    field,
    message,
    balancePaise: account.balancePaise,
  });
  if (!reason) return refuse("reason", STORE_CREDIT_MESSAGES.reasonRequired);
  if (!Number.isSafeInteger(input.amountPaise) || input.amountPaise === 0) {
    return refuse("amount", STORE_CREDIT_MESSAGES.amountZero);
  }
  if (account.balancePaise + input.amountPaise < 0) {
    return refuse("amount", STORE_CREDIT_MESSAGES.belowZero(account.balancePaise));
  }
  const entry = await append(tx, account, {
    kind: "adjusted",
    amountPaise: input.amountPaise,
    reason,
    expiresAt: input.amountPaise > 0 ? await expiryFrom(tx, now) : null,
    createdBy: input.staffId,
    now,
  });
  return { ok: true, entry };
}

/**
 * What the customer can spend now: the account's balance less any credit past its validity that
 * the sweep has not written off yet (so a page never offers credit a spend would refuse).
 */
export async function storeCreditBalance(db: Db | Tx, userId: string, { now = new Date() } = {}): Promise<number> {
  const [account] = await db
    .select({ balancePaise: accounts.balancePaise })
    .from(accounts)
    .where(eq(accounts.userId, userId));
  if (!account || account.balancePaise <= 0) return 0;
  return account.balancePaise - expiringPaise(account.balancePaise, await stillValidPaise(db, userId, now));
}

/** The customer's ledger, newest first. */
export async function storeCreditEntries(
  db: Db | Tx,
  userId: string,
  { limit = 50 }: { limit?: number } = {},
): Promise<StoreCreditEntry[]> {
  const rows = await db
    .select()
    .from(entries)
    .where(eq(entries.userId, userId))
    .orderBy(desc(entries.createdAt))
    .limit(limit);
  return rows as StoreCreditEntry[];
}

/**
 * What the account page and the staff customer page show: the spendable balance and the newest
 * `limit` entries. Null for a customer who never had credit (the pages then show nothing of it).
 */
export async function storeCreditSummary(
  db: Db | Tx,
  userId: string,
  { limit = 20, now = new Date() }: { limit?: number; now?: Date } = {},
): Promise<StoreCreditSummary | null> {
  const [list, balancePaise] = await Promise.all([
    storeCreditEntries(db, userId, { limit: limit + 1 }),
    storeCreditBalance(db, userId, { now }),
  ]);
  if (list.length === 0) return null;
  return {
    balancePaise,
    more: list.length > limit,
    entries: list.slice(0, limit).map((e) => ({
      id: e.id,
      kind: e.kind,
      amountPaise: e.amountPaise,
      balanceAfterPaise: e.balanceAfterPaise,
      reason: e.reason,
      expiresAt: e.amountPaise > 0 ? e.expiresAt : null,
      createdAt: e.createdAt,
    })),
  };
}
