/*
 * Vitest global setup for the integration projects: migrate one template database per run.
 * - pglite: an in-memory PGlite is migrated and dumped to a tarball; each test file loads a copy.
 * - postgres: a template database is created on TEST_DATABASE_URL; each test file clones it.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase, pgliteOf } from "../../app/db/client.server";

declare module "vitest" {
  export interface ProvidedContext {
    dbTarget: "pglite" | "postgres";
    pgliteTemplateFile: string;
    postgresTemplate: string;
    postgresUrl: string;
  }
}

export function databaseUrlFor(baseUrl: string, database: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

export default async function setup(project: TestProject) {
  const target = project.config.env.TEST_DB_TARGET === "postgres" ? "postgres" : "pglite";
  project.provide("dbTarget", target);

  if (target === "pglite") {
    const dir = mkdtempSync(path.join(tmpdir(), "shop-test-"));
    const file = path.join(dir, "template.tar.gz");
    const database = await openDatabase({ kind: "pglite-memory" });
    await database.migrate();
    const dump = await pgliteOf(database)!.dumpDataDir("gzip");
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    await database.close();
    project.provide("pgliteTemplateFile", file);
    project.provide("postgresTemplate", "");
    project.provide("postgresUrl", "");
    return () => rmSync(dir, { recursive: true, force: true });
  }

  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) throw new Error("TEST_DATABASE_URL must be set for the postgres integration project");
  const template = `shop_test_template_${process.pid}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${template}`);
  await admin.query(`CREATE DATABASE ${template}`);
  const database = await openDatabase({ kind: "postgres", url: databaseUrlFor(baseUrl, template), poolSize: 1 });
  await database.migrate();
  await database.close();
  project.provide("pgliteTemplateFile", "");
  project.provide("postgresTemplate", template);
  project.provide("postgresUrl", baseUrl);
  return async () => {
    // Drop what the test files may have left behind, then the template.
    const { rows } = await admin.query<{ datname: string }>(
      "SELECT datname FROM pg_database WHERE datname LIKE 'shop_test_%'",
    );
    for (const { datname } of rows) {
      if (datname.startsWith(`shop_test_${process.pid}_`) || datname === template) {
        await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
      }
    }
    await admin.end();
  };
}
