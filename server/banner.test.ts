import { describe, expect, it } from "vitest";
import { readyBanner } from "./banner";

const facts = {
  baseUrl: "http://127.0.0.1:3000",
  build: "production" as const,
  mode: "demo",
  products: 69,
  seeded: true,
  startedSeconds: 2.94,
  demoAdmin: { email: "admin@saanjh.example", password: "demo-1" },
  warnings: ["BASE_URL is not https"],
};

describe("the start-up banner", () => {
  it("on the embedded database, says how much traffic it takes and where to go beyond it", () => {
    const text = readyBanner({ ...facts, pgliteDir: "data/pglite" });
    expect(text).toContain("Saanjh is ready at http://127.0.0.1:3000  (production build, demo mode)");
    expect(text).toContain("embedded database in data/pglite, 69 products, seeded on this first run; started in 2.9 s");
    expect(text).toContain("about 5,000 requests a minute on 2 cores");
    expect(text).toContain("set DATABASE_URL (README: Running on PostgreSQL)");
    expect(text).toContain("Demo admin: admin@saanjh.example  password: demo-1");
    expect(text.trimEnd().split("\n").at(-1)).toBe("  BASE_URL is not https");
  });

  it("on PostgreSQL, says nothing of the embedded database's limits", () => {
    const text = readyBanner({ ...facts, pgliteDir: null, seeded: false, demoAdmin: null, warnings: [] });
    expect(text).toContain("PostgreSQL (DATABASE_URL), 69 products; started in 2.9 s");
    expect(text).not.toContain("requests a minute");
    expect(text).not.toContain("Demo admin");
  });
});
