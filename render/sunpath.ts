/**
 * Sun-path chart: a polar diagram of the sky (north up, east right as seen from above the
 * observer: azimuth clockwise, elevation rings from the horizon at the rim to the zenith at the
 * centre, equidistant: r = R·(90° − elevation)/90°), the day paths and hour lines, a horizon
 * profile, and the windows' facings as rim ticks (the half-sky in front when there is one facing). SVG as a string; PNG through sharp.
 */
import { svgToPng, textWidth_px } from "./planview.ts";

/** What the chart shows. Angles in degrees; azimuth east of true north. */
export interface SunPathChart {
  title: string;
  subtitle?: string;
  days: {
    label: string;
    points: [azimuth_deg: number, elevation_deg: number][];
    highlight?: boolean;
  }[];
  hours: { hour: number; points: [number, number][] }[];
  /** Skyline: (azimuth, elevation) points, drawn filled. */
  horizon?: [number, number][];
  /** Windows: each faces an azimuth and sees the half-sky in front of its wall. */
  windows?: { id: string; facing_deg: number; hours?: number }[];
  /** Side of the square image, pixels (default 640). */
  size_px?: number;
}

const esc = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
const f1 = (v: number) => (Math.round(v * 10) / 10).toString();

/** Equidistant polar projection of a sky direction onto the chart (centre cx, cy; radius R). */
export function skyToChart(
  azimuth_deg: number,
  elevation_deg: number,
  cx: number,
  cy: number,
  R: number,
): [number, number] {
  const r = R * (90 - Math.max(0, Math.min(90, elevation_deg))) / 90;
  const a = azimuth_deg * Math.PI / 180;
  return [cx + r * Math.sin(a), cy - r * Math.cos(a)];
}

// No red: the chosen day is drawn in red.
const PALETTE = ["#1f77b4", "#ff7f0e", "#2ca02c", "#17becf", "#9467bd", "#8c564b", "#e377c2"];

/** A text's box in the picture, px: x0 left, y0 top, x1 right, y1 bottom. */
export interface TextBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/**
 * The box a line of text takes: its width by the renderer's estimate (0.6 em a character,
 * render/planview.ts `textWidth_px`), from 0.8 em above the baseline to 0.25 em below.
 */
export function textBox(
  x: number,
  y: number,
  text: string,
  font_px: number,
  anchor: "start" | "middle" | "end",
): TextBox {
  const w = textWidth_px(text, font_px);
  const x0 = anchor === "start" ? x : anchor === "end" ? x - w : x - w / 2;
  return { x0, y0: y - 0.8 * font_px, x1: x0 + w, y1: y + 0.25 * font_px };
}

const overlaps = (a: TextBox, b: TextBox) =>
  a.x0 < b.x1 && a.x1 > b.x0 && a.y0 < b.y1 && a.y1 > b.y0;
const union = (bs: TextBox[]): TextBox => ({
  x0: Math.min(...bs.map((b) => b.x0)),
  y0: Math.min(...bs.map((b) => b.y0)),
  x1: Math.max(...bs.map((b) => b.x1)),
  y1: Math.max(...bs.map((b) => b.y1)),
});

const WINDOW_COLOUR = "#d08a00";
const HOUR_COLOUR = "#999";
const HORIZON_FILL = "#7a6a53";
const SECTOR_FILL = "#f6c344";
const HIGHLIGHT = "#c00000";
const dayColour = (d: { highlight?: boolean }, i: number) =>
  d.highlight ? HIGHLIGHT : PALETTE[i % PALETTE.length];
/** A chart being drawn: its frame, and what is drawn and taken so far. */
interface Sky {
  chart: SunPathChart;
  size: number;
  cx: number;
  cy: number;
  R: number;
  P(az: number, el: number): [number, number];
  path(pts: [number, number][]): string;
  /** Boxes the labels drawn so far take. */
  placed: TextBox[];
  head: string[];
  body: string[];
  labels: string[];
  text(
    x: number,
    y: number,
    t: string,
    font_px: number,
    anchor: "start" | "middle" | "end",
    fill: string,
    cls?: string,
  ): string;
}

/** Where a label may go: inside the picture above the legend, off the labels placed. */
interface LabelSpace {
  legendTop: number;
  free(b: TextBox): boolean;
  /** Clear of the chart's disc (and its rim) by 2 px. */
  offDisc(b: TextBox): boolean;
}

/** A facing shared by windows (to the degree): the lines their label shows. */
type Facing = { facing_deg: number; lines: string[] };

/**
 * The chart as a standalone SVG document. Every label is placed inside the picture without
 * covering another (a window label that finds no free spot beside the rim becomes a number
 * there, its words in a numbered key under the legend); every colour and symbol drawn is in
 * the legend.
 */
export function sunPathSvg(chart: SunPathChart): string {
  const sky = skyOf(chart);
  drawTitle(sky);
  drawGrid(sky);
  const hasHorizon = drawSkyLines(sky);
  const groups = drawWindows(sky);
  const rows = legendRows(sky, groups, hasHorizon);
  const space = labelSpace(sky);
  const key = placeWindowLabels(sky, space, groups);
  placeHourLabels(sky, space);
  const { legend, keyLines, height } = drawLegend(sky, rows, key, space.legendTop);
  const { size, head, body, labels } = sky;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${height}" viewBox="0 0 ${size} ${height}" font-family="DejaVu Sans, Arial, sans-serif">`,
    ...head,
    ...body,
    ...labels,
    ...legend,
    ...keyLines,
    `</svg>`,
  ].join("\n");
}

/** The chart's frame (centre, radius, sky -> picture) and empty layers. */
function skyOf(chart: SunPathChart): Sky {
  const size = chart.size_px ?? 640;
  const cx = size / 2, cy = size / 2 + 14, R = size / 2 - 70;
  const P = (az: number, el: number) => skyToChart(az, el, cx, cy, R);
  const path = (pts: [number, number][]) =>
    pts.map(([az, el], i) => {
      const [x, y] = P(az, el);
      return `${i ? "L" : "M"}${f1(x)} ${f1(y)}`;
    }).join(" ");
  const text = (
    x: number,
    y: number,
    t: string,
    font_px: number,
    anchor: "start" | "middle" | "end",
    fill: string,
    cls = "label",
  ) =>
    `<text class="${cls}" x="${f1(x)}" y="${
      f1(y)
    }" font-size="${font_px}" text-anchor="${anchor}" fill="${fill}">${esc(t)}</text>`;
  return { chart, size, cx, cy, R, P, path, placed: [], head: [], body: [], labels: [], text };
}

/** Title and subtitle: smaller type when a long one would not fit the picture's width. */
function drawTitle({ chart, size, cx, head, placed }: Sky): void {
  const fit = (t: string, font_px: number) =>
    Math.min(font_px, Math.floor(((size - 8) / textWidth_px(t, 1)) * 10) / 10);
  const titlePx = fit(chart.title, 15);
  head.push(
    `<rect width="100%" height="100%" fill="#ffffff"/>`,
    `<text class="label" x="${cx}" y="18" text-anchor="middle" font-size="${titlePx}" font-weight="bold">${
      esc(chart.title)
    }</text>`,
  );
  placed.push(textBox(cx, 18, chart.title, titlePx, "middle"));
  if (chart.subtitle) {
    const subPx = fit(chart.subtitle, 11);
    head.push(
      `<text class="label" x="${cx}" y="34" text-anchor="middle" font-size="${subPx}" fill="#555">${
        esc(chart.subtitle)
      }</text>`,
    );
    placed.push(textBox(cx, 34, chart.subtitle, subPx, "middle"));
  }
}

/** Elevation rings and azimuth spokes (the grid: explained by their own labels). */
function drawGrid({ cx, cy, R, P, body, labels, placed, text }: Sky): void {
  for (const el of [0, 15, 30, 45, 60, 75]) {
    const r = R * (90 - el) / 90;
    body.push(
      `<circle class="grid" cx="${cx}" cy="${cy}" r="${f1(r)}" fill="none" stroke="${
        el ? "#ccc" : "#333"
      }" stroke-width="${el ? 0.7 : 1.2}"/>`,
    );
    // Its elevation just right of the north spoke, clear of the "N" (small pictures).
    if (el) {
      labels.push(text(cx + 5, cy - r - 2, `${el}°`, 9, "start", "#888"));
      placed.push(textBox(cx + 5, cy - r - 2, `${el}°`, 9, "start"));
    }
  }
  for (let az = 0; az < 360; az += 30) {
    const [x, y] = P(az, 0);
    body.push(
      `<line class="grid" x1="${cx}" y1="${cy}" x2="${f1(x)}" y2="${
        f1(y)
      }" stroke="#e3e3e3" stroke-width="0.7"/>`,
    );
    const name = ({ 0: "N", 90: "E", 180: "S", 270: "W" } as Record<number, string>)[az] ??
      `${az}°`;
    const [lx, ly] = skyToChart(az, 0, cx, cy, R - 12);
    const fs = name.length === 1 ? 13 : 9;
    labels.push(text(lx, ly + 4, name, fs, "middle", "#333"));
    placed.push(textBox(lx, ly + 4, name, fs, "middle"));
  }
}

/** The horizon profile, the hour lines and the day paths; whether there is a horizon. */
function drawSkyLines({ chart, P, path, body }: Sky): boolean {
  // Horizon profile, filled from the rim.
  const hasHorizon = !!chart.horizon && chart.horizon.length > 1;
  if (chart.horizon && hasHorizon) {
    const pts = [...chart.horizon].sort((a, b) => a[0] - b[0]);
    const ring = [...pts, [pts[0][0] + 360, pts[0][1]] as [number, number]];
    const inner = ring.map(([az, el]) => P(az, el));
    const outer = ring.slice().reverse().map(([az]) => P(az, 0));
    const d = [...inner, ...outer].map(([x, y], i) => `${i ? "L" : "M"}${f1(x)} ${f1(y)}`).join(
      " ",
    );
    body.push(
      `<path class="horizon" d="${d} Z" fill="${HORIZON_FILL}" fill-opacity="0.45" stroke="#5a4a33" stroke-width="0.8"/>`,
    );
  }
  // Hour lines.
  for (const h of chart.hours) {
    if (h.points.length > 1) {
      body.push(
        `<path class="hour" d="${
          path(h.points)
        }" fill="none" stroke="${HOUR_COLOUR}" stroke-width="0.8" stroke-dasharray="3 2"/>`,
      );
    }
  }
  // Day paths.
  for (const [i, d] of chart.days.entries()) {
    if (d.points.length < 2) continue;
    body.push(
      `<path class="day" d="${path(d.points)}" fill="none" stroke="${
        dayColour(d, i)
      }" stroke-width="${d.highlight ? 2.6 : 1.4}"/>`,
    );
  }
  return hasHorizon;
}

/** Windows: the half-sky each one sees (one facing), a tick on the rim for each facing. */
function drawWindows({ chart, cx, cy, R, P, body }: Sky): Map<number, Facing> {
  const wins = chart.windows ?? [];
  const groups = new Map<number, { facing_deg: number; lines: string[] }>();
  for (const w of wins) {
    const key = Math.round(w.facing_deg);
    const g = groups.get(key) ?? { facing_deg: w.facing_deg, lines: [] };
    g.lines.push(w.hours !== undefined ? `${w.id} ${w.hours.toFixed(1)} h` : w.id);
    groups.set(key, g);
  }
  const sector = groups.size === 1;
  for (const g of groups.values()) {
    if (sector) {
      const [x0, y0] = P(g.facing_deg - 90, 0), [x1, y1] = P(g.facing_deg + 90, 0);
      body.push(
        `<path class="window-sector" d="M${f1(cx)} ${f1(cy)} L${f1(x0)} ${
          f1(y0)
        } A${R} ${R} 0 0 1 ${f1(x1)} ${
          f1(y1)
        } Z" fill="${SECTOR_FILL}" fill-opacity="0.3" stroke="none"/>`,
      );
    }
    const [ix, iy] = skyToChart(g.facing_deg, 0, cx, cy, R - 16), [ox, oy] = P(g.facing_deg, 0);
    body.push(
      `<line class="window-facing" x1="${f1(ox)}" y1="${f1(oy)}" x2="${f1(ix)}" y2="${
        f1(iy)
      }" stroke="${WINDOW_COLOUR}" stroke-width="3"/>`,
    );
  }
  return groups;
}

/** The legend's entries, then its rows (wrapped to the picture's width). */
function legendRows({ chart, size }: Sky, groups: Map<number, Facing>, hasHorizon: boolean) {
  const sector = groups.size === 1;
  const entries: { swatch: string; label: string }[] = [];
  for (const [i, d] of chart.days.entries()) {
    if (d.points.length < 2) continue;
    entries.push({
      swatch: `<line x1="0" y1="-4" x2="14" y2="-4" stroke="${dayColour(d, i)}" stroke-width="${
        d.highlight ? 2.6 : 1.4
      }"/>`,
      label: d.label,
    });
  }
  if (chart.hours.some((h) => h.points.length > 1)) {
    entries.push({
      swatch:
        `<line x1="0" y1="-4" x2="14" y2="-4" stroke="${HOUR_COLOUR}" stroke-width="0.8" stroke-dasharray="3 2"/>`,
      label: "hour of the day",
    });
  }
  if (groups.size > 0) {
    entries.push({
      swatch: `<line x1="7" y1="-10" x2="7" y2="1" stroke="${WINDOW_COLOUR}" stroke-width="3"/>`,
      label: "a window's facing (rooms, hours of sun that day)",
    });
  }
  if (sector) {
    entries.push({
      swatch:
        `<rect x="0" y="-9" width="14" height="10" fill="${SECTOR_FILL}" fill-opacity="0.3"/>`,
      label: "half-sky the window sees",
    });
  }
  if (hasHorizon) {
    entries.push({
      swatch:
        `<rect x="0" y="-9" width="14" height="10" fill="${HORIZON_FILL}" fill-opacity="0.45" stroke="#5a4a33" stroke-width="0.8"/>`,
      label: "horizon (terrain)",
    });
  }
  const rows: { x: number; e: (typeof entries)[number] }[][] = [[]];
  {
    let x = 8;
    for (const e of entries) {
      const w = 20 + textWidth_px(e.label, 10) + 10;
      if (x + w > size - 8 && rows.at(-1)!.length > 0) rows.push([]), x = 8;
      rows.at(-1)!.push({ x, e });
      x += w;
    }
  }
  return rows;
}

function labelSpace({ size, cx, cy, R, placed }: Sky): LabelSpace {
  const legendTop = size + 6; // first legend baseline at legendTop + 14
  const frame: TextBox = { x0: 2, y0: 2, x1: size - 2, y1: legendTop };
  const inside = (b: TextBox) =>
    b.x0 >= frame.x0 && b.x1 <= frame.x1 && b.y0 >= frame.y0 && b.y1 <= frame.y1;
  const free = (b: TextBox) => inside(b) && !placed.some((p) => overlaps(p, b));
  /** Clear of the chart's disc (and its rim) by 2 px. */
  const offDisc = (b: TextBox) => {
    const nx = Math.min(Math.max(cx, b.x0), b.x1), ny = Math.min(Math.max(cy, b.y0), b.y1);
    return Math.hypot(nx - cx, ny - cy) > R + 2;
  };
  return { legendTop, free, offDisc };
}

/** Window labels beside their tick, outside the rim, pushed out until clear; else a number. */
function placeWindowLabels(sky: Sky, space: LabelSpace, groups: Map<number, Facing>): string[] {
  const { cx, cy, R, labels, placed } = sky;
  const { free, offDisc } = space;
  const key: string[] = [];
  const sortedGroups = [...groups.values()].sort((a, b) => a.facing_deg - b.facing_deg);
  const WF = 9, lineH = 11;
  for (const g of sortedGroups) {
    const a = g.facing_deg * Math.PI / 180, sx = Math.sin(a), cy0 = -Math.cos(a);
    const anchor = sx > 0.3 ? "start" : sx < -0.3 ? "end" : "middle";
    const layout = (r: number, lines: string[]) => {
      const [tx, ty] = skyToChart(g.facing_deg, 0, cx, cy, r);
      // Stack lines away from the circle: downward below it, upward above it.
      const top = cy0 > 0.3
        ? ty + 8
        : cy0 < -0.3
        ? ty - (lines.length - 1) * lineH
        : ty - ((lines.length - 1) * lineH) / 2 + 3;
      const boxes = lines.map((l, k) => textBox(tx, top + k * lineH, l, WF, anchor));
      return { tx, top, boxes, box: union(boxes) };
    };
    let done = false;
    for (let r = R + 6; r <= R + 70 && !done; r += 3) {
      const l = layout(r, g.lines);
      if (!free(l.box) || !offDisc(l.box)) continue;
      const spans = g.lines.map((t, k) =>
        `<tspan x="${f1(l.tx)}" y="${f1(l.top + k * lineH)}">${esc(t)}</tspan>`
      ).join("");
      labels.push(
        `<text class="window-label" font-size="${WF}" text-anchor="${anchor}" fill="#7a5c00">${spans}</text>`,
      );
      placed.push(...l.boxes);
      done = true;
    }
    if (done) continue;
    const num = `${key.length + 1}`;
    for (let r = R + 6; r <= R + 70 && !done; r += 2) {
      const l = layout(r, [num]);
      if (!free(l.box) || !offDisc(l.box)) continue;
      labels.push(
        `<text class="window-label window-key-number" x="${f1(l.tx)}" y="${
          f1(l.top)
        }" font-size="${WF}" font-weight="bold" text-anchor="${anchor}" fill="#7a5c00">${num}</text>`,
      );
      placed.push(l.box);
      done = true;
    }
    // Nowhere even for a number (a picture too small): the key still lists it.
    key.push(`${num}: facing ${Math.round(g.facing_deg)}°: ${g.lines.join(", ")}`);
  }
  return key;
}

/**
 * Hour labels: at the hour line's highest point, or further along it, where no other label is;
 * on a white ground so the day paths under them do not hide them.
 */
function placeHourLabels({ chart, cx, cy, R, P, labels, placed, text }: Sky, { free }: LabelSpace) {
  for (const h of chart.hours) {
    const t = `${h.hour}h`;
    const order = h.points.map((p, i) => ({ p, i })).sort((a, b) => b.p[1] - a.p[1]);
    for (const { p } of order) {
      const [x, y] = P(p[0], p[1]);
      const b = textBox(x, y - 4, t, 9, "middle");
      if (!free(b) || !(Math.hypot(x - cx, y - cy) < R - 6)) continue;
      labels.push(
        `<rect class="label-ground" x="${f1(b.x0 - 1)}" y="${f1(b.y0)}" width="${
          f1(b.x1 - b.x0 + 2)
        }" height="${f1(b.y1 - b.y0)}" fill="#ffffff" fill-opacity="0.85"/>`,
        text(x, y - 4, t, 9, "middle", "#666", "label hour-label"),
      );
      placed.push(b);
      break;
    }
  }
}

/** The legend, then the numbered key; the picture's height. */
function drawLegend(
  { size, text }: Sky,
  rows: { x: number; e: { swatch: string; label: string } }[][],
  key: string[],
  legendTop: number,
) {
  const legend: string[] = [`<g class="legend">`];
  rows.forEach((row, k) => {
    const y = legendTop + 14 + k * 16;
    for (const { x, e } of row) {
      legend.push(
        `<g class="legend-swatch" transform="translate(${f1(x)} ${y})">${e.swatch}</g>`,
        text(x + 20, y, e.label, 10, "start", "#000", "label legend-label"),
      );
    }
  });
  legend.push(`</g>`);
  let bottom = legendTop + 14 + (rows.length - 1) * 16 + 8;
  const keyLines: string[] = [];
  for (const k of key) {
    for (const line of wrapLine(k, 9, size - 16)) {
      bottom += 12;
      keyLines.push(text(8, bottom, line, 9, "start", "#7a5c00", "label window-key"));
    }
  }
  const height = Math.ceil(bottom + 8);
  return { legend, keyLines, height };
}

/** A line of text split at spaces into lines no wider than max_px. */
function wrapLine(t: string, font_px: number, max_px: number): string[] {
  const out: string[] = [];
  let line = "";
  for (const w of t.split(" ")) {
    const next = line ? `${line} ${w}` : w;
    if (line && textWidth_px(next, font_px) > max_px) out.push(line), line = w;
    else line = next;
  }
  if (line) out.push(line);
  return out;
}

/** The chart as PNG bytes, through the PlanView's rasteriser (sharp), `width_px` wide if given. */
export function sunPathPng(svg: string, width_px?: number): Promise<Uint8Array> {
  return svgToPng(svg, width_px ? { width_px } : {});
}
