import { index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "../accounts/auth-schema.server";

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
