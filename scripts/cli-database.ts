import { getConfig } from "../app/config.server";
import { openDatabase, type Database } from "../app/db/client.server";
import { announcePurge } from "../app/lib/page-cache-bus.server";
import { purgeAnnouncer } from "../app/lib/page-cache.server";

/**
 * Opens the configured database (embedded under DATA_DIR, or DATABASE_URL) for a command-line script, migrated.
 *
 * On PostgreSQL a running shop may be serving from the same database: what the script changes (a stock
 * count, a product) is announced to the shop's processes as their own writes are (decision 044), so their
 * copies of the pages that show it go at once rather than when they expire. The announcements are sent
 * before the database closes. (The embedded database cannot be open in a running shop and a script at once.)
 */
export async function openConfiguredDatabase(): Promise<Database> {
  const config = getConfig();
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: "postgres", url: config.databaseUrl, poolSize: 2 }
      : { kind: "pglite", dataDir: config.pgliteDir },
  ).catch((error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(
      config.databaseUrl
        ? `Could not connect to DATABASE_URL: ${message}`
        : `Could not open the embedded database in ${config.pgliteDir} (is the shop running? only one process can open it): ${message}`,
    );
  });
  await database.migrate();
  if (database.kind !== "postgres") return database;
  const sending: Array<Promise<void>> = [];
  purgeAnnouncer.set({
    announce: (scope) => {
      sending.push(
        announcePurge(database.db, scope, (error) =>
          console.error(`Could not tell the running shop of a change: ${String(error)}`),
        ),
      );
    },
  });
  return {
    ...database,
    close: async () => {
      await Promise.all(sending);
      purgeAnnouncer.clear();
      await database.close();
    },
  };
}
