/**
 * Sun-path chart: a polar diagram of the sky (north up, east right as seen from above the
 * observer: azimuth clockwise, elevation rings from the horizon at the rim to the zenith at the
 * centre, equidistant: r = R·(90° − elevation)/90°), the day paths and hour lines, a horizon
 * profile, and the windows' facings as rim ticks (the half-sky in front when there is one facing). SVG as a string; PNG through sharp.
 */
import { svgToPng } from "./planview.ts";

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

const PALETTE = ["#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2"];

/** The chart as a standalone SVG document. */
export function sunPathSvg(chart: SunPathChart): string {
  const size = chart.size_px ?? 640;
  const cx = size / 2, cy = size / 2 + 14, R = size / 2 - 70;
  const P = (az: number, el: number) => skyToChart(az, el, cx, cy, R);
  const path = (pts: [number, number][]) =>
    pts.map(([az, el], i) => {
      const [x, y] = P(az, el);
      return `${i ? "L" : "M"}${f1(x)} ${f1(y)}`;
    }).join(" ");
  const out: string[] = [];
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${
      size + 28
    }" viewBox="0 0 ${size} ${size + 28}" font-family="DejaVu Sans, Arial, sans-serif">`,
    `<rect width="100%" height="100%" fill="#ffffff"/>`,
    `<text x="${cx}" y="18" text-anchor="middle" font-size="15" font-weight="bold">${
      esc(chart.title)
    }</text>`,
  );
  if (chart.subtitle) {
    out.push(
      `<text x="${cx}" y="34" text-anchor="middle" font-size="11" fill="#555">${
        esc(chart.subtitle)
      }</text>`,
    );
  }
  // Windows: the half-sky each one sees, as a light sector; labels grouped by facing.
  const wins = chart.windows ?? [];
  const groups = new Map<number, { facing_deg: number; lines: string[] }>();
  for (const w of wins) {
    const key = Math.round(w.facing_deg);
    const g = groups.get(key) ?? { facing_deg: w.facing_deg, lines: [] };
    g.lines.push(w.hours !== undefined ? `${w.id} ${w.hours.toFixed(1)} h` : w.id);
    groups.set(key, g);
  }
  for (const g of groups.values()) {
    // One facing: shade the half-sky it sees; several: a tick on the rim for each.
    if (groups.size === 1) {
      const [x0, y0] = P(g.facing_deg - 90, 0), [x1, y1] = P(g.facing_deg + 90, 0);
      out.push(
        `<path class="window-sector" d="M${f1(cx)} ${f1(cy)} L${f1(x0)} ${
          f1(y0)
        } A${R} ${R} 0 0 1 ${f1(x1)} ${
          f1(y1)
        } Z" fill="#f6c344" fill-opacity="0.3" stroke="none"/>`,
      );
    }
    const [ix, iy] = skyToChart(g.facing_deg, 0, cx, cy, R - 16), [ox, oy] = P(g.facing_deg, 0);
    out.push(
      `<line class="window-facing" x1="${f1(ox)}" y1="${f1(oy)}" x2="${f1(ix)}" y2="${
        f1(iy)
      }" stroke="#d08a00" stroke-width="3"/>`,
    );
    const a = g.facing_deg * Math.PI / 180, sx = Math.sin(a), cy0 = -Math.cos(a);
    const [tx0, ty] = skyToChart(g.facing_deg, 0, cx, cy, R + 8);
    const anchor = sx > 0.3 ? "start" : sx < -0.3 ? "end" : "middle";
    // Kept inside the picture: the widest line (8.5 px DejaVu Sans, about 0.6 em a character)
    // moves the anchor in from the edge it would cross.
    const wMax = Math.max(...g.lines.map((l) => l.length * 8.5 * 0.6));
    const tx = anchor === "start"
      ? Math.min(tx0, size - 4 - wMax)
      : anchor === "end"
      ? Math.max(tx0, 4 + wMax)
      : Math.min(Math.max(tx0, 4 + wMax / 2), size - 4 - wMax / 2);
    // Stack lines away from the circle: downward below it, upward above it.
    const n = g.lines.length, lineH = 10;
    const top = cy0 > 0.3 ? ty + 8 : cy0 < -0.3 ? ty - (n - 1) * lineH : ty - ((n - 1) * lineH) / 2;
    const spans = g.lines.map((l, k) =>
      `<tspan x="${f1(tx)}" y="${f1(top + k * lineH)}">${esc(l)}</tspan>`
    ).join("");
    out.push(
      `<text class="window-label" font-size="8.5" text-anchor="${anchor}" fill="#7a5c00">${spans}</text>`,
    );
  }
  // Elevation rings and azimuth spokes.
  for (const el of [0, 15, 30, 45, 60, 75]) {
    const r = R * (90 - el) / 90;
    out.push(
      `<circle cx="${cx}" cy="${cy}" r="${f1(r)}" fill="none" stroke="${
        el ? "#ccc" : "#333"
      }" stroke-width="${el ? 0.7 : 1.2}"/>`,
    );
    if (el) {
      out.push(
        `<text x="${f1(cx + 2)}" y="${f1(cy - r - 2)}" font-size="9" fill="#888">${el}°</text>`,
      );
    }
  }
  for (let az = 0; az < 360; az += 30) {
    const [x, y] = P(az, 0);
    out.push(
      `<line x1="${cx}" y1="${cy}" x2="${f1(x)}" y2="${
        f1(y)
      }" stroke="#e3e3e3" stroke-width="0.7"/>`,
    );
    const name = ({ 0: "N", 90: "E", 180: "S", 270: "W" } as Record<number, string>)[az] ??
      `${az}°`;
    const [lx, ly] = skyToChart(az, 0, cx, cy, R - 12);
    out.push(
      `<text x="${f1(lx)}" y="${f1(ly + 4)}" font-size="${
        name.length === 1 ? 13 : 9
      }" text-anchor="middle" fill="#333">${name}</text>`,
    );
  }
  // Horizon profile, filled from the rim.
  if (chart.horizon && chart.horizon.length > 1) {
    const pts = [...chart.horizon].sort((a, b) => a[0] - b[0]);
    const ring = [...pts, [pts[0][0] + 360, pts[0][1]] as [number, number]];
    const inner = ring.map(([az, el]) => P(az, el));
    const outer = ring.slice().reverse().map(([az]) => P(az, 0));
    const d = [...inner, ...outer].map(([x, y], i) => `${i ? "L" : "M"}${f1(x)} ${f1(y)}`).join(
      " ",
    );
    out.push(
      `<path class="horizon" d="${d} Z" fill="#7a6a53" fill-opacity="0.45" stroke="#5a4a33" stroke-width="0.8"/>`,
    );
  }
  // Hour lines.
  for (const h of chart.hours) {
    if (h.points.length > 1) {
      out.push(
        `<path class="hour" d="${
          path(h.points)
        }" fill="none" stroke="#999" stroke-width="0.8" stroke-dasharray="3 2"/>`,
      );
    }
    const top = h.points.reduce((a, b) => (b[1] > a[1] ? b : a));
    const [x, y] = P(top[0], top[1]);
    out.push(
      `<text x="${f1(x)}" y="${
        f1(y - 4)
      }" font-size="9" text-anchor="middle" fill="#666">${h.hour}h</text>`,
    );
  }
  // Day paths.
  for (const [i, d] of chart.days.entries()) {
    if (d.points.length < 2) continue;
    const color = d.highlight ? "#c00000" : PALETTE[i % PALETTE.length];
    out.push(
      `<path class="day" d="${path(d.points)}" fill="none" stroke="${color}" stroke-width="${
        d.highlight ? 2.6 : 1.4
      }"/>`,
    );
  }
  // Legend.
  const ly = size + 20;
  let lx = 8;
  for (const [i, d] of chart.days.entries()) {
    const color = d.highlight ? "#c00000" : PALETTE[i % PALETTE.length];
    out.push(
      `<line x1="${lx}" y1="${ly - 4}" x2="${lx + 14}" y2="${
        ly - 4
      }" stroke="${color}" stroke-width="${d.highlight ? 2.6 : 1.4}"/>`,
      `<text x="${lx + 17}" y="${ly}" font-size="10">${esc(d.label)}</text>`,
    );
    lx += 24 + d.label.length * 6;
  }
  out.push(`</svg>`);
  return out.join("\n");
}

/** The chart as PNG bytes, through the PlanView's rasteriser (sharp), `width_px` wide if given. */
export function sunPathPng(svg: string, width_px?: number): Promise<Uint8Array> {
  return svgToPng(svg, width_px ? { width_px } : {});
}
