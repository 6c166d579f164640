import { z } from "zod";

/** What a product page or card posts to add a line (docs/decisions/006); shared by the browser and the action. */
export const addLineSchema = z.object({
  intent: z.literal("add"),
  productId: z.uuid(),
  size: z.string().trim().min(1).max(40).catch("One Size"),
  colour: z.string().trim().min(1).max(60).catch("Default"),
  quantity: z.coerce.number().int().min(1).max(99).catch(1),
});

export const toggleWishlistSchema = z.object({
  intent: z.literal("toggle"),
  productId: z.uuid(),
});
