import { z } from "zod";

/*
 * The one way the shop's forms read what was typed (docs/decisions/039): each form has one zod
 * schema holding its rules, run by the browser (messages as people type) and by the server (the
 * authority), and a failed parse becomes one message per field. Safe for the browser.
 */

/** A form's messages: a field's name to what is wrong with it (any name, unless the fields are named). */
export type FieldErrors<Field extends string = string> = string extends Field
  ? Record<string, string>
  : Partial<Record<Field, string>>;

interface Issue {
  readonly path?: readonly PropertyKey[] | undefined;
  readonly message: string;
}

/**
 * A message's field: its path joined with ':', as the forms name their nested fields (the stock
 * grid's cell 'stock:<size and colour>'); 'form' for a message about the whole form.
 */
export function fieldNameOf(path: readonly PropertyKey[] = []): string {
  return path.length === 0 ? "form" : path.map(String).join(":");
}

/** The first message of each field, from a failed parse (a rule's first complaint is the one shown). */
export function fieldErrors<Field extends string = string>(error: {
  readonly issues: readonly Issue[];
}): FieldErrors<Field> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) out[fieldNameOf(issue.path)] ??= issue.message;
  return out as FieldErrors<Field>;
}

export type FormRead<T, Field extends string = string> =
  { ok: true; data: T } | { ok: false; fieldErrors: FieldErrors<Field> };

/** Runs a form's schema over what was sent (a FormData's fields, or the values an editor holds). */
export function readForm<S extends z.ZodType, Field extends string = string>(
  schema: S,
  input: FormData | unknown,
): FormRead<z.output<S>, Field> {
  const parsed = schema.safeParse(input instanceof FormData ? Object.fromEntries(input) : input);
  return parsed.success ? { ok: true, data: parsed.data } : { ok: false, fieldErrors: fieldErrors(parsed.error) };
}

/** JSON text read through a shape: null when it is not JSON or not that shape. */
export function readJson<S extends z.ZodType>(shape: S, text: string): z.output<S> | null {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = shape.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

/**
 * An editor's values sent as JSON in one form field, read through their shape (types and generous
 * lengths, not the rules): null when the field is missing, is not JSON or not that shape, which only
 * a broken or tampered request sends.
 */
export function readJsonField<S extends z.ZodType>(form: FormData, name: string, shape: S): z.output<S> | null {
  const text = form.get(name);
  return typeof text === "string" ? readJson(shape, text) : null;
}

/**
 * For a rule across fields (`superRefine(rule, ACROSS_FIELDS)`): it runs even when a field failed,
 * which zod skips by default, so that every message shows at once. Such a rule must not trust a field
 * that failed: `failed(ctx, field)` says whether it did. An array's `.max()` stops the whole parse
 * (zod then skips even these rules): limit a list's length with a refinement instead.
 */
export const ACROSS_FIELDS = { when: () => true } as const;

/** Whether a field already has a message, inside a rule across fields. */
export function failed(
  ctx: { readonly issues: readonly { readonly path?: readonly PropertyKey[] }[] },
  field: string,
): boolean {
  return ctx.issues.some((issue) => issue.path?.[0] === field);
}

/** A message on a field, from a rule across fields (`path` below the form, like ['stock', cell]). */
export function complain(ctx: z.RefinementCtx, path: PropertyKey[] | string, message: string): void {
  ctx.addIssue({ code: "custom", path: typeof path === "string" ? [path] : path, message });
}

/** Text read by `read` into a value; `message` when it cannot be read (`read` answers null). */
export function parsedText<T>(read: (text: string) => T | null, message: string) {
  return z.string().transform((text, ctx): T => {
    const value = read(text);
    if (value !== null) return value;
    ctx.addIssue({ code: "custom", message });
    return z.NEVER;
  });
}

/** An optional field: `blank` when nothing but spaces was typed, else what `schema` reads. */
export function blankOr<B, T>(blank: B, schema: z.ZodType<T, string>) {
  return z.string().transform((text, ctx): B | T => {
    if (text.trim() === "") return blank;
    const parsed = schema.safeParse(text);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) ctx.addIssue({ code: "custom", path: issue.path, message: issue.message });
    return z.NEVER;
  });
}

const WHOLE = /^\d{1,9}$/;

/** A whole number from `min` to `max` as typed (after `clean`, which trims); `message` otherwise. */
export function wholeNumber(min: number, max: number, message: string, clean = (text: string) => text.trim()) {
  return parsedText((text) => (WHOLE.test(clean(text)) ? Number(clean(text)) : null), message).pipe(
    z.number().min(min, message).max(max, message),
  );
}

/** A check that says what is wrong with a value (or null when nothing is): `.superRefine(problem(...))`. */
export function problem<T>(problemOf: (value: T) => string | null) {
  return (value: T, ctx: z.RefinementCtx<T>) => {
    const message = problemOf(value);
    if (message) ctx.addIssue({ code: "custom", message });
  };
}

/** What a form with photos sent, to put back in it after a refusal: its text fields and the photos' addresses. */
export interface FormWithPhotos {
  fields: Record<string, string>;
  photos: string[];
}

/** Every text field of a posted form (but `photos`) and its repeated `photos` fields (stored addresses). */
export function typedWithPhotos(form: FormData): FormWithPhotos {
  const fields: Record<string, string> = {};
  for (const [name, value] of form.entries()) if (typeof value === "string" && name !== "photos") fields[name] = value;
  const photos = form.getAll("photos").filter((p): p is string => typeof p === "string" && p.length < 500);
  return { fields, photos };
}
