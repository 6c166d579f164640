import { sql } from "drizzle-orm";
import { bigint, check, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "../accounts/auth-schema.server";

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
