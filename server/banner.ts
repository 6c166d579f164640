/*
 * The lines a server prints once it listens: where the shop is, its database, and on the embedded
 * database how much traffic it is measured to take (issue 30, decision 048).
 */

export interface BannerFacts {
  baseUrl: string;
  build: "development" | "production";
  mode: string;
  /** the embedded database's folder, or null on PostgreSQL */
  pgliteDir: string | null;
  products: number;
  seeded: boolean;
  startedSeconds: number;
  demoAdmin: { email: string; password: string } | null | undefined;
  warnings: readonly string[];
}

/** What the embedded database takes, measured on 2 cores: 82 requests a second, every answer within 0.2 s (decision 048). */
export const EMBEDDED_DATABASE_NOTE = [
  "The embedded database suits a small shop: measured at about 5,000 requests a minute on 2 cores.",
  "Beyond that, or to run several processes, set DATABASE_URL (README: Running on PostgreSQL).",
];

export function readyBanner(facts: BannerFacts): string {
  const where = facts.pgliteDir === null ? "PostgreSQL (DATABASE_URL)" : `embedded database in ${facts.pgliteDir}`;
  const lines = [
    `Saanjh is ready at ${facts.baseUrl}  (${facts.build} build, ${facts.mode} mode)`,
    `${where}, ${facts.products} products${facts.seeded ? ", seeded on this first run" : ""}; started in ${facts.startedSeconds.toFixed(1)} s`,
    ...(facts.pgliteDir === null ? [] : EMBEDDED_DATABASE_NOTE),
    ...(facts.demoAdmin ? [`Demo admin: ${facts.demoAdmin.email}  password: ${facts.demoAdmin.password}`] : []),
    ...facts.warnings,
  ];
  return `\n${lines.map((line) => `  ${line}\n`).join("")}`;
}
