import { z } from "zod";
import { readForm, type FieldErrors } from "../../lib/forms";

/*
 * A staff account's details, as `npm run admin:create` and the back office's 'Add staff' form take
 * them (one schema: the browser checks with it, the server parses with it).
 */

export const MIN_STAFF_PASSWORD_LENGTH = 10;

const WEAK_PASSWORDS = ["password", "12345678", "qwerty", "letmein", "admin123", "welcome1", "iloveyou"];

export const staffInputSchema = z.object({
  name: z.string().trim().min(2, "Name must be at least 2 characters"),
  email: z.email("Enter a valid e-mail address").transform((e) => e.toLowerCase()),
  password: z
    .string()
    .min(MIN_STAFF_PASSWORD_LENGTH, `Password must be at least ${MIN_STAFF_PASSWORD_LENGTH} characters`)
    .max(128, "Password must be at most 128 characters")
    .refine((p) => /[a-z]/i.test(p) && /\d/.test(p), "Password must mix letters and digits")
    .refine((p) => new Set(p).size >= 6, "Password is too repetitive")
    .refine((p) => !WEAK_PASSWORDS.some((w) => p.toLowerCase().includes(w)), "Password is too easy to guess"),
});

export type StaffInput = z.infer<typeof staffInputSchema>;

/** The back office's 'Add staff' form: the same rules, plus whether the new member is an owner. */
export const staffFormSchema = z.object({
  name: z.string().max(100, "Name must be at most 100 characters").pipe(staffInputSchema.shape.name),
  email: z.string().trim().max(254, "Enter a valid e-mail address").pipe(staffInputSchema.shape.email),
  password: staffInputSchema.shape.password,
  isOwner: z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean()),
});

export type StaffFormValues = { name: string; email: string; isOwner: boolean };
export type StaffFieldErrors = FieldErrors<"name" | "email" | "password">;

export const STAFF_MESSAGES = {
  added: (name: string) => `${name} was added to the staff.`,
  removed: (name: string) => `${name} was removed from the staff.`,
  emailTaken: "An account with this e-mail already exists.",
  ownersOnly: "Only an owner can add or remove staff.",
  lastOwner: "The shop must keep at least one owner: add another owner first.",
  notFound: "This staff member was not found.",
  failed: "The change could not be saved. Please try again.",
  confirmRemove: "Remove this staff member?",
} as const;

/** The form's values as typed (never the password) and a message per field. */
export function parseStaffForm(
  form: Record<string, unknown>,
):
  | { ok: true; data: { name: string; email: string; password: string; isOwner: boolean } }
  | { ok: false; values: StaffFormValues; fieldErrors: StaffFieldErrors } {
  const read = readForm<typeof staffFormSchema, keyof StaffFieldErrors>(staffFormSchema, form);
  if (read.ok) return read;
  return {
    ok: false,
    values: {
      name: String(form.name ?? ""),
      email: String(form.email ?? ""),
      isOwner: form.isOwner === "on" || form.isOwner === "true" || form.isOwner === true,
    },
    fieldErrors: read.fieldErrors,
  };
}
