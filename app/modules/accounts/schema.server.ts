import { sql } from "drizzle-orm";
import { boolean, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { timestamps } from "../../db/columns";
import { user } from "./auth-schema.server";

/** The shopper's own details, one row per account; the auth `user` row holds only sign-in data. */
export const customerProfiles = pgTable(
  "customer_profiles",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    /** +91XXXXXXXXXX */
    phone: text("phone").notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("customer_profiles_phone_key").on(t.phone),
    index("customer_profiles_email_idx").on(sql`lower(${t.email})`),
    check("customer_profiles_phone_format", sql`${t.phone} ~ '^\\+91[6-9][0-9]{9}$'`),
    // the admin's customer search: name, e-mail and phone in one trigram index (admin/lists.server.ts)
    index("customer_profiles_search_trgm").using(
      "gin",
      sql`(lower(${t.firstName} || ' ' || ${t.lastName} || ' ' || ${t.email} || ' ' || ${t.phone})) gin_trgm_ops`,
    ),
  ],
);

export const addresses = pgTable(
  "addresses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    fullName: text("full_name").notNull(),
    phone: text("phone").notNull(),
    line1: text("line1").notNull(),
    line2: text("line2"),
    city: text("city").notNull(),
    state: text("state").notNull(),
    pincode: text("pincode").notNull(),
    country: text("country").notNull().default("India"),
    isPrimary: boolean("is_primary").notNull().default(false),
    ...timestamps,
  },
  (t) => [
    index("addresses_user_idx").on(t.userId),
    // at most one primary address per shopper
    uniqueIndex("addresses_one_primary_per_user")
      .on(t.userId)
      .where(sql`${t.isPrimary}`),
    check("addresses_pincode_format", sql`${t.pincode} ~ '^[1-9][0-9]{5}$'`),
  ],
);

/** Messages handed to the SMS provider; the console provider's outbox that tests and developers read. */
export const smsOutbox = pgTable(
  "sms_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    toPhone: text("to_phone").notNull(),
    body: text("body").notNull(),
    provider: text("provider").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("sms_outbox_phone_idx").on(t.toPhone, t.createdAt.desc())],
);

/**
 * One row per request for a sign-in code or attempt to verify one, kept so the abuse limits
 * (codes per phone per hour, requests per IP) hold across app instances and restarts.
 * `allowed` is false for a request that was refused; refused requests do not use up the budget.
 */
export const otpRequests = pgTable(
  "otp_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** 'send' | 'verify' */
    kind: text("kind").notNull(),
    phone: text("phone").notNull(),
    ip: text("ip"),
    allowed: boolean("allowed").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("otp_requests_phone_idx").on(t.kind, t.phone, t.createdAt),
    index("otp_requests_ip_idx").on(t.kind, t.ip, t.createdAt),
    index("otp_requests_created_idx").on(t.createdAt),
  ],
);

/**
 * One row per failed password sign-in, keyed by the e-mail typed (lower-cased), whether or not an
 * account has it: the per-account limit holds however many addresses an attacker spreads the
 * guesses over, and answers the same for e-mails that exist and e-mails that do not.
 */
export const passwordSignInFailures = pgTable(
  "password_sign_in_failures",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    ip: text("ip"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("password_sign_in_failures_email_idx").on(t.email, t.createdAt),
    index("password_sign_in_failures_created_idx").on(t.createdAt),
  ],
);

/**
 * The staff accounts (role 'admin') and which of them are owners. Owners add and remove staff;
 * the last owner can never be removed. Accounts made by `npm run admin:create` are owners.
 */
export const staffMembers = pgTable("staff_members", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  isOwner: boolean("is_owner").notNull().default(false),
  addedBy: text("added_by"),
  createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});
