/**
 * Collection tiles for the home page grid (900 x 1200). Each category has its
 * own backdrop colour and a hero garment; the "back" tile (shown on hover) is a
 * close-up of the fabric, so the swap reads clearly.
 */
import type { CategorySlug, PrintKind, SeedColour } from "../types";
import { darken, garmentArt, lighten, mix, type BackdropTones } from "./garment";

const C = (name: string, hex: string): SeedColour => ({ name, hex });

interface TileSpec {
  print: PrintKind;
  colours: SeedColour[];
  seed: number;
  /** backdrop wall colour; the floor and arch are derived from it */
  wall: string;
  arch: boolean;
}

const TILES: Record<CategorySlug, TileSpec> = {
  kurtas: {
    print: "buti",
    colours: [C("Indigo", "#27386b"), C("Ivory", "#f2e8d5")],
    seed: 101,
    wall: "#f0d6c2",
    arch: true,
  },
  "short-kurtis": {
    print: "floral",
    colours: [C("Mustard", "#d9a43a"), C("Teal", "#1f6f6b"), C("Rose", "#c2456b")],
    seed: 102,
    wall: "#dfe5d5",
    arch: false,
  },
  "co-ords": {
    print: "stripes",
    colours: [C("Sage", "#9fb59a"), C("Ivory", "#f7f0e2"), C("Olive", "#4d6b4a")],
    seed: 103,
    wall: "#f3dcd6",
    arch: true,
  },
  dresses: {
    print: "floral",
    colours: [C("Rose", "#c9506e"), C("Cream", "#f6e7d0"), C("Leaf", "#2f6b4f")],
    seed: 104,
    wall: "#dce4ec",
    arch: false,
  },
  bottoms: {
    print: "chevron",
    colours: [C("Ivory", "#f2e6cf"), C("Maroon", "#8b2d3c"), C("Gold", "#c99a45")],
    seed: 105,
    wall: "#e6d3da",
    arch: true,
  },
  lehengas: {
    print: "zari",
    colours: [C("Maroon", "#7a1f2b"), C("Gold", "#d4a640")],
    seed: 106,
    wall: "#f1e0c2",
    arch: true,
  },
  loungewear: {
    print: "polka",
    colours: [C("Powder Blue", "#b9cfe4"), C("White", "#ffffff"), C("Navy", "#2a3d66")],
    seed: 107,
    wall: "#f4ead0",
    arch: false,
  },
  sarees: {
    print: "zari",
    colours: [C("Emerald", "#1f6b4e"), C("Gold", "#d4a640")],
    seed: 108,
    wall: "#f0d8d2",
    arch: true,
  },
  shirts: {
    print: "stripes",
    colours: [C("White", "#f5f2ea"), C("Blue", "#2a4d7a"), C("Sky", "#8fb0d6")],
    seed: 109,
    wall: "#e8dcc6",
    arch: false,
  },
  unstitched: {
    print: "ikat",
    colours: [C("Rust", "#b5532f"), C("Cream", "#f2e3c6"), C("Navy", "#1d2a4a")],
    seed: 110,
    wall: "#e4e0d6",
    arch: false,
  },
  accessories: {
    print: "solid",
    colours: [C("Gold", "#d4a640"), C("Ruby", "#9b1b34"), C("Emerald", "#1f6e52")],
    seed: 112,
    wall: "#efe4d4",
    arch: false,
  },
};

function tones(spec: TileSpec): BackdropTones {
  const wall = spec.wall;
  return {
    wallTop: lighten(wall, 0.35),
    wallBottom: wall,
    floor: darken(wall, 0.08),
    arch: spec.arch ? mix(darken(wall, 0.06), "#ffffff", 0.05) : null,
    lightX: 600,
  };
}

/** A 900 x 1200 collection tile; "back" is the hover image (a fabric close-up). */
export function collectionTileSvg(category: CategorySlug, view: "front" | "back"): string {
  const spec = TILES[category];
  const art = garmentArt(
    {
      category,
      print: spec.print,
      colours: spec.colours,
      view: view === "front" ? "front" : "detail",
      seed: spec.seed,
    },
    `t${view === "front" ? "f" : "b"}`,
    { backdrop: tones(spec), place: { x: 0, y: 0, scale: 0.75 } },
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="1200" viewBox="0 0 900 1200"><defs>${art.defs}</defs>${art.backdrop}${art.figure}</svg>`;
}
