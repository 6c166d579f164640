import { sql } from "drizzle-orm";
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { session, user } from "../accounts/auth-schema.server";

/**
 * The back office's audit log: every change made in the admin is one row (who, what, which, when, and
 * a short before/after summary). Rows are only ever inserted; the actor's name is kept beside the id
 * so the log still reads after a staff account is removed.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    actorId: text("actor_id").references(() => user.id, { onDelete: "set null" }),
    actorName: text("actor_name").notNull(),
    /** 'product', 'order', 'customer', 'coupon', 'settings', 'staff' ... */
    entity: text("entity").notNull(),
    entityId: text("entity_id").notNull(),
    /** 'create', 'update', 'delete', 'archive', 'stock', 'picture' ... */
    action: text("action").notNull(),
    /** one line for the activity list, e.g. 'Price ₹1,299 → ₹1,199; stock M/Indigo 4 → 10' */
    summary: text("summary").notNull(),
    /** the changed fields before and after (only those), for the detail view */
    changes: jsonb("changes").$type<Record<string, { before: unknown; after: unknown }>>(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    index("audit_log_created_idx").on(t.createdAt.desc()),
    index("audit_log_entity_idx").on(t.entity, t.entityId, t.createdAt.desc()),
  ],
);

/**
 * When a staff session was last used. Staff sessions end after the store setting's hours of
 * inactivity (default 12); the auth library's own `updated_at` moves only once a day, so the back
 * office keeps its own mark, written at most once a minute per session.
 */
export const staffActivity = pgTable("staff_activity", {
  sessionId: text("session_id")
    .primaryKey()
    .references(() => session.id, { onDelete: "cascade" }),
  lastSeenAt: timestamp("last_seen_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});

/**
 * A picture uploaded from the admin, before and after a product takes it: `key` is the storage key of
 * the original (the upload result's publicId). A product may only take keys listed here, uploaded by
 * staff; `attached_at` is set when it does, and unattached uploads older than a day are swept.
 */
export const mediaUploads = pgTable(
  "media_uploads",
  {
    key: text("key").primaryKey(),
    url: text("url").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    format: text("format").notNull(),
    bytes: bigint("bytes", { mode: "number" }).notNull(),
    uploadedBy: text("uploaded_by").references(() => user.id, { onDelete: "set null" }),
    attachedAt: timestamp("attached_at", { withTimezone: true, mode: "date" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    index("media_uploads_unattached_idx")
      .on(t.createdAt)
      .where(sql`${t.attachedAt} IS NULL`),
    check("media_uploads_size_positive", sql`${t.width} > 0 AND ${t.height} > 0 AND ${t.bytes} > 0`),
  ],
);
