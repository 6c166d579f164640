import { sql } from "drizzle-orm";
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { timestamps } from "../../db/columns";
import { categories } from "../catalog/schema.server";
import { orders } from "../orders/schema.server";

/**
 * The GST classification of each category from a date on: its HSN code and rate in basis points
 * (500 = 5 %). Apparel pays a higher rate above a value per piece: `upper_rate_bp` applies to a unit
 * whose taxable value (after discounts) is above `threshold_paise` (both null for a flat rate).
 * Prices are GST-inclusive. An invoice uses the row in force on its date and keeps the rate and HSN
 * it used on each line.
 */
export const categoryTax = pgTable(
  "category_tax",
  {
    categorySlug: text("category_slug")
      .notNull()
      .references(() => categories.slug, { onDelete: "cascade", onUpdate: "cascade" }),
    /** in force from this day (India time) until the next row of the category */
    effectiveFrom: date("effective_from", { mode: "string" }).notNull(),
    hsnCode: text("hsn_code").notNull(),
    rateBp: integer("rate_bp").notNull(),
    upperRateBp: integer("upper_rate_bp"),
    thresholdPaise: integer("threshold_paise"),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.categorySlug, t.effectiveFrom] }),
    check("category_tax_hsn_format", sql`${t.hsnCode} ~ '^[0-9]{4}([0-9]{2}){0,2}$'`),
    check(
      "category_tax_rate_range",
      sql`${t.rateBp} BETWEEN 0 AND 2800 AND (${t.upperRateBp} IS NULL OR ${t.upperRateBp} BETWEEN 0 AND 2800)`,
    ),
    check(
      "category_tax_threshold_pair",
      sql`(${t.upperRateBp} IS NULL) = (${t.thresholdPaise} IS NULL) AND (${t.thresholdPaise} IS NULL OR ${t.thresholdPaise} > 0)`,
    ),
  ],
);

/** The last invoice number given in each financial year ('2026-27'): taken in the invoice's own transaction, so gap-free. */
export const invoiceSequences = pgTable("invoice_sequences", {
  financialYear: text("financial_year").primaryKey(),
  lastNumber: integer("last_number").notNull().default(0),
});

/**
 * A tax invoice, issued once per confirmed order and never changed: `document` holds everything
 * printed (seller, buyer, lines with HSN, taxable value and tax, totals) as it was on the day.
 */
export const invoices = pgTable(
  "invoices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    financialYear: text("financial_year").notNull(),
    sequence: integer("sequence").notNull(),
    /** e.g. 'INV/2627/000042' (at most 16 characters) */
    invoiceNumber: text("invoice_number").notNull(),
    issuedAt: timestamp("issued_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    totalPaise: integer("total_paise").notNull(),
    document: jsonb("document").notNull(),
    /** the credit note that took the whole invoice back (the order was cancelled), and when */
    cancelledByNumber: text("cancelled_by_number"),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [
    uniqueIndex("invoices_order_key").on(t.orderId),
    uniqueIndex("invoices_number_key").on(t.invoiceNumber),
    uniqueIndex("invoices_year_sequence_key").on(t.financialYear, t.sequence),
    check("invoices_sequence_positive", sql`${t.sequence} > 0`),
  ],
);

/** The last credit note number given in each financial year: a series of its own, gap-free like the invoices'. */
export const creditNoteSequences = pgTable("credit_note_sequences", {
  financialYear: text("financial_year").primaryKey(),
  lastNumber: integer("last_number").notNull().default(0),
});

/**
 * A GST credit note: some or all of an invoice's supply taken back (an order cancelled, pieces
 * returned), with the invoice's own tax split. Issued in the transaction of the change it records
 * and never changed: `document` holds everything printed, including the invoice lines it credits.
 */
export const creditNotes = pgTable(
  "credit_notes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    invoiceId: uuid("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "restrict" }),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    financialYear: text("financial_year").notNull(),
    sequence: integer("sequence").notNull(),
    /** e.g. 'CN/2627/000001' (at most 16 characters) */
    creditNoteNumber: text("credit_note_number").notNull(),
    issuedAt: timestamp("issued_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    reason: text("reason").notNull(),
    totalPaise: integer("total_paise").notNull(),
    document: jsonb("document").notNull(),
  },
  (t) => [
    index("credit_notes_invoice_idx").on(t.invoiceId),
    index("credit_notes_order_idx").on(t.orderId),
    uniqueIndex("credit_notes_number_key").on(t.creditNoteNumber),
    uniqueIndex("credit_notes_year_sequence_key").on(t.financialYear, t.sequence),
    check("credit_notes_sequence_positive", sql`${t.sequence} > 0`),
    check("credit_notes_total_not_negative", sql`${t.totalPaise} >= 0`),
  ],
);
