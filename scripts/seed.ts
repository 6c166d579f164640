/** `npm run db:seed`: (re)run the idempotent seed on the configured database. Nothing is duplicated. */
import { getMediaStorage } from "../app/boot.server";
import { getConfig } from "../app/config.server";
import { seedDatabase } from "../app/db/seed/seed.server";
import { openConfiguredDatabase } from "./cli-database";

const config = getConfig();
const database = await openConfiguredDatabase();
try {
  const started = Date.now();
  const result = await seedDatabase(database.db, {
    storage: getMediaStorage(config),
    demoCatalogue: config.isDemo,
    onProgress: (m) => console.log(m),
  });
  console.log(`Seed finished in ${((Date.now() - started) / 1000).toFixed(1)} s:`, result);
} finally {
  await database.close();
}
