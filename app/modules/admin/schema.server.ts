import { pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { session } from "../accounts/auth-schema.server";

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
