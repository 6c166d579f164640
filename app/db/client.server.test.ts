import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase, queryRows, type Database } from "./client.server";

/*
 * The embedded database runs with the shop's memory settings (decision 048), whether it keeps its files
 * in a folder (the shop) or in memory (the tests), and over what its own postgresql.conf says.
 */

const opened: Database[] = [];
const folders: string[] = [];

afterAll(async () => {
  for (const database of opened) await database.close();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

async function settings(database: Database): Promise<Record<string, string>> {
  const rows = await queryRows<{ name: string; value: string }>(
    database.db,
    sql`select name, current_setting(name) as value from pg_settings where name in ('shared_buffers', 'maintenance_work_mem')`,
  );
  return Object.fromEntries(rows.map((r) => [r.name, r.value]));
}

describe("the embedded database's memory settings (16 MB of shared buffers and of maintenance memory)", () => {
  it("hold in a data folder, over the 128 MB its postgresql.conf was written with", async () => {
    const folder = mkdtempSync(path.join(tmpdir(), "pglite-settings-"));
    folders.push(folder);
    const dataDir = path.join(folder, "pglite");
    const database = await openDatabase({ kind: "pglite", dataDir });
    opened.push(database);
    expect(readFileSync(path.join(dataDir, "postgresql.conf"), "utf8")).toMatch(/^shared_buffers = 128MB/m);
    expect(await settings(database)).toEqual({ shared_buffers: "16MB", maintenance_work_mem: "16MB" });
  }, 60_000);

  it("hold in memory", async () => {
    const database = await openDatabase({ kind: "pglite-memory" });
    opened.push(database);
    expect(await settings(database)).toEqual({ shared_buffers: "16MB", maintenance_work_mem: "16MB" });
  }, 60_000);
});
