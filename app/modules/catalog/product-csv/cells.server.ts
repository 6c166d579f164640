/*
 * One cell of the products CSV: the guard against spreadsheet formulas the export puts in front of a
 * value and the import takes off again, and the single-line form of a text cell.
 */

/** OWASP 'CSV injection': a cell a spreadsheet would take for a formula starts with an apostrophe. */
const FORMULA_START = /^'*[=+\-@\t\r]/;
const GUARDED = /^'+[=+\-@\t\r]/;

/** A value as the export writes it (apostrophes already in front of a formula character get one more, so the import can undo exactly one). */
export function guardCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** A cell as the import reads it: the export's guard apostrophe taken off again. */
export function unguardCell(value: string): string {
  return GUARDED.test(value) ? value.slice(1) : value;
}

/** A text cell on one line: trimmed, every run of spaces and line breaks one space. */
export const oneLine = (s: string) => s.trim().replace(/\s+/g, " ");
