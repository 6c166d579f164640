import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql, type ExtractTablesWithRelations, type SQL } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { migrationsDir } from "../config.server";
import { getLogger } from "../lib/logger.server";
import { processSlot } from "../lib/process-singleton";
import { lockDataDir } from "./data-dir-lock.server";
import * as schema from "./schema";

export type Schema = typeof schema;
/** The one database type every module receives: the same API over PGlite and node-postgres. */
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** What `db.transaction(fn)` hands to `fn`. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** runs `select 1`; rejects when the database cannot answer */
  ping(): Promise<void>;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export type DatabaseTarget =
  | { kind: "postgres"; url: string; poolSize?: number }
  | { kind: "pglite"; dataDir: string }
  | { kind: "pglite-memory"; loadDataDir?: Blob };

// A fixed key for pg_advisory_lock, so that several app instances starting together migrate one at a time.
const MIGRATION_LOCK_KEY = 7_240_311;

/**
 * The settings every search statement runs with (docs/decisions/007 and 008): the trigram
 * threshold of near spellings, and no sequential scans (the planner prices ILIKE and
 * word_similarity far too cheaply and would read the whole catalogue instead of the indexes).
 */
export const SEARCH_SESSION_SETTINGS: Readonly<Record<string, string>> = {
  enable_seqscan: "off",
  "pg_trgm.word_similarity_threshold": "0.5",
};

/**
 * PostgreSQL's memory settings inside the embedded database, fitted to a small shop on a small server
 * (decision 048). PGlite's WebAssembly memory grows to the most it ever held and never gives any back,
 * and PostgreSQL's defaults are a server's: 128 MB of shared buffers alone, which were touched from the
 * first start (152 MB of WebAssembly memory right after a restart, 38 MB with 16 MB of buffers). The
 * files stay in the operating system's cache, which no process is charged for, so a smaller buffer
 * pool costs a read from that cache, not from disk. Index builds in migrations take at most 16 MB
 * instead of 64. Passed at start as `-c name=value` after PGlite's own start parameters (settings
 * given at start win over postgresql.conf).
 */
export const PGLITE_SETTINGS: Readonly<Record<string, string>> = {
  shared_buffers: "16MB",
  maintenance_work_mem: "16MB",
};

/** PGlite's start parameters with PGLITE_SETTINGS. */
export function pgliteStartParams(): string[] {
  const settings = Object.entries(PGLITE_SETTINGS).flatMap(([name, value]) => ["-c", `${name}=${value}`]);
  return [...PGlite.defaultStartParams, ...settings];
}

/** PostgreSQL databases' readers for search statements: a pool whose sessions carry SEARCH_SESSION_SETTINGS. */
const searchReaders = new WeakMap<Db, Db>();

/** The search reader of a PostgreSQL database, or undefined (PGlite: one connection, settings per transaction). */
export function searchReaderOf(db: Db): Db | undefined {
  return searchReaders.get(db);
}

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === "postgres") {
    const pool = new pg.Pool({
      connectionString: target.url,
      max: target.poolSize ?? 10,
      idleTimeoutMillis: 30_000,
      connectionTimeoutMillis: 5_000,
    });
    // An idle client losing its connection must not crash the process; the next query reconnects.
    pool.on("error", () => {});
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    // Search statements run on connections of their own that start with the search settings, so
    // a search is one round trip instead of a transaction of four (decision 030).
    const searchPool = new pg.Pool({
      connectionString: target.url,
      max: Math.max(2, Math.ceil((target.poolSize ?? 10) / 2)),
      idleTimeoutMillis: 30_000,
      connectionTimeoutMillis: 5_000,
      options: Object.entries(SEARCH_SESSION_SETTINGS)
        .map(([name, value]) => `-c ${name}=${value}`)
        .join(" "),
    });
    searchPool.on("error", () => {});
    searchReaders.set(db, drizzlePg({ client: searchPool, schema }) as unknown as Db);
    return {
      db,
      kind: "postgres",
      ping: async () => {
        await pool.query("select 1");
      },
      migrate: async () => {
        const client = await pool.connect();
        try {
          await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
          const lockedDb = drizzlePg({ client, schema });
          await migratePg(lockedDb, { migrationsFolder: migrationsDir() });
        } finally {
          await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => {});
          client.release();
        }
      },
      close: async () => {
        await Promise.all([pool.end(), searchPool.end()]);
      },
    };
  }

  let client: PGlite;
  let unlock = () => {};
  if (target.kind === "pglite") {
    // PGlite does not create parent folders.
    mkdirSync(target.dataDir, { recursive: true });
    unlock = lockDataDir(target.dataDir);
    try {
      client = await PGlite.create({
        dataDir: target.dataDir,
        extensions: { pg_trgm },
        startParams: pgliteStartParams(),
      });
    } catch (error) {
      unlock();
      throw error;
    }
  } else {
    client = await PGlite.create({
      extensions: { pg_trgm },
      loadDataDir: target.loadDataDir,
      startParams: pgliteStartParams(),
    });
  }
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    ping: async () => {
      if (client.closed) throw new Error("the embedded database is closed");
      await client.query("select 1");
    },
    migrate: async () => {
      await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder: migrationsDir() });
    },
    close: async () => {
      if (!client.closed) await client.close();
      unlock();
    },
    // exposed for the test harness, which snapshots a migrated database once per run
    ...({ pglite: client } as object),
  };
}

/** The PGlite instance behind a Database, for snapshotting in tests. */
export function pgliteOf(database: Database): PGlite | undefined {
  return (database as Database & { pglite?: PGlite }).pglite;
}

const databaseSlot = processSlot<Database>("database");

/** Installs the process-wide database (done once at boot; kept across dev-server reloads). */
export function setDatabase(database: Database): void {
  databaseSlot.set(database);
}

export function getDatabase(): Database {
  const database = databaseSlot.get();
  if (!database) throw new Error("The database is not open yet: boot() must run before requests are served.");
  return database;
}

/** The process-wide Drizzle database for route loaders and actions. */
export function getDb(): Db {
  return getDatabase().db;
}

/** For /healthz: whether the database answers. Why it does not goes to the log only. */
export async function databaseStatus(): Promise<{ ok: boolean; kind: Database["kind"] | "none" }> {
  const database = databaseSlot.get();
  if (!database) return { ok: false, kind: "none" };
  try {
    await Promise.race([
      database.ping(),
      new Promise((_, reject) => setTimeout(() => reject(new Error("timed out after 2 s")), 2_000).unref()),
    ]);
    return { ok: true, kind: database.kind };
  } catch (error) {
    getLogger().error({ err: error }, "health check: the database did not answer");
    return { ok: false, kind: database.kind };
  }
}

/** Rows of a raw SQL query; both drivers answer `{ rows }`. Prefer the query builder; this is for EXPLAIN, pg_* views and the like. */
export async function queryRows<T extends Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export { sql };
