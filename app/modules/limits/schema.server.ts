import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * Attempts counted per scope and key (an address, an order number), kept in the database so limits
 * hold across app instances and restarts: order tracking, back-in-stock requests.
 */
export const attemptEvents = pgTable(
  "attempt_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** e.g. 'track-order:ip', 'track-order:order' */
    scope: text("scope").notNull(),
    key: text("key").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("attempt_events_scope_key_idx").on(t.scope, t.key, t.createdAt),
    index("attempt_events_created_idx").on(t.createdAt),
  ],
);
