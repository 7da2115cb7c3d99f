/**
 * The legend and footer of PlanView: every colour and symbol a picture uses in words, the scale
 * bar, the north arrow, and the key of labels that found no place in the drawing.
 * @module
 */
import type { Obj, Opening, Plan, Room } from "../ground/plan.ts";
import type { Overlay, Status } from "../core/result.ts";
import {
  escapeXml,
  INK,
  MARGIN_PX,
  n,
  OUTSIDE_FILL,
  PAPER,
  scaleBarLength_m,
  STATUS_COLOURS,
  STATUS_TEXT,
  STATUS_WORDS,
  statusKey,
  text,
  textWidth_px,
  WINDOW_INK,
  wrapText,
} from "./svg.ts";

export const LEGEND_ROW_PX = 20;
export const LEGEND_GAP_PX = 18;

/** Words for overlays a tool draws without a status, by kind. */
export const KIND_WORDS: Record<string, string> = {
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

export interface LegendItem {
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
export function legendRows(items: LegendItem[], width_px: number): LegendItem[][] {
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

/**
 * The footer under the panels, from `footerY` down: the scale bar, the north arrow (or "north
 * unknown"), the legend's rows and the key of numbered labels. Returns how many lines the key
 * took.
 */
export function drawFooter(
  body: string[],
  plan: Pick<Plan, "site">,
  o: {
    footerY: number;
    ppm: number;
    panelW: number;
    width: number;
    legend: LegendItem[][];
    key: { label: string; k: Status | "none" }[];
  },
): number {
  const { footerY, ppm, panelW, width, legend, key } = o;
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
  return keyLines.length;
}
