import { and, desc, eq, gt } from "drizzle-orm";
import type { Db } from "../../db/client.server";
import { recordAudit, type Actor } from "../audit/index.server";
import { listCategories } from "../catalog/index.server";
import { fillTaxIdentityIfEmpty } from "../content/index.server";
import { DEMO_TAX_IDENTITY, defaultCategoryTaxRows, type CategoryTaxRow } from "./defaults";
import { categoryTax } from "./schema.server";
import { ruleInForce } from "./tax";
import { describeRule, type CategoryTaxView, type TaxChange } from "./tax-form";

/*
 * The GST classification per category, as staff see and change it (/admin/settings/tax), and the
 * defaults a new shop is seeded with.
 */

/** Writes the default rows for every category that has none on those dates (the seed; as migration 0008). */
export async function ensureCategoryTax(db: Db): Promise<void> {
  const slugs = (await listCategories(db)).map((c) => c.slug);
  const rows = defaultCategoryTaxRows(slugs);
  if (rows.length === 0) return;
  await db.insert(categoryTax).values(rows).onConflictDoNothing();
}

/** The demo shop's GSTIN, state and legal name, when none are set (demo mode's seed). */
export async function applyDemoTaxIdentity(db: Db): Promise<void> {
  await fillTaxIdentityIfEmpty(db, DEMO_TAX_IDENTITY);
}

const toRow = (r: typeof categoryTax.$inferSelect): CategoryTaxRow => ({
  categorySlug: r.categorySlug,
  effectiveFrom: r.effectiveFrom,
  hsnCode: r.hsnCode,
  rateBp: r.rateBp,
  upperRateBp: r.upperRateBp,
  thresholdPaise: r.thresholdPaise,
});

/** Every category with its rate today, its scheduled changes and its history. */
export async function listCategoryTax(db: Db, today: string): Promise<CategoryTaxView[]> {
  const [cats, rows] = await Promise.all([
    listCategories(db),
    db.select().from(categoryTax).orderBy(desc(categoryTax.effectiveFrom)),
  ]);
  return cats.map((c) => {
    const mine = rows.filter((r) => r.categorySlug === c.slug).map(toRow);
    const current = ruleInForce(mine, today);
    return {
      ...c,
      current,
      scheduled: mine.filter((r) => r.effectiveFrom > today).reverse(),
      past: mine.filter((r) => r.effectiveFrom <= today && r !== current),
    };
  });
}

export async function categorySlugs(db: Db): Promise<string[]> {
  return (await listCategories(db)).map((c) => c.slug);
}

/**
 * Saves a change: a new row from its date (a row of the same category and date, scheduled or
 * today's, is replaced), with its audit row, in one transaction.
 */
export async function saveCategoryTax(db: Db, actor: Actor, change: TaxChange): Promise<{ created: boolean }> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(categoryTax)
      .where(
        and(eq(categoryTax.categorySlug, change.categorySlug), eq(categoryTax.effectiveFrom, change.effectiveFrom)),
      )
      .for("update");
    const now = new Date();
    await tx
      .insert(categoryTax)
      .values({ ...change, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: [categoryTax.categorySlug, categoryTax.effectiveFrom],
        set: {
          hsnCode: change.hsnCode,
          rateBp: change.rateBp,
          upperRateBp: change.upperRateBp,
          thresholdPaise: change.thresholdPaise,
          updatedAt: now,
        },
      });
    const category = (await listCategories(tx)).find((c) => c.slug === change.categorySlug);
    const fields = ["hsnCode", "rateBp", "upperRateBp", "thresholdPaise"] as const;
    const changes = Object.fromEntries(
      fields
        .filter((f) => !before || before[f] !== change[f])
        .map((f) => [f, { before: before ? before[f] : null, after: change[f] }]),
    );
    await recordAudit(tx, actor, {
      entity: "settings",
      entityId: `tax:${change.categorySlug}`,
      action: before ? "tax-rate-updated" : "tax-rate-added",
      summary: `GST for ${category?.name ?? change.categorySlug} from ${change.effectiveFrom}: ${describeRule(change)}`,
      changes,
    });
    return { created: !before };
  });
}

/** Cancels a change scheduled for a later day (rows in force, or past, are history and stay). */
export async function cancelScheduledTax(
  db: Db,
  actor: Actor,
  categorySlug: string,
  effectiveFrom: string,
  today: string,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(categoryTax)
      .where(
        and(
          eq(categoryTax.categorySlug, categorySlug),
          eq(categoryTax.effectiveFrom, effectiveFrom),
          gt(categoryTax.effectiveFrom, today),
        ),
      )
      .returning();
    if (!removed) return false;
    await recordAudit(tx, actor, {
      entity: "settings",
      entityId: `tax:${categorySlug}`,
      action: "tax-rate-cancelled",
      summary: `Cancelled the GST change for ${categorySlug} from ${effectiveFrom}: ${describeRule(removed)}`,
      changes: { effectiveFrom: { before: effectiveFrom, after: null } },
    });
    return true;
  });
}
