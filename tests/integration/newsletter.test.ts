import { describe, expect, it } from "vitest";
import { newsletterSubscribers } from "../../app/modules/content/schema.server";
import { parseNewsletterEmail } from "../../app/modules/content/newsletter";
import { subscribeToNewsletter } from "../../app/modules/content/newsletter.server";
import { setupTestDatabase } from "../setup/test-db";

const t = setupTestDatabase();

describe("newsletter", () => {
  it("stores a new address once, lower-cased, and answers 'already' for a repeat in any case", async () => {
    expect(await subscribeToNewsletter(t.db, "Asha.Verma@Example.com")).toBe("subscribed");
    expect(await subscribeToNewsletter(t.db, "  asha.verma@example.COM ")).toBe("already");
    const rows = await t.db.select().from(newsletterSubscribers);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: "asha.verma@example.com", source: "footer" });
  });

  it("accepts valid addresses, trimmed and lower-cased, and refuses invalid ones", () => {
    expect(parseNewsletterEmail(" Priya@Example.in ")).toBe("priya@example.in");
    for (const email of ["asha.verma@example.com", "o'neil+news@mail.example.co.in", "r_k-2@sub-domain.example.org"]) {
      expect(parseNewsletterEmail(email), email).toBe(email);
    }
    const long = `${"a".repeat(64)}@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(59)}.in`;
    expect(long.length).toBe(255);
    const invalid = [
      "",
      "priya",
      "priya@",
      "@example.com",
      "priya@example",
      "a b@example.com",
      ".priya@example.com",
      "pri..ya@example.com",
      "priya.@example.com",
      "priya@-example.com",
      "priya@example.c0m",
      long,
      undefined,
      42,
    ];
    for (const email of invalid) expect(parseNewsletterEmail(email), String(email)).toBeNull();
  });
});
