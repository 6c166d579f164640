import { and, eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.server";
import { CUSTOMER_ROLE } from "./auth.server";
import { session, user } from "./auth-schema.server";

/*
 * A shopper's account as the back office reads and changes it. An inactive account is one the auth
 * library has banned: `banned` and `ban_reason` on the account, and the library refuses every new
 * session of a banned account. Staff accounts are not customers: every function here finds only
 * accounts with the customer role.
 */

export interface CustomerAccount {
  id: string;
  name: string;
  phone: string | null;
  banned: boolean;
  banReason: string | null;
  createdAt: Date;
}

function customerWhere(id: string) {
  return and(eq(user.id, id), eq(user.role, CUSTOMER_ROLE));
}

const accountColumns = {
  id: user.id,
  name: user.name,
  phone: user.phoneNumber,
  banned: user.banned,
  banReason: user.banReason,
  createdAt: user.createdAt,
};

function asCustomerAccount(row: {
  id: string;
  name: string;
  phone: string | null;
  banned: boolean | null;
  banReason: string | null;
  createdAt: Date;
}): CustomerAccount {
  return { ...row, banned: row.banned ?? false };
}

/** A shopper's account; null for an unknown id or a staff account. */
export async function findCustomerAccount(db: Db | Tx, id: string): Promise<CustomerAccount | null> {
  const [row] = await db.select(accountColumns).from(user).where(customerWhere(id)).limit(1);
  return row ? asCustomerAccount(row) : null;
}

/**
 * The same inside a transaction, with the account's row locked until it ends, so that two staff
 * changing the same account one after the other each see the other's change.
 */
export async function lockCustomerAccount(tx: Tx, id: string): Promise<CustomerAccount | null> {
  const [row] = await tx.select(accountColumns).from(user).where(customerWhere(id)).for("update");
  return row ? asCustomerAccount(row) : null;
}

/**
 * Bans an account (with its reason) or lifts its ban. A ban also ends every session of the account
 * in the same transaction: a ban written to the account alone would leave its live sessions valid.
 */
export async function setAccountBan(tx: Tx, id: string, banReason: string | null): Promise<void> {
  const banned = banReason !== null;
  await tx.update(user).set({ banned, banReason, banExpires: null, updatedAt: new Date() }).where(eq(user.id, id));
  if (banned) await tx.delete(session).where(eq(session.userId, id));
}
