import { describe, expect, it } from "vitest";
import { TIMELINE_TONES } from "./timeline-tones";

/** WCAG contrast ratio of two #rrggbb colours. */
function contrastRatio(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5]
      .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
      .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

// the shop's backgrounds (app/app.css): ivory page, white cards, sand panels
const BACKGROUNDS = { ivory: "#fbf8f3", white: "#ffffff", sand: "#f3ece1" };

describe("the timeline's status colours", () => {
  it("compute contrast as WCAG does", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#777777", "#ffffff")).toBeCloseTo(4.48, 2);
  });

  it("are readable as text (4.5:1) on every background of the shop and on their own soft colour", () => {
    for (const [tone, colours] of Object.entries(TIMELINE_TONES)) {
      for (const [name, background] of Object.entries({ ...BACKGROUNDS, soft: colours.soft })) {
        expect(contrastRatio(colours.strong, background), `${tone} on ${name}`).toBeGreaterThanOrEqual(4.5);
      }
    }
  });

  it("use in their classes the very colours checked above", () => {
    for (const colours of Object.values(TIMELINE_TONES)) {
      expect(colours.marker).toContain(`[${colours.strong}]`);
      expect(colours.text).toBe(`text-[${colours.strong}]`);
      expect(colours.tag).toBe(`bg-[${colours.soft}] text-[${colours.strong}]`);
      expect(colours.halo).toBe(`ring-[${colours.soft}]`);
    }
  });

  it("tell the four tones apart", () => {
    expect(new Set(Object.values(TIMELINE_TONES).map((c) => c.strong)).size).toBe(4);
  });
});
