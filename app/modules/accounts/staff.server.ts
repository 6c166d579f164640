import { and, asc, desc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db, Tx } from "../../db/client.server";
import { STAFF_ROLE, type Auth } from "./auth.server";
import { account, user } from "./auth-schema.server";
import { staffMembers } from "./schema.server";
import { staffInputSchema, type StaffInput } from "./staff-form";

export { staffInputSchema, type StaffInput } from "./staff-form";

export type CreateStaffResult = { status: "created"; userId: string } | { status: "exists"; userId: string };

/**
 * Creates a staff account (role admin, e-mail and password) through the auth library, so the
 * password is hashed the library's way, and its `staff_members` row. An existing account with that
 * e-mail is left untouched. Accounts made by `npm run admin:create` and the demo admin are owners
 * (the default); the back office names `isOwner` and who added them.
 */
export async function createStaffAccount(
  db: Db,
  auth: Auth,
  input: StaffInput,
  options: {
    isOwner?: boolean;
    addedBy?: string | null;
    /** more writes in the transaction that completes the account (the back office's audit row); a throw undoes the account */
    inTransaction?: (tx: Tx, userId: string) => Promise<void>;
  } = {},
): Promise<CreateStaffResult> {
  const parsed = staffInputSchema.parse(input);
  const [existing] = await db.select({ id: user.id }).from(user).where(eq(user.email, parsed.email)).limit(1);
  if (existing) return { status: "exists", userId: existing.id };
  const created = await auth.api.createUser({
    body: { name: parsed.name, email: parsed.email, password: parsed.password, role: STAFF_ROLE },
  });
  try {
    await db.transaction(async (tx) => {
      await tx.update(user).set({ emailVerified: true }).where(eq(user.id, created.user.id));
      await tx
        .insert(staffMembers)
        .values({ userId: created.user.id, isOwner: options.isOwner ?? true, addedBy: options.addedBy ?? null })
        .onConflictDoNothing();
      await options.inTransaction?.(tx, created.user.id);
    });
  } catch (error) {
    // no half-made staff account: one without its staff_members row would have no owner flag
    await db.delete(user).where(eq(user.id, created.user.id));
    throw error;
  }
  return { status: "created", userId: created.user.id };
}

export interface StaffMember {
  id: string;
  name: string;
  email: string;
  isOwner: boolean;
  addedAt: string;
  /** who added them from the back office; null for accounts made on the command line or by the seed */
  addedByName: string | null;
  addedById: string | null;
}

/** Every staff account (role admin), owners first, then by when they were added. */
export async function listStaffMembers(db: Db): Promise<StaffMember[]> {
  const adder = alias(user, "adder");
  const rows = await db
    .select({
      id: user.id,
      name: user.name,
      email: user.email,
      isOwner: staffMembers.isOwner,
      addedAt: sql<Date>`coalesce(${staffMembers.createdAt}, ${user.createdAt})`.mapWith(user.createdAt),
      addedById: staffMembers.addedBy,
      addedByName: adder.name,
    })
    .from(user)
    .leftJoin(staffMembers, eq(staffMembers.userId, user.id))
    .leftJoin(adder, eq(adder.id, staffMembers.addedBy))
    .where(eq(user.role, STAFF_ROLE))
    .orderBy(
      desc(sql`coalesce(${staffMembers.isOwner}, false)`),
      asc(sql`coalesce(${staffMembers.createdAt}, ${user.createdAt})`),
      asc(user.id),
    );
  return rows.map((r) => ({ ...r, isOwner: r.isOwner ?? false, addedAt: r.addedAt.toISOString() }));
}

/** Whether a user is an owner of the shop (may add and remove staff). */
export async function isStaffOwner(db: Db | Tx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ isOwner: staffMembers.isOwner })
    .from(staffMembers)
    .innerJoin(user, eq(user.id, staffMembers.userId))
    .where(and(eq(staffMembers.userId, userId), eq(user.role, STAFF_ROLE)))
    .limit(1);
  return row?.isOwner === true;
}

export type RemoveStaffResult =
  | { status: "removed"; member: { id: string; name: string; email: string; isOwner: boolean } }
  | { status: "not-found" }
  | { status: "not-owner" }
  | { status: "last-owner" };

/**
 * Removes a staff account inside the caller's transaction: the account goes (its sessions and
 * password with it, so the person is signed out at once), the audit log keeps their name. Only an
 * owner may remove, and never the last owner: the owners' rows are locked first, so two owners
 * removing each other at the same time cannot leave the shop without one.
 */
export async function removeStaffAccount(
  tx: Tx,
  removerId: string,
  userId: string,
  /** more writes before the account goes (the audit row: its actor may be the account itself) */
  beforeDelete?: (member: { id: string; name: string; email: string; isOwner: boolean }) => Promise<void>,
): Promise<RemoveStaffResult> {
  const owners = await tx
    .select({ userId: staffMembers.userId })
    .from(staffMembers)
    .where(eq(staffMembers.isOwner, true))
    .orderBy(asc(staffMembers.userId))
    .for("update");
  if (!owners.some((o) => o.userId === removerId)) return { status: "not-owner" };
  const [member] = await tx
    .select({ id: user.id, name: user.name, email: user.email, isOwner: staffMembers.isOwner })
    .from(user)
    .leftJoin(staffMembers, eq(staffMembers.userId, user.id))
    .where(and(eq(user.id, userId), eq(user.role, STAFF_ROLE)))
    .for("update", { of: user });
  if (!member) return { status: "not-found" };
  const isOwner = member.isOwner ?? false;
  if (isOwner && owners.length <= 1) return { status: "last-owner" };
  await beforeDelete?.({ ...member, isOwner });
  await tx.delete(user).where(eq(user.id, userId));
  return { status: "removed", member: { ...member, isOwner } };
}

/** Sets a staff member's password (used to keep the demo admin's printed password true). */
export async function setStaffPassword(db: Db, auth: Auth, userId: string, password: string): Promise<void> {
  const ctx = await auth.$context;
  const hash = await ctx.password.hash(password);
  await db.update(account).set({ password: hash }).where(eq(account.userId, userId));
}
