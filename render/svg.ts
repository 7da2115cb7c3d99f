/**
 * The drawing primitives of PlanView (render/planview.ts): colours, the plan → pixel frame,
 * numbers and text for SVG, bounding boxes and overlay geometry, arrow heads.
 * @module
 */
import type { Obj, Plan, Point } from "../ground/plan.ts";
import type { Geometry, Overlay, Status } from "../core/result.ts";

/** Fill and stroke colour of each overlay status (and of overlays with no status). */
export const STATUS_COLOURS: Record<Status | "none", string> = {
  pass: "#2e9d4b",
  warn: "#e6a100",
  fail: "#d7301f",
  unknown: "#9a9a9a",
  error: "#8e44ad",
  none: "#2b6cb0",
};

/** Darker shades of {@link STATUS_COLOURS} for text on a light ground. */
export const STATUS_TEXT: Record<Status | "none", string> = {
  pass: "#1d6b31",
  warn: "#8a5d00",
  fail: "#a8200f",
  unknown: "#555555",
  error: "#6c3483",
  none: "#1f4f85",
};

/** Words for the legend. */
export const STATUS_WORDS: Record<Status | "none", string> = {
  pass: "pass",
  warn: "too close to call",
  fail: "fail",
  unknown: "unknown",
  error: "error",
  none: "marked",
};

/** The font every label uses (DejaVu Sans is installed where the PNGs are made). */
export const PLAN_FONT = "DejaVu Sans, sans-serif";

export const INK = "#262626";
export const ROOM_FILL = "#faf8f3";
export const OUTSIDE_FILL = "#eef3ea";
export const PAPER = "#ffffff";
export const WINDOW_INK = "#2f7fbf";
/** Width of a character of DejaVu Sans relative to the font size (a generous average). */
export const CHAR_EM = 0.6;

export const MARGIN_PX = 24;
export const PANEL_GAP_PX = 48;
export const PAD_M = 0.6;
export const FOOTER_PX = 64;

/** Escapes text for XML character data and attribute values; drops characters XML forbids. */
export function escapeXml(text: string): string {
  return text
    // deno-lint-ignore no-control-regex
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

/** A number for SVG: at most 2 decimals, never "-0". */
export function n(v: number): string {
  const r = Math.round(v * 100) / 100;
  return Object.is(r, -0) ? "0" : String(r);
}

/**
 * The scale bar's length, metres: the largest round length (1-2-5 series) whose drawing is at
 * most `max_px` long at `px_per_m`; never below 0.1 m.
 */
export function scaleBarLength_m(px_per_m: number, max_px = 160): number {
  let best = 0.1;
  for (const decade of [0.1, 1, 10, 100, 1000]) {
    for (const k of [1, 2, 5]) {
      const len = Math.round(k * decade * 10) / 10;
      if (len * px_per_m <= max_px) best = Math.max(best, len);
    }
  }
  return best;
}

/** Estimated drawn width of `text` at `font_px`, pixels (DejaVu Sans average advance). */
export function textWidth_px(text: string, font_px: number): number {
  return [...text].length * font_px * CHAR_EM;
}

/** Splits text into lines no wider than `max_px` (words longer than a line stay whole). */
export function wrapText(text: string, font_px: number, max_px: number): string[] {
  const words = text.split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let line = "";
  for (const w of words) {
    const next = line ? `${line} ${w}` : w;
    if (line && textWidth_px(next, font_px) > max_px) {
      lines.push(line);
      line = w;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

export function objectCorners(obj: Pick<Obj, "center" | "size" | "yaw_deg">): Point[] {
  const [cx, cy] = obj.center, [w, d] = obj.size;
  const a = ((obj.yaw_deg ?? 0) * Math.PI) / 180;
  const c = Math.cos(a), s = Math.sin(a);
  return [[-w / 2, -d / 2], [w / 2, -d / 2], [w / 2, d / 2], [-w / 2, d / 2]].map(
    ([x, y]) => [cx + x * c - y * s, cy + x * s + y * c] as Point,
  );
}

export interface Box {
  minx: number;
  miny: number;
  maxx: number;
  maxy: number;
}

export function bboxOf(points: Point[]): Box | undefined {
  if (!points.length) return undefined;
  const b = { minx: Infinity, miny: Infinity, maxx: -Infinity, maxy: -Infinity };
  for (const [x, y] of points) {
    if (!Number.isFinite(x) || !Number.isFinite(y)) continue;
    b.minx = Math.min(b.minx, x);
    b.miny = Math.min(b.miny, y);
    b.maxx = Math.max(b.maxx, x);
    b.maxy = Math.max(b.maxy, y);
  }
  return Number.isFinite(b.minx) ? b : undefined;
}

/** Plan metres -> panel pixels. */
export interface Frame {
  x(v: number): number;
  y(v: number): number;
  /** Panel pixels -> plan metres. */
  ix(px: number): number;
  iy(px: number): number;
  ppm: number;
  /** The panel's box on the picture, px: labels stay inside it. */
  bounds?: { left: number; top: number; right: number; bottom: number };
  /** Labels that found no free place: numbered here, listed under the picture. */
  key?: { label: string; k: Status | "none" }[];
}

export function pts(points: Point[], f: Frame): string {
  return points.map(([x, y]) => `${n(f.x(x))},${n(f.y(y))}`).join(" ");
}

export function text(
  x: number,
  y: number,
  content: string,
  attrs: {
    size: number;
    fill?: string;
    weight?: string;
    anchor?: string;
    cls?: string;
    italic?: boolean;
    halo?: boolean;
  },
): string {
  const a = [
    attrs.cls ? `class="${attrs.cls}"` : "",
    `x="${n(x)}"`,
    `y="${n(y)}"`,
    `font-size="${n(attrs.size)}"`,
    `fill="${attrs.fill ?? INK}"`,
    attrs.anchor ? `text-anchor="${attrs.anchor}"` : "",
    attrs.weight ? `font-weight="${attrs.weight}"` : "",
    attrs.italic ? `font-style="italic"` : "",
    attrs.halo
      ? `stroke="${PAPER}" stroke-width="${
        n(Math.max(2, attrs.size / 4))
      }" stroke-linejoin="round" paint-order="stroke"`
      : "",
  ].filter(Boolean).join(" ");
  return `<text ${a}>${escapeXml(content)}</text>`;
}

/** A block of centred lines around (x, y). */
export function textBlock(
  x: number,
  y: number,
  lines: { text: string; size: number; fill?: string; weight?: string; italic?: boolean }[],
  cls: string,
): string {
  const total = lines.reduce((s, l) => s + l.size * 1.2, 0);
  let cy = y - total / 2;
  const out: string[] = [];
  for (const l of lines) {
    cy += l.size * 1.2;
    out.push(text(x, cy - l.size * 0.28, l.text, { ...l, anchor: "middle", halo: true }));
  }
  return `<g class="${cls}">${out.join("")}</g>`;
}

/** Every point of an overlay geometry, for bounds (one walk, shared with layers/bcf). */
export { geometryPoints } from "../engines/geometry/geojson.ts";

export function statusKey(o: Overlay): Status | "none" {
  return o.status ?? "none";
}

/** The rings of a Polygon or MultiPolygon geometry. */
export function polygonsOf(g: Geometry): number[][][][] {
  if (g.type === "Polygon") return [g.coordinates as number[][][]];
  if (g.type === "MultiPolygon") return g.coordinates as number[][][][];
  return [];
}

export function linesOf(g: Geometry): number[][][] {
  if (g.type === "LineString") return [g.coordinates as number[][]];
  if (g.type === "MultiLineString") return g.coordinates as number[][][];
  return [];
}

export function ringPath(rings: number[][][], f: Frame): string {
  return rings.map((ring) =>
    "M" + ring.map(([x, y]) => `${n(f.x(x))},${n(f.y(y))}`).join("L") + "Z"
  ).join("");
}

export function arrowHead(
  tip: [number, number],
  from: [number, number],
  size: number,
  fill: string,
) {
  const dx = tip[0] - from[0], dy = tip[1] - from[1];
  const len = Math.hypot(dx, dy) || 1;
  const ux = dx / len, uy = dy / len;
  const bx = tip[0] - ux * size, by = tip[1] - uy * size;
  const w = size * 0.55;
  return `<polygon points="${n(tip[0])},${n(tip[1])} ${n(bx - uy * w)},${n(by + ux * w)} ${
    n(bx + uy * w)
  },${n(by - ux * w)}" fill="${fill}"/>`;
}

export function floorName(plan: Plan, id: string): string {
  const fl = plan.floors.find((x) => x.id === id);
  return fl?.name ?? id;
}
