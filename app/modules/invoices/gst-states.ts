/*
 * The GST state of an invoice: the code printed beside a state (the content module's table of codes,
 * which the settings' GSTIN check also uses) and whether tax within it is UTGST.
 */
import { GST_STATE_CODES, gstinProblem } from "../content";

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

/** Whether `gstin` has a GSTIN's form, the right check character and the code of a state on the shop's list. */
export function isValidGstin(gstin: string): boolean {
  const state = Object.keys(GST_STATE_CODES).find((name) => GST_STATE_CODES[name]!.includes(gstin.slice(0, 2)));
  return state !== undefined && gstinProblem(gstin, state) === null;
}
