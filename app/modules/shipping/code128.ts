/*
 * Code 128 barcodes for shipping labels (the symbology couriers scan AWBs and order numbers with),
 * encoded from the standard's symbol table: subset B for text, subset C (two digits a symbol) for runs
 * of digits long enough to make the barcode shorter. Pure and browser-safe: it answers the widths of the
 * bars and spaces in modules; whoever draws them picks the module's size and adds the quiet zones
 * (at least 10 modules either side).
 */

/**
 * Each symbol value's six elements (bar, space, bar, space, bar, space) in modules, 11 in all; the stop
 * (106) has a seventh, its 2-module termination bar (13 in all).
 */
// prettier-ignore
export const CODE128_PATTERNS: readonly string[] = [
  "212222", "222122", "222221", "121223", "121322", "131222", "122213", "122312", "132212", "221213", // 0-9
  "221312", "231212", "112232", "122132", "122231", "113222", "123122", "123221", "223211", "221132", // 10-19
  "221231", "213212", "223112", "312131", "311222", "321122", "321221", "312212", "322112", "322211", // 20-29
  "212123", "212321", "232121", "111323", "131123", "131321", "112313", "132113", "132311", "211313", // 30-39
  "231113", "231311", "112133", "112331", "132131", "113123", "113321", "133121", "313121", "211331", // 40-49
  "231131", "213113", "213311", "213131", "311123", "311321", "331121", "312113", "312311", "332111", // 50-59
  "314111", "221411", "431111", "111224", "111422", "121124", "121421", "141122", "141221", "112214", // 60-69
  "112412", "122114", "122411", "142112", "142211", "241211", "221114", "413111", "241112", "134111", // 70-79
  "111242", "121142", "121241", "114212", "124112", "124211", "411212", "421112", "421211", "212141", // 80-89
  "214121", "412121", "111143", "111341", "131141", "114113", "114311", "411113", "411311", "113141", // 90-99
  "114131", "311141", "411131", "211412", "211214", "211232", "2331112", // 100-106
];

export const CODE_C = 99;
export const CODE_B = 100;
export const START_B = 104;
export const START_C = 105;
export const STOP = 106;

export interface Code128 {
  /** the symbol values in order: the start, the data (with any change of subset), the checksum, the stop */
  symbols: number[];
  /** the check symbol's value: the weighted sum of the start and data symbols, modulo 103 */
  checksum: number;
  /** bar, space, bar, ... widths in modules, from the start's first bar to the stop's termination bar */
  widths: number[];
  /** the barcode's width in modules without its quiet zones */
  modules: number;
}

/** Whether `text` can be a barcode here: one or more printable ASCII characters (space to tilde). */
export function canEncodeCode128(text: string): boolean {
  return /^[\x20-\x7e]+$/.test(text);
}

/** Encodes `text`; throws a RangeError for text `canEncodeCode128` refuses. */
export function encodeCode128(text: string): Code128 {
  if (!canEncodeCode128(text)) {
    throw new RangeError("A Code 128 barcode here holds one or more printable ASCII characters.");
  }
  const data = dataSymbols(text);
  // the start symbol and the first data symbol both weigh 1, then 2, 3, ...
  const checksum = data.reduce((sum, value, i) => sum + value * Math.max(i, 1), 0) % 103;
  const symbols = [...data, checksum, STOP];
  const widths = symbols.flatMap((value) => [...CODE128_PATTERNS[value]!].map(Number));
  return { symbols, checksum, widths, modules: widths.reduce((sum, w) => sum + w, 0) };
}

const isDigit = (ch: string | undefined) => ch !== undefined && ch >= "0" && ch <= "9";

/** How many digits follow one another from `from` on. */
function digitRun(text: string, from: number): number {
  let n = 0;
  while (isDigit(text[from + n])) n++;
  return n;
}

/** Subset B's value of the printable ASCII character at `i`. */
const valueB = (text: string, i: number) => text.charCodeAt(i) - 32;

/**
 * The start symbol and the data's symbols. Subset C halves a run of digits but costs a change of subset
 * to enter (and one to leave), so it is used where it saves symbols: from the start for four or more
 * leading digits (or data of exactly two digits), four or more digits that end the data, six or more
 * anywhere else. A run of odd length keeps its first digit in subset B.
 */
function dataSymbols(text: string): number[] {
  const lead = digitRun(text, 0);
  let subset: "B" | "C" = lead >= 4 || (lead === 2 && text.length === 2) ? "C" : "B";
  const out = [subset === "C" ? START_C : START_B];
  let i = 0;
  while (i < text.length) {
    if (subset === "C") {
      if (digitRun(text, i) >= 2) {
        out.push(Number(text.slice(i, i + 2)));
        i += 2;
        continue;
      }
      out.push(CODE_B);
      subset = "B";
    }
    const run = digitRun(text, i);
    if (run >= (i + run === text.length ? 4 : 6)) {
      if (run % 2 === 1) out.push(valueB(text, i++));
      out.push(CODE_C);
      subset = "C";
      continue;
    }
    out.push(valueB(text, i++));
  }
  return out;
}
