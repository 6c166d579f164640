import { describe, expect, it } from "vitest";
import { newsletterSubscribers } from "../../app/modules/content/schema.server";
import { NewsletterInput } from "../../app/modules/content/newsletter";
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

  it("accepts valid addresses and refuses invalid ones with the box's message", () => {
    expect(NewsletterInput.parse({ email: " Priya@Example.in " })).toEqual({ email: "priya@example.in" });
    for (const email of ["", "priya", "priya@", "@example.com", "priya@example", "a b@example.com", undefined]) {
      const result = NewsletterInput.safeParse({ email });
      expect(result.success, String(email)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe("Please enter a valid email address.");
    }
  });
});
