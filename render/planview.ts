/**
 * PlanView: a plan's floors as a standalone SVG (rooms, walls, doors, windows, openings,
 * objects, stairs, a tool's overlays, a scale bar and a north arrow), and that SVG as PNG
 * through sharp (librsvg). Output is deterministic: the same plan and options give the same
 * bytes, so tests and golden files can compare it. Plan y is up; SVG y is down.
 */
import { InputError } from "../ground/errors.ts";
import type { Floor, Obj, Opening, Plan, Point, Room, Vertical } from "../ground/plan.ts";
import type { Geometry, Overlay, Status } from "../core/result.ts";
import { nearestWall } from "../engines/geometry/walls.ts";
import { edgeDistance_m, pointInRing } from "../engines/geometry/polygon.ts";
import { round } from "../ground/text.ts";

/** Options for {@link planSvg}. */
export interface PlanSvgOptions {
  /** Draw only this floor (its id); without it every floor is drawn side by side. */
  floor?: string;
  /** A tool's overlays; each is drawn on the panel of its floor. */
  overlays?: Overlay[];
  /** Heading above the drawing; defaults to the plan's name (or id). */
  title?: string;
  /** Drawing scale, pixels per metre (default 50). */
  px_per_m?: number;
}

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
const STATUS_TEXT: Record<Status | "none", string> = {
  pass: "#1d6b31",
  warn: "#8a5d00",
  fail: "#a8200f",
  unknown: "#555555",
  error: "#6c3483",
  none: "#1f4f85",
};

/** Words for the legend. */
const STATUS_WORDS: Record<Status | "none", string> = {
  pass: "pass",
  warn: "too close to call",
  fail: "fail",
  unknown: "unknown",
  error: "error",
  none: "marked",
};

/** The font every label uses (DejaVu Sans is installed where the PNGs are made). */
export const PLAN_FONT = "DejaVu Sans, sans-serif";

const INK = "#262626";
const ROOM_FILL = "#faf8f3";
const OUTSIDE_FILL = "#eef3ea";
const PAPER = "#ffffff";
const WINDOW_INK = "#2f7fbf";
/** Width of a character of DejaVu Sans relative to the font size (a generous average). */
const CHAR_EM = 0.6;

const MARGIN_PX = 24;
const PANEL_GAP_PX = 48;
const PAD_M = 0.6;
const FOOTER_PX = 64;

/** Escapes text for XML character data and attribute values; drops characters XML forbids. */
function escapeXml(text: string): string {
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
function n(v: number): string {
  const r = round(v, 2);
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
      const len = round(k * decade, 1);
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
function wrapText(text: string, font_px: number, max_px: number): string[] {
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

function objectCorners(obj: Pick<Obj, "center" | "size" | "yaw_deg">): Point[] {
  const [cx, cy] = obj.center, [w, d] = obj.size;
  const a = ((obj.yaw_deg ?? 0) * Math.PI) / 180;
  const c = Math.cos(a), s = Math.sin(a);
  return [[-w / 2, -d / 2], [w / 2, -d / 2], [w / 2, d / 2], [-w / 2, d / 2]].map(
    ([x, y]) => [cx + x * c - y * s, cy + x * s + y * c] as Point,
  );
}

interface Box {
  minx: number;
  miny: number;
  maxx: number;
  maxy: number;
}

function bboxOf(points: Point[]): Box | undefined {
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

/**
 * Where to centre a label of size w_m × h_m in a polygon: the point of an N × N grid whose label
 * box lies inside the polygon and off the obstacles (objects, door swings), nearest the centre
 * of the polygon's bounding box; the least bad point when none fits.
 */
function labelPoint(
  polygon: Point[],
  obstacles: Point[][] = [],
  w_m = 0,
  h_m = 0,
  N = 16,
): Point {
  const box = bboxOf(polygon)!;
  const centre: Point = [(box.minx + box.maxx) / 2, (box.miny + box.maxy) / 2];
  const hw = w_m / 2 + 0.08, hh = h_m / 2 + 0.05;
  // Only obstacles that reach into this polygon's box (plus the label's size) matter.
  const near = obstacles.map((ob) => ({ ob, b: bboxOf(ob)! })).filter(({ b }) =>
    b.maxx > box.minx - hw && b.minx < box.maxx + hw && b.maxy > box.miny - hh &&
    b.miny < box.maxy + hh
  );
  const inObstacle = (q: Point) =>
    near.some(({ ob, b }) =>
      q[0] >= b.minx && q[0] <= b.maxx && q[1] >= b.miny && q[1] <= b.maxy &&
      pointInRing(q, ob)
    );
  let best: Point = centre, bestScore = -Infinity;
  for (let i = 0; i <= N; i++) {
    for (let j = 0; j <= N; j++) {
      const p: Point = [
        box.minx + ((box.maxx - box.minx) * i) / N,
        box.miny + ((box.maxy - box.miny) * j) / N,
      ];
      if (!pointInRing(p, polygon)) continue;
      let outside = 0, blocked = 0;
      for (const sx of [-1, -0.5, 0, 0.5, 1]) {
        for (const sy of [-1, 0, 1]) {
          const q: Point = [p[0] + sx * hw, p[1] + sy * hh];
          if (!pointInRing(q, polygon)) outside++;
          if (inObstacle(q)) blocked++;
        }
      }
      for (const { ob } of near) {
        // Obstacles smaller than the sampling: count their corners inside the label box.
        for (const q of ob) {
          if (Math.abs(q[0] - p[0]) < hw && Math.abs(q[1] - p[1]) < hh) blocked++;
        }
      }
      const score = -10 * outside - 4 * blocked -
        Math.hypot(p[0] - centre[0], p[1] - centre[1]) +
        0.3 * Math.min(edgeDistance_m(p, polygon), 1);
      if (score > bestScore + 1e-9) {
        bestScore = score;
        best = p;
      }
    }
  }
  return best;
}

/** Plan metres -> panel pixels. */
interface Frame {
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

function pts(points: Point[], f: Frame): string {
  return points.map(([x, y]) => `${n(f.x(x))},${n(f.y(y))}`).join(" ");
}

function text(
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
function textBlock(
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

function roomTitle(room: Room): { main: string; sub?: string } {
  const main = room.name ?? room.id;
  const said = main.toLowerCase().includes(room.label) ||
    (room.label === "hallway" && /hall/i.test(main)) ||
    (room.label === "stairs" && /stair/i.test(main));
  return said ? { main } : { main, sub: room.label };
}

/** A polygon's bounding box to the millimetre, as a lookup key. */
function boxKey(polygon: Point[]): string {
  const b = bboxOf(polygon);
  return b ? [b.minx, b.miny, b.maxx, b.maxy].map((v) => Math.round(v * 1000)).join(",") : "";
}

function samePolygon(a: Point[], ring: number[][]): boolean {
  const r = ring.length > 1 && ring[0][0] === ring[ring.length - 1][0] &&
      ring[0][1] === ring[ring.length - 1][1]
    ? ring.slice(0, -1)
    : ring;
  if (r.length !== a.length) return false;
  const eq = (p: Point, q: number[]) =>
    Math.abs(p[0] - q[0]) < 1e-6 && Math.abs(p[1] - q[1]) < 1e-6;
  const start = r.findIndex((q) => eq(a[0], q));
  if (start < 0) return false;
  const fwd = a.every((p, i) => eq(p, r[(start + i) % r.length]));
  const back = a.every((p, i) => eq(p, r[(start - i + r.length) % r.length]));
  return fwd || back;
}

/** Every point of an overlay geometry, for bounds. */
function geometryPoints(g: Geometry): Point[] {
  const out: Point[] = [];
  const walk = (c: unknown) => {
    if (Array.isArray(c) && typeof c[0] === "number" && typeof c[1] === "number") {
      out.push([c[0], c[1]]);
    } else if (Array.isArray(c)) c.forEach(walk);
  };
  walk(g.coordinates);
  return out;
}

function statusKey(o: Overlay): Status | "none" {
  return o.status ?? "none";
}

/** The rings of a Polygon or MultiPolygon geometry. */
function polygonsOf(g: Geometry): number[][][][] {
  if (g.type === "Polygon") return [g.coordinates as number[][][]];
  if (g.type === "MultiPolygon") return g.coordinates as number[][][][];
  return [];
}

function linesOf(g: Geometry): number[][][] {
  if (g.type === "LineString") return [g.coordinates as number[][]];
  if (g.type === "MultiLineString") return g.coordinates as number[][][];
  return [];
}

function ringPath(rings: number[][][], f: Frame): string {
  return rings.map((ring) =>
    "M" + ring.map(([x, y]) => `${n(f.x(x))},${n(f.y(y))}`).join("L") + "Z"
  ).join("");
}

function arrowHead(tip: [number, number], from: [number, number], size: number, fill: string) {
  const dx = tip[0] - from[0], dy = tip[1] - from[1];
  const len = Math.hypot(dx, dy) || 1;
  const ux = dx / len, uy = dy / len;
  const bx = tip[0] - ux * size, by = tip[1] - uy * size;
  const w = size * 0.55;
  return `<polygon points="${n(tip[0])},${n(tip[1])} ${n(bx - uy * w)},${n(by + ux * w)} ${
    n(bx + uy * w)
  },${n(by - ux * w)}" fill="${fill}"/>`;
}

interface PanelParts {
  floor?: Floor;
  rooms: Room[];
  openings: Opening[];
  objects: Obj[];
  overlays: Overlay[];
}

function drawPanel(plan: Plan, parts: PanelParts, f: Frame, ids: Set<string>): string {
  const { rooms, openings, objects, overlays } = parts;
  const ppm = f.ppm;
  const wall_px = Math.max(2, 0.12 * ppm);
  const out: string[] = [];

  // Verticals: rooms named by a vertical (stair, ramp, lift, step), or labelled "stairs".
  const verticalIn = new Map<
    string,
    { kind: Vertical["kind"]; going_m: number; up?: string; down?: string; rise_m?: number }
  >();
  for (const v of plan.verticals) {
    // A vertical with its own outline is drawn there (below), not over its rooms.
    if (v.footprint) continue;
    for (const rid of v.rooms ?? []) {
      const room = rooms.find((r) => r.id === rid);
      if (!room) continue;
      const seen = verticalIn.get(rid);
      const up = room.floor === v.from_floor && v.to_floor !== v.from_floor
        ? floorName(plan, v.to_floor)
        : undefined;
      const down = room.floor === v.to_floor && v.to_floor !== v.from_floor
        ? floorName(plan, v.from_floor)
        : undefined;
      verticalIn.set(rid, {
        kind: seen?.kind ?? v.kind,
        going_m: seen?.going_m ?? v.going_m ?? 0.25,
        up: seen?.up ?? up,
        down: seen?.down ?? down,
        // A ramp or step within one floor: its rise is what to show.
        rise_m: seen?.rise_m ?? (v.from_floor === v.to_floor ? v.rise_m : undefined),
      });
    }
  }
  for (const r of rooms) {
    if (r.label === "stairs" && !verticalIn.has(r.id)) {
      verticalIn.set(r.id, { kind: "stair", going_m: 0.25 });
    }
  }

  // Places labels keep clear of: objects, door swings, stair arrows.
  const obstacles: Point[][] = objects.map(objectCorners);
  for (const o of openings) {
    const sw = o.kind === "door" ? doorSwing(plan, o) : undefined;
    if (sw) obstacles.push(sw.quad);
  }

  // 1. Room floors.
  out.push(`<g class="rooms">`);
  for (const r of rooms) {
    const fill = r.label === "outdoor" || r.label === "balcony" ? OUTSIDE_FILL : ROOM_FILL;
    out.push(
      `<polygon class="room" data-room="${escapeXml(r.id)}" points="${
        pts(r.polygon, f)
      }" fill="${fill}"/>`,
    );
  }
  out.push(`</g>`);

  // 2. Area overlays (tints), under the walls.
  // A room overlay's label is shown as its room's label: match overlays to rooms by outline.
  const roomByOverlay = new Map<string, Overlay>();
  const labelledRooms = new Set<Overlay>();
  const roomsByBox = new Map<string, Room[]>();
  for (const r of rooms) {
    const k = boxKey(r.polygon);
    roomsByBox.set(k, [...(roomsByBox.get(k) ?? []), r]);
  }
  out.push(`<g class="overlays-area">`);
  for (const o of overlays) {
    const polys = polygonsOf(o.geometry);
    if (!polys.length) continue;
    const k = statusKey(o);
    const c = STATUS_COLOURS[k];
    const d = polys.map((rings) => ringPath(rings, f)).join("");
    out.push(
      `<path class="overlay overlay-${escapeXml(o.kind)} status-${k}" data-overlay="${
        escapeXml(o.id)
      }" d="${d}" fill="${c}" fill-opacity="0.42" fill-rule="evenodd" stroke="${c}" stroke-width="2"/>`,
    );
    if (polys.length === 1) {
      const ring = polys[0][0].map(([x, y]) => [x, y] as Point);
      const room = (roomsByBox.get(boxKey(ring)) ?? []).find((r) =>
        samePolygon(r.polygon, polys[0][0])
      );
      if (room && !roomByOverlay.has(room.id) && o.label) {
        roomByOverlay.set(room.id, o);
        labelledRooms.add(o);
      }
    }
  }
  out.push(`</g>`);

  // 3. Verticals: stair and step treads, a lift's cross, and an arrow the way up.
  out.push(`<g class="verticals">`);
  for (const r of rooms) {
    const st = verticalIn.get(r.id);
    if (!st) continue;
    const box = bboxOf(r.polygon)!;
    const alongX = box.maxx - box.minx >= box.maxy - box.miny;
    if (st.kind === "stair" || st.kind === "step") {
      const step_px = Math.max(3, st.going_m * ppm);
      const pid = `tp-treads-${alongX ? "x" : "y"}-${Math.round(step_px * 100)}`;
      if (!ids.has(pid)) {
        ids.add(pid);
        const line = alongX
          ? `<line x1="0" y1="0" x2="0" y2="${n(step_px)}" stroke="#9b9b9b" stroke-width="1"/>`
          : `<line x1="0" y1="0" x2="${n(step_px)}" y2="0" stroke="#9b9b9b" stroke-width="1"/>`;
        out.push(
          `<defs><pattern id="${pid}" patternUnits="userSpaceOnUse" width="${n(step_px)}" height="${
            n(step_px)
          }">${line}</pattern></defs>`,
        );
      }
      out.push(
        `<polygon class="stair" data-room="${escapeXml(r.id)}" points="${
          pts(r.polygon, f)
        }" fill="url(#${pid})"/>`,
      );
    } else if (st.kind === "lift") {
      const [x1, x2, y1, y2] = [f.x(box.minx), f.x(box.maxx), f.y(box.miny), f.y(box.maxy)];
      const ix = (x2 - x1) * 0.12, iy = (y1 - y2) * 0.12;
      out.push(
        `<g class="lift" data-room="${escapeXml(r.id)}" stroke="#8a8a8a" stroke-width="1.2">` +
          `<line x1="${n(x1 + ix)}" y1="${n(y1 - iy)}" x2="${n(x2 - ix)}" y2="${n(y2 + iy)}"/>` +
          `<line x1="${n(x1 + ix)}" y1="${n(y2 + iy)}" x2="${n(x2 - ix)}" y2="${n(y1 - iy)}"/></g>`,
      );
    }
    const what = st.kind === "stair" ? "" : `${st.kind} `;
    const size = Math.max(8, Math.min(10, ppm * 0.2));
    if (st.kind === "lift") {
      // A lift: the floors it serves, under the cross.
      const words = `lift to ${[st.up, st.down].filter(Boolean).join(", ") || "this floor only"}`;
      const w_px = (box.maxx - box.minx) * ppm - 8;
      const lines = wrapText(words, size, w_px);
      const y = f.y(box.miny + 0.15) - (lines.length - 1) * size * 1.15;
      out.push(
        `<g class="vertical-caption">${
          lines.map((l, i) =>
            text(f.x((box.minx + box.maxx) / 2), y + i * size * 1.15, l, {
              size,
              anchor: "middle",
              fill: "#444",
              halo: true,
            })
          ).join("")
        }</g>`,
      );
      const top = box.miny + 0.15 + (lines.length * size * 1.15 + 2) / ppm;
      obstacles.push([[box.minx, box.miny], [box.maxx, box.miny], [box.maxx, top], [
        box.minx,
        top,
      ]]);
      continue;
    }
    const within = !st.up && !st.down && st.rise_m !== undefined;
    if (!st.up && !st.down && !within) continue;
    // Arrow along the long axis, a quarter of the way in, pointing the way up (both ways for a
    // ramp or step within one floor, whose direction the plan does not give).
    const y0 = alongX ? box.miny + (box.maxy - box.miny) * 0.25 : 0;
    const x0 = alongX ? 0 : box.minx + (box.maxx - box.minx) * 0.25;
    const a: Point = alongX ? [box.minx + 0.3, y0] : [x0, box.miny + 0.3];
    const b: Point = alongX ? [box.maxx - 0.3, y0] : [x0, box.maxy - 0.3];
    const [from, to] = st.up ? [a, b] : [b, a];
    // The caption goes under the arrow when there is room, else over it.
    const below = (y0 - box.miny) * ppm >= 20;
    const [c0, c1] = below ? [y0 - 0.45, y0 + 0.2] : [y0 - 0.2, y0 + 0.45];
    obstacles.push(
      alongX
        ? [[a[0], c0], [b[0], c0], [b[0], c1], [a[0], c1]]
        : [[x0 - 0.2, a[1]], [x0 + 0.45, a[1]], [x0 + 0.45, b[1]], [x0 - 0.2, b[1]]],
    );
    const p1: [number, number] = [f.x(from[0]), f.y(from[1])];
    const p2: [number, number] = [f.x(to[0]), f.y(to[1])];
    const words = within
      ? `${st.kind}, rise ${st.rise_m!.toFixed(2)} m`
      : [st.up && `${what}up to ${st.up}`, st.down && `${what}down to ${st.down}`]
        .filter(Boolean).join(", ");
    const mid: [number, number] = [(p1[0] + p2[0]) / 2, (p1[1] + p2[1]) / 2];
    const caption = alongX
      ? text(mid[0], mid[1] + (below ? 13 : -5), words, {
        size,
        anchor: "middle",
        fill: "#444",
        halo: true,
      })
      : `<g transform="translate(${n(mid[0] + 12)} ${n(mid[1])}) rotate(-90)">${
        text(0, 0, words, { size, anchor: "middle", fill: "#444", halo: true })
      }</g>`;
    out.push(
      `<g class="vertical-arrow"><line x1="${n(p1[0])}" y1="${n(p1[1])}" x2="${n(p2[0])}" y2="${
        n(p2[1])
      }" stroke="${INK}" stroke-width="1.5"/>${arrowHead(p2, p1, 9, INK)}${
        (st.up && st.down) || within
          ? arrowHead(p1, p2, 9, INK)
          : `<circle cx="${n(p1[0])}" cy="${n(p1[1])}" r="2.5" fill="${INK}"/>`
      }${caption}</g>`,
    );
  }
  // Verticals with their own outline, on the floors they leave from and arrive at.
  for (const v of plan.verticals) {
    if (!v.footprint || !parts.floor) continue;
    const fl = parts.floor.id;
    if (v.from_floor !== fl && v.to_floor !== fl) continue;
    const box = bboxOf(v.footprint)!;
    const alongX = box.maxx - box.minx >= box.maxy - box.miny;
    const step_px = Math.max(3, (v.going_m ?? 0.25) * ppm);
    const pid = `tp-treads-${alongX ? "x" : "y"}-${Math.round(step_px * 100)}`;
    if (!ids.has(pid)) {
      ids.add(pid);
      const line = alongX
        ? `<line x1="0" y1="0" x2="0" y2="${n(step_px)}" stroke="#9b9b9b" stroke-width="1"/>`
        : `<line x1="0" y1="0" x2="${n(step_px)}" y2="0" stroke="#9b9b9b" stroke-width="1"/>`;
      out.push(
        `<defs><pattern id="${pid}" patternUnits="userSpaceOnUse" width="${n(step_px)}" height="${
          n(step_px)
        }">${line}</pattern></defs>`,
      );
    }
    const up = v.from_floor === fl && v.to_floor !== fl;
    const other = floorName(plan, up ? v.to_floor : v.from_floor);
    const words = v.from_floor === v.to_floor
      ? `${v.kind}, rise ${v.rise_m.toFixed(2)} m`
      : `${v.kind} ${up ? "up" : "down"} to ${other}`;
    const size = Math.max(8, Math.min(10, ppm * 0.2));
    const cx = f.x((box.minx + box.maxx) / 2), cy = f.y((box.miny + box.maxy) / 2);
    out.push(
      `<g class="stair stair-footprint" data-vertical="${escapeXml(v.id)}"><polygon points="${
        pts(v.footprint, f)
      }" fill="${PAPER}" stroke="#7a7a7a" stroke-width="1.2"/><polygon points="${
        pts(v.footprint, f)
      }" fill="url(#${pid})"/>${
        text(cx, cy + size * 0.35, words, { size, anchor: "middle", fill: "#444", halo: true })
      }</g>`,
    );
    obstacles.push(v.footprint);
  }
  out.push(`</g>`);

  // 4. Walls: room outlines.
  out.push(
    `<g class="walls" fill="none" stroke="${INK}" stroke-width="${
      n(wall_px)
    }" stroke-linejoin="miter">`,
  );
  for (const r of rooms) out.push(`<polygon points="${pts(r.polygon, f)}"/>`);
  out.push(`</g>`);

  // 5. Openings: a gap in the wall, then the symbol.
  out.push(`<g class="openings">`);
  for (const o of openings) out.push(drawOpening(plan, o, f, wall_px));
  out.push(`</g>`);

  // 6. Objects.
  out.push(`<g class="objects">`);
  for (const o of objects) {
    const corners = objectCorners(o);
    const c: [number, number] = [f.x(o.center[0]), f.y(o.center[1])];
    const box = bboxOf(corners)!;
    const w_px = (box.maxx - box.minx) * ppm, h_px = (box.maxy - box.miny) * ppm;
    // Turned along the object's longer side when it does not fit across.
    const upright = h_px > w_px * 1.2 && textWidth_px(o.label, 8) > w_px - 4;
    const room_px = (upright ? h_px : w_px) - 4;
    let size = Math.max(7, Math.min(10, ppm * 0.2));
    while (size > 7 && textWidth_px(o.label, size) > room_px) size -= 0.5;
    const label = text(upright ? 0 : c[0], upright ? size * 0.35 : c[1] + size * 0.35, o.label, {
      size,
      anchor: "middle",
      fill: "#5e5547",
    });
    out.push(
      `<g class="object" data-object="${escapeXml(o.id)}"><polygon points="${
        pts(corners, f)
      }" fill="#ebe5d8" stroke="#8c8170" stroke-width="1"/>${
        upright ? `<g transform="translate(${n(c[0])} ${n(c[1])}) rotate(-90)">${label}</g>` : label
      }</g>`,
    );
  }
  out.push(`</g>`);

  // 7. Line, circle and point overlays. Their lines and labels become obstacles for room labels.
  const labels: string[] = [];
  // Overlay labels are placed inside the panel without overlapping each other: the first free
  // spot around their anchor; when none is free, a number there and the words in the key
  // under the picture.
  // Scanned objects (furniture) hold their own names, and door swings their arcs: a label
  // keeps off them too.
  const swings = openings.flatMap((o) => {
    const sw = o.kind === "door" ? doorSwing(plan, o) : undefined;
    return sw ? [sw.quad] : [];
  });
  const placed: { x0: number; y0: number; x1: number; y1: number }[] = [
    ...objects.map(objectCorners),
    ...swings,
  ].map((corners) => {
    const b = bboxOf(corners)!;
    const [xa, xb] = [f.x(b.minx), f.x(b.maxx)], [ya, yb] = [f.y(b.miny), f.y(b.maxy)];
    return {
      x0: Math.min(xa, xb),
      x1: Math.max(xa, xb),
      y0: Math.min(ya, yb),
      y1: Math.max(ya, yb),
    };
  });
  const bounds = f.bounds;
  // Lines a label must not sit over, in pixels: every line overlay (routes, arrows) and the
  // walls (room outlines), known before the first label is placed.
  const lineSegs: number[][] = [];
  for (const o of overlays) {
    for (const line of linesOf(o.geometry)) {
      for (let i = 0; i + 1 < line.length; i++) {
        lineSegs.push([f.x(line[i][0]), f.y(line[i][1]), f.x(line[i + 1][0]), f.y(line[i + 1][1])]);
      }
    }
  }
  for (const r of rooms) {
    const ring = r.polygon;
    for (let i = 0; i < ring.length; i++) {
      const a = ring[i], b = ring[(i + 1) % ring.length];
      lineSegs.push([f.x(a[0]), f.y(a[1]), f.x(b[0]), f.y(b[1])]);
    }
  }
  // The words already placed (room names, overlay labels) and the leader lines drawn so far:
  // a label keeps off the leaders, and a leader keeps off the words.
  const textBoxes: { x0: number; y0: number; x1: number; y1: number }[] = [];
  const leaderSegs: number[][] = [];
  const free = (b: { x0: number; y0: number; x1: number; y1: number }) =>
    (!bounds ||
      (b.x0 >= bounds.left && b.x1 <= bounds.right && b.y0 >= bounds.top &&
        b.y1 <= bounds.bottom)) &&
    !placed.some((q) => b.x0 < q.x1 && b.x1 > q.x0 && b.y0 < q.y1 && b.y1 > q.y0) &&
    !lineSegs.some((sg) => segmentHitsBox(sg, b)) &&
    !leaderSegs.some((sg) => segmentHitsBox(sg, b));
  // Room names first (they keep off lines, furniture and door swings), so that overlay labels
  // then keep off them. A very large plan gets a coarse label search so that drawing stays
  // linear in its size.
  for (const o of overlays) {
    for (const line of linesOf(o.geometry)) {
      for (let i = 0; i + 1 < line.length; i++) obstacles.push(segmentQuad(line[i], line[i + 1]));
    }
  }
  const crowded = rooms.length > 300;
  const roomLabels: string[] = [];
  for (const r of rooms) {
    const box = bboxOf(r.polygon)!;
    const w_px = (box.maxx - box.minx) * ppm * 0.88;
    const h_px = (box.maxy - box.miny) * ppm * 0.85;
    const ov = roomByOverlay.get(r.id);
    const t = roomTitle(r);
    const mainText = ov?.label ?? t.main;
    let size = Math.max(8, Math.min(13, ppm * 0.25));
    let lines = wrapText(mainText, size, w_px);
    while (
      size > 7.5 &&
      (lines.some((l) => textWidth_px(l, size) > w_px) ||
        (lines.length + (t.sub ? 0.8 : 0)) * size * 1.2 > h_px)
    ) {
      size -= 0.5;
      lines = wrapText(mainText, size, w_px);
    }
    const blockW_m = Math.max(
      ...lines.map((l) => textWidth_px(l, size)),
      t.sub ? textWidth_px(t.sub, size * 0.8) : 0,
    ) / ppm;
    const blockH_m = (lines.length + (t.sub ? 0.8 : 0)) * size * 1.2 / ppm;
    const p = crowded
      ? labelPoint(r.polygon, [], blockW_m, blockH_m, 4)
      : labelPoint(r.polygon, obstacles, blockW_m, blockH_m);
    const k = ov ? statusKey(ov) : undefined;
    const block = [
      ...lines.map((l) => ({
        text: l,
        size,
        weight: "bold",
        fill: k && k !== "pass" && k !== "none" ? STATUS_TEXT[k] : INK,
      })),
      ...(t.sub ? [{ text: t.sub, size: size * 0.8, fill: "#6b6b6b", italic: true }] : []),
    ];
    roomLabels.push(textBlock(f.x(p[0]), f.y(p[1]), block, "room-label"));
    const [hw, hh] = [blockW_m / 2, blockH_m / 2];
    obstacles.push([[p[0] - hw, p[1] - hh], [p[0] + hw, p[1] - hh], [p[0] + hw, p[1] + hh], [
      p[0] - hw,
      p[1] + hh,
    ]]);
    // Overlay labels keep off the room's name (in pixels; y grows downwards).
    const [xa, xb, ya, yb] = [f.x(p[0] - hw), f.x(p[0] + hw), f.y(p[1] - hh), f.y(p[1] + hh)];
    const nameBox = {
      x0: Math.min(xa, xb),
      x1: Math.max(xa, xb),
      y0: Math.min(ya, yb),
      y1: Math.max(ya, yb),
    };
    placed.push(nameBox);
    textBoxes.push(nameBox);
  }
  const overlayLabel = (
    x: number,
    y: number,
    label: string,
    k: Status | "none",
    middle: boolean,
  ) => {
    const w = textWidth_px(label, 11);
    // Candidates: as asked, then right, left, above and below the anchor, then the same
    // further out (a leader line joins a label moved away from its anchor).
    const ax = middle ? x : x - 9, ay = y - 4;
    const around = (w: number, ds = [1, 2, 3.5]): [number, number][] =>
      ds.flatMap((d): [number, number][] => [
        [ax + 9 * d, ay + 4],
        [ax - 9 * d - w, ay + 4],
        [ax - w / 2, ay - 10 * d],
        [ax - w / 2, ay + 18 * d],
        [ax + 9 * d, ay - 12 * d],
        [ax + 9 * d, ay + 20 * d],
        [ax - 9 * d - w, ay - 12 * d],
        [ax - 9 * d - w, ay + 20 * d],
      ]);
    const spots: [number, number][] = [[middle ? x - w / 2 : x, y], ...around(w)];
    // The leader from the anchor to a label at (x0, baseline yb), wpx wide: none when the
    // label is beside its anchor.
    // Words drawn over the anchor itself (a room's name on its door): a leader starts at their
    // edge, not across them.
    const over = textBoxes.filter((b) => ax >= b.x0 && ax <= b.x1 && ay >= b.y0 && ay <= b.y1);
    const leaderOf = (x0: number, yb: number, wpx: number): number[] | undefined => {
      const lx = Math.max(x0, Math.min(x0 + wpx, ax)), ly = Math.max(yb - 10, Math.min(yb + 3, ay));
      if (Math.hypot(lx - ax, ly - ay) <= 12) return undefined;
      // Where the segment anchor → label leaves the boxes over the anchor.
      let t = 0;
      const dx = lx - ax, dy = ly - ay;
      for (const b of over) {
        const tx = dx > 0 ? (b.x1 - ax) / dx : dx < 0 ? (b.x0 - ax) / dx : Infinity;
        const ty = dy > 0 ? (b.y1 - ay) / dy : dy < 0 ? (b.y0 - ay) / dy : Infinity;
        t = Math.max(t, Math.min(tx, ty));
      }
      if (t >= 1) return undefined;
      return [ax + dx * t, ay + dy * t, lx, ly];
    };
    // A spot is free when its box is, and its leader crosses no words already placed.
    const spotFree = (sx: number, sy: number, wpx: number) => {
      if (!free({ x0: sx - 1, y0: sy - 11, x1: sx + wpx + 1, y1: sy + 4 })) return false;
      const leader = leaderOf(sx, sy, wpx);
      return !leader ||
        !textBoxes.some((b) => !over.includes(b) && segmentHitsBox(leader, b));
    };
    let at: [number, number] | undefined;
    for (const [sx, sy] of spots) {
      if (spotFree(sx, sy, w)) {
        at = [sx, sy];
        break;
      }
    }
    let words = label;
    let wpx = w;
    if (!at && f.key) {
      // No free spot: a number here, the label in the key.
      f.key.push({ label, k });
      words = String(f.key.length);
      wpx = textWidth_px(words, 11);
      // A number is small: it looks further out before it settles on a taken spot.
      for (const [sx, sy] of around(wpx, [1, 2, 3.5, 5, 7, 10])) {
        if (spotFree(sx, sy, wpx)) {
          at = [sx, sy];
          break;
        }
      }
      at ??= [ax + 9, ay + 4];
    }
    at ??= [middle ? x - w / 2 : x, y];
    const [x0, yb] = at;
    placed.push({ x0: x0 - 1, y0: yb - 11, x1: x0 + wpx + 1, y1: yb + 4 });
    textBoxes.push({ x0: x0 - 1, y0: yb - 11, x1: x0 + wpx + 1, y1: yb + 4 });
    // A label moved away from its anchor gets a thin leader line to it.
    const leader = leaderOf(x0, yb, wpx);
    if (leader) {
      const [lx1, ly1, lx, ly] = leader;
      leaderSegs.push(leader);
      labels.push(
        `<line class="leader" x1="${n(lx1)}" y1="${n(ly1)}" x2="${n(lx)}" y2="${n(ly)}" stroke="${
          STATUS_TEXT[k]
        }" stroke-width="0.8"/>`,
      );
    }
    obstacles.push(
      [[x0, yb + 3], [x0 + wpx, yb + 3], [x0 + wpx, yb - 10], [x0, yb - 10]].map((
        [px, py],
      ) => [f.ix(px), f.iy(py)] as Point),
    );
    labels.push(
      text(x0, yb, words, {
        size: 11,
        fill: STATUS_TEXT[k],
        halo: true,
        cls: words === label ? "overlay-label" : "overlay-label overlay-key-number",
      }),
    );
  };
  out.push(`<g class="overlays-line">`);
  for (const o of overlays) {
    const k = statusKey(o);
    const c = STATUS_COLOURS[k];
    const cls = `overlay overlay-${escapeXml(o.kind)} status-${k}`;
    const data = `data-overlay="${escapeXml(o.id)}"`;
    const g = o.geometry;
    const lines = linesOf(g);
    if (lines.length) {
      const parts: string[] = [];
      for (const line of lines) {
        const p = line.map(([x, y]) => [f.x(x), f.y(y)] as [number, number]);
        if (p.length < 2) continue;
        parts.push(
          `<polyline points="${
            p.map(([x, y]) => `${n(x)},${n(y)}`).join(" ")
          }" fill="none" stroke="${c}" stroke-width="3.5" stroke-linejoin="round" stroke-linecap="round"${
            o.kind === "route" ? ` stroke-opacity="0.9"` : ""
          }/>`,
        );
        if (o.kind === "arrow" || o.kind === "route") {
          parts.push(arrowHead(p[p.length - 1], p[p.length - 2], 12, c));
        }
      }
      out.push(`<g class="${cls}" ${data}>${parts.join("")}</g>`);
      if (o.label) {
        const mid = midpointOfLongest(lines[0]);
        overlayLabel(f.x(mid[0]), f.y(mid[1]) - 7, o.label, k, true);
      }
    } else if (g.type === "Point") {
      const [x, y] = g.coordinates as number[];
      const px = f.x(x), py = f.y(y);
      if (o.kind === "circle" || o.radius_m !== undefined) {
        const r = (o.radius_m ?? 0) * ppm;
        out.push(
          `<g class="${cls}" ${data}><circle cx="${n(px)}" cy="${n(py)}" r="${
            n(r)
          }" fill="${c}" fill-opacity="0.18" stroke="${c}" stroke-width="2" stroke-dasharray="6 4"/><circle cx="${
            n(px)
          }" cy="${n(py)}" r="2.5" fill="${c}"/></g>`,
        );
        if (o.label) overlayLabel(px, py - r - 5, o.label, k, true);
      } else {
        out.push(
          `<g class="${cls}" ${data}><circle cx="${n(px)}" cy="${
            n(py)
          }" r="5.5" fill="${c}" stroke="${PAPER}" stroke-width="1.5"/></g>`,
        );
        if (o.label) overlayLabel(px + 9, py + 4, o.label, k, false);
      }
    }
  }
  out.push(`</g>`);

  // 8. Labels: rooms (with their overlay's words), then other area overlays. A very large
  // plan gets a coarse label search so that drawing stays linear in its size.
  out.push(`<g class="labels" font-family="${PLAN_FONT}">`);
  out.push(...roomLabels);
  for (const o of overlays) {
    const polys = polygonsOf(o.geometry);
    if (!polys.length || !o.label || labelledRooms.has(o)) continue;
    const ring = (polys[0][0] ?? []).map(([x, y]) => [x, y] as Point);
    if (ring.length < 3) continue;
    const holes = polys[0].slice(1).map((h) => h.map(([x, y]) => [x, y] as Point));
    const p = labelPoint(
      ring,
      [...obstacles, ...holes],
      textWidth_px(o.label, 11) / ppm,
      13 / ppm,
    );
    labels.push(
      text(f.x(p[0]), f.y(p[1]) + 4, o.label, {
        size: 11,
        anchor: "middle",
        fill: STATUS_TEXT[statusKey(o)],
        halo: true,
        weight: "bold",
        cls: "overlay-label",
      }),
    );
  }
  out.push(...labels);
  out.push(`</g>`);
  return out.join("\n");
}

/**
 * Whether the segment [x0, y0, x1, y1] crosses or lies in the box (pixels): Liang–Barsky
 * clipping of the segment against the box.
 */
function segmentHitsBox(
  sg: number[],
  b: { x0: number; y0: number; x1: number; y1: number },
): boolean {
  const [x0, y0, x1, y1] = sg;
  const dx = x1 - x0, dy = y1 - y0;
  let t0 = 0, t1 = 1;
  for (
    const [p, q] of [[-dx, x0 - b.x0], [dx, b.x1 - x0], [-dy, y0 - b.y0], [dy, b.y1 - y0]]
  ) {
    if (p === 0) {
      if (q < 0) return false;
      continue;
    }
    const t = q / p;
    if (p < 0) {
      if (t > t1) return false;
      if (t > t0) t0 = t;
    } else {
      if (t < t0) return false;
      if (t < t1) t1 = t;
    }
  }
  return t0 <= t1;
}

/** A segment widened by 0.12 m on each side, as a ring (a label obstacle). */
function segmentQuad(a: number[], b: number[]): Point[] {
  const len = Math.hypot(b[0] - a[0], b[1] - a[1]) || 1;
  const nx = (-(b[1] - a[1]) / len) * 0.12, ny = ((b[0] - a[0]) / len) * 0.12;
  return [[a[0] + nx, a[1] + ny], [b[0] + nx, b[1] + ny], [b[0] - nx, b[1] - ny], [
    a[0] - nx,
    a[1] - ny,
  ]];
}

function midpointOfLongest(line: number[][]): Point {
  let best: Point = [line[0][0], line[0][1]], bestLen = -1;
  for (let i = 0; i + 1 < line.length; i++) {
    const len = Math.hypot(line[i + 1][0] - line[i][0], line[i + 1][1] - line[i][1]);
    if (len > bestLen) {
      bestLen = len;
      best = [(line[i][0] + line[i + 1][0]) / 2, (line[i][1] + line[i + 1][1]) / 2];
    }
  }
  return best;
}

function floorName(plan: Plan, id: string): string {
  const fl = plan.floors.find((x) => x.id === id);
  return fl?.name ?? id;
}

/**
 * An opening's jambs j1, j2 (its width_m along the wall, centred on the wall point nearest `at`)
 * and, for a door, the side it swings to (into between[0], or between[1] when [0] is the
 * outside) and the square its leaf sweeps.
 */
function doorSwing(
  plan: Plan,
  o: Opening,
  wall = nearestWall(plan, o),
): { w: number; j1: Point; j2: Point; s: Point; quad: Point[] } | undefined {
  if (!wall) return undefined;
  const w = Math.min(o.width_m, wall.length_m);
  const [dx, dy] = wall.dir;
  const c = wall.foot;
  const j1: Point = [c[0] - dx * w / 2, c[1] - dy * w / 2];
  const j2: Point = [c[0] + dx * w / 2, c[1] + dy * w / 2];
  const into = o.between[0] ?? o.between[1];
  const sign = into === wall.room ? -1 : 1;
  const s: Point = [wall.normal[0] * sign, wall.normal[1] * sign];
  const quad: Point[] = [j1, j2, [j2[0] + s[0] * w, j2[1] + s[1] * w], [
    j1[0] + s[0] * w,
    j1[1] + s[1] * w,
  ]];
  return { w, j1, j2, s, quad };
}

/**
 * One opening on its wall (nearestWall): a gap of width_m in the wall, then a door leaf with
 * its quarter-circle swing (into the first room of `between`), a window's thin double line, or
 * an opening's jambs.
 */
function drawOpening(plan: Plan, o: Opening, f: Frame, wall_px: number): string {
  const wall = nearestWall(plan, o);
  const cls = `opening opening-${o.kind}`;
  const data = `data-opening="${escapeXml(o.id)}"`;
  if (!wall) {
    // No wall to sit on: a marker at `at`.
    return `<g class="${cls}" ${data}><circle cx="${n(f.x(o.at[0]))}" cy="${
      n(f.y(o.at[1]))
    }" r="4" fill="none" stroke="${INK}"/></g>`;
  }
  const { w, j1, j2, s } = doorSwing(plan, o, wall)!;
  const c = wall.foot;
  const S = (p: Point): [number, number] => [f.x(p[0]), f.y(p[1])];
  const [a, b] = [S(j1), S(j2)];
  // Screen-space unit normal (plan y flipped).
  const nx = wall.normal[0], ny = -wall.normal[1];
  const half = wall_px / 2;
  const gap = `<line x1="${n(a[0])}" y1="${n(a[1])}" x2="${n(b[0])}" y2="${
    n(b[1])
  }" stroke="${PAPER}" stroke-width="${n(wall_px + 1.5)}" stroke-linecap="butt"/>`;
  const jamb = (p: [number, number], k: number) =>
    `<line x1="${n(p[0] + nx * half * k)}" y1="${n(p[1] + ny * half * k)}" x2="${
      n(p[0] - nx * half * k)
    }" y2="${n(p[1] - ny * half * k)}" stroke="${INK}" stroke-width="1.5"/>`;
  const parts = [gap];
  if (o.kind === "door") {
    const leaf: Point = [j1[0] + s[0] * w, j1[1] + s[1] * w];
    const [h, l] = [a, S(leaf)];
    const u = [l[0] - h[0], l[1] - h[1]], v = [b[0] - h[0], b[1] - h[1]];
    const sweep = u[0] * v[1] - u[1] * v[0] > 0 ? 1 : 0;
    const r = w * f.ppm;
    parts.push(
      jamb(a, 1),
      jamb(b, 1),
      `<path d="M${n(l[0])},${n(l[1])}A${n(r)},${n(r)} 0 0 ${sweep} ${n(b[0])},${
        n(b[1])
      }" fill="none" stroke="#707070" stroke-width="1" stroke-dasharray="3 2"/>`,
      `<line x1="${n(h[0])}" y1="${n(h[1])}" x2="${n(l[0])}" y2="${
        n(l[1])
      }" stroke="${INK}" stroke-width="2.2" stroke-linecap="round"/>`,
    );
    if (o.main_entrance) {
      // A small filled triangle outside the main entrance, pointing in.
      const out: Point = [c[0] - s[0] * 0.45, c[1] - s[1] * 0.45];
      const tip = S([c[0] - s[0] * 0.15, c[1] - s[1] * 0.15]);
      parts.push(arrowHead(tip, S(out), 10, INK));
    }
  } else if (o.kind === "window") {
    const off = half * 0.55;
    for (const k of [-1, 1]) {
      parts.push(
        `<line x1="${n(a[0] + nx * off * k)}" y1="${n(a[1] + ny * off * k)}" x2="${
          n(b[0] + nx * off * k)
        }" y2="${n(b[1] + ny * off * k)}" stroke="${WINDOW_INK}" stroke-width="1.3"/>`,
      );
    }
    parts.push(jamb(a, 1), jamb(b, 1));
  } else {
    parts.push(
      jamb(a, 1),
      jamb(b, 1),
      `<line x1="${n(a[0])}" y1="${n(a[1])}" x2="${n(b[0])}" y2="${
        n(b[1])
      }" stroke="#8a8a8a" stroke-width="1" stroke-dasharray="4 3"/>`,
    );
  }
  return `<g class="${cls}" ${data}>${parts.join("")}</g>`;
}

/**
 * The plan as a standalone SVG document (PlanView block). Without `opts.floor` every floor is
 * drawn side by side in index order, each under its name, all at one scale and in one frame;
 * with it, that floor only (an unknown floor id is an {@link InputError}). Overlays are drawn on
 * the panel of their floor, tinted by status ({@link STATUS_COLOURS}). A scale bar of a round
 * length and a north arrow rotated by −site.north_deg (screen-up is the plan's +y) sit below;
 * without a north angle the arrow is replaced by the note "north unknown".
 */
const LEGEND_ROW_PX = 20;
const LEGEND_GAP_PX = 18;

/** Words for overlays a tool draws without a status, by kind. */
const KIND_WORDS: Record<string, string> = {
  route: "route",
  circle: "turning circle",
  point: "marked point",
  arrow: "direction",
  area: "area",
  line: "line",
  room: "room",
  opening: "door or opening",
  object: "object",
};

interface LegendItem {
  words: string;
  /** The swatch at (x, baseline y), 14 px wide. */
  swatch: (x: number, y: number) => string;
  /** Width of swatch and words, px. */
  w: number;
}

/**
 * Every colour and symbol a picture uses, in words: the statuses of the overlays drawn, the
 * kinds of overlays drawn without a status (never an unexplained "marked"), and the plan's own
 * symbols (windows, doors, openings, stairs, lifts, furniture, outdoor areas) when present.
 */
export function legendItems(
  plan: Pick<Plan, "verticals">,
  panels: { rooms: Room[]; openings: Opening[]; objects: Obj[] }[],
  overlays: Overlay[],
): LegendItem[] {
  const items: LegendItem[] = [];
  const add = (words: string, swatch: LegendItem["swatch"]) =>
    items.push({ words, swatch, w: 20 + textWidth_px(words, 11) });
  const box = (fill: string, stroke: string, opacity = 0.6) => (x: number, y: number) =>
    `<rect x="${n(x)}" y="${
      n(y - 11)
    }" width="14" height="14" fill="${fill}" fill-opacity="${opacity}" stroke="${stroke}"/>`;
  for (const k of ["fail", "warn", "pass", "unknown", "error"] as const) {
    if (overlays.some((o) => statusKey(o) === k)) {
      add(STATUS_WORDS[k], box(STATUS_COLOURS[k], STATUS_COLOURS[k]));
    }
  }
  const kinds = [...new Set(overlays.filter((o) => statusKey(o) === "none").map((o) => o.kind))];
  if (kinds.length) {
    add(
      kinds.map((k) => KIND_WORDS[k] ?? k).join(", "),
      box(STATUS_COLOURS.none, STATUS_COLOURS.none),
    );
  }
  const openings = panels.flatMap((p) => p.openings);
  if (openings.some((o) => o.kind === "door")) {
    add(
      "door (leaf and its swing)",
      (x, y) =>
        `<line x1="${n(x + 1)}" y1="${n(y + 3)}" x2="${n(x + 1)}" y2="${
          n(y - 11)
        }" stroke="${INK}" stroke-width="2.2" stroke-linecap="round"/>` +
        `<path d="M${n(x + 1)},${n(y - 11)}A14,14 0 0 1 ${n(x + 14)},${
          n(y + 3)
        }" fill="none" stroke="#707070" stroke-width="1" stroke-dasharray="3 2"/>`,
    );
  }
  if (openings.some((o) => o.kind === "door" && o.main_entrance)) {
    add(
      "main entrance",
      (x, y) =>
        `<polygon points="${n(x + 2)},${n(y - 10)} ${n(x + 12)},${n(y - 4)} ${n(x + 2)},${
          n(y + 2)
        }" fill="${INK}"/>`,
    );
  }
  if (openings.some((o) => o.kind === "opening")) {
    add(
      "opening without a door",
      (x, y) =>
        `<line x1="${n(x + 1)}" y1="${n(y - 10)}" x2="${n(x + 1)}" y2="${
          n(y + 2)
        }" stroke="${INK}" stroke-width="1.5"/><line x1="${n(x + 13)}" y1="${n(y - 10)}" x2="${
          n(x + 13)
        }" y2="${n(y + 2)}" stroke="${INK}" stroke-width="1.5"/>`,
    );
  }
  if (openings.some((o) => o.kind === "window")) {
    add(
      "window",
      (x, y) =>
        [-6, -2].map((d) =>
          `<line x1="${n(x)}" y1="${n(y + d)}" x2="${n(x + 14)}" y2="${
            n(y + d)
          }" stroke="${WINDOW_INK}" stroke-width="1.3"/>`
        ).join(""),
    );
  }
  const kindsV = new Set(plan.verticals.map((v) => v.kind));
  if (kindsV.has("stair") || kindsV.has("step") || kindsV.has("ramp")) {
    add(
      "stair or step (treads; arrow: up)",
      (x, y) =>
        `<rect x="${n(x)}" y="${
          n(y - 11)
        }" width="14" height="14" fill="${PAPER}" stroke="#9b9b9b"/>` +
        [3, 7, 11].map((d) =>
          `<line x1="${n(x + d)}" y1="${n(y - 11)}" x2="${n(x + d)}" y2="${
            n(y + 3)
          }" stroke="#9b9b9b" stroke-width="1"/>`
        ).join(""),
    );
  }
  if (kindsV.has("lift")) {
    add(
      "lift",
      (x, y) =>
        `<g stroke="#8a8a8a" stroke-width="1.2"><line x1="${n(x)}" y1="${n(y - 11)}" x2="${
          n(x + 14)
        }" y2="${n(y + 3)}"/><line x1="${n(x)}" y1="${n(y + 3)}" x2="${n(x + 14)}" y2="${
          n(y - 11)
        }"/></g>`,
    );
  }
  if (panels.some((p) => p.objects.length)) {
    add("furniture (scanned)", box("#ebe5d8", "#8c8170", 1));
  }
  if (panels.some((p) => p.rooms.some((r) => r.label === "outdoor" || r.label === "balcony"))) {
    add("balcony or outdoor area", box(OUTSIDE_FILL, "#9a9a9a", 1));
  }
  return items;
}

/** Items in rows that fit `width_px`, in order. */
function legendRows(items: LegendItem[], width_px: number): LegendItem[][] {
  const rows: LegendItem[][] = [];
  let row: LegendItem[] = [], used = 0;
  for (const it of items) {
    if (row.length && used + it.w > width_px) {
      rows.push(row);
      row = [], used = 0;
    }
    row.push(it);
    used += it.w + LEGEND_GAP_PX;
  }
  if (row.length) rows.push(row);
  return rows;
}

export function planSvg(plan: Plan, opts: PlanSvgOptions = {}): string {
  const ppm = opts.px_per_m ?? 50;
  if (!(ppm > 0) || !Number.isFinite(ppm)) {
    throw new InputError("px_per_m", `must be a positive number of pixels per metre, got ${ppm}`);
  }
  const overlays = opts.overlays ?? [];
  let floors = [...plan.floors].sort((a, b) => a.index - b.index);
  if (opts.floor !== undefined) {
    const fl = plan.floors.find((x) => x.id === opts.floor);
    if (!fl) {
      throw new InputError(
        "floor",
        `no floor ${JSON.stringify(opts.floor)} in plan ${plan.id}; floors: ${
          plan.floors.map((x) => x.id).join(", ") || "none"
        }`,
      );
    }
    floors = [fl];
  }
  const panels: PanelParts[] = floors.length
    ? floors.map((fl) => ({
      floor: fl,
      rooms: plan.rooms.filter((r) => r.floor === fl.id),
      openings: plan.openings.filter((o) => o.floor === fl.id),
      objects: plan.objects.filter((o) => o.floor === fl.id),
      overlays: overlays.filter((o) => o.floor === fl.id),
    }))
    : [{ rooms: [], openings: [], objects: [], overlays }];

  // One frame for every panel: the union of what they draw.
  const all: Point[] = [];
  for (const p of panels) {
    p.rooms.forEach((r) => all.push(...r.polygon));
    p.openings.forEach((o) => all.push(o.at));
    p.objects.forEach((o) => all.push(...objectCorners(o)));
    p.overlays.forEach((o) => {
      const g = geometryPoints(o.geometry);
      all.push(...g);
      if (o.radius_m && g.length) {
        const [x, y] = g[0];
        all.push([x - o.radius_m, y - o.radius_m], [x + o.radius_m, y + o.radius_m]);
      }
    });
  }
  const box0 = bboxOf(all) ?? { minx: 0, miny: 0, maxx: 8, maxy: 5 };
  const box = {
    minx: box0.minx - PAD_M,
    miny: box0.miny - PAD_M,
    maxx: Math.max(box0.maxx, box0.minx + 4) + PAD_M,
    maxy: Math.max(box0.maxy, box0.miny + 3) + PAD_M,
  };
  const panelW = (box.maxx - box.minx) * ppm;
  const panelH = (box.maxy - box.miny) * ppm;

  const drawingW = panels.length * panelW + (panels.length - 1) * PANEL_GAP_PX;
  const width = Math.ceil(Math.max(drawingW + 2 * MARGIN_PX, 420));
  const titleText = opts.title ?? (plan.name || plan.id);
  const titleSize = 16;
  const titleLines = wrapText(titleText, titleSize, width - 2 * MARGIN_PX).slice(0, 4);
  const headerH = MARGIN_PX + titleLines.length * titleSize * 1.3 + 8;
  const floorLabelH = 26;
  const footerY = headerH + floorLabelH + panelH + 14;
  // The legend: every colour and symbol the picture uses, in rows under the scale bar.
  const legend = legendRows(legendItems(plan, panels, overlays), width - 2 * MARGIN_PX);
  // Labels with no free place inside their panel, numbered (filled while drawing).
  const key: { label: string; k: Status | "none" }[] = [];
  const x0 = (width - drawingW) / 2;

  const body: string[] = [];
  titleLines.forEach((l, i) => {
    body.push(
      text(MARGIN_PX, MARGIN_PX + titleSize * (i + 1) * 1.3 - 4, l, {
        size: titleSize,
        weight: "bold",
        cls: "title",
      }),
    );
  });
  const ids = new Set<string>();
  panels.forEach((p, i) => {
    const ox = x0 + i * (panelW + PANEL_GAP_PX);
    const oy = headerH + floorLabelH;
    const f: Frame = {
      ppm,
      x: (v) => ox + (v - box.minx) * ppm,
      y: (v) => oy + (box.maxy - v) * ppm,
      ix: (px) => box.minx + (px - ox) / ppm,
      iy: (px) => box.maxy - (px - oy) / ppm,
      bounds: { left: ox, top: oy, right: ox + panelW, bottom: oy + panelH },
      key,
    };
    const name = p.floor ? (p.floor.name ?? p.floor.id) : "No floors";
    body.push(
      `<g class="floor" data-floor="${escapeXml(p.floor?.id ?? "")}">`,
      text(ox, headerH + 16, name, { size: 14, weight: "bold", fill: "#333", cls: "floor-name" }),
      drawPanel(plan, p, f, ids),
    );
    if (!p.rooms.length) {
      body.push(
        text(ox + panelW / 2, oy + panelH / 2, "No rooms in this plan", {
          size: 14,
          anchor: "middle",
          fill: "#777",
          italic: true,
          cls: "note",
        }),
      );
    }
    body.push(`</g>`);
  });

  // Footer: scale bar, north arrow, legend.
  const fy = footerY + 24;
  let fx = MARGIN_PX;
  const len_m = scaleBarLength_m(ppm, Math.max(60, Math.min(200, panelW / 3)));
  const len_px = len_m * ppm;
  const seg = len_px / 2;
  body.push(
    `<g class="scale-bar" data-length-m="${n(len_m)}" data-px-per-m="${n(ppm)}">` +
      `<rect class="scale-bar-length" x="${n(fx)}" y="${n(fy - 6)}" width="${
        n(len_px)
      }" height="6" fill="${PAPER}" stroke="${INK}" stroke-width="1"/>` +
      `<rect x="${n(fx)}" y="${n(fy - 6)}" width="${n(seg)}" height="6" fill="${INK}"/>` +
      text(fx, fy + 12, "0", { size: 10, anchor: "middle", fill: "#444" }) +
      text(fx + len_px, fy + 12, `${n(len_m)} m`, {
        size: 10,
        anchor: "middle",
        fill: "#444",
        cls: "scale-bar-text",
      }) +
      `</g>`,
  );
  fx += len_px + 48;
  const north = plan.site?.north_deg;
  if (north !== undefined) {
    const cx = fx + 16, cy = fy - 8, r = 16;
    const th = (-north * Math.PI) / 180;
    const lx = cx + Math.sin(th) * (r + 9), ly = cy - Math.cos(th) * (r + 9);
    body.push(
      `<g class="north-arrow" data-north-deg="${n(north)}">` +
        `<circle cx="${n(cx)}" cy="${
          n(cy)
        }" r="${r}" fill="none" stroke="#999" stroke-width="1"/>` +
        `<g transform="translate(${n(cx)} ${n(cy)}) rotate(${n(-north)})">` +
        `<polygon points="0,${-r + 2} 5,4 0,1 -5,4" fill="${INK}"/>` +
        `<line x1="0" y1="1" x2="0" y2="${r - 3}" stroke="${INK}" stroke-width="1"/></g>` +
        text(lx, ly + 4, "N", { size: 11, weight: "bold", anchor: "middle" }) +
        `</g>`,
    );
    fx += 2 * r + 36;
  } else {
    body.push(
      text(fx, fy, "north unknown", {
        size: 11,
        fill: "#777",
        italic: true,
        cls: "note north-unknown",
      }),
    );
    fx += textWidth_px("north unknown", 11) + 28;
  }
  if (legend.length) {
    const out: string[] = [];
    legend.forEach((row, i) => {
      let x = MARGIN_PX;
      const y = fy + 34 + i * LEGEND_ROW_PX;
      for (const it of row) {
        out.push(
          `<g class="legend-item" data-legend="${escapeXml(it.words)}">${it.swatch(x, y)}${
            text(x + 20, y, it.words, { size: 11, fill: "#333" })
          }</g>`,
        );
        x += it.w + LEGEND_GAP_PX;
      }
    });
    body.push(`<g class="legend">${out.join("")}</g>`);
  }

  // The key: the numbered labels, wrapped in rows under the legend.
  const keyTop = fy + 34 + legend.length * LEGEND_ROW_PX;
  const keyLines: { text: string; k: Status | "none" }[] = [];
  key.forEach((e, i) => {
    wrapText(`${i + 1}  ${e.label}`, 11, width - 2 * MARGIN_PX).forEach((l) =>
      keyLines.push({ text: l, k: e.k })
    );
  });
  if (keyLines.length) {
    body.push(
      `<g class="label-key">${
        keyLines.map((l, i) =>
          text(MARGIN_PX, keyTop + i * 16, l.text, { size: 11, fill: STATUS_TEXT[l.k] })
        ).join("")
      }</g>`,
    );
  }
  const height = Math.ceil(
    footerY + FOOTER_PX + legend.length * LEGEND_ROW_PX + keyLines.length * 16,
  );

  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="${PLAN_FONT}">`,
    `<title>${escapeXml(titleText)}</title>`,
    `<rect width="${width}" height="${height}" fill="${PAPER}"/>`,
    ...body,
    `</svg>`,
    "",
  ].join("\n");
}

/**
 * Renders an SVG (such as {@link planSvg}'s) to PNG bytes with sharp (librsvg); `width_px`
 * (or `scale`, a multiple of the SVG's own size: 4.17 for 300 dpi print of a 72 dpi drawing)
 * rasterises at that size, keeping the aspect ratio. Text uses the fonts installed on the machine.
 */
export async function svgToPng(
  svg: string,
  opts: { width_px?: number; scale?: number } = {},
): Promise<Uint8Array> {
  let density = 72;
  let w = opts.width_px;
  if (opts.scale !== undefined) {
    if (!(opts.scale > 0) || !Number.isFinite(opts.scale)) {
      throw new InputError("scale", `must be a positive number, got ${opts.scale}`);
    }
    const svgW = Number(/<svg\b[^>]*\bwidth="([\d.]+)"/.exec(svg)?.[1]);
    if (svgW > 0) w = Math.max(1, Math.round(svgW * opts.scale));
  }
  if (w !== undefined) {
    if (!(w > 0) || !Number.isInteger(w)) {
      throw new InputError("width_px", `must be a positive whole number of pixels, got ${w}`);
    }
    // Rasterise at the target size rather than scaling a bitmap: 72 dpi is 1 px per SVG unit.
    const svgW = Number(/<svg\b[^>]*\bwidth="([\d.]+)"/.exec(svg)?.[1]);
    if (svgW > 0) density = Math.min(2400, (72 * w) / svgW);
  }
  const { default: sharp } = await import("npm:sharp@0.35.5"); // loaded on use: a native add-on
  let img = sharp(new TextEncoder().encode(svg), { density });
  if (w !== undefined) img = img.resize({ width: w });
  const buf = await img.png().toBuffer();
  return new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
}
