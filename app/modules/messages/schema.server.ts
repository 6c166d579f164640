import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

/**
 * Messages to people, written in the transaction that decides to send them and delivered after it
 * commits (decision 015): a failed send never undoes the change, a retry never sends twice. One row
 * per message; `dedupe_key` makes queueing the same message twice a no-op.
 */
export const outboxMessages = pgTable(
  "outbox_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** 'sms' or 'email' */
    channel: text("channel").notNull().default("sms"),
    /** +91XXXXXXXXXX for SMS, an address for e-mail */
    recipient: text("recipient").notNull(),
    /** the text (an SMS, or an e-mail's plain-text part) */
    body: text("body").notNull(),
    /** e-mail only */
    subject: text("subject"),
    /** e-mail only: the HTML part */
    html: text("html"),
    /** what the message is about, for logs: 'back-in-stock', ... */
    kind: text("kind").notNull(),
    dedupeKey: text("dedupe_key").notNull(),
    attempts: integer("attempts").notNull().default(0),
    /** when a worker may next try it; a worker that claims it pushes this forward (its lease) */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** set when the attempts are used up; the message is then left for a person to look at */
    failedAt: timestamp("failed_at", { withTimezone: true }),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("outbox_messages_dedupe_key").on(t.dedupeKey),
    index("outbox_messages_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} IS NULL AND ${t.failedAt} IS NULL`),
    check("outbox_messages_channel", sql`${t.channel} IN ('sms', 'email')`),
    check("outbox_messages_email_subject", sql`${t.channel} <> 'email' OR ${t.subject} IS NOT NULL`),
    index("outbox_messages_recipient_idx").on(t.recipient, t.createdAt.desc()),
  ],
);
