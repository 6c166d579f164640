/**
 * Product artwork: studio-style SVG illustrations of ethnic-wear garments.
 *
 * Pure functions only (no Node APIs). The seed renders the returned SVG with
 * sharp/librsvg, so the markup sticks to features librsvg handles well:
 * paths, gradients, patterns and clip paths (no filters: they are slow there).
 * Every random choice comes from a PRNG seeded with `input.seed`, so a product
 * always gets the same picture.
 */
import type { CategorySlug, GarmentArtInput, PictureView, PrintKind, SeedColour } from "../types";

const ART_WIDTH = 1200;
const ART_HEIGHT = 1600;
const CX = 600;

/* ------------------------------------------------------------------ */
/* numbers and randomness                                              */
/* ------------------------------------------------------------------ */

export type Rng = () => number;

/** mulberry32: small, fast, good enough for picking shapes and colours. */
export function makeRng(seed: number): Rng {
  let a = (Number.isFinite(seed) ? Math.floor(seed) : 0) ^ 0x5bd1e995;
  a = a >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Compact number formatting for SVG attributes. */
export function n(v: number): string {
  const r = Math.round(v * 10) / 10;
  return Object.is(r, -0) ? "0" : String(r);
}

/** Opacity formatting (three decimals). */
function opa(v: number): string {
  return String(Math.round(clamp(v, 0, 1) * 1000) / 1000);
}

function at<T>(arr: readonly T[], i: number): T {
  const len = arr.length;
  const v = arr[((Math.floor(i) % len) + len) % len];
  if (v === undefined) throw new Error("at(): empty array");
  return v;
}

function pick<T>(rng: Rng, arr: readonly T[]): T {
  return at(arr, Math.floor(rng() * arr.length));
}

function range(rng: Rng, lo: number, hi: number): number {
  return lo + (hi - lo) * rng();
}

function clamp(v: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, v));
}

/* ------------------------------------------------------------------ */
/* colour                                                              */
/* ------------------------------------------------------------------ */

type Rgb = [number, number, number];

function parseHex(hex: string): Rgb {
  const m = /^#?([0-9a-f]{6}|[0-9a-f]{3})$/i.exec(hex.trim());
  const raw = m?.[1];
  if (!raw) return [128, 128, 128];
  const h =
    raw.length === 3
      ? raw
          .split("")
          .map((c) => c + c)
          .join("")
      : raw;
  return [parseInt(h.slice(0, 2), 16), parseInt(h.slice(2, 4), 16), parseInt(h.slice(4, 6), 16)];
}

function toHex(c: Rgb): string {
  return (
    "#" +
    c
      .map((v) =>
        Math.round(clamp(v, 0, 255))
          .toString(16)
          .padStart(2, "0"),
      )
      .join("")
  );
}

/** Linear blend: t = 0 gives a, t = 1 gives b. */
export function mix(a: string, b: string, t: number): string {
  const x = parseHex(a);
  const y = parseHex(b);
  return toHex([x[0] + (y[0] - x[0]) * t, x[1] + (y[1] - x[1]) * t, x[2] + (y[2] - x[2]) * t]);
}

export function lighten(c: string, t: number): string {
  return mix(c, "#fffdf8", t);
}

/** Darken towards a warm near-black so shadows stay rich rather than grey. */
export function darken(c: string, t: number): string {
  return mix(c, "#160b08", t);
}

function luminance(hex: string): number {
  const [r, g, b] = parseHex(hex).map((v) => {
    const s = v / 255;
    return s <= 0.04045 ? s / 12.92 : Math.pow((s + 0.055) / 1.055, 2.4);
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function toHsl(hex: string): [number, number, number] {
  const [r, g, b] = parseHex(hex).map((v) => v / 255) as Rgb;
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  if (max === min) return [0, 0, l];
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  let h: number;
  if (max === r) h = (g - b) / d + (g < b ? 6 : 0);
  else if (max === g) h = (b - r) / d + 2;
  else h = (r - g) / d + 4;
  return [h * 60, s, l];
}

function fromHsl(h: number, s: number, l: number): string {
  const hh = (((h % 360) + 360) % 360) / 360;
  if (s === 0) return toHex([l * 255, l * 255, l * 255]);
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  const f = (t0: number): number => {
    let t = t0;
    if (t < 0) t += 1;
    if (t > 1) t -= 1;
    if (t < 1 / 6) return p + (q - p) * 6 * t;
    if (t < 1 / 2) return q;
    if (t < 2 / 3) return p + (q - p) * (2 / 3 - t) * 6;
    return p;
  };
  return toHex([f(hh + 1 / 3) * 255, f(hh) * 255, f(hh - 1 / 3) * 255]);
}

function shiftHue(hex: string, deg: number, satMul = 1, lightAdd = 0): string {
  const [h, s, l] = toHsl(hex);
  return fromHsl(h + deg, clamp(s * satMul, 0, 1), clamp(l + lightAdd, 0, 1));
}

function colourDistance(a: string, b: string): number {
  const x = parseHex(a);
  const y = parseHex(b);
  return Math.hypot(x[0] - y[0], x[1] - y[1], x[2] - y[2]);
}

function isGoldish(hex: string): boolean {
  const [h, s, l] = toHsl(hex);
  return h >= 32 && h <= 56 && s > 0.35 && l > 0.35 && l < 0.72;
}

function isSilverish(hex: string): boolean {
  const [, s, l] = toHsl(hex);
  return s < 0.12 && l > 0.5 && l < 0.88;
}

const GOLD = "#c9a04a";
const GOLD_LIGHT = "#f1dc9c";
const GOLD_DARK = "#84601f";
const IVORY = "#f8f1e2";

export interface Palette {
  base: string;
  light: string;
  lighter: string;
  dark: string;
  deep: string;
  line: string;
  inside: string;
  /** at least three motif colours that read against the base */
  motifs: string[];
  /** trim / border colour (gold unless the base is itself gold) */
  accent: string;
  accentLight: string;
  accentDark: string;
  /** a soft, harmonious second fabric colour (blouse, dupatta, lining) */
  companion: string;
  leaf: string;
  isDark: boolean;
  isLight: boolean;
  lum: number;
}

/** Push a colour away from the base until it reads as a motif. */
function readable(c: string, base: string): string {
  const lb = luminance(base);
  let out = c;
  for (let i = 0; i < 4 && colourDistance(out, base) < 70; i++) {
    out = lb > 0.4 ? darken(out, 0.3) : lighten(out, 0.35);
  }
  return out;
}

function makePalette(colours: readonly SeedColour[]): Palette {
  const base = colours[0]?.hex ? toHex(parseHex(colours[0].hex)) : "#8e2a3b";
  const lum = luminance(base);
  const isDark = lum < 0.1;
  const isLight = lum > 0.58;
  const goldBase = isGoldish(base);
  const extras = colours.slice(1).map((c) => readable(toHex(parseHex(c.hex)), base));

  const [bh, bs] = toHsl(base);
  const rgb = parseHex(base);
  // chroma, not HSL saturation: very light colours get a high HSL saturation from tiny tints
  const neutral = (Math.max(...rgb) - Math.min(...rgb)) / 255 < 0.14;
  const tone = isLight
    ? neutral
      ? "#9e3b2c"
      : shiftHue(darken(base, 0.42), 6, 1.5)
    : isDark
      ? mix(shiftHue(base, -6, 0.9), "#fff5e4", 0.62)
      : mix(base, "#fff6ea", 0.58);
  const goldish = goldBase ? (isLight ? "#7a2334" : "#f7ecd4") : readable(GOLD, base);
  const ivoryish = readable(isLight ? mix(base, "#3b1f1a", 0.62) : IVORY, base);

  let motifs: string[];
  if (extras.length === 0) motifs = [tone, goldish, ivoryish];
  else if (extras.length === 1) motifs = [at(extras, 0), goldish, readable(tone, base)];
  else motifs = [...extras, goldish];
  while (motifs.length < 3) motifs.push(ivoryish);

  const accent = goldBase ? (extras[0] ?? (isLight ? "#7a2334" : "#5c1b2b")) : GOLD;
  const companion = extras[0]
    ? mix(at(extras, 0), base, 0.15)
    : isLight
      ? neutral
        ? "#c98b6b"
        : shiftHue(darken(base, 0.22), 18, 1.3)
      : shiftHue(mix(base, "#f3e3c8", 0.45), 14);
  const greenBase = bs > 0.15 && bh > 75 && bh < 175;
  const leaf = greenBase ? readable(mix(base, "#efe6a8", 0.55), base) : readable(isDark ? "#7f9d6c" : "#587a4c", base);

  return {
    base,
    light: lighten(base, 0.3),
    lighter: lighten(base, 0.62),
    dark: darken(base, 0.28),
    deep: darken(base, 0.55),
    line: darken(base, isDark ? 0.55 : 0.48),
    inside: darken(base, 0.42),
    motifs,
    accent,
    accentLight: goldBase ? lighten(accent, 0.4) : GOLD_LIGHT,
    accentDark: goldBase ? darken(accent, 0.35) : GOLD_DARK,
    companion,
    leaf,
    isDark,
    isLight,
    lum,
  };
}

/* ------------------------------------------------------------------ */
/* geometry helpers                                                    */
/* ------------------------------------------------------------------ */

export type Pt = [number, number];

function P(p: Pt): string {
  return `${n(p[0])},${n(p[1])}`;
}

const mir = (p: Pt): Pt => [2 * CX - p[0], p[1]];

/** Cubic segments (Catmull-Rom) through pts, assuming the pen is at pts[0]. */
function through(pts: readonly Pt[], tension = 1): string {
  let d = "";
  for (let i = 0; i < pts.length - 1; i++) {
    const p0 = pts[i - 1] ?? at(pts, i);
    const p1 = at(pts, i);
    const p2 = at(pts, i + 1);
    const p3 = pts[i + 2] ?? p2;
    const c1: Pt = [p1[0] + ((p2[0] - p0[0]) / 6) * tension, p1[1] + ((p2[1] - p0[1]) / 6) * tension];
    const c2: Pt = [p2[0] - ((p3[0] - p1[0]) / 6) * tension, p2[1] - ((p3[1] - p1[1]) / 6) * tension];
    d += ` C${P(c1)} ${P(c2)} ${P(p2)}`;
  }
  return d;
}

function sampleThrough(pts: readonly Pt[], k = 8): Pt[] {
  const out: Pt[] = [at(pts, 0)];
  for (let i = 0; i < pts.length - 1; i++) {
    const p0 = pts[i - 1] ?? at(pts, i);
    const p1 = at(pts, i);
    const p2 = at(pts, i + 1);
    const p3 = pts[i + 2] ?? p2;
    const c1: Pt = [p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6];
    const c2: Pt = [p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6];
    for (let j = 1; j <= k; j++) out.push(cubicAt(p1, c1, c2, p2, j / k));
  }
  return out;
}

export function cubicAt(a: Pt, b: Pt, c: Pt, d: Pt, t: number): Pt {
  const u = 1 - t;
  return [
    u * u * u * a[0] + 3 * u * u * t * b[0] + 3 * u * t * t * c[0] + t * t * t * d[0],
    u * u * u * a[1] + 3 * u * u * t * b[1] + 3 * u * t * t * c[1] + t * t * t * d[1],
  ];
}

function sampleQ(a: Pt, c: Pt, b: Pt, k = 16): Pt[] {
  const out: Pt[] = [];
  for (let i = 0; i <= k; i++) {
    const t = i / k;
    const u = 1 - t;
    out.push([u * u * a[0] + 2 * u * t * c[0] + t * t * b[0], u * u * a[1] + 2 * u * t * c[1] + t * t * b[1]]);
  }
  return out;
}

function sampleLine(a: Pt, b: Pt, k = 6): Pt[] {
  const out: Pt[] = [];
  for (let i = 0; i <= k; i++) out.push([a[0] + ((b[0] - a[0]) * i) / k, a[1] + ((b[1] - a[1]) * i) / k]);
  return out;
}

/** Offset a polyline along its left normal (up, for a line drawn left to right). */
function offsetPts(pts: readonly Pt[], d: number): Pt[] {
  return pts.map((p, i) => {
    const a = pts[i - 1] ?? p;
    const b = pts[i + 1] ?? p;
    const dx = b[0] - a[0];
    const dy = b[1] - a[1];
    const len = Math.hypot(dx, dy) || 1;
    return [p[0] + (dy / len) * d, p[1] - (dx / len) * d];
  });
}

/** Whole-unit point: plenty for long trims and seams, and much shorter markup. */
function Pr(p: Pt): string {
  return `${Math.round(p[0])},${Math.round(p[1])}`;
}

function polyline(pts: readonly Pt[]): string {
  return pts.map((p, i) => (i === 0 ? "M" : "L") + Pr(p)).join("");
}

function bandPath(pts: readonly Pt[], t: number): string {
  const top = offsetPts(pts, t);
  return (
    polyline(pts) +
    top
      .reverse()
      .map((p) => "L" + Pr(p))
      .join("") +
    "Z"
  );
}

/** Evenly spaced stations (point + angle in degrees) along a polyline. */
function stations(pts: readonly Pt[], spacing: number, startAt = spacing / 2): { x: number; y: number; a: number }[] {
  const out: { x: number; y: number; a: number }[] = [];
  let next = startAt;
  let acc = 0;
  for (let i = 0; i < pts.length - 1; i++) {
    const a = at(pts, i);
    const b = at(pts, i + 1);
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
    while (len > 0 && next <= acc + len) {
      const t = (next - acc) / len;
      out.push({
        x: a[0] + (b[0] - a[0]) * t,
        y: a[1] + (b[1] - a[1]) * t,
        a: (Math.atan2(b[1] - a[1], b[0] - a[0]) * 180) / Math.PI,
      });
      next += spacing;
    }
    acc += len;
  }
  return out;
}

/* ------------------------------------------------------------------ */
/* drawing context                                                     */
/* ------------------------------------------------------------------ */

interface Ctx {
  p: string;
  pal: Palette;
  rng: Rng;
  defs: string[];
  uid: number;
  print: PrintKind;
  view: PictureView;
  category: CategorySlug;
  colours: readonly SeedColour[];
  /** url(#...) of the product print */
  printFill: string;
  borderStyle: BorderStyle;
  /** patterns are emitted last, once the final device scale is known */
  pats: PatRec[];
  weave: string;
}

/**
 * librsvg paints a <pattern> with a fast blit only when the final device matrix
 * is exactly an integer translation; any scale (even 0.9999999999) sends cairo to
 * a filtered path that can take seconds per picture. So patterned shapes are
 * never drawn under a scaling transform: garment geometry is scaled numerically
 * (see scaleFragment) and tiles are emitted at device resolution, with their
 * content scaled inside the tile. "fig" patterns are used by the garment,
 * "canvas" ones by the backdrop.
 */
interface PatRec {
  id: string;
  w: number;
  h: number;
  body: string;
  scale: number;
  space: "fig" | "canvas";
}

function pattern(ctx: Ctx, w: number, h: number, body: string, scale = 1, space: "fig" | "canvas" = "fig"): string {
  const id = uid(ctx, "pt");
  ctx.pats.push({ id, w, h, body, scale, space });
  return `url(#${id})`;
}

function emitPatterns(ctx: Ctx, figScale: number, canvasScale: number): string {
  return ctx.pats
    .map((pt) => {
      const k = pt.scale * (pt.space === "fig" ? figScale : canvasScale);
      const dw = Math.max(1, Math.round(pt.w * k));
      const dh = Math.max(1, Math.round(pt.h * k));
      const sx = dw / pt.w;
      const sy = dh / pt.h;
      const body = sx === 1 && sy === 1 ? pt.body : `<g transform="scale(${n4(sx)} ${n4(sy)})">${pt.body}</g>`;
      return `<pattern id="${pt.id}" patternUnits="userSpaceOnUse" width="${dw}" height="${dh}">${body}</pattern>`;
    })
    .join("");
}

function n4(v: number): string {
  return String(Math.round(v * 10000) / 10000);
}

const LENGTH_ATTRS = new Set([
  "x",
  "y",
  "width",
  "height",
  "cx",
  "cy",
  "r",
  "rx",
  "ry",
  "stroke-width",
  "stroke-dasharray",
  "stroke-dashoffset",
  "x1",
  "y1",
  "x2",
  "y2",
]);

function scaleNumbers(v: string, s: number): string {
  return v.replace(/-?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?/gi, (m) => n(parseFloat(m) * s));
}

function scaleTransform(t: string, s: number): string {
  return t.replace(/(translate|rotate|scale)\(([^)]*)\)/g, (whole, fn: string, args: string) => {
    const a = args
      .trim()
      .split(/[\s,]+/)
      .map(Number);
    if (fn === "translate") return `translate(${a.map((v) => n(v * s)).join(" ")})`;
    if (fn === "rotate")
      return a.length === 3 ? `rotate(${a[0] ?? 0} ${n((a[1] ?? 0) * s)} ${n((a[2] ?? 0) * s)})` : whole;
    return whole;
  });
}

/**
 * Uniformly scale a fragment of this module's own markup about the origin,
 * by rewriting geometry numbers (paths, lengths, transform offsets).
 * Only handles what this module emits: absolute/relative path commands without arcs,
 * translate/rotate/scale transforms, and the usual length attributes.
 */
function scaleFragment(svg: string, s: number): string {
  if (s === 1) return svg;
  return svg.replace(/ ([a-z-]+)="([^"]*)"/g, (m, name: string, val: string) => {
    if (name === "d" || name === "points" || LENGTH_ATTRS.has(name)) return ` ${name}="${scaleNumbers(val, s)}"`;
    if (name === "transform") return ` transform="${scaleTransform(val, s)}"`;
    return m;
  });
}

function uid(ctx: Ctx, tag: string): string {
  ctx.uid += 1;
  return `${ctx.p}${tag}${ctx.uid}`;
}

/* ------------------------------------------------------------------ */
/* motifs                                                              */
/* ------------------------------------------------------------------ */

function flowerMotif(
  x: number,
  y: number,
  r: number,
  petals: number,
  fill: string,
  centre: string,
  rot = 0,
  outline?: string,
): string {
  let s = `<g transform="translate(${n(x)} ${n(y)}) rotate(${n(rot)})">`;
  const st = outline ? ` stroke="${outline}" stroke-width="${n(r * 0.07)}"` : "";
  for (let i = 0; i < petals; i++) {
    const a = (360 / petals) * i;
    s += `<ellipse cx="0" cy="${n(-r * 0.52)}" rx="${n(r * 0.3)}" ry="${n(r * 0.48)}" fill="${fill}"${st} transform="rotate(${n(a)})"/>`;
  }
  s += `<circle r="${n(r * 0.26)}" fill="${centre}"/></g>`;
  return s;
}

function leafMotif(x: number, y: number, len: number, angle: number, fill: string, vein?: string): string {
  const w = len * 0.3;
  let s = `<g transform="translate(${n(x)} ${n(y)}) rotate(${n(angle)})"><path d="M0,0 Q${n(len * 0.45)},${n(-w)} ${n(len)},0 Q${n(len * 0.45)},${n(w)} 0,0Z" fill="${fill}"/>`;
  if (vein)
    s += `<path d="M${n(len * 0.1)},0 L${n(len * 0.85)},0" stroke="${vein}" stroke-width="${n(len * 0.05)}" fill="none"/>`;
  return s + "</g>";
}

/** A mango (keri / paisley) outline centred near the origin, about 100 units tall. */
const PAISLEY_D =
  "M0,48 C-34,48 -44,14 -34,-10 C-25,-32 -2,-40 12,-56 C18,-63 18,-72 12,-78 C30,-70 36,-50 32,-30 C40,-8 36,30 20,42 C14,46 7,48 0,48Z";

function paisleyMotif(
  x: number,
  y: number,
  s: number,
  rot: number,
  flip: boolean,
  body: string,
  inner: string,
  dots: string,
): string {
  const tf = `translate(${n(x)} ${n(y)}) rotate(${n(rot)}) scale(${flip ? -s : s} ${n(s)})`;
  let out = `<g transform="${tf}"><path d="${PAISLEY_D}" fill="${body}"/>`;
  out += `<path d="${PAISLEY_D}" fill="${inner}" transform="translate(-2 8) scale(0.62)"/>`;
  out += `<path d="${PAISLEY_D}" fill="${body}" transform="translate(-3 13) scale(0.36)"/>`;
  for (let i = 0; i < 9; i++) {
    const t = (i / 9) * Math.PI * 1.6 + 0.9;
    out += `<circle cx="${n(Math.cos(t) * 46 - 4)}" cy="${n(Math.sin(t) * 42 + 6)}" r="3.4" fill="${dots}"/>`;
  }
  out += `<circle cx="-4" cy="20" r="5" fill="${dots}"/></g>`;
  return out;
}

/** Draw a motif at (x, y) and at any wrapped copies needed for a seamless tile. */
function wrap(w: number, h: number, x: number, y: number, r: number, draw: (x: number, y: number) => string): string {
  let out = "";
  for (const dx of [-w, 0, w]) {
    for (const dy of [-h, 0, h]) {
      const X = x + dx;
      const Y = y + dy;
      if (X + r < 0 || X - r > w || Y + r < 0 || Y - r > h) continue;
      out += draw(X, Y);
    }
  }
  return out;
}

/* ------------------------------------------------------------------ */
/* prints                                                              */
/* ------------------------------------------------------------------ */

interface Tile {
  w: number;
  h: number;
  body: string;
}

function printTile(ctx: Ctx, print: PrintKind, pal: Palette, rng: Rng): Tile {
  const [m0, m1, m2] = [at(pal.motifs, 0), at(pal.motifs, 1), at(pal.motifs, 2)];
  const bg = (w: number, h: number): string => `<rect width="${w}" height="${h}" fill="${pal.base}"/>`;
  switch (print) {
    case "solid": {
      const w = 24;
      let s = bg(w, w);
      for (let y = 0; y < w; y += 3)
        s += `<rect y="${y}" width="${w}" height="1" fill="#fff" fill-opacity="${y % 6 === 0 ? 0.06 : 0.03}"/>`;
      for (let x = 0; x < w; x += 4) s += `<rect x="${x}" width="1" height="${w}" fill="#000" fill-opacity="0.035"/>`;
      s += `<rect x="3" y="7" width="9" height="1.3" fill="#fff" fill-opacity="0.1"/><rect x="14" y="18" width="7" height="1.3" fill="#000" fill-opacity="0.07"/>`;
      return { w, h: w, body: s };
    }
    case "buti": {
      const w = 112;
      const kind = Math.floor(rng() * 3);
      const motif = (x: number, y: number, c: string, c2: string): string => {
        if (kind === 0) return flowerMotif(x, y, 15, 6, c, c2);
        if (kind === 1)
          return (
            flowerMotif(x, y, 14, 4, c, c2, 45) +
            `<circle cx="${x}" cy="${y - 24}" r="2.6" fill="${c2}"/><circle cx="${x}" cy="${y + 24}" r="2.6" fill="${c2}"/>`
          );
        return paisleyMotif(x, y, 0.3, -20, false, c, c2, c2);
      };
      let s = bg(w, w);
      s += wrap(w, w, 28, 28, 30, (x, y) => motif(x, y, m0, m1));
      s += wrap(w, w, 84, 84, 30, (x, y) => motif(x, y, m1, m0));
      s += wrap(w, w, 84, 28, 6, (x, y) => `<circle cx="${x}" cy="${y}" r="2.8" fill="${m2}"/>`);
      s += wrap(w, w, 28, 84, 6, (x, y) => `<circle cx="${x}" cy="${y}" r="2.8" fill="${m2}"/>`);
      return { w, h: w, body: s };
    }
    case "floral": {
      const w = 240;
      const lf = pal.leaf;
      const petalsA = 8;
      const big = (x: number, y: number, r: number, c: string, c2: string, c3: string, rot: number): string =>
        leafMotif(x, y, r * 1.7, rot + 30, lf, darken(lf, 0.25)) +
        leafMotif(x, y, r * 1.5, rot + 150, lf, darken(lf, 0.25)) +
        leafMotif(x, y, r * 1.4, rot + 250, lf, darken(lf, 0.25)) +
        flowerMotif(x, y, r, petalsA, c, c2, rot, darken(c, 0.25)) +
        flowerMotif(x, y, r * 0.55, 5, lighten(c, 0.35), c3, rot + 20);
      let s = bg(w, w);
      s += wrap(w, w, 62, 70, 90, (x, y) => big(x, y, 40, m0, m1, m2, 10));
      s += wrap(w, w, 184, 186, 80, (x, y) => big(x, y, 32, m1, m0, m2, -25));
      s += wrap(
        w,
        w,
        180,
        56,
        30,
        (x, y) =>
          leafMotif(x, y, 26, 200, lf) +
          leafMotif(x, y, 26, 340, lf) +
          `<circle cx="${x}" cy="${y}" r="8" fill="${m2}"/>`,
      );
      s += wrap(
        w,
        w,
        70,
        188,
        30,
        (x, y) =>
          leafMotif(x, y, 24, 20, lf) +
          leafMotif(x, y, 24, 160, lf) +
          `<circle cx="${x}" cy="${y}" r="7" fill="${m0}"/>`,
      );
      for (let i = 0; i < 7; i++) {
        const x = Math.round(rng() * w);
        const y = Math.round(rng() * w);
        s += wrap(w, w, x, y, 5, (X, Y) => `<circle cx="${X}" cy="${Y}" r="3" fill="${m2}" fill-opacity="0.85"/>`);
      }
      return { w, h: w, body: s };
    }
    case "paisley": {
      const w = 176;
      const h = 216;
      let s = bg(w, h);
      s += wrap(w, h, 52, 66, 70, (x, y) => paisleyMotif(x, y, 0.78, -18, false, m0, m1, m2));
      s += wrap(w, h, 140, 174, 70, (x, y) => paisleyMotif(x, y, 0.78, 18, true, m1, m0, m2));
      s += wrap(w, h, 140, 52, 14, (x, y) => flowerMotif(x, y, 10, 5, m2, m0));
      s += wrap(w, h, 48, 166, 14, (x, y) => flowerMotif(x, y, 9, 5, m2, m1));
      return { w, h, body: s };
    }
    case "stripes": {
      const seq: [number, string][] = [
        [30, pal.base],
        [12, m0],
        [5, pal.base],
        [3, m1],
        [5, pal.base],
        [12, m0],
        [30, pal.base],
        [2, m2],
      ];
      const w = seq.reduce((a, [sw]) => a + sw, 0);
      let x = 0;
      let s = "";
      for (const [sw, c] of seq) {
        s += `<rect x="${x}" width="${sw}" height="8" fill="${c}"/>`;
        x += sw;
      }
      s += `<rect width="${w}" height="1" fill="#fff" fill-opacity="0.06"/><rect y="4" width="${w}" height="1" fill="#000" fill-opacity="0.04"/>`;
      return { w, h: 8, body: s };
    }
    case "checks": {
      const w = 132;
      let s = bg(w, w);
      s += `<rect x="0" width="34" height="${w}" fill="${m0}" fill-opacity="0.55"/>`;
      s += `<rect y="0" width="${w}" height="34" fill="${m0}" fill-opacity="0.55"/>`;
      s += `<rect x="80" width="4" height="${w}" fill="${m1}" fill-opacity="0.9"/><rect y="80" width="${w}" height="4" fill="${m1}" fill-opacity="0.9"/>`;
      s += `<rect x="60" width="1.6" height="${w}" fill="${m2}" fill-opacity="0.8"/><rect y="60" width="${w}" height="1.6" fill="${m2}" fill-opacity="0.8"/>`;
      s += `<rect x="104" width="1.6" height="${w}" fill="${m2}" fill-opacity="0.8"/><rect y="104" width="${w}" height="1.6" fill="${m2}" fill-opacity="0.8"/>`;
      for (let y = 0; y < w; y += 4) s += `<rect y="${y}" width="${w}" height="1" fill="#fff" fill-opacity="0.05"/>`;
      return { w, h: w, body: s };
    }
    case "ikat": {
      const w = 180;
      const h = 240;
      const feather = (cx: number, cy: number, hw: number, hh: number, jitter: number): string => {
        let d = "";
        for (let y = -hh; y < hh; y += 6) {
          const half = hw * (1 - Math.abs(y + 3) / hh);
          if (half <= 1) continue;
          const l = cx - half - rng() * jitter + jitter * 0.2;
          const r = cx + half + rng() * jitter - jitter * 0.2;
          d += `M${n(l)},${n(cy + y)}h${n(r - l)}v6h${n(l - r)}Z`;
        }
        return d;
      };
      let s = bg(w, h);
      const outer = feather(90, 120, 64, 104, 16);
      const outerGhost = feather(90, 120, 72, 108, 26);
      const inner = feather(90, 120, 34, 56, 10);
      s += `<path d="${outerGhost}" fill="${m0}" fill-opacity="0.4"/><path d="${outer}" fill="${m0}"/>`;
      s += `<path d="${inner}" fill="${m1}"/><path d="${feather(90, 120, 12, 22, 5)}" fill="${pal.base}"/>`;
      const corner = (cx: number, cy: number): string =>
        `<path d="${feather(cx, cy, 34, 60, 12)}" fill="${m2}"/><path d="${feather(cx, cy, 12, 22, 6)}" fill="${m1}"/>`;
      s += wrap(w, h, 0, 0, 80, corner);
      return { w, h, body: s };
    }
    case "bandhani": {
      const w = 120;
      const light = pal.isLight ? darken(m0, 0.1) : m0;
      const dotC = pal.isLight ? pal.base : darken(m0, 0.45);
      const dot = (x: number, y: number, c: string): string =>
        `<circle cx="${n(x)}" cy="${n(y)}" r="4.4" fill="${c}"/><circle cx="${n(x)}" cy="${n(y)}" r="1.6" fill="${dotC}" fill-opacity="0.75"/>`;
      const cluster = (x: number, y: number, c: string): string => {
        let s = dot(x, y, c);
        for (let i = 0; i < 8; i++) {
          const a = (i / 8) * Math.PI * 2;
          s += dot(x + Math.cos(a) * 13, y + Math.sin(a) * 13, c);
        }
        for (let i = 0; i < 4; i++) {
          const a = (i / 4) * Math.PI * 2 + Math.PI / 4;
          s += dot(x + Math.cos(a) * 25, y + Math.sin(a) * 25, m1);
        }
        return s;
      };
      let s = bg(w, w);
      s += wrap(w, w, 30, 30, 32, (x, y) => cluster(x, y, light));
      s += wrap(w, w, 90, 90, 32, (x, y) => cluster(x, y, light));
      s += wrap(w, w, 90, 30, 6, (x, y) => dot(x, y, m2));
      s += wrap(w, w, 30, 90, 6, (x, y) => dot(x, y, m2));
      return { w, h: w, body: s };
    }
    case "leheriya": {
      // diagonal wavy bands: v runs across the bands, u along them (45 degrees)
      const S = 84;
      const R = Math.SQRT2;
      const period = S / R;
      const amp = 2.6;
      const xy = (u: number, v: number): string => `${n((u + v) / R)},${n((v - u) / R)}`;
      const band = (v0: number, t: number, c: string): string => {
        let d = "";
        for (let m = -1; m <= 2; m++) {
          const base = v0 + m * period;
          const top: string[] = [];
          const bot: string[] = [];
          for (let i = 0; i <= 24; i++) {
            const u = -S / R - 6 + ((S * R + 12) * i) / 24;
            const wv = amp * Math.sin((2 * Math.PI * u) / period);
            top.push(xy(u, base + wv));
            bot.push(xy(u, base + t + wv));
          }
          d += "M" + top.join(" L") + " L" + bot.reverse().join(" L") + "Z";
        }
        return `<path d="${d}" fill="${c}"/>`;
      };
      let s = bg(S, S);
      s += band(4, 12, m0) + band(21, 3.5, m1) + band(29, 2.5, pal.light) + band(37, 10, m2) + band(52, 3, m1);
      return { w: S, h: S, body: s };
    }
    case "chevron": {
      const w = 80;
      const h = 64;
      const band = (y: number, t: number, c: string): string =>
        `<path d="M0,${y} L40,${y - 20} L80,${y} L80,${y + t} L40,${y - 20 + t} L0,${y + t} Z" fill="${c}"/>`;
      let s = bg(w, h);
      s += band(22, 13, m0) + band(44, 5, m1) + band(57, 3, m2);
      return { w, h, body: s };
    }
    case "polka": {
      const w = 72;
      let s = bg(w, w);
      s += wrap(w, w, 18, 18, 10, (x, y) => `<circle cx="${x}" cy="${y}" r="8.5" fill="${m0}"/>`);
      s += wrap(w, w, 54, 54, 10, (x, y) => `<circle cx="${x}" cy="${y}" r="8.5" fill="${m0}"/>`);
      s += wrap(w, w, 54, 18, 4, (x, y) => `<circle cx="${x}" cy="${y}" r="2.4" fill="${m1}"/>`);
      s += wrap(w, w, 18, 54, 4, (x, y) => `<circle cx="${x}" cy="${y}" r="2.4" fill="${m1}"/>`);
      return { w, h: w, body: s };
    }
    case "zari": {
      const w = 120;
      const h = 300;
      const g = goldGradient(ctx, pal);
      let s = bg(w, h);
      s += `<rect y="0" width="${w}" height="58" fill="${g}"/>`;
      s += `<rect y="6" width="${w}" height="2" fill="${pal.accentDark}"/><rect y="50" width="${w}" height="2" fill="${pal.accentDark}"/>`;
      for (const x of [30, 90]) {
        s += `<path d="M${x},14 L${x + 16},29 L${x},44 L${x - 16},29Z" fill="${pal.deep}"/><path d="M${x},20 L${x + 9},29 L${x},38 L${x - 9},29Z" fill="${pal.accentLight}"/>`;
      }
      for (const x of [0, 60, 120]) s += `<circle cx="${x}" cy="29" r="4" fill="${pal.accentDark}"/>`;
      s += `<rect y="62" width="${w}" height="1.5" fill="${pal.accent}"/><rect y="66" width="${w}" height="1.5" fill="${pal.accent}" fill-opacity="0.6"/>`;
      s +=
        flowerMotif(30, 150, 13, 4, pal.accent, pal.accentLight, 45) +
        flowerMotif(90, 230, 13, 4, pal.accent, pal.accentLight, 45);
      s += `<circle cx="90" cy="150" r="2.5" fill="${pal.accent}"/><circle cx="30" cy="230" r="2.5" fill="${pal.accent}"/>`;
      return { w, h, body: s };
    }
  }
}

function goldGradient(ctx: Ctx, pal: Palette, horizontal = false): string {
  const id = uid(ctx, "g");
  const dir = horizontal ? `x1="0" y1="0" x2="1" y2="0"` : `x1="0" y1="0" x2="0" y2="1"`;
  ctx.defs.push(
    `<linearGradient id="${id}" ${dir}><stop offset="0" stop-color="${pal.accentDark}"/><stop offset="0.3" stop-color="${pal.accentLight}"/><stop offset="0.55" stop-color="${pal.accent}"/><stop offset="0.8" stop-color="${mix(pal.accent, pal.accentLight, 0.4)}"/><stop offset="1" stop-color="${pal.accentDark}"/></linearGradient>`,
  );
  return `url(#${id})`;
}

/** Register a print pattern and return its url(#...) fill. */
function printFill(ctx: Ctx, print: PrintKind, pal: Palette, scale: number, rng: Rng = ctx.rng): string {
  const t = printTile(ctx, print, pal, rng);
  return pattern(ctx, t.w, t.h, t.body, scale);
}

/* ------------------------------------------------------------------ */
/* shared paint: shading, texture, fabric pieces                       */
/* ------------------------------------------------------------------ */

function initDefs(ctx: Ctx): void {
  const p = ctx.p;
  ctx.weave = pattern(
    ctx,
    4,
    4,
    `<rect width="4" height="1" fill="#fff" fill-opacity="0.05"/><rect y="2" width="4" height="1" fill="#000" fill-opacity="0.035"/><rect width="1" height="4" fill="#000" fill-opacity="0.03"/>`,
  );
  ctx.defs.push(
    `<linearGradient id="${p}sb" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#1a0c07" stop-opacity="0.3"/><stop offset="0.14" stop-color="#1a0c07" stop-opacity="0.08"/><stop offset="0.38" stop-color="#fff" stop-opacity="0.08"/><stop offset="0.6" stop-color="#fff" stop-opacity="0.02"/><stop offset="0.86" stop-color="#1a0c07" stop-opacity="0.1"/><stop offset="1" stop-color="#1a0c07" stop-opacity="0.32"/></linearGradient>`,
    `<linearGradient id="${p}sv" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0.07"/><stop offset="0.5" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#1a0c07" stop-opacity="0.12"/></linearGradient>`,
    `<linearGradient id="${p}ss" x1="0" y1="0" x2="1" y2="0.2"><stop offset="0" stop-color="#1a0c07" stop-opacity="0.26"/><stop offset="0.45" stop-color="#fff" stop-opacity="0.06"/><stop offset="1" stop-color="#1a0c07" stop-opacity="0.3"/></linearGradient>`,
    `<radialGradient id="${p}fs" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#2a1a12" stop-opacity="0.34"/><stop offset="0.55" stop-color="#2a1a12" stop-opacity="0.14"/><stop offset="1" stop-color="#2a1a12" stop-opacity="0"/></radialGradient>`,
    `<radialGradient id="${p}bead" cx="0.35" cy="0.3" r="0.75"><stop offset="0" stop-color="#fff8e0"/><stop offset="0.35" stop-color="${ctx.pal.accentLight}"/><stop offset="0.75" stop-color="${ctx.pal.accent}"/><stop offset="1" stop-color="${ctx.pal.accentDark}"/></radialGradient>`,
  );
}

type Shade = "body" | "sleeve" | "flat" | "none";

interface FabricOpts {
  fill?: string;
  shade?: Shade;
  folds?: string[];
  inner?: string;
  dim?: number;
  opacity?: number;
  outline?: boolean;
}

/** A soft drape fold: tapered translucent lenses along a quadratic "M x,y Q cx,cy x,y" path. */
function foldSvg(d: string, k = 1): string {
  const v = (d.match(/-?\d*\.?\d+/g) ?? []).map(Number);
  if (v.length === 6 && /^M[^LCQ]*Q[^LCQ]*$/.test(d.trim())) {
    const a: Pt = [v[0] ?? 0, v[1] ?? 0];
    const c: Pt = [v[2] ?? 0, v[3] ?? 0];
    const b: Pt = [v[4] ?? 0, v[5] ?? 0];
    const K = 9;
    const pts = sampleQ(a, c, b, K);
    const unit = offsetPts(pts, 1).map((q, i): Pt => {
      const p = pts[i] ?? q;
      return [q[0] - p[0], q[1] - p[1]];
    });
    const lens = (w: number, dx: number): string => {
      const prof = (t: number): number =>
        w * Math.pow(Math.sin(Math.PI * Math.min(1, t * 1.08)), 0.7) * (0.35 + 0.65 * t) + 0.01;
      const side = (sign: number): string[] =>
        pts.map((p, i) => {
          const u = unit[i] ?? [0, 0];
          const h = (sign * prof(i / K)) / 2;
          return `${Math.round(p[0] + u[0] * h + dx)},${Math.round(p[1] + u[1] * h)}`;
        });
      return "M" + side(1).join(" L") + " L" + side(-1).reverse().join(" L") + "Z";
    };
    return (
      `<path d="${lens(46, 0)}" fill="#1a0c07" fill-opacity="${opa(0.06 * k)}"/>` +
      `<path d="${lens(16, 0)}" fill="#1a0c07" fill-opacity="${opa(0.09 * k)}"/>` +
      `<path d="${lens(22, 18)}" fill="#fff" fill-opacity="${opa(0.06 * k)}"/>`
    );
  }
  return (
    `<path d="${d}" fill="none" stroke="#1a0c07" stroke-opacity="${opa(0.07 * k)}" stroke-width="30" stroke-linecap="round"/>` +
    `<path d="${d}" fill="none" stroke="#1a0c07" stroke-opacity="${opa(0.1 * k)}" stroke-width="10" stroke-linecap="round"/>` +
    `<path d="${d}" fill="none" stroke="#fff" stroke-opacity="${opa(0.12 * k)}" stroke-width="6" stroke-linecap="round" transform="translate(10 0)"/>`
  );
}

function fabric(ctx: Ctx, d: string, o: FabricOpts = {}): string {
  const fill = o.fill ?? ctx.printFill;
  const op = o.opacity !== undefined ? ` opacity="${opa(o.opacity)}"` : "";
  let s = `<g${op}><path d="${d}" fill="${fill}"/><path d="${d}" fill="${ctx.weave}"/>`;
  let clip = "";
  const needClip = (o.inner ?? "") !== "" || (o.folds?.length ?? 0) > 0;
  if (needClip) {
    clip = uid(ctx, "c");
    s += `<clipPath id="${clip}"><path d="${d}"/></clipPath>`;
  }
  if (o.inner) s += `<g clip-path="url(#${clip})">${o.inner}</g>`;
  const shade = o.shade ?? "body";
  if (shade === "body") s += `<path d="${d}" fill="url(#${ctx.p}sb)"/><path d="${d}" fill="url(#${ctx.p}sv)"/>`;
  else if (shade === "sleeve") s += `<path d="${d}" fill="url(#${ctx.p}ss)"/>`;
  else if (shade === "flat") s += `<path d="${d}" fill="url(#${ctx.p}sv)"/>`;
  if (o.dim) s += `<path d="${d}" fill="#160b08" fill-opacity="${opa(o.dim)}"/>`;
  if (o.folds && o.folds.length > 0) s += `<g clip-path="url(#${clip})">${o.folds.map((f) => foldSvg(f)).join("")}</g>`;
  if (o.outline !== false)
    s += `<path d="${d}" fill="none" stroke="${ctx.pal.line}" stroke-opacity="0.55" stroke-width="2.2" stroke-linejoin="round"/>`;
  return s + "</g>";
}

/** A soft shadow from stacked translucent strokes: much cheaper than a blur filter in librsvg. */
function softShadow(d: string, k = 1): string {
  const c = "#3a2418";
  return (
    `<path d="${d}" fill="none" stroke="${c}" stroke-opacity="${opa(0.022 * k)}" stroke-width="44" stroke-linejoin="round"/>` +
    `<path d="${d}" fill="none" stroke="${c}" stroke-opacity="${opa(0.03 * k)}" stroke-width="24" stroke-linejoin="round"/>` +
    `<path d="${d}" fill="${c}" fill-opacity="${opa(0.06 * k)}" stroke="${c}" stroke-opacity="${opa(0.035 * k)}" stroke-width="8" stroke-linejoin="round"/>`
  );
}

/** The shadow a sleeve casts on the body beside it. */
function sleeveShadow(d: string, i: number): string {
  return `<path d="${d}" fill="#160b08" fill-opacity="0.16" transform="translate(${i === 0 ? 9 : -9} 6)"/>`;
}

function stitch(d: string, colour: string, opacity = 0.75, w = 2, dash = "7 6"): string {
  return `<path d="${d}" fill="none" stroke="${colour}" stroke-opacity="${opa(opacity)}" stroke-width="${n(w)}" stroke-dasharray="${dash}" stroke-linecap="round"/>`;
}

/* ------------------------------------------------------------------ */
/* borders, trims, tassels, buttons                                    */
/* ------------------------------------------------------------------ */

type BorderStyle = "zari" | "temple" | "floral" | "piping";

function border(
  ctx: Ctx,
  pts: readonly Pt[],
  t: number,
  style: BorderStyle = ctx.borderStyle,
  colour?: string,
): string {
  const pal = ctx.pal;
  if (style === "piping") {
    const c = colour ?? at(pal.motifs, 0);
    return (
      `<path d="${bandPath(pts, t)}" fill="${c}"/>` +
      `<path d="${polyline(offsetPts(pts, t * 0.7))}" fill="none" stroke="#fff" stroke-opacity="0.3" stroke-width="${n(Math.max(1, t * 0.2))}"/>`
    );
  }
  if (style === "floral") {
    const bandC = colour ?? (pal.isDark ? mix(pal.base, "#000", 0.35) : pal.deep);
    let s = `<path d="${bandPath(pts, t)}" fill="${bandC}"/>`;
    s += stitch(
      polyline(offsetPts(pts, t * 0.12)),
      pal.accentLight,
      0.9,
      Math.max(1.2, t * 0.05),
      `${n(t * 0.16)} ${n(t * 0.1)}`,
    );
    s += stitch(
      polyline(offsetPts(pts, t * 0.88)),
      pal.accentLight,
      0.9,
      Math.max(1.2, t * 0.05),
      `${n(t * 0.16)} ${n(t * 0.1)}`,
    );
    const mid = offsetPts(pts, t / 2);
    let i = 0;
    for (const st of stations(mid, t * 0.95)) {
      s +=
        i % 2 === 0
          ? flowerMotif(st.x, st.y, t * 0.28, 6, pal.accent, at(pal.motifs, 0), st.a)
          : leafMotif(st.x - t * 0.2, st.y, t * 0.22, st.a - 30, pal.leaf) +
            leafMotif(st.x + t * 0.2, st.y, t * 0.22, st.a + 210, pal.leaf);
      i++;
    }
    return s;
  }
  const g = goldGradient(ctx, pal);
  if (style === "temple") {
    const bandT = t * 0.58;
    let s = `<path d="${bandPath(pts, bandT)}" fill="${g}"/>`;
    const edge = offsetPts(pts, bandT - 1);
    const tip = offsetPts(pts, t);
    const base = stations(edge, t * 0.5, t * 0.25);
    const tips = stations(tip, t * 0.5, t * 0.25);
    let d = "";
    base.forEach((b, i) => {
      const tp = tips[i];
      if (!tp) return;
      const rad = (b.a * Math.PI) / 180;
      const hx = Math.cos(rad) * t * 0.22;
      const hy = Math.sin(rad) * t * 0.22;
      d += `M${n(b.x - hx)},${n(b.y - hy)} L${n(tp.x)},${n(tp.y)} L${n(b.x + hx)},${n(b.y + hy)}Z`;
    });
    s += `<path d="${d}" fill="${g}" stroke="${pal.accentDark}" stroke-width="1" stroke-opacity="0.6"/>`;
    s += `<path d="${polyline(offsetPts(pts, 3))}" fill="none" stroke="${pal.accentDark}" stroke-width="1.6"/>`;
    s += `<path d="${polyline(offsetPts(pts, bandT * 0.5))}" fill="none" stroke="${pal.deep}" stroke-width="${n(t * 0.08)}" stroke-dasharray="${n(t * 0.06)} ${n(t * 0.12)}" stroke-linecap="round"/>`;
    return s;
  }
  // zari
  let s = `<path d="${bandPath(pts, t)}" fill="${g}"/>`;
  s += `<path d="${polyline(offsetPts(pts, 3))}" fill="none" stroke="${pal.accentDark}" stroke-width="1.8"/>`;
  s += `<path d="${polyline(offsetPts(pts, t - 3))}" fill="none" stroke="${pal.accentDark}" stroke-width="1.8"/>`;
  if (t >= 30)
    s += `<path d="${polyline(offsetPts(pts, t * 0.2))}${polyline(offsetPts(pts, t * 0.8))}" fill="none" stroke="${pal.accentDark}" stroke-opacity="0.7" stroke-width="1"/>`;
  const mid = offsetPts(pts, t / 2);
  let diamonds = "";
  const r = t * 0.2;
  const sp = t * 0.62;
  stations(mid, sp * 2, sp / 2).forEach((st) => {
    const a = (st.a * Math.PI) / 180;
    const [cx, sx] = [Math.cos(a) * r, Math.sin(a) * r];
    diamonds += `M${n(st.x + sx)},${n(st.y - cx)} L${n(st.x + cx)},${n(st.y + sx)} L${n(st.x - sx)},${n(st.y + cx)} L${n(st.x - cx)},${n(st.y - sx)}Z`;
  });
  // the dots between the diamonds: a dotted stroke (zero-length dashes with round caps)
  s += `<path d="${polyline(mid)}" fill="none" stroke="${pal.accentDark}" stroke-width="${n(t * 0.15)}" stroke-linecap="round" stroke-dasharray="0 ${n(sp * 2)}" stroke-dashoffset="${n(sp * 2 - sp * 1.5)}"/>`;
  return s + `<path d="${diamonds}" fill="${pal.deep}"/>`;
}

function tassel(ctx: Ctx, x: number, y: number, len: number, colour?: string, sway = 0): string {
  const pal = ctx.pal;
  const c = colour ?? at(pal.motifs, 0);
  const bx = x + sway * 0.5;
  const by = y + len * 0.42;
  const capTop = y + len * 0.5;
  const capBot = y + len * 0.62;
  const tx = x + sway;
  let s = `<path d="M${n(x)},${n(y)} Q${n(x + sway * 0.2)},${n(y + len * 0.25)} ${n(bx)},${n(by)}" fill="none" stroke="${pal.accentDark}" stroke-width="${n(len * 0.018 + 1)}"/>`;
  s += `<circle cx="${n(bx)}" cy="${n(by)}" r="${n(len * 0.06)}" fill="url(#${ctx.p}bead)"/>`;
  const cw = len * 0.05;
  s += `<path d="M${n(tx - cw * 0.6)},${n(capTop)} L${n(tx + cw * 0.6)},${n(capTop)} L${n(tx + cw)},${n(capBot)} L${n(tx - cw)},${n(capBot)}Z" fill="url(#${ctx.p}bead)"/>`;
  let strands = "";
  let dark = "";
  for (let i = -4; i <= 4; i++) {
    const sx = tx + i * cw * 0.22;
    const ex = tx + i * cw * 0.36 + sway * 0.15;
    const seg = `M${n(sx)},${n(capBot)} L${n(ex)},${n(y + len)}`;
    if (i % 2 === 0) strands += seg;
    else dark += seg;
  }
  s += `<path d="${strands}" stroke="${c}" stroke-width="${n(cw * 0.32)}" stroke-linecap="round" fill="none"/>`;
  s += `<path d="${dark}" stroke="${darken(c, 0.3)}" stroke-width="${n(cw * 0.28)}" stroke-linecap="round" fill="none"/>`;
  s += `<rect x="${n(tx - cw)}" y="${n(capBot)}" width="${n(cw * 2)}" height="${n(len * 0.025)}" fill="${pal.accentDark}"/>`;
  return s;
}

function button(ctx: Ctx, x: number, y: number, r: number, colour?: string): string {
  if (colour) {
    return (
      `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="${colour}" stroke="${darken(colour, 0.35)}" stroke-width="1.2"/><circle cx="${n(x - r * 0.3)}" cy="${n(y - r * 0.3)}" r="${n(r * 0.3)}" fill="#fff" fill-opacity="0.45"/>` +
      `<circle cx="${n(x - r * 0.28)}" cy="${n(y)}" r="${n(r * 0.13)}" fill="${darken(colour, 0.5)}"/><circle cx="${n(x + r * 0.28)}" cy="${n(y)}" r="${n(r * 0.13)}" fill="${darken(colour, 0.5)}"/>`
    );
  }
  return `<circle cx="${n(x)}" cy="${n(y + r * 0.25)}" r="${n(r)}" fill="#1a0c07" fill-opacity="0.25"/><circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="url(#${ctx.p}bead)" stroke="${ctx.pal.accentDark}" stroke-width="1"/>`;
}

/* ------------------------------------------------------------------ */
/* garment geometry                                                    */
/* ------------------------------------------------------------------ */

type SleeveKind = "none" | "cap" | "short" | "puff" | "elbow" | "threeq" | "long";
type NeckKind =
  "round" | "v" | "mandarin" | "keyhole" | "sweetheart" | "boat" | "square" | "collar" | "back" | "backDeep";

const NECK_Y = 242;
const ARM_Y = 470;

type Seg = [Pt, Pt, Pt];

function segsPath(segs: readonly Seg[]): string {
  return segs.map(([a, b, c]) => ` C${P(a)} ${P(b)} ${P(c)}`).join("");
}

function segsSample(start: Pt, segs: readonly Seg[], k = 10): Pt[] {
  const out: Pt[] = [start];
  let cur = start;
  for (const [a, b, c] of segs) {
    for (let i = 1; i <= k; i++) out.push(cubicAt(cur, a, b, c, i / k));
    cur = c;
  }
  return out;
}

const NECK_DEPTH: Record<NeckKind, number> = {
  round: 62,
  v: 150,
  mandarin: 40,
  keyhole: 56,
  sweetheart: 78,
  boat: 26,
  square: 74,
  collar: 46,
  back: 20,
  backDeep: 220,
};

/** Neckline from the right neck point to the left one. */
function neckSegs(kind: NeckKind, nh: number): Seg[] {
  const y = NECK_Y;
  const D = NECK_DEPTH[kind];
  const yd = y + D;
  switch (kind) {
    case "v":
      return [
        [
          [CX + nh * 0.8, y + D * 0.3],
          [CX + nh * 0.2, y + D * 0.78],
          [CX, yd],
        ],
        [
          [CX - nh * 0.2, y + D * 0.78],
          [CX - nh * 0.8, y + D * 0.3],
          [CX - nh, y],
        ],
      ];
    case "square":
      return [
        [
          [CX + nh, y + D * 0.5],
          [CX + nh * 0.96, yd],
          [CX + nh * 0.7, yd],
        ],
        [
          [CX + nh * 0.3, yd],
          [CX - nh * 0.3, yd],
          [CX - nh * 0.7, yd],
        ],
        [
          [CX - nh * 0.96, yd],
          [CX - nh, y + D * 0.5],
          [CX - nh, y],
        ],
      ];
    case "sweetheart":
      return [
        [
          [CX + nh * 1.02, y + D * 0.7],
          [CX + nh * 0.78, yd],
          [CX + nh * 0.42, yd],
        ],
        [
          [CX + nh * 0.2, yd],
          [CX + 5, yd - 6],
          [CX, yd - 18],
        ],
        [
          [CX - 5, yd - 6],
          [CX - nh * 0.2, yd],
          [CX - nh * 0.42, yd],
        ],
        [
          [CX - nh * 0.78, yd],
          [CX - nh * 1.02, y + D * 0.7],
          [CX - nh, y],
        ],
      ];
    case "backDeep":
      return [
        [
          [CX + nh * 1.05, y + D * 0.55],
          [CX + nh * 0.75, yd],
          [CX, yd],
        ],
        [
          [CX - nh * 0.75, yd],
          [CX - nh * 1.05, y + D * 0.55],
          [CX - nh, y],
        ],
      ];
    default:
      return [
        [
          [CX + nh * 0.95, y + D * 0.8],
          [CX + nh * 0.5, yd],
          [CX, yd],
        ],
        [
          [CX - nh * 0.5, yd],
          [CX - nh * 0.95, y + D * 0.8],
          [CX - nh, y],
        ],
      ];
  }
}

interface TopSpec {
  neckHalf: number;
  shoulderHalf: number;
  chestHalf: number;
  waistHalf: number;
  hemHalf: number;
  hemY: number;
  waistY: number;
  hemDip: number;
  slit: number;
  sleeve: SleeveKind;
  neck: NeckKind;
  shirtTail?: boolean;
}

interface TopGeo {
  body: string;
  backPanel: string | null;
  inside: string;
  sleeves: string[];
  sleeveHems: Pt[][];
  hem: Pt[];
  neckPts: Pt[];
  neckDepth: number;
  slitTops: Pt[];
  hemCorners: [Pt, Pt];
  bottom: number;
  sleeveOuter: number;
}

interface SleeveGeo {
  d: string;
  hem: Pt[];
  outerX: number;
  hemY: number;
}

function sleeveGeo(kind: SleeveKind, S: Pt, U: Pt, m: (p: Pt) => Pt): SleeveGeo | null {
  if (kind === "none") return null;
  const spec: Record<Exclude<SleeveKind, "none">, [number, number]> = {
    cap: [S[1] + 92, 0],
    short: [432, 0],
    puff: [424, 0],
    elbow: [606, 114],
    threeq: [716, 104],
    long: [820, 90],
  };
  const [hemY, w] = spec[kind];
  const ox =
    kind === "short" || kind === "puff" ? S[0] - 58 : kind === "cap" ? S[0] - 36 : S[0] - 26 - (hemY - S[1]) * 0.19;
  const O: Pt = [ox, hemY];
  let d = `M${P(m(S))}`;
  if (kind === "puff") d += ` C${P(m([S[0] - 84, S[1] + 4]))} ${P(m([ox - 50, hemY - 70]))} ${P(m(O))}`;
  else d += ` C${P(m([S[0] - 26, S[1] + 40]))} ${P(m([ox + 4, hemY - (hemY - S[1]) * 0.45]))} ${P(m(O))}`;
  let hem: Pt[];
  if (w === 0) {
    const c: Pt = [(O[0] + U[0]) / 2 + 4, (O[1] + U[1]) / 2 + 12];
    d += ` Q${P(m(c))} ${P(m(U))}`;
    hem = sampleQ(O, c, U, 10);
  } else {
    const I: Pt = [ox + w, hemY + 12];
    const c: Pt = [ox + w / 2, hemY + 14];
    d += ` Q${P(m(c))} ${P(m(I))}`;
    d += ` C${P(m([I[0] + 4, I[1] - (I[1] - U[1]) * 0.45]))} ${P(m([U[0] - 6, U[1] + 40]))} ${P(m(U))}`;
    hem = sampleQ(O, c, I, 10);
  }
  d += ` C${P(m([U[0] + 4, U[1] - 90]))} ${P(m([S[0] + 18, S[1] + 50]))} ${P(m(S))} Z`;
  const mh = hem.map(m);
  return { d, hem: m === mir ? mh.reverse() : mh, outerX: ox, hemY };
}

function topGeo(s: TopSpec): TopGeo {
  const nh = s.neckHalf;
  const nL: Pt = [CX - nh, NECK_Y];
  const sL: Pt = [CX - s.shoulderHalf, NECK_Y + (s.shoulderHalf - nh) * 0.34];
  const shC: Pt = [(sL[0] + nL[0]) / 2, (sL[1] + nL[1]) / 2 - 5];
  const uL: Pt = [CX - s.chestHalf - 4, ARM_Y];
  const hemY = s.hemY;
  const tailLift = s.shirtTail ? 74 : 0;
  const endY = s.slit > 0 ? hemY - s.slit : hemY - tailLift;
  const halfAt = (y: number): number => {
    if (y <= s.waistY)
      return s.chestHalf + (s.waistHalf - s.chestHalf) * clamp((y - ARM_Y) / Math.max(1, s.waistY - ARM_Y), 0, 1);
    return s.waistHalf + (s.hemHalf - s.waistHalf) * clamp((y - s.waistY) / Math.max(1, hemY - s.waistY), 0, 1);
  };
  const cands: Pt[] = [
    [CX - s.chestHalf, ARM_Y + 60],
    [CX - s.waistHalf, s.waistY],
    [CX - halfAt(s.waistY + (endY - s.waistY) * 0.55), s.waistY + (endY - s.waistY) * 0.55],
  ];
  const side: Pt[] = [uL, ...cands.filter((p) => p[1] > ARM_Y + 30 && p[1] < endY - 50), [CX - halfAt(endY), endY]];
  const sideR = side.map(mir).reverse();
  const endL = at(side, side.length - 1);
  const endR = mir(endL);

  let d = `M${P(nL)} Q${P(shC)} ${P(sL)} C${P([sL[0] + 4, sL[1] + 70])} ${P([uL[0] - 2, uL[1] - 80])} ${P(uL)}`;
  d += through(side);
  let hem: Pt[];
  let hemL: Pt;
  let hemR: Pt;
  if (s.shirtTail) {
    const hh = s.hemHalf;
    hemL = [CX - hh + 70, hemY + 6];
    hemR = [CX + hh - 70, hemY + 6];
    d += ` Q${P([CX - hh + 8, hemY + 2])} ${P(hemL)} Q${P([CX, hemY + 14])} ${P(hemR)} Q${P([CX + hh - 8, hemY + 2])} ${P(endR)}`;
    hem = [
      ...sampleQ(endL, [CX - hh + 8, hemY + 2], hemL, 6),
      ...sampleQ(hemL, [CX, hemY + 14], hemR, 12).slice(1),
      ...sampleQ(hemR, [CX + hh - 8, hemY + 2], endR, 6).slice(1),
    ];
  } else {
    hemL = s.slit > 0 ? [CX - s.hemHalf + 8, hemY] : endL;
    hemR = mir(hemL);
    const c: Pt = [CX, hemY + s.hemDip * 2];
    if (s.slit > 0) d += ` L${P(hemL)}`;
    d += ` Q${P(c)} ${P(hemR)}`;
    if (s.slit > 0) d += ` L${P(endR)}`;
    hem = sampleQ(hemL, c, hemR, 20);
  }
  d += through(sideR);
  d += ` C${P(mir([uL[0] - 2, uL[1] - 80]))} ${P(mir([sL[0] + 4, sL[1] + 70]))} ${P(mir(sL))} Q${P(mir(shC))} ${P(mir(nL))}`;
  const segs = neckSegs(s.neck, nh);
  d += segsPath(segs) + " Z";

  let backPanel: string | null = null;
  if (s.slit > 0) {
    backPanel = `M${P(endL)} L${P([CX - s.hemHalf - 30, hemY - 8])} Q${P([CX, hemY + s.hemDip * 2 - 6])} ${P([CX + s.hemHalf + 30, hemY - 8])} L${P(endR)} Z`;
  }
  const depth = NECK_DEPTH[s.neck];
  const inside = `M${P(nL)} C${P([CX - nh * 0.6, NECK_Y - 22])} ${P([CX + nh * 0.6, NECK_Y - 22])} ${P(mir(nL))} L${P([CX + nh, NECK_Y + depth + 20])} L${P([CX - nh, NECK_Y + depth + 20])} Z`;

  const sl = sleeveGeo(s.sleeve, sL, uL, (p) => p);
  const sr = sleeveGeo(s.sleeve, sL, uL, mir);
  const sleeves = sl && sr ? [sl.d, sr.d] : [];
  const sleeveHems = sl && sr ? [sl.hem, sr.hem] : [];
  return {
    body: d,
    backPanel,
    inside,
    sleeves,
    sleeveHems,
    hem,
    neckPts: segsSample(mir(nL), segs, 10),
    neckDepth: depth,
    slitTops: s.slit > 0 ? [endL, endR] : [],
    hemCorners: [hemL, hemR],
    bottom: hemY + s.hemDip + 10,
    sleeveOuter: sl ? sl.outerX : sL[0],
  };
}

interface PantsSpec {
  waistY: number;
  waistHalf: number;
  hemY: number;
  outerHem: number;
  innerHem: number;
  crotchY: number;
}

function pantsGeo(s: PantsSpec): { legs: string[]; hems: Pt[][]; folds: string[][] } {
  const legs: string[] = [];
  const hems: Pt[][] = [];
  const folds: string[][] = [];
  for (const m of [(p: Pt): Pt => p, mir]) {
    const W: Pt = [CX - s.waistHalf, s.waistY];
    const O: Pt = [CX - s.outerHem, s.hemY];
    const I: Pt = [CX - s.innerHem, s.hemY + 4];
    const C: Pt = [CX - 2, s.crotchY];
    const hc: Pt = [(O[0] + I[0]) / 2, s.hemY + 12];
    const H: Pt = [CX - s.waistHalf - 24, s.waistY + 230];
    let d = `M${P(m(W))} C${P(m([W[0] - 10, W[1] + 90]))} ${P(m([H[0], H[1] - 90]))} ${P(m(H))} C${P(m([H[0], H[1] + 260]))} ${P(m([O[0] + 6, O[1] - 380]))} ${P(m(O))}`;
    d += ` Q${P(m(hc))} ${P(m(I))}`;
    d += ` C${P(m([I[0] + 4, I[1] - 300]))} ${P(m([C[0] - 2, C[1] + 120]))} ${P(m(C))} L${P(m([CX, s.waistY]))} Z`;
    legs.push(d);
    const h = sampleQ(O, hc, I, 12).map(m);
    hems.push(m === mir ? h.reverse() : h);
    const fl: string[] = [];
    const span = s.outerHem - s.innerHem;
    for (const f of [0.3, 0.62]) {
      const hx = CX - s.innerHem - span * f;
      const wx = CX - s.waistHalf * (0.25 + f * 0.6);
      fl.push(
        `M${P(m([wx, s.waistY + 120]))} Q${P(m([(wx + hx) / 2 - 6, (s.waistY + s.hemY) / 2]))} ${P(m([hx, s.hemY - 10]))}`,
      );
    }
    folds.push(fl);
  }
  return { legs, hems, folds };
}

function skirtGeo(
  waistY: number,
  waistHalf: number,
  hemY: number,
  hemHalf: number,
  k: number,
  amp: number,
): { d: string; hem: Pt[]; smooth: Pt[]; folds: string[]; junctions: Pt[] } {
  const L: Pt = [CX - hemHalf, hemY - 18];
  let d = `M${P([CX - waistHalf, waistY])} C${P([CX - waistHalf - 30, waistY + (hemY - waistY) * 0.3])} ${P([CX - hemHalf + 40, hemY - (hemY - waistY) * 0.38])} ${P(L)}`;
  const step = (2 * hemHalf) / k;
  const yAt = (x: number): number => hemY - 18 + 36 * (1 - Math.pow((x - CX) / hemHalf, 2));
  const hem: Pt[] = [L];
  const junctions: Pt[] = [];
  for (let i = 0; i < k; i++) {
    const x0 = CX - hemHalf + i * step;
    const x1 = x0 + step;
    const c: Pt = [(x0 + x1) / 2, yAt((x0 + x1) / 2) + amp];
    const e: Pt = [x1, yAt(x1)];
    d += ` Q${P(c)} ${P(e)}`;
    hem.push(...sampleQ([x0, yAt(x0)], c, e, 6).slice(1));
    if (i < k - 1) junctions.push(e);
  }
  d += ` C${P([CX + hemHalf - 40, hemY - (hemY - waistY) * 0.38])} ${P([CX + waistHalf + 30, waistY + (hemY - waistY) * 0.3])} ${P([CX + waistHalf, waistY])} Z`;
  const folds = junctions.map((j, i) => {
    const wx = CX - waistHalf + (2 * waistHalf * (i + 1)) / k;
    return `M${P([wx, waistY + 30])} Q${P([(wx + j[0]) / 2 + (j[0] - CX) * 0.05, (waistY + j[1]) / 2])} ${P([j[0], j[1] - 8])}`;
  });
  const smooth: Pt[] = [];
  for (let i = 0; i <= 24; i++) {
    const x = CX - hemHalf - 20 + ((2 * hemHalf + 40) * i) / 24;
    smooth.push([x, yAt(clamp(x, CX - hemHalf, CX + hemHalf))]);
  }
  return { d, hem, smooth, folds, junctions };
}

function ribbonAlong(centre: readonly Pt[], half: number): { d: string; a: Pt[]; b: Pt[] } {
  const pts = sampleThrough(centre, 8);
  const a = offsetPts(pts, half);
  const b = offsetPts(pts, -half);
  const d =
    polyline(a) +
    [...b]
      .reverse()
      .map((p) => "L" + Pr(p))
      .join("") +
    "Z";
  return { d, a, b };
}

/* ------------------------------------------------------------------ */
/* category drawings (design space: the 1200 x 1600 canvas)            */
/* ------------------------------------------------------------------ */

type Box = [number, number, number, number];

interface Drawn {
  svg: string;
  box: Box;
  /** paths for the soft wall shadow */
  sil: string[];
  flatLay?: boolean;
}

interface Style {
  neckA: NeckKind;
  neckB: NeckKind;
  backDeep: boolean;
  sleeveA: SleeveKind;
  sleeveB: SleeveKind;
  border: BorderStyle;
  hemBorder: boolean;
  palazzo: boolean;
  necklace: boolean;
  v: number;
}

function chooseStyle(print: PrintKind, rng: Rng): Style {
  return {
    neckA: pick(rng, ["mandarin", "v", "keyhole", "round"] as const),
    neckB: pick(rng, ["v", "sweetheart", "square", "round"] as const),
    backDeep: rng() < 0.55,
    sleeveA: pick(rng, ["threeq", "threeq", "elbow"] as const),
    sleeveB: pick(rng, ["puff", "short", "elbow"] as const),
    border: print === "zari" ? "zari" : pick(rng, ["zari", "temple", "floral", "zari"] as const),
    hemBorder: rng() < 0.8,
    palazzo: rng() < 0.6,
    necklace: rng() < 0.5,
    v: rng(),
  };
}

function insideNeck(ctx: Ctx, d: string): string {
  return `<path d="${d}" fill="${ctx.pal.inside}"/><path d="${d}" fill="#160b08" fill-opacity="0.25"/>`;
}

/** A tie-up dori across a deep back neck, with two tasselled tails. */
function backDori(ctx: Ctx, nh: number, y: number, len: number): string {
  const pal = ctx.pal;
  const c = pal.accentDark;
  let s = `<path d="M${n(CX - nh + 4)},${n(y - 18)} Q${n(CX - nh * 0.45)},${n(y + 16)} ${CX},${n(y + 10)} Q${n(CX + nh * 0.45)},${n(y + 16)} ${n(CX + nh - 4)},${n(y - 18)}" fill="none" stroke="${c}" stroke-width="4"/>`;
  s += `<ellipse cx="${CX - 16}" cy="${n(y + 6)}" rx="16" ry="8" fill="none" stroke="${c}" stroke-width="4" transform="rotate(-20 ${CX - 16} ${n(y + 6)})"/>`;
  s += `<ellipse cx="${CX + 16}" cy="${n(y + 6)}" rx="16" ry="8" fill="none" stroke="${c}" stroke-width="4" transform="rotate(20 ${CX + 16} ${n(y + 6)})"/>`;
  s +=
    tassel(ctx, CX - 4, y + 10, len, at(pal.motifs, 0), -22) +
    tassel(ctx, CX + 4, y + 10, len * 0.88, at(pal.motifs, 1), 18);
  return s;
}

function neckEmbroidery(ctx: Ctx, depth: number): string {
  const pal = ctx.pal;
  let s = "";
  for (let i = 0; i < 9; i++) {
    const a = Math.PI * (0.12 + (0.76 * i) / 8);
    const x = CX + Math.cos(a) * 96;
    const y = NECK_Y + depth * 0.35 + Math.sin(a) * (depth + 34);
    s += flowerMotif(x, y, i % 2 === 0 ? 10 : 7, 5, pal.accent, at(pal.motifs, 0), i * 17);
  }
  return s;
}

function drawTunic(ctx: Ctx, st: Style, short: boolean): Drawn {
  const pal = ctx.pal;
  const back = ctx.view === "back";
  const neck: NeckKind = back ? (st.backDeep ? "backDeep" : "back") : st.neckA;
  const spec: TopSpec = short
    ? {
        neckHalf: 54,
        shoulderHalf: 168,
        chestHalf: 136,
        waistHalf: 128,
        hemHalf: 184,
        hemY: 900,
        waistY: 640,
        hemDip: 8,
        slit: 150,
        sleeve: st.sleeveA,
        neck,
      }
    : {
        neckHalf: 54,
        shoulderHalf: 172,
        chestHalf: 138,
        waistHalf: 130,
        hemHalf: 174,
        hemY: 1330,
        waistY: 700,
        hemDip: 8,
        slit: 330,
        sleeve: "threeq",
        neck,
      };
  const g = topGeo(spec);
  const bt = short ? 34 : 46;
  let s = "";
  if (g.backPanel) {
    const bh = sampleQ(
      [CX - spec.hemHalf - 30, spec.hemY - 8],
      [CX, spec.hemY + spec.hemDip * 2 - 6],
      [CX + spec.hemHalf + 30, spec.hemY - 8],
      20,
    );
    const [eL, eR] = [at(g.slitTops, 0), at(g.slitTops, 1)];
    const shadowEdge = `M${P(eL)} L${P(g.hemCorners[0])} M${P(eR)} L${P(g.hemCorners[1])}`;
    s += fabric(ctx, g.backPanel, {
      dim: 0.3,
      shade: "flat",
      inner:
        (st.hemBorder ? border(ctx, bh, bt) : "") +
        `<path d="${shadowEdge}" stroke="#160b08" stroke-opacity="0.25" stroke-width="22"/>`,
    });
  }
  s += insideNeck(ctx, g.inside);
  let inner = "";
  if (st.hemBorder) inner += border(ctx, g.hem, bt) + stitch(polyline(offsetPts(g.hem, bt + 12)), pal.accent, 0.8);
  else inner += stitch(polyline(offsetPts(g.hem, 16)), pal.line, 0.5);
  if (g.slitTops.length === 2) {
    inner += border(ctx, sampleLine(at(g.slitTops, 0), g.hemCorners[0], 6), 7, "piping", pal.accent);
    inner += border(ctx, sampleLine(g.hemCorners[1], at(g.slitTops, 1), 6), 7, "piping", pal.accent);
  }
  const slitBeads = g.slitTops
    .map((t) => `<circle cx="${n(t[0] + (t[0] < CX ? 5 : -5))}" cy="${n(t[1] + 2)}" r="7" fill="url(#${ctx.p}bead)"/>`)
    .join("");
  const after: string[] = [];
  if (!back) {
    if (st.neckA === "v") inner += border(ctx, g.neckPts, 18);
    else if (st.neckA === "round") inner += border(ctx, g.neckPts, 14, "zari") + neckEmbroidery(ctx, g.neckDepth);
    else if (st.neckA === "keyhole") {
      const y0 = NECK_Y + g.neckDepth - 2;
      inner += border(ctx, g.neckPts, 10, "zari");
      inner += `<path d="M${CX},${y0} Q${CX + 9},${y0 + 60} ${CX},${y0 + 118} Q${CX - 9},${y0 + 60} ${CX},${y0}Z" fill="${pal.inside}" stroke="${pal.accent}" stroke-width="3"/>`;
      after.push(
        tassel(ctx, CX - 5, y0 + 4, 190, at(pal.motifs, 0), -14) +
          tassel(ctx, CX + 5, y0 + 4, 160, at(pal.motifs, 1), 12),
      );
    } else {
      // mandarin collar and placket
      const pk = `M${CX - 18},${NECK_Y + 34} L${CX + 18},${NECK_Y + 34} L${CX + 18},${NECK_Y + 270} L${CX - 18},${NECK_Y + 270} Z`;
      inner += `<path d="${pk}" fill="${ctx.printFill}" stroke="${pal.line}" stroke-opacity="0.5" stroke-width="2"/>`;
      inner += stitch(
        `M${CX - 12},${NECK_Y + 40} L${CX - 12},${NECK_Y + 264} M${CX + 12},${NECK_Y + 40} L${CX + 12},${NECK_Y + 264}`,
        pal.accent,
        0.85,
        1.6,
        "5 4",
      );
      for (let i = 0; i < 5; i++) after.push(button(ctx, CX, NECK_Y + 64 + i * 46, 7));
      const collar = bandPath(g.neckPts, -24);
      after.push(
        `<path d="${collar}" fill="${ctx.printFill}"/><path d="${collar}" fill="#160b08" fill-opacity="0.12"/><path d="${collar}" fill="none" stroke="${pal.line}" stroke-opacity="0.6" stroke-width="2"/>`,
      );
      after.push(border(ctx, offsetPts(g.neckPts, -24), 5, "piping", pal.accent));
    }
  } else {
    inner += border(ctx, g.neckPts, st.backDeep ? 14 : 10, "zari");
    inner += stitch(`M${CX - 160},338 Q${CX},362 ${CX + 160},338`, pal.line, 0.45);
    if (st.backDeep) after.push(backDori(ctx, spec.neckHalf, NECK_Y + 70, 250));
    else after.push(button(ctx, CX, NECK_Y + 26, 6));
  }
  const r = ctx.rng;
  const folds: string[] = [];
  for (const fx of [-70, 64, -150, 150]) {
    const yTop = (short ? 520 : 600) + range(r, -60, 90);
    const x0 = CX + fx * 0.6 + range(r, -10, 10);
    folds.push(
      `M${n(x0)},${n(yTop)} Q${n(x0 + fx * 0.2)},${n((yTop + spec.hemY) / 2)} ${n(CX + fx * 1.1)},${spec.hemY}`,
    );
  }
  s += fabric(ctx, g.body, { inner, folds }) + slitBeads;
  g.sleeves.forEach((sd, i) => {
    const hem = at(g.sleeveHems, i);
    s += sleeveShadow(sd, i);
    const sinner = border(ctx, hem, 24) + stitch(polyline(offsetPts(hem, 34)), pal.accent, 0.75);
    const sx = i === 0 ? g.sleeveOuter + 40 : 2 * CX - g.sleeveOuter - 40;
    s += fabric(ctx, sd, {
      shade: "sleeve",
      inner: sinner,
      folds: [`M${n(sx + (i === 0 ? 20 : -20))},380 Q${n(sx)},520 ${n(sx + (i === 0 ? -6 : 6))},660`],
    });
  });
  s += after.join("");
  return {
    svg: s,
    box: [g.sleeveOuter - 10, NECK_Y - 30, 2 * CX - g.sleeveOuter + 10, g.bottom],
    sil: [g.body, ...g.sleeves, g.backPanel ?? ""],
  };
}

function drawShirt(ctx: Ctx): Drawn {
  const pal = ctx.pal;
  const back = ctx.view === "back";
  const spec: TopSpec = {
    neckHalf: 50,
    shoulderHalf: 180,
    chestHalf: 146,
    waistHalf: 140,
    hemHalf: 152,
    hemY: 1066,
    waistY: 720,
    hemDip: 0,
    slit: 0,
    sleeve: "long",
    neck: back ? "back" : "collar",
    shirtTail: true,
  };
  const g = topGeo(spec);
  let s = insideNeck(ctx, g.inside);
  let inner = stitch(polyline(offsetPts(g.hem, 14)), pal.line, 0.55);
  const after: string[] = [];
  const btn = pal.isLight ? darken(pal.base, 0.15) : "#f3ede2";
  if (!back) {
    const pk = `M${CX - 22},280 L${CX + 22},280 L${CX + 22},1100 L${CX - 22},1100 Z`;
    inner += `<path d="${pk}" fill="${ctx.printFill}"/><path d="${pk}" fill="#fff" fill-opacity="0.05"/>`;
    inner += stitch(`M${CX - 16},286 L${CX - 16},1100 M${CX + 16},286 L${CX + 16},1100`, pal.line, 0.55, 1.6, "5 4");
    inner += `<path d="M${CX + 22},280 L${CX + 22},1100" stroke="${pal.line}" stroke-opacity="0.5" stroke-width="2"/>`;
    const pocket = "M652,404 L744,404 L744,500 L698,518 L652,500 Z";
    inner += `<path d="${pocket}" fill="${ctx.printFill}" stroke="${pal.line}" stroke-opacity="0.55" stroke-width="2"/><path d="${pocket}" fill="#160b08" fill-opacity="0.06"/>`;
    inner +=
      stitch("M658,426 L738,426", pal.line, 0.5, 1.6, "5 4") +
      stitch("M658,412 L658,496 L698,512 L738,496 L738,412", pal.line, 0.45, 1.4, "5 4");
    for (let y = 330; y < 1040; y += 94) after.push(button(ctx, CX, y, 8, btn));
    for (const m of [(p: Pt): Pt => p, mir]) {
      const d = `M${P(m([CX - 56, 228]))} Q${P(m([CX - 30, 262]))} ${P(m([CX - 2, 284]))} L${P(m([CX - 50, 326]))} Q${P(m([CX - 74, 300]))} ${P(m([CX - 90, 262]))} Q${P(m([CX - 78, 240]))} ${P(m([CX - 56, 228]))} Z`;
      after.push(
        fabric(ctx, d, {
          shade: "flat",
          inner: stitch(
            `M${P(m([CX - 12, 288]))} L${P(m([CX - 50, 316]))} Q${P(m([CX - 68, 296]))} ${P(m([CX - 82, 264]))}`,
            pal.line,
            0.5,
            1.4,
            "5 4",
          ),
        }),
      );
    }
  } else {
    inner +=
      stitch(`M${CX - 182},334 Q${CX},356 ${CX + 182},334`, pal.line, 0.55) +
      `<path d="M${CX - 182},330 Q${CX},352 ${CX + 182},330" stroke="${pal.line}" stroke-opacity="0.45" stroke-width="2" fill="none"/>`;
    inner += `<path d="M${CX - 16},346 L${CX - 10},470 L${CX + 10},470 L${CX + 16},346 Z" fill="#160b08" fill-opacity="0.14"/>`;
    const col = `M${CX - 58},232 Q${CX},212 ${CX + 58},232 L${CX + 56},266 Q${CX},250 ${CX - 56},266 Z`;
    after.push(
      fabric(ctx, col, {
        shade: "flat",
        inner: stitch(`M${CX - 54},258 Q${CX},242 ${CX + 54},258`, pal.line, 0.5, 1.4, "5 4"),
      }),
    );
  }
  const folds = [`M540,700 Q520,880 530,1050`, `M690,720 Q700,880 680,1050`];
  s += fabric(ctx, g.body, { inner, folds });
  g.sleeves.forEach((sd, i) => {
    const hem = at(g.sleeveHems, i);
    const cuff = bandPath(hem, 66);
    const cx = (at(hem, 0)[0] + at(hem, hem.length - 1)[0]) / 2;
    const cy = (at(hem, 0)[1] + at(hem, hem.length - 1)[1]) / 2 - 33;
    const sinner =
      `<path d="${cuff}" fill="#160b08" fill-opacity="0.1"/><path d="${polyline(offsetPts(hem, 66))}" stroke="${pal.line}" stroke-opacity="0.55" stroke-width="2" fill="none"/>` +
      stitch(polyline(offsetPts(hem, 58)), pal.line, 0.5, 1.4, "5 4") +
      stitch(polyline(offsetPts(hem, 8)), pal.line, 0.5, 1.4, "5 4");
    s += sleeveShadow(sd, i);
    s += fabric(ctx, sd, {
      shade: "sleeve",
      inner: sinner,
      folds: [`M${n(cx + (i === 0 ? 24 : -24))},420 Q${n(cx)},580 ${n(cx)},700`],
    });
    s += button(ctx, cx, cy, 7, btn);
  });
  s += after.join("");
  return {
    svg: s,
    box: [g.sleeveOuter - 10, NECK_Y - 30, 2 * CX - g.sleeveOuter + 10, g.bottom + 10],
    sil: [g.body, ...g.sleeves],
  };
}

function drawPants(
  ctx: Ctx,
  spec: PantsSpec,
  hemStyle: BorderStyle | null,
  hemT: number,
  waistband: boolean,
  drawstring: boolean,
): { svg: string; sil: string[] } {
  const pal = ctx.pal;
  const geo = pantsGeo(spec);
  let s = "";
  geo.legs.forEach((leg, i) => {
    const hem = at(geo.hems, i);
    const inner =
      (hemStyle ? border(ctx, hem, hemT, hemStyle, hemStyle === "piping" ? at(pal.motifs, 0) : undefined) : "") +
      stitch(polyline(offsetPts(hem, hemT + 10)), hemStyle === "piping" ? pal.line : pal.accent, 0.6);
    s += fabric(ctx, leg, { inner, folds: at(geo.folds, i), dim: i === 0 && spec.innerHem < 0 ? 0.05 : 0 });
  });
  if (waistband) {
    const y = spec.waistY;
    const w = spec.waistHalf + 4;
    const wb = `M${CX - w},${y - 4} Q${CX},${y + 6} ${CX + w},${y - 4} L${CX + w - 2},${y + 50} Q${CX},${y + 60} ${CX - w + 2},${y + 50} Z`;
    let gathers = "";
    for (let x = CX - w + 8; x < CX + w - 4; x += 11) gathers += `M${n(x)},${y + 4} L${n(x + 1)},${y + 50}`;
    s += fabric(ctx, wb, {
      shade: "flat",
      inner:
        `<path d="${gathers}" stroke="#160b08" stroke-opacity="0.18" stroke-width="3"/>` +
        stitch(`M${CX - w},${y + 10} Q${CX},${y + 20} ${CX + w},${y + 10}`, pal.line, 0.4, 1.4, "5 4"),
    });
    if (drawstring) {
      s += `<circle cx="${CX - 12}" cy="${y + 26}" r="5" fill="${pal.inside}" stroke="${pal.accent}" stroke-width="2"/><circle cx="${CX + 12}" cy="${y + 26}" r="5" fill="${pal.inside}" stroke="${pal.accent}" stroke-width="2"/>`;
      s +=
        tassel(ctx, CX - 12, y + 26, 230, at(pal.motifs, 0), -24) +
        tassel(ctx, CX + 12, y + 26, 200, at(pal.motifs, 1), 20);
    }
  }
  return { svg: s, sil: geo.legs };
}

function drawCoord(ctx: Ctx, st: Style): Drawn {
  const pal = ctx.pal;
  const back = ctx.view === "back";
  const pipe = at(pal.motifs, 0);
  const pants = drawPants(
    ctx,
    { waistY: 690, waistHalf: 150, hemY: 1420, outerHem: 158, innerHem: 18, crotchY: 940 },
    "piping",
    10,
    false,
    false,
  );
  const neck: NeckKind = back ? "back" : st.neckB === "sweetheart" ? "round" : st.neckB;
  const spec: TopSpec = {
    neckHalf: 56,
    shoulderHalf: 178,
    chestHalf: 150,
    waistHalf: 156,
    hemHalf: 164,
    hemY: 790,
    waistY: 690,
    hemDip: 6,
    slit: 80,
    sleeve: "elbow",
    neck,
  };
  const g = topGeo(spec);
  let s = pants.svg;
  if (g.backPanel) s += fabric(ctx, g.backPanel, { dim: 0.3, shade: "flat" });
  s += insideNeck(ctx, g.inside);
  let inner = border(ctx, g.hem, 10, "piping", pipe) + stitch(polyline(offsetPts(g.hem, 20)), pal.line, 0.5);
  inner += border(ctx, g.neckPts, 9, "piping", pipe);
  const after: string[] = [];
  if (!back) {
    for (let i = 0; i < 3; i++) after.push(button(ctx, CX, NECK_Y + g.neckDepth + 28 + i * 40, 6, pipe));
  } else {
    after.push(
      `<path d="M${CX},${NECK_Y + 16} L${CX},${NECK_Y + 80}" stroke="${pal.inside}" stroke-width="5"/>` +
        button(ctx, CX + 10, NECK_Y + 28, 6, pipe),
    );
  }
  s += fabric(ctx, g.body, { inner, folds: [`M540,560 Q530,680 520,790`, `M680,560 Q690,680 700,790`] });
  g.sleeves.forEach((sd, i) => {
    const hem = at(g.sleeveHems, i);
    s += sleeveShadow(sd, i);
    s += fabric(ctx, sd, {
      shade: "sleeve",
      inner: border(ctx, hem, 9, "piping", pipe) + stitch(polyline(offsetPts(hem, 18)), pal.line, 0.5),
    });
  });
  s += after.join("");
  return {
    svg: s,
    box: [g.sleeveOuter - 10, NECK_Y - 30, 2 * CX - g.sleeveOuter + 10, 1440],
    sil: [g.body, ...g.sleeves, ...pants.sil],
  };
}

function drawLounge(ctx: Ctx, st: Style): Drawn {
  const pal = ctx.pal;
  const back = ctx.view === "back";
  const pipe = pal.isLight ? at(pal.motifs, 0) : pal.lighter;
  const pants = drawPants(
    ctx,
    { waistY: 700, waistHalf: 152, hemY: 1410, outerHem: 172, innerHem: 16, crotchY: 940 },
    "piping",
    26,
    false,
    false,
  );
  const neck: NeckKind = back ? "back" : st.v < 0.5 ? "round" : "v";
  const spec: TopSpec = {
    neckHalf: 60,
    shoulderHalf: 196,
    chestHalf: 164,
    waistHalf: 166,
    hemHalf: 170,
    hemY: 800,
    waistY: 700,
    hemDip: 6,
    slit: 56,
    sleeve: "short",
    neck,
  };
  const g = topGeo(spec);
  let s = pants.svg;
  if (g.backPanel) s += fabric(ctx, g.backPanel, { dim: 0.3, shade: "flat" });
  s += insideNeck(ctx, g.inside);
  let inner = border(ctx, g.hem, 12, "piping", pipe) + border(ctx, g.neckPts, 12, "piping", pipe);
  if (!back) {
    const pocket = "M650,420 L736,420 L736,510 L650,510 Z";
    inner +=
      `<path d="${pocket}" fill="${ctx.printFill}" stroke="${pal.line}" stroke-opacity="0.5" stroke-width="2"/><rect x="650" y="420" width="86" height="12" fill="${pipe}"/>` +
      stitch("M656,440 L656,504 L730,504 L730,440", pal.line, 0.45, 1.4, "5 4");
  } else {
    inner += `<rect x="${CX - 30}" y="${NECK_Y + 30}" width="60" height="26" rx="3" fill="${pipe}" fill-opacity="0.9"/>`;
  }
  s += fabric(ctx, g.body, { inner, folds: [`M520,560 Q500,690 510,800`, `M700,570 Q716,690 700,800`] });
  g.sleeves.forEach((sd, i) => {
    s += sleeveShadow(sd, i);
    s += fabric(ctx, sd, { shade: "sleeve", inner: border(ctx, at(g.sleeveHems, i), 12, "piping", pipe) });
  });
  return {
    svg: s,
    box: [g.sleeveOuter - 10, NECK_Y - 30, 2 * CX - g.sleeveOuter + 10, 1430],
    sil: [g.body, ...g.sleeves, ...pants.sil],
  };
}

function drawBottoms(ctx: Ctx, st: Style): Drawn {
  const back = ctx.view === "back";
  const spec: PantsSpec = st.palazzo
    ? { waistY: 300, waistHalf: 150, hemY: 1410, outerHem: 300, innerHem: -14, crotchY: 660 }
    : { waistY: 300, waistHalf: 150, hemY: 1410, outerHem: 162, innerHem: 16, crotchY: 640 };
  const p = drawPants(ctx, spec, st.palazzo ? st.border : "zari", st.palazzo ? 56 : 24, true, !back);
  return { svg: p.svg, box: [CX - spec.outerHem - 10, 280, CX + spec.outerHem + 10, 1430], sil: p.sil };
}

function drawDress(ctx: Ctx, st: Style): Drawn {
  const pal = ctx.pal;
  const back = ctx.view === "back";
  const neck: NeckKind = back ? (st.backDeep ? "backDeep" : "back") : st.neckB;
  const spec: TopSpec = {
    neckHalf: 50,
    shoulderHalf: 150,
    chestHalf: 126,
    waistHalf: 114,
    hemHalf: 114,
    hemY: 600,
    waistY: 600,
    hemDip: 0,
    slit: 0,
    sleeve: st.sleeveB,
    neck,
  };
  const g = topGeo(spec);
  const sk = skirtGeo(590, 114, 1340, 322, 9, 14);
  const trimStyle: BorderStyle = st.border === "temple" ? "floral" : st.border;
  let s = fabric(ctx, sk.d, {
    inner: border(ctx, sk.hem, 40, trimStyle) + stitch(polyline(offsetPts(sk.smooth, 60)), pal.accent, 0.7),
    folds: sk.folds,
  });
  s += insideNeck(
    ctx,
    back && st.backDeep ? `M${CX - 50},${NECK_Y} L${CX + 50},${NECK_Y} L${CX + 50},560 L${CX - 50},560 Z` : g.inside,
  );
  let inner = border(ctx, g.neckPts, 12, "zari");
  inner += stitch(`M540,600 L548,470 M660,600 L652,470`, pal.line, 0.4, 1.4, "5 4");
  const after: string[] = [];
  if (back) {
    if (!st.backDeep)
      inner +=
        `<path d="M${CX},${NECK_Y + 20} L${CX},588" stroke="${pal.line}" stroke-width="3" stroke-opacity="0.7"/>` +
        stitch(
          `M${CX - 5},${NECK_Y + 24} L${CX - 5},586 M${CX + 5},${NECK_Y + 24} L${CX + 5},586`,
          pal.accentDark,
          0.8,
          2,
          "2 3",
        );
    else after.push(backDori(ctx, 50, NECK_Y + 80, 200));
  }
  s += fabric(ctx, g.body, { inner });
  g.sleeves.forEach((sd, i) => {
    s += sleeveShadow(sd, i);
    s += fabric(ctx, sd, { shade: "sleeve", inner: border(ctx, at(g.sleeveHems, i), 14, "zari") });
  });
  // sash
  const sashC = pal.isLight ? at(pal.motifs, 0) : pal.companion;
  const sash = `M${CX - 120},580 Q${CX},592 ${CX + 120},580 L${CX + 120},614 Q${CX},626 ${CX - 120},614 Z`;
  s +=
    `<path d="${sash}" fill="${sashC}"/><path d="${sash}" fill="url(#${ctx.p}sb)"/>` +
    stitch(
      `M${CX - 118},590 Q${CX},602 ${CX + 118},590 M${CX - 118},606 Q${CX},618 ${CX + 118},606`,
      lighten(sashC, 0.4),
      0.6,
      1.4,
      "5 4",
    );
  const bx = back ? CX : CX - 82;
  const by = 600;
  const tails = `M${bx - 6},${by + 6} Q${bx - 30},${by + 140} ${bx - 56},${by + 262} L${bx - 22},${by + 250} Q${bx - 8},${by + 130} ${bx + 4},${by + 8} Z M${bx + 6},${by + 6} Q${bx + 22},${by + 120} ${bx + 30},${by + 232} L${bx + 58},${by + 214} Q${bx + 34},${by + 110} ${bx + 10},${by + 4} Z`;
  const loops = `M${bx},${by} C${bx - 40},${by - 44} ${bx - 76},${by - 10} ${bx - 56},${by + 18} C${bx - 40},${by + 34} ${bx - 14},${by + 14} ${bx},${by} Z M${bx},${by} C${bx + 40},${by - 44} ${bx + 76},${by - 10} ${bx + 56},${by + 18} C${bx + 40},${by + 34} ${bx + 14},${by + 14} ${bx},${by} Z`;
  s += `<path d="${tails}" fill="${sashC}"/><path d="${tails}" fill="#160b08" fill-opacity="0.12"/><path d="${loops}" fill="${sashC}"/><path d="${loops}" fill="url(#${ctx.p}ss)"/><ellipse cx="${bx}" cy="${by + 2}" rx="12" ry="14" fill="${darken(sashC, 0.12)}"/>`;
  s += after.join("");
  return { svg: s, box: [CX - 330, NECK_Y - 30, CX + 330, 1370], sil: [sk.d, g.body, ...g.sleeves] };
}

function sheerFill(ctx: Ctx, colour: string): string {
  const pal = ctx.pal;
  return pattern(
    ctx,
    44,
    44,
    `<rect width="44" height="44" fill="${colour}"/><circle cx="11" cy="11" r="2.6" fill="${pal.accentLight}" fill-opacity="0.9"/><circle cx="33" cy="33" r="2.6" fill="${pal.accent}" fill-opacity="0.9"/><rect y="22" width="44" height="1" fill="#fff" fill-opacity="0.08"/>`,
  );
}

function drawDupatta(
  ctx: Ctx,
  centre: Pt[],
  half: number,
  colour: string,
  endTassels: boolean,
  opacity = 0.86,
): { svg: string; sil: string } {
  const r = ribbonAlong(centre, half);
  const fill = sheerFill(ctx, colour);
  let s = `<g opacity="${opa(opacity)}">${fabric(ctx, r.d, { fill, shade: "flat", folds: [polyline(offsetPts(sampleThrough(centre, 6), half * 0.2))] })}</g>`;
  s += border(ctx, [...r.a].reverse(), 16, "zari") + border(ctx, r.b, 16, "zari");
  if (endTassels) {
    const ea = at(r.a, r.a.length - 1);
    const eb = at(r.b, r.b.length - 1);
    for (let i = 0; i <= 3; i++) {
      const x = ea[0] + ((eb[0] - ea[0]) * i) / 3;
      const y = ea[1] + ((eb[1] - ea[1]) * i) / 3;
      s += tassel(ctx, x, y, 110, ctx.pal.accent, (i - 1.5) * 6);
    }
  }
  return { svg: s, sil: r.d };
}

function drawLehenga(ctx: Ctx, st: Style): Drawn {
  const pal = ctx.pal;
  const back = ctx.view === "back";
  const neck: NeckKind = back ? "backDeep" : st.neckB;
  const spec: TopSpec = {
    neckHalf: 54,
    shoulderHalf: 150,
    chestHalf: 122,
    waistHalf: 118,
    hemHalf: 116,
    hemY: 486,
    waistY: 486,
    hemDip: 10,
    slit: 0,
    sleeve: st.sleeveB === "puff" ? "elbow" : st.sleeveB,
    neck,
  };
  const g = topGeo(spec);
  const sk = skirtGeo(500, 116, 1420, 420, 11, 16);
  const bStyle: BorderStyle = st.border === "floral" ? "zari" : st.border;
  let inner = border(ctx, sk.hem, 86, bStyle) + border(ctx, offsetPts(sk.smooth, 124), 26, "zari");
  inner +=
    stitch(polyline(offsetPts(sk.smooth, 100)), pal.accent, 0.8) +
    stitch(polyline(offsetPts(sk.smooth, 162)), pal.accent, 0.8);
  sk.folds.forEach((f, i) => {
    if (i % 2 === 0) inner += stitch(f, pal.accentLight, 0.5, 1.6, "6 6");
  });
  let s = fabric(ctx, sk.d, { inner, folds: sk.folds.filter((_, i) => i % 2 === 1) });
  const waist = sampleQ([CX + 120, 498], [CX, 510], [CX - 120, 498], 12);
  s += border(ctx, waist, 24, "zari");
  s += insideNeck(
    ctx,
    back ? `M${CX - 54},${NECK_Y} L${CX + 54},${NECK_Y} L${CX + 54},480 L${CX - 54},480 Z` : g.inside,
  );
  s += fabric(ctx, g.body, {
    inner:
      border(ctx, g.hem, 20, "zari") +
      border(ctx, g.neckPts, 14, "zari") +
      stitch("M530,486 L540,400 M670,486 L660,400", pal.line, 0.4, 1.4, "5 4"),
  });
  g.sleeves.forEach((sd, i) => {
    s += sleeveShadow(sd, i);
    s += fabric(ctx, sd, { shade: "sleeve", inner: border(ctx, at(g.sleeveHems, i), 18, "zari") });
  });
  s += tassel(ctx, CX - 96, 520, 300, pal.accent, -10) + tassel(ctx, CX - 82, 520, 250, at(pal.motifs, 0), 6);
  const dc = ctx.colours.length > 1 ? pal.companion : pal.isLight ? "#d6b46a" : pal.companion;
  let dup: { svg: string; sil: string };
  if (!back) {
    dup = drawDupatta(
      ctx,
      [
        [738, 262],
        [650, 410],
        [548, 580],
        [470, 740],
        [446, 940],
        [456, 1150],
      ],
      62,
      dc,
      true,
    );
  } else {
    s += backDori(ctx, 54, NECK_Y + 60, 190);
    dup = drawDupatta(
      ctx,
      [
        [452, 286],
        [440, 520],
        [520, 760],
        [620, 840],
        [720, 770],
        [768, 540],
        [752, 286],
      ],
      58,
      dc,
      false,
      0.8,
    );
  }
  s += dup.svg;
  return { svg: s, box: [CX - 440, NECK_Y - 30, CX + 440, 1450], sil: [sk.d, g.body, ...g.sleeves, dup.sil] };
}

function palluEnd(ctx: Ctx, d: string, yStart: number, yEnd: number): string {
  const pal = ctx.pal;
  const gg = goldGradient(ctx, pal);
  let inner = "";
  let y = yStart;
  let i = 0;
  while (y < yEnd) {
    const h = i % 2 === 0 ? 34 : 12;
    inner += `<rect x="0" y="${n(y)}" width="1200" height="${h}" fill="${i % 2 === 0 ? gg : pal.deep}"/>`;
    if (i % 2 === 0)
      for (let x = 20; x < 1200; x += 36)
        inner += `<path d="M${x},${n(y + 8)} L${x + 9},${n(y + 17)} L${x},${n(y + 26)} L${x - 9},${n(y + 17)}Z" fill="${pal.deep}" fill-opacity="0.8"/>`;
    y += h + 10;
    i++;
  }
  return fabric(ctx, d, { shade: "flat", inner, dim: 0.12 });
}

function fringe(ctx: Ctx, a: Pt, b: Pt, len: number): string {
  let d = "";
  const k = Math.max(4, Math.round(Math.hypot(b[0] - a[0], b[1] - a[1]) / 6));
  for (let i = 0; i <= k; i++) {
    const x = a[0] + ((b[0] - a[0]) * i) / k;
    const y = a[1] + ((b[1] - a[1]) * i) / k;
    d += `M${n(x)},${n(y)} l${n(Math.sin(i * 1.7) * 3)},${n(len + (i % 3) * 4)}`;
  }
  return `<path d="${d}" stroke="${ctx.pal.accent}" stroke-width="2.2" stroke-linecap="round"/>`;
}

function drawSaree(ctx: Ctx, st: Style): Drawn {
  const pal = ctx.pal;
  const back = ctx.view === "back";
  const blousePal = makePalette([{ name: "blouse", hex: pal.companion }]);
  const blouseFill = printFill(ctx, "solid", blousePal, 1);
  const spec: TopSpec = {
    neckHalf: 50,
    shoulderHalf: 136,
    chestHalf: 114,
    waistHalf: 112,
    hemHalf: 110,
    hemY: 480,
    waistY: 480,
    hemDip: 10,
    slit: 0,
    sleeve: st.sleeveB === "puff" ? "short" : st.sleeveB,
    neck: back ? "backDeep" : st.neckB === "v" ? "round" : st.neckB,
  };
  const g = topGeo(spec);
  const skirt = `M486,518 C474,800 436,1150 404,1426 Q600,1452 796,1426 C764,1150 726,800 714,518 Z`;
  const skirtHem = sampleQ([404, 1426], [600, 1452], [796, 1426], 16);
  const bt = 64;
  let s = "";
  const sil: string[] = [skirt, g.body, ...g.sleeves];
  if (!back) {
    const hang = "M706,300 C800,330 846,600 868,1040 L766,1080 C756,800 744,560 700,330 Z";
    s += fabric(ctx, hang, { dim: 0.22, shade: "sleeve" });
    s +=
      palluEnd(ctx, "M862,940 L868,1040 L766,1080 L760,972 Z", 950, 1090) + fringe(ctx, [868, 1040], [766, 1080], 26);
    sil.push(hang);
  }
  s += fabric(ctx, skirt, {
    inner: border(ctx, skirtHem, bt, st.border) + stitch(polyline(offsetPts(skirtHem, bt + 12)), pal.accent, 0.7),
    folds: ["M520,600 Q500,1000 480,1400", "M700,620 Q720,1000 730,1400"],
  });
  if (!back) {
    // front pleats
    const k = 9;
    const yT = 552;
    for (let i = 0; i < k; i++) {
      const t0 = 546 + i * 10;
      const t1 = t0 + 10;
      const b0 = 446 + i * 30;
      const b1 = b0 + 30;
      const hy = (x: number): number => 1426 + 24 * (1 - Math.pow((x - 600) / 196, 2));
      const h0 = hy(b0) + (i % 2) * 4;
      const h1 = hy(b1) + (i % 2) * 4;
      const d = `M${t0},${yT} L${t1},${yT} L${b1},${n(h1)} L${b0},${n(h0)} Z`;
      const f = (yy: number, a: number, b: number, ha: number): number => a + ((b - a) * (yy - yT)) / (ha - yT);
      const by0 = h0 - bt;
      const by1 = h1 - bt;
      const bd = `M${n(f(by0, t0, b0, h0))},${n(by0)} L${n(f(by1, t1, b1, h1))},${n(by1)} L${b1},${n(h1)} L${b0},${n(h0)} Z`;
      const gg = goldGradient(ctx, pal);
      s += `<path d="${d}" fill="${ctx.printFill}"/><path d="${bd}" fill="${st.border === "floral" ? pal.deep : gg}"/>`;
      s += `<path d="${d}" fill="${i % 2 === 0 ? "#fff" : "#160b08"}" fill-opacity="${i % 2 === 0 ? 0.1 : 0.24}"/>`;
      s += `<path d="M${t1},${yT} L${b1},${n(h1)}" stroke="#160b08" stroke-opacity="0.35" stroke-width="2"/>`;
    }
    s += `<path d="M530,530 Q600,548 660,530 L646,596 Q600,606 540,594 Z" fill="#160b08" fill-opacity="0.12"/>`;
  }
  s += insideNeck(
    ctx,
    back ? `M${CX - 52},${NECK_Y} L${CX + 52},${NECK_Y} L${CX + 52},470 L${CX - 52},470 Z` : g.inside,
  );
  s += fabric(ctx, g.body, {
    fill: blouseFill,
    inner: border(ctx, g.hem, 16, "zari") + border(ctx, g.neckPts, 12, "zari"),
  });
  g.sleeves.forEach((sd, i) => {
    s += sleeveShadow(sd, i);
    s += fabric(ctx, sd, { fill: blouseFill, shade: "sleeve", inner: border(ctx, at(g.sleeveHems, i), 16, "zari") });
  });
  if (!back) {
    const pallu = "M462,592 L630,244 Q708,244 770,300 L612,648 Q540,614 462,592 Z";
    let pin =
      border(ctx, sampleLine([612, 648], [770, 300], 8), 36, st.border === "floral" ? "floral" : "zari") +
      border(ctx, sampleLine([630, 244], [462, 592], 8), 10, "zari");
    for (const f of [0.3, 0.5, 0.7]) {
      const a: Pt = [462 + (612 - 462) * f, 592 + (648 - 592) * f];
      const b: Pt = [630 + (770 - 630) * f, 244 + (300 - 244) * f];
      pin += `<path d="M${P(a)} L${P(b)}" stroke="#160b08" stroke-opacity="0.16" stroke-width="8"/><path d="M${P([a[0] + 8, a[1] + 2])} L${P([b[0] + 8, b[1] + 2])}" stroke="#fff" stroke-opacity="0.1" stroke-width="4"/>`;
    }
    s += fabric(ctx, pallu, { inner: pin, shade: "sleeve" });
    sil.push(pallu);
  } else {
    s += backDori(ctx, 52, NECK_Y + 60, 180);
    const pallu = "M452,300 Q500,270 560,276 C640,430 748,700 820,1050 L650,1100 C610,820 530,560 452,300 Z";
    s += fabric(ctx, pallu, {
      inner: border(
        ctx,
        sampleThrough(
          [
            [820, 1050],
            [760, 760],
            [660, 500],
            [560, 276],
          ],
          6,
        ),
        34,
        "zari",
      ),
      folds: ["M520,360 Q600,700 720,1060"],
    });
    s +=
      palluEnd(ctx, "M800,950 L820,1050 L650,1100 L632,1000 Z", 958, 1100) + fringe(ctx, [820, 1050], [650, 1100], 26);
    sil.push(pallu);
  }
  return { svg: s, box: [380, NECK_Y - 30, 880, 1460], sil };
}

/* ------------------------------------------------------------------ */
/* unstitched dress material (flat lay)                                */
/* ------------------------------------------------------------------ */

function rotPt(p: Pt, c: Pt, deg: number): Pt {
  const a = (deg * Math.PI) / 180;
  const dx = p[0] - c[0];
  const dy = p[1] - c[1];
  return [c[0] + dx * Math.cos(a) - dy * Math.sin(a), c[1] + dx * Math.sin(a) + dy * Math.cos(a)];
}

/** A rounded rectangle rotated by moving its points (a rotated pattern fill would be slow in librsvg). */
function roundRect(
  x: number,
  y: number,
  w: number,
  h: number,
  r: number,
  rot = 0,
  c: Pt = [x + w / 2, y + h / 2],
): string {
  const q = (p: Pt): string => P(rotPt(p, c, rot));
  return `M${q([x + r, y])} L${q([x + w - r, y])} Q${q([x + w, y])} ${q([x + w, y + r])} L${q([x + w, y + h - r])} Q${q([x + w, y + h])} ${q([x + w - r, y + h])} L${q([x + r, y + h])} Q${q([x, y + h])} ${q([x, y + h - r])} L${q([x, y + r])} Q${q([x, y])} ${q([x + r, y])} Z`;
}

function foldedPiece(
  ctx: Ctx,
  x: number,
  y: number,
  w: number,
  h: number,
  fill: string,
  bStyle: BorderStyle | null,
  bt: number,
  rot = 0,
): string {
  const pal = ctx.pal;
  const c: Pt = [x + w / 2, y + h / 2];
  const R = (p: Pt): Pt => rotPt(p, c, rot);
  const face = roundRect(x, y, w, h, 14, rot, c);
  let s = softShadow(roundRect(x + 8, y + 16, w, h, 16, rot, c), 1.4);
  for (const k of [12, 6]) {
    const d = roundRect(x, y + k, w, h, 14, rot, [c[0], c[1] + k]);
    s += `<path d="${d}" fill="${fill}"/><path d="${d}" fill="#160b08" fill-opacity="${k === 12 ? 0.34 : 0.2}" stroke="${pal.line}" stroke-opacity="0.3"/>`;
  }
  let inner = "";
  if (bStyle)
    inner +=
      border(ctx, sampleLine(R([x - 10, y + h]), R([x + w + 10, y + h]), 12), bt, bStyle) +
      stitch(`M${P(R([x, y + h - bt - 12]))} L${P(R([x + w, y + h - bt - 12]))}`, pal.accent, 0.7);
  inner += `<path d="M${P(R([x, y]))} L${P(R([x + 46, y]))} L${P(R([x + 46, y + h]))} L${P(R([x, y + h]))} Z" fill="url(#${ctx.p}fold)"/>`;
  const m1 = `M${P(R([x, y + h * 0.5]))} L${P(R([x + w, y + h * 0.5]))}`;
  const m2 = `M${P(R([x, y + h * 0.5 + 7]))} L${P(R([x + w, y + h * 0.5 + 7]))}`;
  inner += `<path d="${m1}" stroke="#fff" stroke-opacity="0.1" stroke-width="10"/><path d="${m2}" stroke="#160b08" stroke-opacity="0.08" stroke-width="6"/>`;
  s += fabric(ctx, face, { fill, shade: "flat", inner });
  return s;
}

function drawUnstitched(ctx: Ctx): Drawn {
  const pal = ctx.pal;
  const back = ctx.view === "back";
  ctx.defs.push(
    `<linearGradient id="${ctx.p}fold" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#160b08" stop-opacity="0.25"/><stop offset="0.35" stop-color="#fff" stop-opacity="0.18"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></linearGradient>`,
  );
  const salwarPal = makePalette([{ name: "salwar", hex: pal.isLight ? pal.companion : pal.dark }]);
  const salwarFill = printFill(ctx, "solid", salwarPal, 1);
  const dc = ctx.colours.length > 1 ? at(pal.motifs, 0) : isGoldish(pal.base) ? pal.companion : "#d9b56c";
  let s = "";
  if (!back) {
    s += foldedPiece(ctx, 280, 930, 660, 330, salwarFill, null, 0);
    s += foldedPiece(ctx, 230, 430, 720, 560, ctx.printFill, ctx.borderStyle, 78);
    const band = "M330,424 L410,424 L410,1286 L330,1286 Z";
    s += `<path d="${band}" fill="#d9c29d"/><path d="${band}" fill="url(#${ctx.p}sb)"/><path d="M330,424 V1286 M410,424 V1286" stroke="#a88c62" stroke-width="2"/>`;
    s +=
      `<circle cx="370" cy="640" r="40" fill="url(#${ctx.p}bead)" stroke="${pal.accentDark}" stroke-width="2"/><circle cx="370" cy="640" r="29" fill="none" stroke="${pal.accentDark}" stroke-width="2" stroke-dasharray="3 3"/>` +
      flowerMotif(370, 640, 16, 6, pal.accentDark, pal.accentLight);
    const dup = drawDupatta(
      ctx,
      [
        [1290, 150],
        [1010, 400],
        [760, 760],
        [540, 1080],
        [420, 1290],
        [380, 1430],
      ],
      86,
      dc,
      true,
      0.9,
    );
    s += dup.svg;
  } else {
    s += foldedPiece(ctx, 250, 800, 660, 380, salwarFill, null, 0, -9);
    s += foldedPiece(ctx, 250, 330, 700, 560, ctx.printFill, ctx.borderStyle, 78, 6);
    const dup = drawDupatta(
      ctx,
      [
        [-90, 1100],
        [200, 1180],
        [520, 1200],
        [820, 1260],
        [1020, 1380],
      ],
      92,
      dc,
      true,
      0.9,
    );
    s += dup.svg;
  }
  return { svg: s, box: [0, 0, ART_WIDTH, ART_HEIGHT], sil: [], flatLay: true };
}

/** A dupatta on its own: folded in its print and border, one end unfolded across the picture with its tassels. */
function drawDupattaAlone(ctx: Ctx): Drawn {
  const pal = ctx.pal;
  ctx.defs.push(
    `<linearGradient id="${ctx.p}fold" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#160b08" stop-opacity="0.25"/><stop offset="0.35" stop-color="#fff" stop-opacity="0.18"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></linearGradient>`,
  );
  const back = ctx.view === "back";
  let s = back
    ? foldedPiece(ctx, 240, 360, 720, 480, ctx.printFill, ctx.borderStyle, 70, -7)
    : foldedPiece(ctx, 250, 300, 700, 500, ctx.printFill, ctx.borderStyle, 70, 4);
  const end: Pt[] = back
    ? [
        [-90, 1010],
        [240, 1080],
        [560, 1130],
        [860, 1220],
        [1040, 1370],
      ]
    : [
        [1290, 760],
        [1000, 930],
        [760, 1110],
        [560, 1280],
        [440, 1440],
      ];
  s += drawDupatta(ctx, end, 104, pal.base, true, 0.94).svg;
  return { svg: s, box: [0, 0, ART_WIDTH, ART_HEIGHT], sil: [], flatLay: true };
}

/* ------------------------------------------------------------------ */
/* accessories (jewellery)                                             */
/* ------------------------------------------------------------------ */

interface Jewel {
  stones: string[];
  velvet: string;
}

function jewelInfo(colours: readonly SeedColour[], rng: Rng): { metal: "gold" | "silver"; jewel: Jewel } {
  const hexes = colours.map((c) => toHex(parseHex(c.hex)));
  const silver = hexes.some(isSilverish) && !hexes.some(isGoldish);
  const stones = hexes.filter((h) => !isGoldish(h) && !isSilverish(h));
  if (stones.length === 0) stones.push("#9b1b34", "#1f6e52");
  if (stones.length === 1) stones.push(IVORY);
  const velvets = ["#5a1a2b", "#1f4a4c", "#23304f", "#2c4a36", "#3b2e2a", "#6a3f33", "#4a2240"];
  const scored = velvets.map((v) => ({ v, d: Math.min(...stones.map((s) => colourDistance(s, v))) + rng() * 40 }));
  scored.sort((a, b) => b.d - a.d);
  return { metal: silver ? "silver" : "gold", jewel: { stones, velvet: at(scored, 0).v } };
}

function stoneGrad(ctx: Ctx, c: string): string {
  const id = uid(ctx, "st");
  ctx.defs.push(
    `<radialGradient id="${id}" cx="0.35" cy="0.3" r="0.8"><stop offset="0" stop-color="${lighten(c, 0.75)}"/><stop offset="0.3" stop-color="${lighten(c, 0.2)}"/><stop offset="0.7" stop-color="${c}"/><stop offset="1" stop-color="${darken(c, 0.45)}"/></radialGradient>`,
  );
  return `url(#${id})`;
}

function pearl(ctx: Ctx, x: number, y: number, r: number): string {
  return `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="url(#${ctx.p}pearl)"/>`;
}

function jhumka(ctx: Ctx, j: Jewel, backSide = false): string {
  const pal = ctx.pal;
  const bead = `url(#${ctx.p}bead)`;
  const s0 = stoneGrad(ctx, at(j.stones, 0));
  const s1 = stoneGrad(ctx, at(j.stones, 1));
  let s = "";
  // stud
  if (backSide) {
    s += `<circle r="52" fill="${bead}" stroke="${pal.accentDark}" stroke-width="2"/><circle r="40" fill="none" stroke="${pal.accentDark}" stroke-opacity="0.6" stroke-width="2"/><rect x="-4" y="-36" width="8" height="40" rx="4" fill="${pal.accentLight}" stroke="${pal.accentDark}"/><ellipse cx="0" cy="0" rx="18" ry="12" fill="${bead}" stroke="${pal.accentDark}"/>`;
  } else {
    for (let i = 0; i < 8; i++)
      s += `<ellipse cx="0" cy="-32" rx="15" ry="24" fill="${bead}" stroke="${pal.accentDark}" stroke-width="1.5" transform="rotate(${i * 45})"/>`;
    for (let i = 0; i < 8; i++) {
      const a = ((i * 45 + 22.5) * Math.PI) / 180;
      s += `<circle cx="${n(Math.cos(a) * 46)}" cy="${n(Math.sin(a) * 46)}" r="4" fill="${bead}"/>`;
    }
    s += `<circle r="24" fill="${pal.accentDark}"/><circle r="20" fill="${s0}"/><ellipse cx="-6" cy="-8" rx="6" ry="4" fill="#fff" fill-opacity="0.55"/>`;
  }
  // link and drop
  s += `<circle cy="66" r="9" fill="${bead}" stroke="${pal.accentDark}"/><path d="M0,78 C12,92 12,108 0,116 C-12,108 -12,92 0,78Z" fill="${s1}" stroke="${pal.accentDark}" stroke-width="2"/>`;
  // dome
  const dome = "M-24,118 C-74,124 -118,196 -126,306 L126,306 C118,196 74,124 24,118 Z";
  s += `<path d="${dome}" fill="url(#${ctx.p}dome)" stroke="${pal.accentDark}" stroke-width="2"/>`;
  const prof: Pt[] = [];
  for (let i = 0; i <= 40; i++) prof.push(cubicAt([24, 118], [74, 124], [118, 196], [126, 306], i / 40));
  const halfAt = (t: number): number => {
    const y = 118 + t * 188;
    const hit = prof.find((p) => p[1] >= y) ?? [126, 306];
    return hit[0] - 3;
  };
  for (const t of [0.22, 0.45, 0.88]) {
    const y = 118 + t * 188;
    const w = halfAt(t);
    s += `<path d="M${n(-w)},${n(y)} Q0,${n(y + 16)} ${n(w)},${n(y)}" fill="none" stroke="${pal.accentDark}" stroke-width="2.2"/>`;
  }
  for (const [t, kind] of [
    [0.34, 0],
    [0.66, 1],
  ] as const) {
    const y = 118 + t * 188;
    const w = halfAt(t) - 8;
    const k = kind === 0 ? 9 : 11;
    for (let i = 0; i <= k; i++) {
      const u = -1 + (2 * i) / k;
      const x = u * w;
      const yy = y + 8 * (1 - u * u);
      s +=
        kind === 0
          ? `<circle cx="${n(x)}" cy="${n(yy)}" r="4.5" fill="${bead}" stroke="${pal.accentDark}" stroke-width="0.8"/>`
          : `<ellipse cx="${n(x)}" cy="${n(yy)}" rx="${n(7 * Math.sqrt(1 - u * u * 0.6))}" ry="9" fill="${i % 2 ? s1 : s0}" stroke="${pal.accent}" stroke-width="2"/>`;
    }
  }
  s += `<ellipse cy="306" rx="128" ry="17" fill="${pal.accentDark}"/><ellipse cy="303" rx="114" ry="10" fill="#1c120c"/>`;
  for (let x = -120; x <= 120; x += 12)
    s += `<circle cx="${x}" cy="${n(308 + 13 * Math.sqrt(1 - (x / 128) ** 2))}" r="5" fill="${bead}"/>`;
  for (let i = 0; i <= 10; i++) {
    const x = -110 + i * 22;
    const y = 312 + 14 * Math.sqrt(1 - (x / 128) ** 2);
    const long = i === 5 ? 40 : i % 2 === 0 ? 18 : 8;
    s +=
      `<path d="M${x},${n(y)} L${x},${n(y + long)}" stroke="${pal.accentDark}" stroke-width="2"/>` +
      pearl(ctx, x, y + long + 10, 10);
    if (i % 2 === 0) s += `<circle cx="${x}" cy="${n(y + long + 28)}" r="6" fill="${s0}"/>`;
  }
  return s;
}

function beadsAlong(
  pts: readonly Pt[],
  spacing: number,
  draw: (x: number, y: number, i: number, a: number) => string,
): string {
  return stations(pts, spacing, 0)
    .map((st, i) => draw(st.x, st.y, i, st.a))
    .join("");
}

function necklace(ctx: Ctx, j: Jewel, cx: number, top: number, half: number, scale: number, laidFlat: boolean): string {
  const pal = ctx.pal;
  const bead = `url(#${ctx.p}bead)`;
  const s0 = stoneGrad(ctx, at(j.stones, 0));
  const s1 = stoneGrad(ctx, at(j.stones, 1));
  const strand = (k: number, bottom: number): Pt[] => {
    const L: Pt = [cx - half - k * 4 * scale, top + k * 6 * scale];
    const R: Pt = [cx + half + k * 4 * scale, top + k * 6 * scale];
    const by = top + bottom * scale;
    // a cubic with steep sides reads like a chain hanging from the neck
    const pts: Pt[] = [];
    // a symmetric cubic bottoms out at 3/4 of its control height, so aim past the target
    const cy = L[1] + (by - L[1]) / 0.75;
    const c1: Pt = [L[0] - 34 * scale, cy];
    const c2: Pt = [R[0] + 34 * scale, cy];
    for (let i = 0; i <= 48; i++) pts.push(cubicAt(L, c1, c2, R, i / 48));
    return pts;
  };
  let s = "";
  const s1pts = strand(0, 230);
  const s2pts = strand(1, 380);
  const s3pts = strand(2, 520);
  s += beadsAlong(
    s3pts,
    13 * scale,
    (x, y) => `<circle cx="${n(x)}" cy="${n(y)}" r="${n(5.5 * scale)}" fill="${bead}"/>`,
  );
  s += beadsAlong(s2pts, 22 * scale, (x, y, i, a) =>
    i % 2 === 0
      ? pearl(ctx, x, y, 9 * scale)
      : `<circle cx="${n(x)}" cy="${n(y)}" r="${n(5 * scale)}" fill="${bead}"/>` +
        (i % 4 === 1
          ? `<g transform="translate(${n(x)} ${n(y)}) rotate(${n(a)}) scale(${n(scale)})"><path d="M0,4 C9,14 9,30 0,38 C-9,30 -9,14 0,4Z" fill="${s1}" stroke="${pal.accentDark}" stroke-width="1.5"/></g>`
          : ""),
  );
  s += beadsAlong(s1pts, 18 * scale, (x, y, i) =>
    i % 4 === 2
      ? `<circle cx="${n(x)}" cy="${n(y)}" r="${n(11 * scale)}" fill="${pal.accentDark}"/><circle cx="${n(x)}" cy="${n(y)}" r="${n(8.5 * scale)}" fill="${s0}"/>`
      : `<circle cx="${n(x)}" cy="${n(y)}" r="${n(8 * scale)}" fill="${bead}" stroke="${pal.accentDark}" stroke-width="0.8"/>`,
  );
  // pendant
  const py = top + 520 * scale;
  let pd = `<g transform="translate(${n(cx)} ${n(py)}) scale(${n(scale)})">`;
  pd += `<path d="M0,-18 C60,-10 92,50 70,112 C56,150 24,170 0,182 C-24,170 -56,150 -70,112 C-92,50 -60,-10 0,-18Z" fill="${bead}" stroke="${pal.accentDark}" stroke-width="3"/>`;
  pd += `<path d="M0,0 C44,6 68,52 52,102 C42,130 20,146 0,156 C-20,146 -42,130 -52,102 C-68,52 -44,6 0,0Z" fill="none" stroke="${pal.accentDark}" stroke-width="2" stroke-dasharray="4 4"/>`;
  pd += `<ellipse cx="0" cy="78" rx="32" ry="44" fill="${pal.accentDark}"/><ellipse cx="0" cy="78" rx="27" ry="39" fill="${s0}"/><ellipse cx="-9" cy="60" rx="9" ry="6" fill="#fff" fill-opacity="0.5"/>`;
  for (let i = 0; i < 10; i++) {
    const a = (i / 10) * Math.PI * 2;
    pd += `<circle cx="${n(Math.cos(a) * 50)}" cy="${n(78 + Math.sin(a) * 60)}" r="7" fill="${s1}" stroke="${pal.accent}" stroke-width="2"/>`;
  }
  for (let i = -2; i <= 2; i++)
    pd +=
      `<path d="M${i * 22},${n(168 - Math.abs(i) * 14)} l0,16" stroke="${pal.accentDark}" stroke-width="2"/>` +
      pearl(ctx, i * 22, 196 - Math.abs(i) * 14, 11);
  pd += `<circle cx="0" cy="-20" r="12" fill="${bead}" stroke="${pal.accentDark}"/></g>`;
  s += pd;
  // end caps where the strands meet, and (laid flat) the dori ties with tassels
  for (const side of [-1, 1]) {
    const ex = cx + side * (half + 4 * scale);
    const ey = top + 4 * scale;
    if (laidFlat) {
      const tx = ex + side * 120 * scale;
      const ty = ey - 190 * scale;
      s += `<path d="M${n(ex)},${n(ey - 20 * scale)} C${n(ex + side * 10 * scale)},${n(ey - 110 * scale)} ${n(tx - side * 60 * scale)},${n(ty + 40 * scale)} ${n(tx)},${n(ty)}" fill="none" stroke="${at(j.stones, 0)}" stroke-width="${n(6 * scale)}" stroke-linecap="round"/>`;
      s += tassel(ctx, tx, ty, 150 * scale, at(j.stones, 0), side * 24 * scale);
    }
    s += `<path d="M${n(ex - 12 * scale)},${n(ey + 12 * scale)} L${n(ex + 12 * scale)},${n(ey + 12 * scale)} L${n(ex + 5 * scale)},${n(ey - 26 * scale)} L${n(ex - 5 * scale)},${n(ey - 26 * scale)} Z" fill="${bead}" stroke="${pal.accentDark}" stroke-width="1.5"/>`;
  }
  return s;
}

/** A cheap cast shadow: the same markup flattened to one dark colour, offset twice. */
function castShadow(markup: string, dx: number, dy: number): string {
  const flat = markup.replace(/ (fill|stroke)="(?!none)[^"]*"/g, ' $1="#0d0604"');
  return `<g opacity="0.16" transform="translate(${n(dx * 0.6)} ${n(dy * 0.6)})">${flat}</g><g opacity="0.1" transform="translate(${n(dx)} ${n(dy)})">${flat}</g>`;
}

function jewelDefs(ctx: Ctx, j: Jewel): void {
  const pal = ctx.pal;
  ctx.defs.push(
    `<radialGradient id="${ctx.p}dome" cx="0.32" cy="0.25" r="0.9"><stop offset="0" stop-color="#fffbe8"/><stop offset="0.2" stop-color="${pal.accentLight}"/><stop offset="0.55" stop-color="${pal.accent}"/><stop offset="1" stop-color="${pal.accentDark}"/></radialGradient>`,
    `<radialGradient id="${ctx.p}pearl" cx="0.35" cy="0.3" r="0.8"><stop offset="0" stop-color="#ffffff"/><stop offset="0.45" stop-color="#f3ece0"/><stop offset="1" stop-color="#b9ab97"/></radialGradient>`,
    `<radialGradient id="${ctx.p}vel" cx="0.42" cy="0.34" r="0.85"><stop offset="0" stop-color="${lighten(j.velvet, 0.2)}"/><stop offset="0.55" stop-color="${j.velvet}"/><stop offset="1" stop-color="${darken(j.velvet, 0.45)}"/></radialGradient>`,
  );
}

function surface(ctx: Ctx, linen: boolean): string {
  if (linen) {
    const id = uid(ctx, "ln");
    ctx.defs.push(
      `<linearGradient id="${id}" x1="0" y1="0" x2="0.4" y2="1"><stop offset="0" stop-color="#efe6d8"/><stop offset="1" stop-color="#dccdb8"/></linearGradient>`,
    );
    const tex = pattern(
      ctx,
      6,
      6,
      `<rect width="6" height="2" fill="#fff" fill-opacity="0.12"/><rect width="2" height="6" fill="#6b5238" fill-opacity="0.05"/>`,
    );
    return `<rect width="1200" height="1600" fill="url(#${id})"/><rect width="1200" height="1600" fill="${tex}"/>`;
  }
  const tex = pattern(
    ctx,
    5,
    5,
    `<rect width="5" height="5" fill="#000" fill-opacity="0.04"/><circle cx="2" cy="2" r="1" fill="#fff" fill-opacity="0.04"/>`,
  );
  return `<rect width="1200" height="1600" fill="url(#${ctx.p}vel)"/><rect width="1200" height="1600" fill="${tex}"/>`;
}

function drawAccessory(ctx: Ctx, st: Style, j: Jewel): string {
  jewelDefs(ctx, j);
  const view = ctx.view;
  const piece = (tf: string, body: string, dx = 12, dy = 18): string =>
    castShadow(`<g transform="${tf}">${body}</g>`, dx, dy) + `<g transform="${tf}">${body}</g>`;
  if (!st.necklace) {
    if (view === "front")
      return (
        surface(ctx, false) +
        piece("translate(370 400) rotate(6) scale(1.6)", jhumka(ctx, j)) +
        piece("translate(830 440) rotate(-5) scale(1.6)", jhumka(ctx, j))
      );
    if (view === "back")
      return (
        surface(ctx, true) +
        piece("translate(330 330) rotate(-12) scale(1.4)", jhumka(ctx, j, true)) +
        piece("translate(860 560) rotate(9) scale(1.4)", jhumka(ctx, j))
      );
    return surface(ctx, false) + piece("translate(600 130) scale(3.2)", jhumka(ctx, j), 22, 32);
  }
  if (view === "front") {
    // velvet bust
    const bust =
      "M478,120 C478,300 470,440 452,520 C430,600 300,640 150,720 C60,770 20,860 0,960 L0,1600 L1200,1600 L1200,960 C1180,860 1140,770 1050,720 C900,640 770,600 748,520 C730,440 722,300 722,120 Z";
    const wall = uid(ctx, "wl");
    ctx.defs.push(
      `<linearGradient id="${wall}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f1e8db"/><stop offset="1" stop-color="#ddcdb6"/></linearGradient>`,
    );
    const bg = uid(ctx, "bg");
    ctx.defs.push(
      `<linearGradient id="${bg}" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#000" stop-opacity="0.45"/><stop offset="0.3" stop-color="#000" stop-opacity="0.05"/><stop offset="0.45" stop-color="#fff" stop-opacity="0.1"/><stop offset="0.7" stop-color="#000" stop-opacity="0.08"/><stop offset="1" stop-color="#000" stop-opacity="0.5"/></linearGradient>`,
    );
    let s = `<rect width="1200" height="1600" fill="url(#${wall})"/>`;
    s += softShadow(bust, 1.6).replace("<path", `<path transform="translate(16 20)"`);
    s += `<path d="${bust}" fill="url(#${ctx.p}vel)"/><path d="${bust}" fill="url(#${bg})"/>`;
    s += `<ellipse cx="600" cy="120" rx="122" ry="22" fill="${lighten(j.velvet, 0.12)}"/><ellipse cx="600" cy="120" rx="122" ry="22" fill="none" stroke="${darken(j.velvet, 0.3)}" stroke-width="2"/>`;
    s += `<path d="M452,520 Q600,600 748,520" fill="none" stroke="#000" stroke-opacity="0.14" stroke-width="22"/>`;
    return s + piece("", necklace(ctx, j, 600, 470, 118, 1.32, false), 10, 16);
  }
  if (view === "back") return surface(ctx, true) + piece("", necklace(ctx, j, 600, 470, 270, 1.1, true));
  return surface(ctx, false) + piece("", necklace(ctx, j, 600, -560, 300, 2.4, false), 18, 26);
}

/* ------------------------------------------------------------------ */
/* detail view: a close-up crop of the fabric                          */
/* ------------------------------------------------------------------ */

function drawDetail(ctx: Ctx, st: Style, floor: string): string {
  const pal = ctx.pal;
  const c = ctx.category;
  const hem = sampleQ([-40, 1290], [600, 1420], [1240, 1240], 24);
  const fabricD = `M-40,-40 L1240,-40 L1240,1240 Q600,1420 -40,1290 Z`;
  const heavy = c === "lehengas" || c === "sarees" || c === "unstitched";
  const light = c === "co-ords" || c === "loungewear" || c === "shirts";
  const style: BorderStyle = light ? "piping" : c === "dresses" && st.border === "temple" ? "floral" : st.border;
  const bt = light ? 34 : heavy ? 190 : 150;
  const pipeC = c === "loungewear" && !pal.isLight ? pal.lighter : at(pal.motifs, 0);
  let inner = border(ctx, hem, bt, style, style === "piping" ? pipeC : undefined);
  inner += stitch(polyline(offsetPts(hem, bt + 26)), light ? pal.line : pal.accentLight, 0.85, 3.5, "18 12");
  if (light) inner += stitch(polyline(offsetPts(hem, bt + 48)), pal.line, 0.7, 3.5, "18 12");
  if (heavy)
    inner +=
      border(ctx, offsetPts(hem, bt + 70), 48, "zari") +
      stitch(polyline(offsetPts(hem, bt + 140)), pal.accentLight, 0.85, 3.5, "18 12");
  const after: string[] = [];
  if (c === "kurtas" || c === "short-kurtis" || c === "shirts") {
    const x0 = 730;
    const pk = `M${x0},-40 L${x0 + 110},-40 L${x0 + 110},1230 L${x0},1262 Z`;
    inner += `<path d="${pk}" fill="${ctx.printFill}"/><path d="${pk}" fill="#fff" fill-opacity="0.06"/><path d="M${x0},-40 L${x0},1262" stroke="${pal.line}" stroke-opacity="0.6" stroke-width="4"/><path d="M${x0 - 6},-40 L${x0 - 6},1262" stroke="#160b08" stroke-opacity="0.18" stroke-width="10"/>`;
    inner += stitch(
      `M${x0 + 16},-40 L${x0 + 16},1250 M${x0 + 94},-40 L${x0 + 94},1230`,
      c === "shirts" ? pal.line : pal.accentLight,
      0.85,
      3,
      "14 10",
    );
    const bc = c === "shirts" ? (pal.isLight ? darken(pal.base, 0.15) : "#f3ede2") : undefined;
    for (const y of [170, 470, 770]) after.push(button(ctx, x0 + 55, y, c === "shirts" ? 20 : 24, bc));
  } else if (c === "dresses") {
    const sashC = pal.isLight ? at(pal.motifs, 0) : pal.companion;
    inner += `<path d="M-40,330 Q600,370 1240,320 L1240,450 Q600,500 -40,460 Z" fill="${sashC}"/><path d="M-40,460 Q600,500 1240,450 L1240,470 Q600,520 -40,480 Z" fill="#160b08" fill-opacity="0.25"/>`;
    inner += stitch("M-40,350 Q600,390 1240,340 M-40,440 Q600,480 1240,430", lighten(sashC, 0.45), 0.8, 3, "14 10");
    for (let x = -20; x < 1240; x += 80)
      inner += foldSvg(`M${x},490 Q${x + 30},760 ${x + 60 + (x - 600) * 0.08},1200`, 0.8);
  } else if (c === "bottoms" || c === "loungewear") {
    inner += `<path d="M-40,-40 L1240,-40 L1240,200 Q600,230 -40,200 Z" fill="${ctx.printFill}"/><path d="M-40,200 Q600,230 1240,200 L1240,226 Q600,256 -40,226 Z" fill="#160b08" fill-opacity="0.2"/>`;
    for (let x = -20; x < 1240; x += 36)
      inner += `<path d="M${x},-40 L${x + 2},206" stroke="#160b08" stroke-opacity="0.14" stroke-width="10"/>`;
    inner += stitch("M-40,40 Q600,66 1240,40 M-40,180 Q600,206 1240,180", pal.line, 0.6, 3, "14 10");
    after.push(
      `<circle cx="560" cy="110" r="14" fill="${pal.inside}" stroke="${pal.accent}" stroke-width="4"/><circle cx="640" cy="110" r="14" fill="${pal.inside}" stroke="${pal.accent}" stroke-width="4"/>`,
    );
    after.push(tassel(ctx, 560, 110, 620, at(pal.motifs, 0), -60) + tassel(ctx, 640, 110, 560, at(pal.motifs, 1), 50));
  } else if (c === "co-ords") {
    inner +=
      `<path d="M960,-40 L1000,-40 L1000,1250" stroke="#160b08" stroke-opacity="0.2" stroke-width="12" fill="none"/>` +
      stitch("M980,-40 L980,1250", pal.line, 0.6, 3, "14 10");
    for (const y of [200, 420, 640]) after.push(button(ctx, 900, y, 20, pipeC));
  }
  const id = uid(ctx, "dr");
  ctx.defs.push(
    `<linearGradient id="${id}" x1="0" y1="0" x2="1" y2="0.32"><stop offset="0" stop-color="#160b08" stop-opacity="0.16"/><stop offset="0.17" stop-color="#fff" stop-opacity="0.08"/><stop offset="0.33" stop-color="#160b08" stop-opacity="0.16"/><stop offset="0.5" stop-color="#fff" stop-opacity="0.06"/><stop offset="0.68" stop-color="#160b08" stop-opacity="0.13"/><stop offset="0.85" stop-color="#fff" stop-opacity="0.07"/><stop offset="1" stop-color="#160b08" stop-opacity="0.18"/></linearGradient>`,
  );
  const weave = pattern(
    ctx,
    10,
    10,
    `<rect width="10" height="2.5" fill="#fff" fill-opacity="0.05"/><rect y="5" width="10" height="2" fill="#000" fill-opacity="0.04"/><rect width="2" height="10" fill="#000" fill-opacity="0.03"/>`,
  );
  let s = `<rect width="1200" height="1600" fill="${floor}"/><rect width="1200" height="1600" fill="url(#${ctx.p}sv)"/>`;
  s +=
    `<g transform="translate(0 16)">` +
    [60, 34, 16]
      .map(
        (w, i) =>
          `<path d="${polyline(hem)}" fill="none" stroke="#2a1a12" stroke-opacity="${[0.05, 0.07, 0.1][i] ?? 0.05}" stroke-width="${w}"/>`,
      )
      .join("") +
    "</g>";
  const clip = uid(ctx, "c");
  s += `<clipPath id="${clip}"><path d="${fabricD}"/></clipPath>`;
  s += `<path d="${fabricD}" fill="${ctx.printFill}"/><path d="${fabricD}" fill="${weave}"/>`;
  s += `<g clip-path="url(#${clip})">${inner}<rect width="1200" height="1600" fill="url(#${id})"/></g>`;
  s += `<path d="${polyline(hem)}" fill="none" stroke="${pal.line}" stroke-opacity="0.5" stroke-width="3"/>`;
  if (c === "lehengas" || c === "unstitched") {
    for (const x of [240, 520, 880]) {
      const y = 1290 + (1240 - 1290) * ((x + 40) / 1280) + 130 * 4 * ((x + 40) / 1280) * (1 - (x + 40) / 1280) * 0.5;
      after.push(tassel(ctx, x, y - 4, 260, x === 520 ? at(pal.motifs, 1) : pal.accent, (x - 560) * 0.06));
    }
  } else if (c === "sarees") {
    const pts = hem.map((p): Pt => [p[0], p[1] - 2]);
    let d = "";
    for (const stn of stations(pts, 9, 0))
      d += `M${n(stn.x)},${n(stn.y)} l${n(Math.sin(stn.x) * 4)},${n(48 + (Math.round(stn.x) % 3) * 6)}`;
    after.push(`<path d="${d}" stroke="${pal.accent}" stroke-width="4" stroke-linecap="round"/>`);
  }
  return s + after.join("");
}

/* ------------------------------------------------------------------ */
/* backdrop                                                            */
/* ------------------------------------------------------------------ */

export interface BackdropTones {
  wallTop: string;
  wallBottom: string;
  floor: string;
  /** tone-on-tone arch behind the garment, or null */
  arch: string | null;
  /** x of the soft light pool, 0..1200 */
  lightX: number;
}

const SOFT_BACKDROPS: [string, string, string][] = [
  ["#f7f0e7", "#ece1d2", "#e3d4c0"],
  ["#f8ece8", "#eedcd5", "#e4cbc2"],
  ["#f4ece1", "#e8dac6", "#dccab1"],
  ["#f0eee6", "#e2dfd2", "#d6d2c1"],
  ["#f8efe4", "#efdecb", "#e5cdb3"],
  ["#f3ede7", "#e5dcd3", "#d9cdc1"],
];

const DEEP_BACKDROPS: [string, string, string][] = [
  ["#eadfd1", "#d9c7b2", "#cbb59c"],
  ["#ecdad3", "#dcc0b6", "#cfafa3"],
  ["#e3e2d5", "#cfcdbb", "#c0bca6"],
  ["#e8dccc", "#d3bfa4", "#c6ae90"],
];

function chooseBackdrop(rng: Rng, pal: Palette): BackdropTones {
  const list = pal.lum > 0.55 ? DEEP_BACKDROPS : SOFT_BACKDROPS;
  const [wallTop, wallBottom, floor] = pick(rng, list);
  const archOn = rng() < 0.5;
  return {
    wallTop,
    wallBottom,
    floor,
    arch: archOn ? darken(mix(wallBottom, floor, 0.5), 0.03) : null,
    lightX: 600 + range(rng, -160, 160),
  };
}

function backdrop(ctx: Ctx, t: BackdropTones, flat: boolean): string {
  const p = ctx.p;
  ctx.defs.push(
    `<linearGradient id="${p}wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${t.wallTop}"/><stop offset="${flat ? 1 : 0.8}" stop-color="${t.wallBottom}"/>${flat ? "" : `<stop offset="0.9" stop-color="${t.floor}"/><stop offset="1" stop-color="${darken(t.floor, 0.06)}"/>`}</linearGradient>`,
    // one radial gradient for both the light pool and the vignette (each full-canvas radial costs ~20 ms)
    `<radialGradient id="${p}light" cx="${n(t.lightX / 1200)}" cy="0.4" r="0.8"><stop offset="0" stop-color="#fff" stop-opacity="0.5"/><stop offset="0.62" stop-color="#fff" stop-opacity="0"/><stop offset="0.8" stop-color="#3a2418" stop-opacity="0"/><stop offset="1" stop-color="#3a2418" stop-opacity="0.16"/></radialGradient>`,
    `<linearGradient id="${p}archsh" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#3a2418" stop-opacity="0.1"/><stop offset="0.12" stop-color="#3a2418" stop-opacity="0"/><stop offset="0.88" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#fff" stop-opacity="0.12"/></linearGradient>`,
  );
  const grain = pattern(
    ctx,
    7,
    7,
    `<rect width="7" height="1" fill="#fff" fill-opacity="0.14"/><rect x="3" y="4" width="1" height="1" fill="#5a4030" fill-opacity="0.08"/>`,
    1,
    "canvas",
  );
  let s = `<rect width="1200" height="1600" fill="url(#${p}wall)"/>`;
  if (t.arch && !flat) {
    const a = "M150,1392 L150,560 C150,330 420,200 600,70 C780,200 1050,330 1050,560 L1050,1392 Z";
    const inset = "M184,1392 L184,572 C184,356 440,232 600,114 C760,232 1016,356 1016,572 L1016,1392";
    s += `<path d="${a}" fill="${t.arch}"/><path d="${a}" fill="url(#${p}archsh)"/><path d="${inset}" fill="none" stroke="${lighten(t.arch, 0.35)}" stroke-opacity="0.7" stroke-width="3"/><path d="${a}" fill="none" stroke="${darken(t.arch, 0.08)}" stroke-opacity="0.35" stroke-width="2"/>`;
  }
  s += `<rect width="1200" height="1600" fill="url(#${p}light)"/>`;
  if (!flat) s += `<rect y="1330" width="1200" height="120" fill="${t.floor}" fill-opacity="0.18"/>`;
  s += `<rect width="1200" height="1600" fill="${grain}"/>`;
  return s;
}

/* ------------------------------------------------------------------ */
/* assembly                                                            */
/* ------------------------------------------------------------------ */

const DETAIL_SCALE: Record<PrintKind, number> = {
  solid: 2.6,
  buti: 2.5,
  floral: 1.9,
  paisley: 2.1,
  stripes: 2.3,
  checks: 2.3,
  ikat: 2.1,
  bandhani: 2.6,
  leheriya: 2.3,
  chevron: 2.5,
  polka: 2.5,
  zari: 1.9,
};

export interface GarmentArt {
  /** content for <defs> (all ids start with the prefix) */
  defs: string;
  /** the studio backdrop (full 1200 x 1600) */
  backdrop: string;
  /** the garment (or the full-frame close-up for "detail"), drawn over the backdrop */
  figure: string;
  /** the garment's bounds on the 1200 x 1600 canvas */
  box: Box;
}

export interface GarmentArtOptions {
  /** override the studio backdrop tones */
  backdrop?: BackdropTones;
  /** add the soft wall shadow behind the garment (default true) */
  wallShadow?: boolean;
  /**
   * Where the 1200 x 1600 picture lands in the final document: the picture is drawn
   * at (x, y) scaled by `scale`. The returned markup already includes this placement
   * (do not wrap it in another transform), so every pattern can be snapped to whole
   * device pixels, which keeps librsvg fast.
   */
  place?: { x: number; y: number; scale: number };
}

/**
 * The pieces of a garment picture, so callers (banners, tiles) can compose them.
 * `prefix` namespaces every id, so several pictures can share one SVG document.
 */
export function garmentArt(input: GarmentArtInput, prefix = "g", opts: GarmentArtOptions = {}): GarmentArt {
  const seed = Number.isFinite(input.seed) ? input.seed : 0;
  const isJewel = input.category === "accessories";
  const styleRng = makeRng(seed * 131 + 17);
  const st = chooseStyle(input.print, styleRng);
  if (input.piece === "earrings" || input.piece === "necklace") st.necklace = input.piece === "necklace";
  let pal = makePalette(input.colours);
  let jewel: Jewel | null = null;
  if (isJewel) {
    const info = jewelInfo(input.colours, makeRng(seed * 3 + 1));
    jewel = info.jewel;
    pal =
      info.metal === "silver"
        ? { ...pal, accent: "#bfbfba", accentLight: "#f4f4f0", accentDark: "#6b6b66" }
        : { ...pal, accent: GOLD, accentLight: GOLD_LIGHT, accentDark: GOLD_DARK };
  }
  const ctx: Ctx = {
    p: prefix,
    pal,
    rng: makeRng(seed * 17 + 5),
    defs: [],
    uid: 0,
    print: input.print,
    view: input.view,
    category: input.category,
    colours: input.colours,
    printFill: "",
    borderStyle: st.border,
    pats: [],
    weave: "",
  };
  initDefs(ctx);
  ctx.printFill = printFill(
    ctx,
    input.print,
    pal,
    input.view === "detail" ? DETAIL_SCALE[input.print] : 1,
    makeRng(seed * 31 + 7),
  );
  const tones = opts.backdrop ?? chooseBackdrop(makeRng(seed * 7 + 3), pal);

  const place = opts.place ?? { x: 0, y: 0, scale: 1 };
  const ox = Math.round(place.x);
  const oy = Math.round(place.y);
  const os = place.scale;
  const outer = (body: string): string => {
    const scaled = scaleFragment(body, os);
    return ox === 0 && oy === 0 ? scaled : `<g transform="translate(${ox} ${oy})">${scaled}</g>`;
  };
  const outBox = (b: Box): Box => [ox + b[0] * os, oy + b[1] * os, ox + b[2] * os, oy + b[3] * os];
  const full: Box = [0, 0, ART_WIDTH, ART_HEIGHT];

  if (isJewel || input.view === "detail") {
    const figure = isJewel && jewel ? drawAccessory(ctx, st, jewel) : drawDetail(ctx, st, tones.floor);
    return {
      defs: ctx.defs.join("") + emitPatterns(ctx, os, os),
      backdrop: "",
      figure: outer(figure),
      box: outBox(full),
    };
  }

  let drawn: Drawn;
  switch (input.category) {
    case "kurtas":
      drawn = drawTunic(ctx, st, false);
      break;
    case "short-kurtis":
      drawn = drawTunic(ctx, st, true);
      break;
    case "shirts":
      drawn = drawShirt(ctx);
      break;
    case "co-ords":
      drawn = drawCoord(ctx, st);
      break;
    case "loungewear":
      drawn = drawLounge(ctx, st);
      break;
    case "bottoms":
      drawn = drawBottoms(ctx, st);
      break;
    case "dresses":
      drawn = drawDress(ctx, st);
      break;
    case "lehengas":
      drawn = drawLehenga(ctx, st);
      break;
    case "sarees":
      drawn = drawSaree(ctx, st);
      break;
    case "unstitched":
    case "accessories":
      drawn = input.piece === "dupatta" ? drawDupattaAlone(ctx) : drawUnstitched(ctx);
      break;
  }
  const bd = outer(backdrop(ctx, tones, drawn.flatLay === true));
  if (drawn.flatLay) {
    return {
      defs: ctx.defs.join("") + emitPatterns(ctx, os, os),
      backdrop: bd,
      figure: outer(drawn.svg),
      box: outBox(drawn.box),
    };
  }

  const [x0, y0, x1, y1] = drawn.box;
  const top = 130;
  const bottom = 1420;
  const sc = Math.round(Math.min((bottom - top) / (y1 - y0), 960 / (x1 - x0), 1.5) * 1000) / 1000;
  const tx = CX - ((x0 + x1) / 2) * sc;
  const ty = (top + bottom) / 2 - ((y0 + y1) / 2) * sc;
  const floorY = y1 * sc + ty + 18;
  const rx = Math.min(((x1 - x0) * sc) / 2 + 40, 470);
  // the garment group gets a whole-pixel translation in device space
  const S = os * sc;
  const Tx = Math.round(ox + os * tx);
  const Ty = Math.round(oy + os * ty);
  let fig = outer(`<ellipse cx="${CX}" cy="${n(floorY)}" rx="${n(rx)}" ry="36" fill="url(#${prefix}fs)"/>`);
  let inner = "";
  if (opts.wallShadow !== false) {
    inner += `<g transform="translate(16 24)">${drawn.sil
      .filter(Boolean)
      .map((d) => softShadow(d))
      .join("")}</g>`;
  }
  inner += drawn.svg;
  fig += `<g transform="translate(${Tx} ${Ty})">${scaleFragment(inner, S)}</g>`;
  return {
    defs: ctx.defs.join("") + emitPatterns(ctx, S, os),
    backdrop: bd,
    figure: fig,
    box: [Tx + x0 * S, Ty + y0 * S, Tx + x1 * S, Ty + y1 * S],
  };
}

/** A 1200 x 1600 studio picture of one garment (or a fabric close-up for view "detail"). */
export function garmentSvg(input: GarmentArtInput): string {
  const art = garmentArt(input, "g");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${ART_WIDTH}" height="${ART_HEIGHT}" viewBox="0 0 ${ART_WIDTH} ${ART_HEIGHT}"><defs>${art.defs}</defs>${art.backdrop}${art.figure}</svg>`;
}

/**
 * A print as a standalone fill for other compositions (banner drapes, swatches).
 * The pattern is emitted at device resolution, so use it on shapes drawn without
 * any scaling transform.
 */
export function fabricFill(
  prefix: string,
  print: PrintKind,
  colours: readonly SeedColour[],
  scale: number,
  seed: number,
): { defs: string; fill: string } {
  const pal = makePalette(colours);
  const ctx: Ctx = {
    p: prefix,
    pal,
    rng: makeRng(seed),
    defs: [],
    uid: 0,
    print,
    view: "detail",
    category: "kurtas",
    colours,
    printFill: "",
    borderStyle: "zari",
    pats: [],
    weave: "",
  };
  const fill = printFill(ctx, print, pal, scale, makeRng(seed * 31 + 7));
  return { defs: ctx.defs.join("") + emitPatterns(ctx, 1, 1), fill };
}
