/*
 * The GST state of an invoice: the code printed beside a state (the content module's table of codes,
 * which the settings' GSTIN check also uses) and whether tax within it is UTGST.
 */
import { GST_STATE_CODES } from "../content";

/**
 * Union territories without a legislature: tax within one of them is CGST + UTGST instead of
 * CGST + SGST (Delhi, Puducherry and Jammu and Kashmir have legislatures and levy SGST).
 */
export const UTGST_TERRITORIES: ReadonlySet<string> = new Set([
  "Andaman and Nicobar Islands",
  "Chandigarh",
  "Dadra and Nagar Haveli and Daman and Diu",
  "Lakshadweep",
  "Ladakh",
]);

/** The state's current GST code (the first of its codes), or null for a name not on the shop's list. */
export function gstStateCode(state: string): string | null {
  return GST_STATE_CODES[state]?.[0] ?? null;
}
