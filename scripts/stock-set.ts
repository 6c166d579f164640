/*
 * `npm run stock:set`: staff set a variant's stock until the admin's product editor exists
 * (decision 015). It goes through the catalogue's stock functions, so a variant coming back from 0
 * texts everyone waiting for it, and sends those texts right after the change commits.
 *
 *   npm run stock:set -- KUR-1001                            the product's variants and their stock
 *   npm run stock:set -- KUR-1001-M-IND 12                   sets that variant's stock to 12
 *   npm run stock:set -- KUR-1001-M-IND 12 KUR-1001-L-IND 0  several, one after the other
 *
 * A product may also be named by its slug. Same database as `npm start` (stop the shop first when
 * it runs on the embedded database: only one process can open it; with DATABASE_URL it may run
 * alongside: each change is announced to the running shop's processes, whose copies of the pages that
 * show it go at once, as after a change made in the shop).
 */
import { getConfig } from "../app/config.server";
import { inTransaction } from "../app/db/transaction.server";
import { smsProviderFor } from "../app/modules/accounts/index.server";
import {
  findProductBySkuOrSlug,
  findVariantBySku,
  setVariantStock,
  variantsOf,
} from "../app/modules/catalog/index.server";
import { deliverDueMessages } from "../app/modules/messages/index.server";
import { openConfiguredDatabase } from "./cli-database";

const USAGE = `Usage:
  npm run stock:set -- <product SKU or slug>                 list the product's variants and their stock
  npm run stock:set -- <variant SKU> <count> [<SKU> <count>...]  set variants' stock (whole numbers, 0 or more)`;

const args = process.argv.slice(2);
const listing = args.length === 1;
const pairs: Array<[string, number]> = [];
for (let i = 0; !listing && i < args.length; i += 2) {
  const [sku, count] = [args[i], args[i + 1]];
  if (!sku || count === undefined || !/^\d+$/.test(count)) break;
  pairs.push([sku, Number(count)]);
}
if (args.length === 0 || (!listing && pairs.length * 2 !== args.length)) {
  console.error(USAGE);
  process.exit(2);
}

const database = await openConfiguredDatabase();
let status = 0;
try {
  const db = database.db;
  if (listing) {
    const name = args[0]!;
    const product = await findProductBySkuOrSlug(db, name);
    if (!product) {
      console.error(`No product with the SKU or slug ${name}.`);
      status = 1;
    } else {
      console.log(`${product.name} (${product.sku})`);
      for (const v of (await variantsOf(db, [product.id])).get(product.id) ?? []) {
        console.log(`  ${v.sku.padEnd(24)} ${`${v.size} / ${v.colour}`.padEnd(28)} ${String(v.stock).padStart(5)}`);
      }
    }
  } else {
    // one transaction per variant, as a person at the shelf would do them one by one
    for (const [sku, count] of pairs) {
      const variant = await findVariantBySku(db, sku);
      if (!variant) {
        console.error(
          `No variant with the SKU ${sku}. List a product's variants with: npm run stock:set -- <product SKU>`,
        );
        status = 1;
        continue;
      }
      const result = await inTransaction(db, (tx) => setVariantStock(tx, variant.id, count));
      console.log(`${variant.sku}: ${result!.before} -> ${result!.after}`);
    }
    // The texts a restock queued go out now, after the commits (the shop's own worker would
    // otherwise send them within 30 s of its next start).
    const sent = await deliverDueMessages(db, smsProviderFor(getConfig().sms, db));
    if (sent.sent + sent.retrying + sent.failed > 0) {
      console.log(
        `Back-in-stock texts: ${sent.sent} sent${sent.retrying ? `, ${sent.retrying} to retry` : ""}${sent.failed ? `, ${sent.failed} failed` : ""}.`,
      );
    }
  }
} finally {
  await database.close();
}
process.exit(status);
