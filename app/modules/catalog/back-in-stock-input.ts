import { z } from "zod";
import { NOTIFY_INTENT } from "./back-in-stock";

/** What the form posts; the phone is checked with the account forms' rule (`normalisePhone`) by the action. */
export const notifyMeSchema = z.object({
  intent: z.literal(NOTIFY_INTENT),
  variantId: z.uuid(),
  phone: z.string().max(40).optional(),
});
