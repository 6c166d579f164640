import { expect, test as base } from "@playwright/test";

/*
 * The end-to-end tests' `test`: Playwright's, with every page watched for Content-Security-Policy
 * violations. A page whose script, style, frame or connection the policy blocked fails its test, so a
 * change that needs a new source must say so in app/lib/csp.ts rather than break silently.
 */
export const test = base.extend({
  page: async ({ page }, provide) => {
    const violations: string[] = [];
    page.on("console", (message) => {
      const text = message.text();
      if (/Content Security Policy|Refused to (load|execute|apply|connect|frame)/i.test(text)) violations.push(text);
    });
    await provide(page);
    expect(violations, "Content-Security-Policy violations on the page").toEqual([]);
  },
});

export { expect };
