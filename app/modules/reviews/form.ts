/*
 * The review form's rules as one zod schema (decision 039: the browser shows them as she types, the
 * server enforces them). Kept apart from rules.ts and built on first use: a product card needs the
 * rating's words, and must not bring zod to every storefront page.
 */
import { z } from "zod";
import { type FormRead, readForm } from "../../lib/forms";
import { cleanText, FIT_OPTIONS, fitAsked, REVIEW_LIMITS, REVIEW_MESSAGES, type ReviewInput } from "./rules";

function buildSchema() {
  const line = z.preprocess((v) => (typeof v === "string" ? cleanText(v, false) : ""), z.string());
  const text = z.preprocess((v) => (typeof v === "string" ? cleanText(v, true) : ""), z.string());
  return z.object({
    rating: z.preprocess(
      (v) => (typeof v === "string" && v !== "" ? Number(v) : v),
      z
        .number({ error: REVIEW_MESSAGES.rating })
        .int(REVIEW_MESSAGES.rating)
        .min(1, REVIEW_MESSAGES.rating)
        .max(5, REVIEW_MESSAGES.rating),
    ),
    title: line.pipe(z.string().min(1, REVIEW_MESSAGES.title).max(REVIEW_LIMITS.titleMax, REVIEW_MESSAGES.titleLong)),
    body: text.pipe(
      z.string().min(REVIEW_LIMITS.bodyMin, REVIEW_MESSAGES.body).max(REVIEW_LIMITS.bodyMax, REVIEW_MESSAGES.bodyLong),
    ),
    // asked only of a piece bought in a size (fitAsked); a necklace in One Size has no fit to tell
    fit: z.preprocess(
      (v) => (v === "" || v === undefined ? null : v),
      z.enum(["runs_small", "true_to_size", "runs_large"], { error: REVIEW_MESSAGES.fit }).nullable(),
    ),
    // the stored photos' addresses (the form's repeated `photos` fields)
    photos: z
      .preprocess((v) => (Array.isArray(v) ? v : typeof v === "string" ? [v] : []), z.array(z.unknown()))
      .transform((list) => [
        ...new Set(list.filter((p): p is string => typeof p === "string" && p.length > 0 && p.length < 500)),
      ])
      .refine((list) => list.length <= REVIEW_LIMITS.photosMax, REVIEW_MESSAGES.photos),
  });
}

let schema: ReturnType<typeof buildSchema> | undefined;

/** The review form's schema, built once. */
export function reviewFormSchema(): ReturnType<typeof buildSchema> {
  schema ??= buildSchema();
  return schema;
}

/**
 * The review form as the server reads it: every field's message where it is not right. The fit must be
 * told unless `sizeBought` (her purchase's size) says the piece has no size; then it is dropped.
 */
export function readReviewForm(
  fields: Record<string, unknown>,
  sizeBought?: string,
): FormRead<ReviewInput, keyof ReviewInput> {
  const asked = sizeBought === undefined || fitAsked(sizeBought);
  const read = readForm<ReturnType<typeof buildSchema>, keyof ReviewInput>(
    reviewFormSchema(),
    asked ? fields : { ...fields, fit: "" },
  );
  if (!asked || FIT_OPTIONS.some((f) => f.value === fields.fit)) return read;
  return { ok: false, fieldErrors: { ...(read.ok ? {} : read.fieldErrors), fit: REVIEW_MESSAGES.fit } };
}
