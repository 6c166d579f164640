import { expect, type Page } from "@playwright/test";
import { CATALOGUE } from "../../../app/db/seed/catalogue";
import type { SeedProduct } from "../../../app/db/seed/types";
import { seedVariantStock } from "../../../app/db/seed/variant-stock";
import { quickAddLine } from "../../../app/modules/catalog/quick-add";
import { initialChoice, stockOf, type VariantStock } from "../../../app/modules/catalog/variants";

/* What the end-to-end tests know of the seeded catalogue and its pages (decision 015). */

export interface Seeded {
  product: SeedProduct;
  variants: VariantStock[];
  total: number;
  /** the colour and size the product page starts on */
  start: { size: string | null; colour: string | null };
  /** the stock of quick add's variant (size M, first colour) */
  quickStock: number;
}

export const SEEDED: Seeded[] = CATALOGUE.map((product) => {
  const variants = seedVariantStock(product);
  const line = quickAddLine({ id: product.slug, sizes: product.sizes, colors: product.colours });
  return {
    product,
    variants,
    total: variants.reduce((n, v) => n + v.stock, 0),
    start: initialChoice({ sizes: product.sizes, colours: product.colours.map((c) => c.name) }, variants),
    quickStock: stockOf(variants, line.size, line.colour),
  };
});

/** The stock of one size in one colour of a seeded product. */
export function variantStock(s: Seeded, size: string, colour: string): number {
  return stockOf(s.variants, size, colour);
}

export async function openProduct(page: Page, name: string) {
  await page.goto(`/products?search=${encodeURIComponent(name)}`);
  await page
    .getByRole("link", { name: new RegExp(name) })
    .first()
    .click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
}

/** Opens the filters: the sidebar on desktop, the bottom sheet on phones. Returns the region to click in. */
export async function openFilters(page: Page) {
  const sheetButton = page.getByRole("button", { name: /^Filters/ });
  if (await sheetButton.isVisible()) {
    await sheetButton.click();
    return { region: page.getByRole("dialog", { name: "Filters" }), sheet: true };
  }
  return { region: page.getByRole("complementary", { name: "Filters" }), sheet: false };
}

export async function applyIfSheet(page: Page, sheet: boolean) {
  if (sheet) await page.getByRole("dialog", { name: "Filters" }).getByRole("button", { name: "Show results" }).click();
}

/**
 * After the shopper's own order: the product page says `Only N left` within a second. An order's purge
 * lets the page's old copy be answered for up to half a second while one render replaces it (decision
 * 050), so the page is loaded again until it does.
 */
export async function expectLowStockSoon(page: Page, productUrl: string, text: string) {
  await expect(async () => {
    await page.goto(productUrl);
    await expect(page.getByTestId("low-stock")).toHaveText(text, { timeout: 500 });
  }).toPass({ timeout: 5_000 });
}
