import type { StatusTone } from "~/modules/orders";

/*
 * The colours of the timeline's current step per status tone (delivered/completed green,
 * pending/processing yellow, cancelled red, others blue), as literal hex so their contrast is
 * checked by a test (timeline-tones.test.ts): the strong colour carries text and the marker, the soft
 * one is the halo and the background behind the status text. Tailwind only sees whole class names,
 * so each class is written out in full.
 */
export interface TimelineTone {
  strong: string;
  soft: string;
  /** marker fill and border */
  marker: string;
  /** the halo around the marker */
  halo: string;
  /** the current step's text */
  text: string;
  /** a small status tag: strong text on the soft colour */
  tag: string;
}

export const TIMELINE_TONES: Record<StatusTone, TimelineTone> = {
  green: {
    strong: "#2f6b4f",
    soft: "#e6f0ea",
    marker: "border-[#2f6b4f] bg-[#2f6b4f]",
    halo: "ring-[#e6f0ea]",
    text: "text-[#2f6b4f]",
    tag: "bg-[#e6f0ea] text-[#2f6b4f]",
  },
  yellow: {
    strong: "#8a5a00",
    soft: "#fdf3dc",
    marker: "border-[#8a5a00] bg-[#8a5a00]",
    halo: "ring-[#fdf3dc]",
    text: "text-[#8a5a00]",
    tag: "bg-[#fdf3dc] text-[#8a5a00]",
  },
  red: {
    strong: "#9b2c2c",
    soft: "#f8e6e4",
    marker: "border-[#9b2c2c] bg-[#9b2c2c]",
    halo: "ring-[#f8e6e4]",
    text: "text-[#9b2c2c]",
    tag: "bg-[#f8e6e4] text-[#9b2c2c]",
  },
  blue: {
    strong: "#1d5a8a",
    soft: "#e4eef6",
    marker: "border-[#1d5a8a] bg-[#1d5a8a]",
    halo: "ring-[#e4eef6]",
    text: "text-[#1d5a8a]",
    tag: "bg-[#e4eef6] text-[#1d5a8a]",
  },
};
