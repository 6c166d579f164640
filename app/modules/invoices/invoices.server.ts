import { and, eq, inArray, lte, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.server";
import { getLogger } from "../../lib/logger.server";
import { productCategories } from "../catalog/index.server";
import { getStoreSettings, type StoreSettings } from "../content/index.server";
import { findOrderById, lockOrder, orderLinesByName } from "../orders/index.server";
import { buildInvoiceDocument, type InvoiceDocument } from "./document";
import { categoryTax, invoices, invoiceSequences } from "./schema.server";
import { financialYearOf, formatInvoiceNumber, indiaDate, ruleInForce } from "./tax";

/*
 * Issuing tax invoices (decision 024). An invoice is issued once per order, inside the transaction
 * that confirms it, with the next number of its financial year: the sequence row is updated under
 * its row lock in that transaction, so numbers are gap-free (a confirmation that rolls back gives
 * its number back) and unique. Issuing runs in a savepoint and never fails the confirmation: an
 * order whose invoice cannot be made (no GSTIN yet, a category without a rate) is confirmed all the
 * same, and gets its invoice on its first download once the cause is fixed.
 */

type Conn = Db | Tx;

export type InvoiceRow = typeof invoices.$inferSelect;

export type IssueProblem =
  /** the shop has no GSTIN or state yet: it cannot issue tax invoices */
  | { kind: "not-configured"; message: string }
  /** not confirmed, or cancelled before it had an invoice */
  | { kind: "not-eligible"; message: string }
  /** a line whose category has no rate in force, or whose product is gone */
  | { kind: "no-rate"; message: string }
  | { kind: "missing"; message: string };

export type IssueResult = { ok: true; invoice: InvoiceRow; created: boolean } | { ok: false; problem: IssueProblem };

export const INVOICE_MESSAGES = {
  notReady: "The invoice for this order is not ready yet. Please try again later or contact us.",
  notConfigured: "Set the shop's GSTIN and state in the settings before invoices can be issued.",
} as const;

export async function findInvoiceForOrder(db: Conn, orderId: string): Promise<InvoiceRow | null> {
  const [row] = await db.select().from(invoices).where(eq(invoices.orderId, orderId)).limit(1);
  return row ?? null;
}

/**
 * Whether the order's account page offers 'Download invoice': it has one, or can be given one (it
 * was confirmed and the shop issues invoices: it has a GSTIN and a state).
 */
export async function canDownloadInvoice(
  db: Db,
  order: { id: string; status: string; confirmedAt: Date | string | null },
): Promise<boolean> {
  const [[row], settings] = await Promise.all([
    db.select({ id: invoices.id }).from(invoices).where(eq(invoices.orderId, order.id)).limit(1),
    getStoreSettings(db),
  ]);
  if (row) return true;
  return invoiceEligible(order, false) && taxIdentitySet(settings);
}

/** Whether the shop has what an invoice must name: its GSTIN and its state. */
function taxIdentitySet(settings: StoreSettings): boolean {
  return Boolean(settings.gstin.trim() && settings.shopState.trim());
}

/** Whether an order has had its invoice, or can have one: confirmed once, and not cancelled before it had one. */
export function invoiceEligible(
  order: { status: string; confirmedAt: Date | string | null },
  hasInvoice: boolean,
): boolean {
  if (hasInvoice) return true;
  return order.confirmedAt !== null && order.status !== "pending_payment" && order.status !== "cancelled";
}

/** The next number of a financial year, taken under the sequence row's lock until the caller's transaction ends. */
async function takeInvoiceSequence(tx: Conn, financialYear: string): Promise<number> {
  const [row] = await tx
    .insert(invoiceSequences)
    .values({ financialYear, lastNumber: 1 })
    .onConflictDoUpdate({
      target: invoiceSequences.financialYear,
      set: { lastNumber: sql`${invoiceSequences.lastNumber} + 1` },
    })
    .returning({ lastNumber: invoiceSequences.lastNumber });
  if (!row) throw new Error(`invoices: no sequence for ${financialYear}`);
  return row.lastNumber;
}

/**
 * Issues the order's invoice inside the caller's transaction (or returns the one it has). `now` is
 * the invoice's date; the rates are those in force on `supplyAt` (the confirmation; `now` by default).
 * Everything is read and computed before the number is taken, so a problem takes no number.
 */
export async function issueInvoice(
  tx: Conn,
  orderId: string,
  options: { now: Date; supplyAt?: Date; settings?: StoreSettings },
): Promise<IssueResult> {
  const existing = await findInvoiceForOrder(tx, orderId);
  if (existing) return { ok: true, invoice: existing, created: false };
  const order = await findOrderById(tx, orderId);
  if (!order) return { ok: false, problem: { kind: "missing", message: `no order ${orderId}` } };
  if (!invoiceEligible(order, false))
    return { ok: false, problem: { kind: "not-eligible", message: `order ${order.orderNumber} is ${order.status}` } };

  const settings = options.settings ?? (await getStoreSettings(tx as Db));
  if (!taxIdentitySet(settings))
    return { ok: false, problem: { kind: "not-configured", message: INVOICE_MESSAGES.notConfigured } };

  const date = indiaDate(options.now);
  const supplyDate = indiaDate(options.supplyAt ?? options.now);
  // each line's GST category is its product's (a product deleted since has none)
  const placed = await orderLinesByName(tx, orderId);
  const categories = await productCategories(
    tx,
    placed.flatMap((l) => (l.productId ? [l.productId] : [])),
  );
  const lines = placed.map((l) => ({ ...l, category: l.productId ? (categories.get(l.productId) ?? null) : null }));
  const gone = lines.find((l) => !l.category);
  if (gone)
    return {
      ok: false,
      problem: {
        kind: "no-rate",
        message: `the product of '${gone.name}' (${gone.sku}) no longer exists: its GST category is unknown`,
      },
    };
  const slugs = [...new Set(lines.map((l) => l.category!))];
  const rows = await tx
    .select()
    .from(categoryTax)
    .where(and(inArray(categoryTax.categorySlug, slugs), lte(categoryTax.effectiveFrom, supplyDate)));
  const rules = new Map(
    slugs.map((slug) => [
      slug,
      ruleInForce(
        rows.filter((r) => r.categorySlug === slug),
        supplyDate,
      ),
    ]),
  );
  const missing = slugs.filter((slug) => !rules.get(slug));
  if (missing.length > 0)
    return {
      ok: false,
      problem: {
        kind: "no-rate",
        message: `no GST rate for the category ${missing.map((s) => `'${s}'`).join(", ")} on ${supplyDate}`,
      },
    };

  const year = financialYearOf(date);
  // computed before the number is taken: a problem here takes none (the number is put in after)
  const draft = buildInvoiceDocument({
    number: "",
    date,
    financialYear: year.label,
    supplyDate,
    seller: {
      legalName: settings.legalName,
      storeName: settings.storeName,
      address: settings.address,
      gstin: settings.gstin,
      shopState: settings.shopState,
    },
    order,
    lines: lines.map((l) => ({
      description: l.name,
      detail: [
        l.size && l.size !== "One Size" ? `Size ${l.size}` : null,
        l.colour && l.colour !== "Default" ? l.colour : null,
        `SKU ${l.sku}`,
      ]
        .filter(Boolean)
        .join(" · "),
      quantity: l.quantity,
      unitPricePaise: l.unitPricePaise,
      rule: rules.get(l.category!)!,
    })),
  });
  const sequence = await takeInvoiceSequence(tx, year.label);
  const document: InvoiceDocument = { ...draft, number: formatInvoiceNumber(year.short, sequence) };
  const [invoice] = await tx
    .insert(invoices)
    .values({
      orderId,
      financialYear: year.label,
      sequence,
      invoiceNumber: document.number,
      issuedAt: options.now,
      totalPaise: document.totals.totalPaise,
      document,
    })
    .returning();
  return { ok: true, invoice: invoice!, created: true };
}

/**
 * Called by the confirmation (checkout's `queueConfirmation`), inside its transaction: issues the
 * invoice in a savepoint and swallows every failure, logged, so a confirmation (and the payment
 * behind it) never fails for an invoice. The order then gets its invoice on its first download.
 */
export async function issueInvoiceAtConfirmation(
  tx: Tx,
  orderId: string,
  /** what the checkout already holds for an order it has just written: then nothing is read twice */
  known?: { settings: StoreSettings; confirmedAt: Date },
): Promise<void> {
  // a shop without its tax identity issues no invoice: no savepoint to open for that
  if (known && !taxIdentitySet(known.settings)) return;
  try {
    const result = await tx.transaction(async (sp) => {
      const confirmedAt = known ? known.confirmedAt : ((await findOrderById(sp, orderId))?.confirmedAt ?? new Date());
      return issueInvoice(sp, orderId, { now: confirmedAt, settings: known?.settings });
    });
    if (!result.ok && result.problem.kind !== "not-configured") {
      getLogger().warn(
        { orderId, problem: result.problem },
        "invoices: the invoice was not issued at confirmation; it will be on its first download",
      );
    }
  } catch (error) {
    getLogger().error(
      { err: error, orderId },
      "invoices: issuing the invoice failed; the order is confirmed all the same",
    );
  }
}

/**
 * The order's invoice for a download: the one issued, or (an order confirmed before invoices
 * existed, or whose invoice could not be made then) one issued now, dated today at the rates of its
 * confirmation day. The order row is locked, so two first downloads issue one invoice.
 */
export async function invoiceForDownload(db: Db, orderId: string, now = new Date()): Promise<IssueResult> {
  const existing = await findInvoiceForOrder(db, orderId);
  if (existing) return { ok: true, invoice: existing, created: false };
  const result = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) return { ok: false as const, problem: { kind: "missing" as const, message: `no order ${orderId}` } };
    return issueInvoice(tx, orderId, { now, supplyAt: order.confirmedAt ?? now });
  });
  if (!result.ok && result.problem.kind !== "not-eligible" && result.problem.kind !== "missing") {
    getLogger().warn({ orderId, problem: result.problem }, "invoices: an invoice was asked for but cannot be issued");
  }
  return result;
}
