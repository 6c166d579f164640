/**
 * Home-page hero slides as SVG: editorial compositions of jharokha arches,
 * garlands, drapes and garments from ./garment. No text is drawn: the page
 * overlays real HTML copy (the content module's BANNERS) in the calm zone (left
 * on desktop, bottom on mobile). Every slide keeps that zone light, so dark text
 * reads on all of them.
 */
import type { GarmentArtInput, PrintKind, SeedColour } from "../types";
import { cubicAt, darken, fabricFill, garmentArt, lighten, makeRng, mix, n, type Pt } from "./garment";

const C = (name: string, hex: string): SeedColour => ({ name, hex });

interface Theme {
  /** calm zone (light) */
  calm: string;
  calmEdge: string;
  /** arch interiors */
  wall: string;
  wallDeep: string;
  glow: string;
  /** frames and fine lines */
  trim: string;
  trimLight: string;
  trimDark: string;
  /** garland flowers: outer, mid, centre */
  flowers: [string, string, string];
  leaf: string;
  diyas: boolean;
  garments: [GarmentArtInput, GarmentArtInput];
  drape: { print: PrintKind; colours: SeedColour[] };
}

const THEMES: Theme[] = [
  {
    // maroon & gold
    calm: "#f8eee1",
    calmEdge: "#efdcc4",
    wall: "#b9864a",
    wallDeep: "#6b3f1f",
    glow: "#f3d9a4",
    trim: "#c99a45",
    trimLight: "#f1d893",
    trimDark: "#83591c",
    flowers: ["#f08a1c", "#ffb536", "#c4500c"],
    leaf: "#4f7a3a",
    diyas: true,
    garments: [
      {
        category: "lehengas",
        print: "zari",
        colours: [C("Maroon", "#7d1d2e"), C("Gold", "#d9aa48")],
        view: "front",
        seed: 11,
      },
      {
        category: "sarees",
        print: "buti",
        colours: [C("Rani Pink", "#b8325a"), C("Gold", "#e0b552")],
        view: "front",
        seed: 5,
      },
    ],
    drape: { print: "zari", colours: [C("Maroon", "#5a1020"), C("Gold", "#d4a640")] },
  },
  {
    // indigo & ivory
    calm: "#f6f1e6",
    calmEdge: "#e6ddca",
    wall: "#7286b5",
    wallDeep: "#34466f",
    glow: "#c3cfe6",
    trim: "#efe5cf",
    trimLight: "#fffaf0",
    trimDark: "#b7a985",
    flowers: ["#f4efe2", "#ffffff", "#d9cfb3"],
    leaf: "#5d7b5a",
    diyas: false,
    garments: [
      {
        category: "kurtas",
        print: "buti",
        colours: [C("Indigo", "#26366a"), C("Ivory", "#f2e8d4")],
        view: "front",
        seed: 3,
      },
      {
        category: "kurtas",
        print: "ikat",
        colours: [C("Ivory", "#f3ead8"), C("Indigo", "#2b3c70"), C("Rust", "#b5532f")],
        view: "front",
        seed: 8,
      },
    ],
    drape: { print: "ikat", colours: [C("Indigo", "#22315c"), C("Ivory", "#efe6d2"), C("Sky", "#8fa6cf")] },
  },
  {
    // marigold & rose
    calm: "#fdf3e4",
    calmEdge: "#f6e0c4",
    wall: "#e2912c",
    wallDeep: "#b25f16",
    glow: "#ffd27a",
    trim: "#fff3dc",
    trimLight: "#ffffff",
    trimDark: "#c98a4e",
    flowers: ["#e2456f", "#ff7a9a", "#a3183f"],
    leaf: "#3f7a4f",
    diyas: false,
    garments: [
      {
        category: "dresses",
        print: "floral",
        colours: [C("Rose", "#e4899b"), C("Marigold", "#f2a531"), C("Mint", "#6aa58a")],
        view: "front",
        seed: 2,
      },
      {
        category: "co-ords",
        print: "stripes",
        colours: [C("Ivory", "#fff4e2"), C("Rose", "#d6547a"), C("Marigold", "#e0962a")],
        view: "front",
        seed: 4,
      },
    ],
    drape: { print: "leheriya", colours: [C("Rose", "#d94b72"), C("Marigold", "#f6b03c"), C("Ivory", "#fff1da")] },
  },
  {
    // emerald & gold
    calm: "#f5f0e2",
    calmEdge: "#e3dcc5",
    wall: "#15503d",
    wallDeep: "#0a2a20",
    glow: "#3f8b69",
    trim: "#cfa54c",
    trimLight: "#f3db98",
    trimDark: "#87621f",
    flowers: ["#fbf6ea", "#ffffff", "#e4d7b4"],
    leaf: "#2f6b45",
    diyas: true,
    garments: [
      {
        category: "sarees",
        print: "zari",
        colours: [C("Antique Gold", "#e6cf95"), C("Emerald", "#1d6a4c")],
        view: "front",
        seed: 9,
      },
      {
        category: "sarees",
        print: "buti",
        colours: [C("Ruby", "#9b1b34"), C("Gold", "#d8ab4a")],
        view: "front",
        seed: 14,
      },
    ],
    drape: { print: "paisley", colours: [C("Emerald", "#134534"), C("Gold", "#d4a640"), C("Ivory", "#f2ead4")] },
  },
  {
    // blush & sage
    calm: "#fbf1ee",
    calmEdge: "#f0ddd7",
    wall: "#9bb29a",
    wallDeep: "#6d8a6c",
    glow: "#dbe8d4",
    trim: "#fbf4ee",
    trimLight: "#ffffff",
    trimDark: "#c7a99f",
    flowers: ["#f3b9c0", "#fde3e6", "#d47f8c"],
    leaf: "#5f8a5c",
    diyas: false,
    garments: [
      {
        category: "short-kurtis",
        print: "floral",
        colours: [C("Ivory", "#fbf3ea"), C("Rose", "#d66f86"), C("Sage", "#6f9470")],
        view: "front",
        seed: 6,
      },
      {
        category: "dresses",
        print: "polka",
        colours: [C("Dusty Rose", "#d98a9a"), C("Ivory", "#fffaf2")],
        view: "front",
        seed: 12,
      },
    ],
    drape: { print: "bandhani", colours: [C("Blush", "#e9a9b2"), C("Ivory", "#fff6f2"), C("Sage", "#7c9c79")] },
  },
];

/* ------------------------------------------------------------------ */
/* shapes                                                              */
/* ------------------------------------------------------------------ */

function archOuter(cx: number, top: number, base: number, w: number): string {
  const hw = w / 2;
  const spring = top + w * 0.62;
  return `M${n(cx - hw)},${n(base)} L${n(cx - hw)},${n(spring)} C${n(cx - hw)},${n(spring - w * 0.36)} ${n(cx - w * 0.16)},${n(top + w * 0.1)} ${n(cx)},${n(top)} C${n(cx + w * 0.16)},${n(top + w * 0.1)} ${n(cx + hw)},${n(spring - w * 0.36)} ${n(cx + hw)},${n(spring)} L${n(cx + hw)},${n(base)} Z`;
}

/** The opening of a multifoil (cusped) arch, inset from archOuter. */
function archCusped(cx: number, top: number, base: number, w: number, inset: number, lobes = 5): string {
  const hw = w / 2 - inset;
  const ww = hw * 2;
  const t = top + inset * 1.3;
  const spring = t + ww * 0.62;
  const left: Pt[] = [];
  for (let i = 0; i <= lobes; i++) {
    left.push(
      cubicAt([cx - hw, spring], [cx - hw, spring - ww * 0.36], [cx - ww * 0.16, t + ww * 0.1], [cx, t], i / lobes),
    );
  }
  const right = left.map((p): Pt => [2 * cx - p[0], p[1]]).reverse();
  const pts = [...left, ...right.slice(1)];
  let d = `M${n(cx - hw)},${n(base)} L${n(cx - hw)},${n(spring)}`;
  for (let i = 0; i < pts.length - 1; i++) {
    const a = pts[i] as Pt;
    const b = pts[i + 1] as Pt;
    const mx = (a[0] + b[0]) / 2;
    const my = (a[1] + b[1]) / 2;
    // push the control point away from the arch centre: lobes bulge outwards
    const vx = mx - cx;
    const vy = my - (spring + 40);
    const len = Math.hypot(vx, vy) || 1;
    const depth = Math.hypot(b[0] - a[0], b[1] - a[1]) * 0.38;
    d += ` Q${n(mx + (vx / len) * depth)},${n(my + (vy / len) * depth)} ${n(b[0])},${n(b[1])}`;
  }
  d += ` L${n(cx + hw)},${n(base)} Z`;
  return d;
}

/** One flower head, defined once per gradient and placed with <use>. */
function flowerDef(id: string, grad: string, r: number): string {
  return `<g id="${id}"><circle r="${n(r)}" fill="url(#${grad})"/><circle cx="${n(-r * 0.3)}" cy="${n(-r * 0.2)}" r="${n(r * 0.22)}" fill="#fff" fill-opacity="0.22"/><path d="M${n(-r * 0.6)},${n(r * 0.1)} q${n(r * 0.3)},${n(r * 0.3)} ${n(r * 0.6)},0 M0,${n(r * 0.4)} q${n(r * 0.3)},${n(r * 0.25)} ${n(r * 0.55)},${n(-r * 0.05)}" stroke="#000" stroke-opacity="0.16" stroke-width="${n(r * 0.12)}" fill="none"/></g>`;
}

function marigold(x: number, y: number, id: string): string {
  return `<use href="#${id}" x="${n(x)}" y="${n(y)}"/>`;
}

function leaf(x: number, y: number, len: number, angle: number, colour: string): string {
  const w = len * 0.32;
  return `<g transform="translate(${n(x)} ${n(y)}) rotate(${n(angle)})"><path d="M0,0 Q${n(len * 0.45)},${n(-w)} ${n(len)},0 Q${n(len * 0.45)},${n(w)} 0,0Z" fill="${colour}"/><path d="M${n(len * 0.08)},0 L${n(len * 0.85)},0" stroke="${darken(colour, 0.3)}" stroke-width="${n(len * 0.04)}"/></g>`;
}

/** A marigold toran: swags between the points, with hanging strings. */
function toran(points: Pt[], sag: number, r: number, th: Theme, id: string, strings: number[]): string {
  let s = "";
  for (let i = 0; i < points.length - 1; i++) {
    const a = points[i] as Pt;
    const b = points[i + 1] as Pt;
    const c: Pt = [(a[0] + b[0]) / 2, Math.max(a[1], b[1]) + sag];
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
    const k = Math.round(len / (r * 1.7));
    for (let j = 0; j <= k; j++) {
      const t = j / k;
      const u = 1 - t;
      const x = u * u * a[0] + 2 * u * t * c[0] + t * t * b[0];
      const y = u * u * a[1] + 2 * u * t * c[1] + t * t * b[1];
      s += marigold(x, y, j % 5 === 2 ? `${id}b` : `${id}a`);
    }
    s += leaf(a[0], a[1] + r, r * 3, 115, th.leaf) + leaf(a[0], a[1] + r, r * 3, 65, th.leaf);
  }
  const first = points[0] as Pt;
  for (let i = 0; i < strings.length; i++) {
    const x = strings[i] ?? 0;
    const y0 = first[1] + r * 0.5;
    const count = 6 + ((i * 7) % 4);
    for (let j = 0; j < count; j++) s += marigold(x, y0 + j * r * 1.75, j % 3 === 1 ? `${id}b` : `${id}a`);
    const ty = y0 + count * r * 1.75;
    s += `<path d="M${n(x)},${n(ty - r)} l0,${n(r * 0.8)}" stroke="${th.trimDark}" stroke-width="2"/><path d="M${n(x - r * 0.5)},${n(ty + r * 0.9)} Q${n(x)},${n(ty - r * 0.6)} ${n(x + r * 0.5)},${n(ty + r * 0.9)} Z" fill="${th.trim}" stroke="${th.trimDark}" stroke-width="1.5"/><circle cx="${n(x)}" cy="${n(ty + r * 1.05)}" r="${n(r * 0.18)}" fill="${th.trimDark}"/>`;
  }
  return s;
}

function diya(x: number, y: number, s: number, id: string): string {
  return (
    `<circle cx="${n(x)}" cy="${n(y - 34 * s)}" r="${n(70 * s)}" fill="url(#${id}glow)"/>` +
    `<path d="M${n(x - 46 * s)},${n(y - 12 * s)} Q${n(x)},${n(y + 34 * s)} ${n(x + 46 * s)},${n(y - 12 * s)} Q${n(x + 30 * s)},${n(y - 4 * s)} ${n(x + 54 * s)},${n(y - 20 * s)} Q${n(x)},${n(y - 22 * s)} ${n(x - 46 * s)},${n(y - 12 * s)} Z" fill="#9c4a22"/>` +
    `<path d="M${n(x - 44 * s)},${n(y - 12 * s)} Q${n(x)},${n(y + 4 * s)} ${n(x + 46 * s)},${n(y - 12 * s)}" stroke="#e8a24a" stroke-width="${n(3 * s)}" fill="none"/>` +
    `<path d="M${n(x + 8 * s)},${n(y - 22 * s)} C${n(x + 22 * s)},${n(y - 42 * s)} ${n(x + 10 * s)},${n(y - 62 * s)} ${n(x + 4 * s)},${n(y - 78 * s)} C${n(x - 8 * s)},${n(y - 58 * s)} ${n(x - 8 * s)},${n(y - 36 * s)} ${n(x + 8 * s)},${n(y - 22 * s)} Z" fill="url(#${id}flame)"/>`
  );
}

function mandala(cx: number, cy: number, r: number, colour: string, opacity: number): string {
  let s = `<g fill="none" stroke="${colour}" stroke-opacity="${opacity}" stroke-width="2">`;
  s += `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}"/><circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * 0.93)}" stroke-dasharray="4 8"/>`;
  for (const [rr, k, len] of [
    [r * 0.78, 24, 0.2],
    [r * 0.56, 16, 0.22],
    [r * 0.34, 12, 0.26],
  ] as const) {
    for (let i = 0; i < k; i++) {
      const a = (i / k) * 360;
      s += `<ellipse cx="${n(cx)}" cy="${n(cy - rr)}" rx="${n(rr * len * 0.45)}" ry="${n(rr * len)}" transform="rotate(${n(a)} ${n(cx)} ${n(cy)})"/>`;
    }
    s += `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(rr * 0.8)}"/>`;
  }
  return s + "</g>";
}

/** A swagged curtain drape hanging from the top edge, gathered to one side. */
function drape(x0: number, x1: number, drop: number, side: "left" | "right", fill: string, th: Theme): string {
  const dir = side === "right" ? 1 : -1;
  const edge = side === "right" ? x1 : x0;
  const inner = side === "right" ? x0 : x1;
  const tieY = drop * 0.62;
  const d = `M${n(inner)},0 L${n(edge)},0 L${n(edge)},${n(drop)} C${n(edge - dir * 30)},${n(drop * 0.86)} ${n(edge - dir * 40)},${n(tieY + 30)} ${n(edge - dir * 46)},${n(tieY)} C${n(edge - dir * 90)},${n(tieY - 60)} ${n(inner + dir * 60)},${n(drop * 0.3)} ${n(inner)},0 Z`;
  let s = `<path d="${d}" fill="${fill}"/>`;
  let folds = "";
  for (let i = 1; i <= 4; i++) {
    const fx = inner + (edge - inner) * (i / 5);
    folds += `M${n(fx)},0 Q${n(fx + dir * 10)},${n(tieY * 0.5)} ${n(edge - dir * (44 - i * 6))},${n(tieY)} `;
  }
  s += `<path d="${folds}" fill="none" stroke="#000" stroke-opacity="0.18" stroke-width="14" stroke-linecap="round"/>`;
  s += `<path d="${folds}" fill="none" stroke="#fff" stroke-opacity="0.1" stroke-width="5" transform="translate(${dir * 10} 0)"/>`;
  s += `<path d="${d}" fill="none" stroke="${th.trimDark}" stroke-width="2" stroke-opacity="0.6"/>`;
  const tx = edge - dir * 46;
  s += `<path d="M${n(tx - 14)},${n(tieY - 8)} Q${n(tx)},${n(tieY + 10)} ${n(tx + 14)},${n(tieY - 8)}" stroke="${th.trim}" stroke-width="7" fill="none"/>`;
  s += `<path d="M${n(tx)},${n(tieY + 4)} L${n(tx)},${n(tieY + 60)}" stroke="${th.trim}" stroke-width="3"/><path d="M${n(tx - 10)},${n(tieY + 60)} L${n(tx + 10)},${n(tieY + 60)} L${n(tx + 16)},${n(tieY + 120)} L${n(tx - 16)},${n(tieY + 120)} Z" fill="${th.trim}"/><circle cx="${n(tx)}" cy="${n(tieY + 58)}" r="9" fill="${th.trimLight}" stroke="${th.trimDark}"/>`;
  return s;
}

/* ------------------------------------------------------------------ */
/* composition                                                         */
/* ------------------------------------------------------------------ */

interface ArchSpec {
  cx: number;
  top: number;
  base: number;
  w: number;
  garment: GarmentArtInput;
  /** garment picture scale (the picture is 1200 x 1600) */
  gs: number;
  gdx?: number;
}

function archScene(p: string, a: ArchSpec, th: Theme, defs: string[], idx: number): string {
  const frameW = Math.max(22, a.w * 0.06);
  const outer = archOuter(a.cx, a.top, a.base, a.w + frameW * 2);
  const open = archCusped(a.cx, a.top + frameW, a.base, a.w, 0, 6);
  const id = `${p}ar${idx}`;
  defs.push(
    `<radialGradient id="${id}g" cx="0.5" cy="0.42" r="0.7"><stop offset="0" stop-color="${th.glow}"/><stop offset="0.6" stop-color="${th.wall}"/><stop offset="1" stop-color="${th.wallDeep}"/></radialGradient>`,
    `<linearGradient id="${id}f" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${th.trimDark}"/><stop offset="0.25" stop-color="${th.trimLight}"/><stop offset="0.5" stop-color="${th.trim}"/><stop offset="0.75" stop-color="${th.trimLight}"/><stop offset="1" stop-color="${th.trimDark}"/></linearGradient>`,
    `<clipPath id="${id}c"><path d="${open}"/></clipPath>`,
  );
  let s = `<path d="${outer}" fill="#000" fill-opacity="0.12" transform="translate(10 8)"/>`;
  s += `<path d="${outer}" fill="url(#${id}f)"/>`;
  s += `<path d="${open}" fill="url(#${id}g)"/>`;
  // interior: a faint jaali lattice and a floor
  let lattice = "";
  const step = 46;
  for (let x = a.cx - a.w; x < a.cx + a.w; x += step)
    lattice += `M${n(x)},${n(a.top)} L${n(x + a.w)},${n(a.top + a.w)} M${n(x + a.w)},${n(a.top)} L${n(x)},${n(a.top + a.w)} `;
  s += `<g clip-path="url(#${id}c)"><path d="${lattice}" stroke="${th.trimLight}" stroke-opacity="0.07" stroke-width="2" fill="none"/>`;
  const floorY = a.base - (a.base - a.top) * 0.1;
  s += `<rect x="${n(a.cx - a.w)}" y="${n(floorY)}" width="${n(a.w * 2)}" height="${n(a.base - floorY + 10)}" fill="#000" fill-opacity="0.18"/>`;
  // the garment
  const art = garmentArt(a.garment, `${p}g${idx}`, {
    wallShadow: false,
    place: { x: a.cx + (a.gdx ?? 0) - 600 * a.gs, y: floorY - 1445 * a.gs, scale: a.gs },
  });
  defs.push(art.defs);
  s += art.figure + "</g>";
  s += `<path d="${open}" fill="none" stroke="${th.trimDark}" stroke-width="3"/>`;
  s += `<path d="${archCusped(a.cx, a.top + frameW * 0.45, a.base, a.w + frameW * 0.9, 0, 6)}" fill="none" stroke="${th.trimDark}" stroke-opacity="0.6" stroke-width="1.5"/>`;
  // finial
  s += `<path d="M${n(a.cx)},${n(a.top - 34)} C${n(a.cx + 12)},${n(a.top - 16)} ${n(a.cx + 10)},${n(a.top - 2)} ${n(a.cx)},${n(a.top + 4)} C${n(a.cx - 10)},${n(a.top - 2)} ${n(a.cx - 12)},${n(a.top - 16)} ${n(a.cx)},${n(a.top - 34)} Z" fill="url(#${id}f)"/>`;
  return s;
}

function scatterPetals(
  rng: () => number,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  count: number,
  th: Theme,
): string {
  let s = "";
  for (let i = 0; i < count; i++) {
    const x = x0 + rng() * (x1 - x0);
    const y = y0 + rng() * (y1 - y0);
    const a = rng() * 360;
    const r = 5 + rng() * 6;
    s += `<ellipse cx="${n(x)}" cy="${n(y)}" rx="${n(r)}" ry="${n(r * 0.55)}" fill="${i % 3 === 0 ? th.flowers[2] : th.flowers[0]}" fill-opacity="0.85" transform="rotate(${n(a)} ${n(x)} ${n(y)})"/>`;
  }
  return s;
}

function commonDefs(p: string, th: Theme): string {
  return (
    `<radialGradient id="${p}ga" cx="0.35" cy="0.3" r="0.75"><stop offset="0" stop-color="${lighten(th.flowers[1], 0.3)}"/><stop offset="0.55" stop-color="${th.flowers[0]}"/><stop offset="1" stop-color="${th.flowers[2]}"/></radialGradient>` +
    `<radialGradient id="${p}gb" cx="0.35" cy="0.3" r="0.75"><stop offset="0" stop-color="#fff3c4"/><stop offset="0.55" stop-color="#f7c12f"/><stop offset="1" stop-color="#c98210"/></radialGradient>` +
    `<radialGradient id="${p}glow" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#ffd98a" stop-opacity="0.55"/><stop offset="1" stop-color="#ffb347" stop-opacity="0"/></radialGradient>` +
    `<radialGradient id="${p}flame" cx="0.5" cy="0.7" r="0.7"><stop offset="0" stop-color="#fffbe6"/><stop offset="0.45" stop-color="#ffd25a"/><stop offset="1" stop-color="#f07a1a"/></radialGradient>`
  );
}

function desktop(index: number, th: Theme): string {
  const W = 1920;
  const H = 800;
  const p = `b${index}`;
  const defs: string[] = [commonDefs(p, th)];
  const rng = makeRng(index * 97 + 13);
  defs.push(
    `<linearGradient id="${p}bg" x1="0" y1="0" x2="1" y2="0.3"><stop offset="0" stop-color="${lighten(th.calm, 0.35)}"/><stop offset="0.45" stop-color="${th.calm}"/><stop offset="1" stop-color="${th.calmEdge}"/></linearGradient>`,
    `<linearGradient id="${p}ledge" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${mix(th.calmEdge, th.trimDark, 0.35)}"/><stop offset="1" stop-color="${mix(th.calmEdge, th.trimDark, 0.6)}"/></linearGradient>`,
    `<radialGradient id="${p}soft" cx="0.3" cy="0.35" r="0.7"><stop offset="0" stop-color="#fff" stop-opacity="0.55"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>`,
  );
  let s = `<rect width="${W}" height="${H}" fill="url(#${p}bg)"/>`;
  s += mandala(1450, 330, 420, th.trimDark, 0.12);
  s += `<rect width="900" height="${H}" fill="url(#${p}soft)"/>`;
  const drapeFab = fabricFill(`${p}d`, th.drape.print, th.drape.colours, 0.9, index + 1);
  defs.push(drapeFab.defs);
  s += drape(1700, 1920, 640, "right", drapeFab.fill, th);
  const [g0, g1] = th.garments;
  s += archScene(p, { cx: 1500, top: 96, base: 740, w: 420, garment: g1, gs: 0.39 }, th, defs, 1);
  s += archScene(p, { cx: 1070, top: 54, base: 740, w: 480, garment: g0, gs: 0.45 }, th, defs, 0);
  // ledge
  s += `<rect x="760" y="736" width="1160" height="64" fill="url(#${p}ledge)"/><rect x="760" y="736" width="1160" height="5" fill="${th.trimLight}" fill-opacity="0.6"/>`;
  if (th.diyas) s += diya(1290, 746, 0.75, p) + diya(1720, 746, 0.75, p) + diya(835, 746, 0.75, p);
  defs.push(flowerDef(`${p}fla`, `${p}ga`, 12), flowerDef(`${p}flb`, `${p}gb`, 12));
  s += toran(
    [
      [780, 0],
      [1280, 0],
      [1700, 0],
    ],
    54,
    12,
    th,
    `${p}fl`,
    [812, 1700],
  );
  s += scatterPetals(rng, 800, 760, 1900, 795, 18, th);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><defs>${defs.join("")}</defs>${s}</svg>`;
}

function mobile(index: number, th: Theme): string {
  const W = 800;
  const H = 1000;
  const p = `m${index}`;
  const defs: string[] = [commonDefs(p, th)];
  const rng = makeRng(index * 89 + 7);
  defs.push(
    `<linearGradient id="${p}bg" x1="0" y1="0" x2="0.2" y2="1"><stop offset="0" stop-color="${th.calmEdge}"/><stop offset="0.55" stop-color="${th.calm}"/><stop offset="1" stop-color="${lighten(th.calm, 0.35)}"/></linearGradient>`,
    `<linearGradient id="${p}ledge" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${mix(th.calmEdge, th.trimDark, 0.35)}"/><stop offset="1" stop-color="${mix(th.calmEdge, th.trimDark, 0.55)}"/></linearGradient>`,
  );
  let s = `<rect width="${W}" height="${H}" fill="url(#${p}bg)"/>`;
  s += mandala(400, 300, 380, th.trimDark, 0.12);
  const drapeFab = fabricFill(`${p}d`, th.drape.print, th.drape.colours, 0.7, index + 1);
  defs.push(drapeFab.defs);
  s += drape(0, 130, 470, "left", drapeFab.fill, th);
  const [g0, g1] = th.garments;
  s += archScene(p, { cx: 655, top: 150, base: 610, w: 250, garment: g1, gs: 0.26 }, th, defs, 1);
  s += archScene(p, { cx: 390, top: 70, base: 610, w: 380, garment: g0, gs: 0.34 }, th, defs, 0);
  s += `<rect x="0" y="606" width="${W}" height="22" fill="url(#${p}ledge)"/><rect x="0" y="606" width="${W}" height="3" fill="${th.trimLight}" fill-opacity="0.6"/>`;
  s += `<rect x="0" y="628" width="${W}" height="8" fill="#000" fill-opacity="0.05"/>`;
  if (th.diyas) s += diya(150, 612, 0.55, p) + diya(560, 612, 0.55, p);
  defs.push(flowerDef(`${p}fla`, `${p}ga`, 9), flowerDef(`${p}flb`, `${p}gb`, 9));
  s += toran(
    [
      [110, 0],
      [420, 0],
      [800, 0],
    ],
    34,
    9,
    th,
    `${p}fl`,
    [168],
  );
  s += scatterPetals(rng, 30, 640, 770, 700, 10, th);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><defs>${defs.join("")}</defs>${s}</svg>`;
}

/** Hero slide `index` (0..4): 1920 x 800 for desktop, 800 x 1000 for mobile. */
export function bannerSvg(index: number, size: "desktop" | "mobile"): string {
  const i = ((Math.floor(index) % THEMES.length) + THEMES.length) % THEMES.length;
  const th = THEMES[i] as Theme;
  return size === "desktop" ? desktop(i, th) : mobile(i, th);
}
