import { getConfig } from "../app/config.server";
import { openDatabase, type Database } from "../app/db/client.server";

/** Opens the configured database (embedded under DATA_DIR, or DATABASE_URL) for a command-line script, migrated. */
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
  return database;
}
