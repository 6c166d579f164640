import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "@playwright/test";

/*
 * axe-core run in the page as it stands (WCAG 2.0-2.2 A and AA rules, target size included), for the
 * end-to-end tests: `expect(await axeViolations(page)).toEqual([])`. The engine is put in the page
 * through Playwright's evaluate, which the page's Content-Security-Policy does not govern.
 */

const source = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  /** CSS selectors of the offending elements, at most five */
  targets: string[];
}

export async function axeViolations(page: Page, options: { exclude?: string[] } = {}): Promise<AxeViolation[]> {
  await page.evaluate(source);
  return page.evaluate(async (exclude) => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            context: unknown,
            options: unknown,
          ) => Promise<{
            violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: unknown[] }> }>;
          }>;
        };
      }
    ).axe;
    const context = exclude.length > 0 ? { exclude: exclude.map((selector) => [selector]) } : document;
    const result = await axe.run(context, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"] },
      resultTypes: ["violations"],
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.slice(0, 5).map((n) => n.target.map(String).join(" ")),
    }));
  }, options.exclude ?? []);
}
