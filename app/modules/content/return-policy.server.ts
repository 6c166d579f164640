import type { Db } from "../../db/client.server";
import { listCategories } from "../catalog/index.server";
import { getStoreSettings } from "./settings.server";

/*
 * What the Return Policy page promises, read from the same store settings the return request and the
 * order page check (decision 042), so the page and the rules never disagree. Read fresh on every
 * render: the page is not kept by the shared page cache, and a settings save empties that cache anyway.
 */

export interface ReturnPolicyFacts {
  returnWindowDays: number;
  exchangeWindowDays: number;
  /** the names of the categories whose pieces cannot be returned or exchanged, in the shop's order */
  nonReturnable: string[];
  refundsOnlyForFaults: boolean;
  /** days store credit can be spent; null: it never expires */
  storeCreditValidityDays: number | null;
}

export async function returnPolicyFacts(db: Db): Promise<ReturnPolicyFacts> {
  const [settings, categories] = await Promise.all([getStoreSettings(db), listCategories(db)]);
  const marked = new Set(settings.nonReturnableCategories);
  return {
    returnWindowDays: settings.returnWindowDays,
    exchangeWindowDays: settings.exchangeWindowDays,
    nonReturnable: categories.filter((c) => marked.has(c.slug)).map((c) => c.name),
    refundsOnlyForFaults: settings.refundsOnlyForFaults,
    storeCreditValidityDays: settings.storeCreditValidityDays,
  };
}
