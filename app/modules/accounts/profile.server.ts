import { and, asc, desc, eq, ne } from "drizzle-orm";
import type { Db } from "../../db/client.server";
import { user } from "./auth-schema.server";
import type { AddressInput, ProfileInput } from "./forms";
import { addresses, customerProfiles } from "./schema.server";

/*
 * A shopper's own details and address book. Every function takes the signed-in user's id and
 * touches only that user's rows: ownership is part of each query, not a separate check.
 */

export type CustomerProfile = typeof customerProfiles.$inferSelect;
export type Address = typeof addresses.$inferSelect;

export async function getCustomerProfile(db: Db, userId: string): Promise<CustomerProfile | null> {
  const [profile] = await db.select().from(customerProfiles).where(eq(customerProfiles.userId, userId)).limit(1);
  return profile ?? null;
}

/**
 * Completes registration after the phone was verified: the profile row, and the auth user's
 * display name. The auth user's e-mail stays the placeholder: it is unique across all accounts
 * (staff too) and is not used for sign-in, so the shopper's e-mail lives in the profile.
 */
export async function completeRegistration(
  db: Db,
  userId: string,
  phone: string,
  input: ProfileInput,
): Promise<CustomerProfile> {
  return db.transaction(async (tx) => {
    const [profile] = await tx
      .insert(customerProfiles)
      .values({ userId, phone, firstName: input.firstName, lastName: input.lastName, email: input.email })
      .onConflictDoUpdate({
        target: customerProfiles.userId,
        set: { firstName: input.firstName, lastName: input.lastName, email: input.email },
      })
      .returning();
    await tx
      .update(user)
      .set({ name: `${input.firstName} ${input.lastName}`, updatedAt: new Date() })
      .where(eq(user.id, userId));
    if (!profile) throw new Error("registration was not saved");
    return profile;
  });
}

/** Updates the signed-in shopper's profile; false when they have none yet. */
export async function updateProfile(db: Db, userId: string, input: ProfileInput): Promise<boolean> {
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(customerProfiles)
      .set({ firstName: input.firstName, lastName: input.lastName, email: input.email })
      .where(eq(customerProfiles.userId, userId))
      .returning({ userId: customerProfiles.userId });
    if (updated.length === 0) return false;
    await tx
      .update(user)
      .set({ name: `${input.firstName} ${input.lastName}`, updatedAt: new Date() })
      .where(eq(user.id, userId));
    return true;
  });
}

/** The address book, primary first, then newest first. */
export async function listAddresses(db: Db, userId: string): Promise<Address[]> {
  return db
    .select()
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(desc(addresses.isPrimary), desc(addresses.createdAt));
}

function values(input: AddressInput) {
  return {
    fullName: input.fullName,
    phone: input.phone,
    line1: input.line1,
    line2: input.line2,
    city: input.city,
    state: input.state,
    pincode: input.pincode,
  };
}

/** Adds an address; the first one, or one marked so, becomes the primary address. */
export async function addAddress(db: Db, userId: string, input: AddressInput): Promise<Address> {
  return db.transaction(async (tx) => {
    const [existingPrimary] = await tx
      .select({ id: addresses.id })
      .from(addresses)
      .where(and(eq(addresses.userId, userId), eq(addresses.isPrimary, true)))
      .limit(1);
    const primary = input.makePrimary || !existingPrimary;
    if (primary && existingPrimary) {
      await tx.update(addresses).set({ isPrimary: false }).where(eq(addresses.id, existingPrimary.id));
    }
    const [row] = await tx
      .insert(addresses)
      .values({ userId, ...values(input), isPrimary: primary })
      .returning();
    if (!row) throw new Error("address was not saved");
    return row;
  });
}

/** Edits one of the shopper's addresses; null when it is not theirs or does not exist. */
export async function updateAddress(
  db: Db,
  userId: string,
  addressId: string,
  input: AddressInput,
): Promise<Address | null> {
  if (!isUuid(addressId)) return null;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(addresses)
      .set(values(input))
      .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)))
      .returning();
    if (!row) return null;
    if (input.makePrimary && !row.isPrimary) return makePrimaryIn(tx, userId, addressId);
    return row;
  });
}

/** Deletes one of the shopper's addresses; when it was the primary one, the newest other becomes primary. */
export async function deleteAddress(db: Db, userId: string, addressId: string): Promise<boolean> {
  if (!isUuid(addressId)) return false;
  return db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(addresses)
      .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)))
      .returning({ isPrimary: addresses.isPrimary });
    if (!gone) return false;
    if (gone.isPrimary) {
      const [next] = await tx
        .select({ id: addresses.id })
        .from(addresses)
        .where(eq(addresses.userId, userId))
        .orderBy(desc(addresses.createdAt), asc(addresses.id))
        .limit(1);
      if (next) await tx.update(addresses).set({ isPrimary: true }).where(eq(addresses.id, next.id));
    }
    return true;
  });
}

/** Makes one of the shopper's addresses the primary one; null when it is not theirs. */
export async function setPrimaryAddress(db: Db, userId: string, addressId: string): Promise<Address | null> {
  if (!isUuid(addressId)) return null;
  return db.transaction((tx) => makePrimaryIn(tx, userId, addressId));
}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

async function makePrimaryIn(tx: Tx, userId: string, addressId: string): Promise<Address | null> {
  const [target] = await tx
    .select({ id: addresses.id })
    .from(addresses)
    .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)))
    .for("update");
  if (!target) return null;
  // One primary per shopper (a unique partial index): clear the old one first.
  await tx
    .update(addresses)
    .set({ isPrimary: false })
    .where(and(eq(addresses.userId, userId), eq(addresses.isPrimary, true), ne(addresses.id, addressId)));
  const [row] = await tx.update(addresses).set({ isPrimary: true }).where(eq(addresses.id, addressId)).returning();
  return row ?? null;
}

function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}
