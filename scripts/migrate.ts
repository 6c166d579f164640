/** `npm run db:migrate`: apply the committed migrations to the configured database. */
import { openConfiguredDatabase } from "./cli-database";

const database = await openConfiguredDatabase();
console.log(`Migrations applied (${database.kind}).`);
await database.close();
