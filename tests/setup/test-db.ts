/*
 * A fresh, migrated database for one integration test file:
 *   const t = setupTestDatabase();   // then t.db inside tests
 */
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import pg from "pg";
import { afterAll, beforeAll, inject } from "vitest";
import { openDatabase, type Database, type Db } from "../../app/db/client.server";

async function openCopy(): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (inject("dbTarget") === "pglite") {
    const tarball = readFileSync(inject("pgliteTemplateFile"));
    const database = await openDatabase({ kind: "pglite-memory", loadDataDir: new Blob([tarball]) });
    return { database, drop: async () => {} };
  }
  const baseUrl = inject("postgresUrl");
  const name = `shop_test_${inject("postgresTemplate").split("_").pop()}_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject("postgresTemplate")}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: "postgres", url: url.toString(), poolSize: 4 });
  return {
    database,
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

export interface TestDatabase {
  readonly db: Db;
  readonly database: Database;
  readonly kind: "pglite" | "postgres";
}

export function setupTestDatabase(): TestDatabase {
  let current: { database: Database; drop: () => Promise<void> } | undefined;
  beforeAll(async () => {
    current = await openCopy();
  });
  afterAll(async () => {
    await current?.database.close();
    await current?.drop();
  });
  const get = () => {
    if (!current) throw new Error("the test database is opened in beforeAll");
    return current.database;
  };
  return {
    get db() {
      return get().db;
    },
    get database() {
      return get();
    },
    get kind() {
      return get().kind;
    },
  };
}
