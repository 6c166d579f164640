/*
 * Seeds the shop of tests/e2e/request-bodies.spec.ts before it starts (only one process can open the
 * embedded database): a staff owner to sign in as, and a dozen products of 80 variants each whose
 * long details make the products export about 6 MB, so that a download can be left half way.
 * Run with DATA_DIR (and the rest of that shop's configuration) set.
 */
import { getConfig } from "../../../app/config.server";
import { createAuth } from "../../../app/modules/accounts/auth.server";
import { consoleSmsProvider } from "../../../app/modules/accounts/sms.server";
import { createStaffAccount } from "../../../app/modules/accounts/staff.server";
import { ADMIN_SIZES, PRESET_COLOURS } from "../../../app/modules/catalog/product-form";
import { openConfiguredDatabase } from "../../../scripts/cli-database";
import { createTestProduct } from "../../factories/catalog";
import { BODIES_SHOP_PRODUCTS, BODIES_SHOP_STAFF } from "./bodies-shop";

const database = await openConfiguredDatabase();
try {
  const db = database.db;
  const auth = createAuth({ db, config: getConfig(), sms: consoleSmsProvider(db) });
  await createStaffAccount(db, auth, BODIES_SHOP_STAFF, { isOwner: true });
  for (let i = 0; i < BODIES_SHOP_PRODUCTS.count; i += 1) {
    await createTestProduct(db, {
      sku: `BODY-${1000 + i}`,
      sizes: [...ADMIN_SIZES],
      colors: PRESET_COLOURS.slice(0, BODIES_SHOP_PRODUCTS.colours),
      details: `Hand block printed in Bagru, panel ${i}. `.repeat(200).slice(0, BODIES_SHOP_PRODUCTS.detailsLength),
    });
  }
} finally {
  await database.close();
}
