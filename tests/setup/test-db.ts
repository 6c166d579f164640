/*
 * A fresh, migrated database for one integration test file:
 *   const t = setupTestDatabase();   // then t.db inside tests
 */
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import pg from "pg";
import { afterAll, beforeAll, inject } from "vitest";
import { openDatabase, type Database, type Db } from "../../app/db/client.server";

interface Opened {
  database: Database;
  /** the connection URL on PostgreSQL (a test may open more connections to the same database) */
  url?: string;
  drop: () => Promise<void>;
}

async function openCopy(blank = false): Promise<Opened> {
  if (inject("dbTarget") === "pglite") {
    const loadDataDir = blank ? undefined : new Blob([readFileSync(inject("pgliteTemplateFile"))]);
    const database = await openDatabase({ kind: "pglite-memory", loadDataDir });
    return { database, drop: async () => {} };
  }
  const baseUrl = inject("postgresUrl");
  const name = `shop_test_${inject("postgresTemplate").split("_").pop()}_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(
    blank ? `CREATE DATABASE ${name}` : `CREATE DATABASE ${name} TEMPLATE ${inject("postgresTemplate")}`,
  );
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: "postgres", url: url.toString(), poolSize: 4 });
  return {
    database,
    url: url.toString(),
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** A database with no migrations applied (the migration tests apply them step by step). Close it with `drop()`. */
export function openBlankDatabase(): Promise<Opened> {
  return openCopy(true);
}

export interface TestDatabase {
  readonly db: Db;
  readonly database: Database;
  readonly kind: "pglite" | "postgres";
  /** PostgreSQL only: the URL of this test file's database */
  readonly url: string | undefined;
}

export function setupTestDatabase(): TestDatabase {
  let current: Opened | undefined;
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
    get url() {
      get();
      return current?.url;
    },
  };
}
