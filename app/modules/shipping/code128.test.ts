import { describe, expect, it } from "vitest";
import { canEncodeCode128, CODE128_PATTERNS, encodeCode128 } from "./code128";

/** The barcode as the printer sees it: 1 for a dark module, 0 for a light one. */
const asBits = (widths: number[]) => widths.map((w, i) => (i % 2 === 0 ? "1" : "0").repeat(w)).join("");
/** One symbol of the table as bits. */
const symbolBits = (value: number) => asBits([...(CODE128_PATTERNS[value] ?? "")].map(Number));

describe("Code 128 symbol table", () => {
  it("has 107 distinct symbols of 11 modules (the stop 13), bars even and spaces odd", () => {
    expect(CODE128_PATTERNS).toHaveLength(107);
    expect(new Set(CODE128_PATTERNS).size).toBe(107);
    CODE128_PATTERNS.forEach((pattern, value) => {
      const widths = [...pattern].map(Number);
      const bars = widths.filter((_, i) => i % 2 === 0).reduce((s, w) => s + w, 0);
      const spaces = widths.filter((_, i) => i % 2 === 1).reduce((s, w) => s + w, 0);
      expect(bars + spaces, `symbol ${value}`).toBe(value === 106 ? 13 : 11);
      expect(bars % 2, `bars of symbol ${value}`).toBe(0);
    });
  });

  it("draws the well-known starts, stop and characters", () => {
    // Start B, Start C and Stop as printed in every Code 128 reference
    expect(symbolBits(104)).toBe("11010010000");
    expect(symbolBits(105)).toBe("11010011100");
    expect(symbolBits(106)).toBe("1100011101011");
    // value 0 (a space in subset B) and value 33 ('A' in subset B)
    expect(symbolBits(0)).toBe("11011001100");
    expect(symbolBits(33)).toBe("10100011000");
  });
});

describe("encodeCode128", () => {
  it("encodes text in subset B with its checksum", () => {
    // 104 + 55·1 + 73·2 + 75·3 + 73·4 + 80·5 + 69·6 + 68·7 + 73·8 + 65·9 = 3281 = 31·103 + 88
    const code = encodeCode128("Wikipedia");
    expect(code.symbols).toEqual([104, 55, 73, 75, 73, 80, 69, 68, 73, 65, 88, 106]);
    expect(code.checksum).toBe(88);
  });

  it("keeps three digits in the middle in subset B (a change of subset would not pay)", () => {
    // 104 + 48 + 42·2 + 42·3 + 17·4 + 18·5 + 19·6 + 35·7 = 879 = 8·103 + 55
    expect(encodeCode128("PJJ123C").symbols).toEqual([104, 48, 42, 42, 17, 18, 19, 35, 55, 106]);
  });

  it("encodes an all-digit AWB in subset C, two digits a symbol", () => {
    // 105 + 19 + 2·2 + 84·3 + 73·4 + 62·5 + 51·6 = 1288 = 12·103 + 52
    const code = encodeCode128("190284736251");
    expect(code.symbols).toEqual([105, 19, 2, 84, 73, 62, 51, 52, 106]);
    expect(code.checksum).toBe(52);
  });

  it("switches to subset C for the digits that end an AWB like SJ1234567890", () => {
    // S=51, J=42, Code C=99, then 12 34 56 78 90: 104 + 51 + 84 + 297 + 48 + 170 + 336 + 546 + 720 = 2356 = 22·103 + 90
    const code = encodeCode128("SJ1234567890");
    expect(code.symbols).toEqual([104, 51, 42, 99, 12, 34, 56, 78, 90, 90, 106]);
    // 10 symbols of 11 modules and the stop's 13
    expect(code.modules).toBe(123);
  });

  it("leaves subset C for an odd last digit", () => {
    // 105 + 12 + 34·2 + 100·3 + 21·4 = 569 = 5·103 + 54
    expect(encodeCode128("12345").symbols).toEqual([105, 12, 34, 100, 21, 54, 106]);
  });

  it("keeps an odd run's first digit in subset B before changing to C", () => {
    // 'A' then '1' in B, Code C, 23 45 67, back to B for 'Z'
    const { symbols } = encodeCode128("A1234567Z");
    expect(symbols.slice(0, -2)).toEqual([104, 33, 17, 99, 23, 45, 67, 100, 58]);
  });

  it("answers widths that start with the start's bar and end with the stop's termination bar", () => {
    const code = encodeCode128("ORD-1042");
    const bits = asBits(code.widths);
    expect(bits.startsWith("11010010000")).toBe(true);
    expect(bits.endsWith("1100011101011")).toBe(true);
    expect(bits).toHaveLength(code.modules);
    expect(code.modules).toBe((code.symbols.length - 1) * 11 + 13);
    // bars and spaces alternate, so an odd count: it begins and ends with a bar
    expect(code.widths.length % 2).toBe(1);
  });

  it("refuses what Code 128 subset B cannot carry", () => {
    for (const bad of ["", "₹100", "line\nbreak", "अ"]) {
      expect(canEncodeCode128(bad), JSON.stringify(bad)).toBe(false);
      expect(() => encodeCode128(bad)).toThrow(RangeError);
    }
    expect(canEncodeCode128("ORD-2627-000042")).toBe(true);
  });
});
