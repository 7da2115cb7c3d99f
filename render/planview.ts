/**
 * PlanView: a plan's floors as a standalone SVG (rooms, walls, doors, windows, openings,
 * objects, stairs, a tool's overlays, a scale bar and a north arrow), and that SVG as PNG
 * through sharp (librsvg). Output is deterministic: the same plan and options give the same
 * bytes, so tests and golden files can compare it. Plan y is up; SVG y is down.
 *
 * A panel is drawn in phases, back to front: room floors, area overlays, verticals
 * (render/verticals.ts), walls, openings (render/openings.ts), objects, line overlays
 * (render/overlays.ts), labels (render/labels.ts); under the panels the footer and legend
 * (render/legend.ts). The primitives they share are render/svg.ts.
 */
import { InputError } from "../ground/errors.ts";
import type { Floor, Obj, Opening, Plan, Point, Room } from "../ground/plan.ts";
import { withDisplayNames } from "../ground/names.ts";
import type { Overlay, Status } from "../core/result.ts";
import { doorSwing, drawOpening } from "./openings.ts";
import { drawVerticals, verticalsByRoom } from "./verticals.ts";
import { drawAreaOverlays, drawLineOverlays } from "./overlays.ts";
import {
  areaLabels,
  labelSpace,
  overlayLabeller,
  roomLabels as placeRoomLabels,
  segmentQuad,
} from "./labels.ts";
import { drawFooter, LEGEND_ROW_PX, legendItems, legendRows } from "./legend.ts";
import {
  bboxOf,
  escapeXml,
  FOOTER_PX,
  type Frame,
  geometryPoints,
  INK,
  linesOf,
  MARGIN_PX,
  n,
  objectCorners,
  OUTSIDE_FILL,
  PAD_M,
  PANEL_GAP_PX,
  PAPER,
  PLAN_FONT,
  pts,
  ROOM_FILL,
  text,
  textWidth_px,
  wrapText,
} from "./svg.ts";

export { PLAN_FONT, scaleBarLength_m, STATUS_COLOURS, textWidth_px } from "./svg.ts";
export { legendItems } from "./legend.ts";

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
  /** The scale bar's unit (the `display.units` preference): metric (default), imperial, both. */
  units?: "metric" | "imperial" | "both";
}

interface PanelParts {
  floor?: Floor;
  rooms: Room[];
  openings: Opening[];
  objects: Obj[];
  overlays: Overlay[];
}

/** One floor's panel, drawn back to front. */
function drawPanel(plan: Plan, parts: PanelParts, f: Frame, ids: Set<string>): string {
  const { rooms, openings, objects, overlays } = parts;
  const ppm = f.ppm;
  const wall_px = Math.max(2, 0.12 * ppm);
  const out: string[] = [];
  const verticalIn = verticalsByRoom(plan, rooms);

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
  const { roomByOverlay, labelledRooms } = drawAreaOverlays(out, rooms, overlays, f);

  // 3. Verticals: stair and step treads, a lift's cross, and an arrow the way up.
  drawVerticals(out, plan, parts, f, ids, verticalIn, obstacles);

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
  drawObjects(out, objects, f);

  // 7. Line, circle and point overlays. Their lines and labels become obstacles for room labels.
  const labels: string[] = [];
  const space = labelSpace(plan, parts, f);
  // Room names first (they keep off lines, furniture and door swings), so that overlay labels
  // then keep off them. A very large plan gets a coarse label search so that drawing stays
  // linear in its size.
  for (const o of overlays) {
    for (const line of linesOf(o.geometry)) {
      for (let i = 0; i + 1 < line.length; i++) obstacles.push(segmentQuad(line[i], line[i + 1]));
    }
  }
  const roomLabels = placeRoomLabels(rooms, roomByOverlay, f, obstacles, space);
  drawLineOverlays(out, overlays, f, overlayLabeller(space, f, obstacles, labels));

  // 8. Labels: rooms (with their overlay's words), then other area overlays. A very large
  // plan gets a coarse label search so that drawing stays linear in its size.
  out.push(`<g class="labels" font-family="${PLAN_FONT}">`);
  out.push(...roomLabels);
  areaLabels(overlays, labelledRooms, f, obstacles, labels);
  out.push(...labels);
  out.push(`</g>`);
  return out.join("\n");
}

/** Scanned objects, each with its name (turned along its longer side when it does not fit). */
function drawObjects(out: string[], objects: Obj[], f: Frame): void {
  const ppm = f.ppm;
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
}

/**
 * The plan as a standalone SVG document (PlanView block). Without `opts.floor` every floor is
 * drawn side by side in index order, each under its name, all at one scale and in one frame;
 * with it, that floor only (an unknown floor id is an {@link InputError}). Overlays are drawn on
 * the panel of their floor, tinted by status ({@link STATUS_COLOURS}). A scale bar of a round
 * length and a north arrow rotated by −site.north_deg (screen-up is the plan's +y) sit below;
 * without a north angle the arrow is replaced by the note "north unknown".
 */
/** Where {@link planSvg} puts things: the panels, their shared frame, the picture's width. */
interface PlanLayout {
  ppm: number;
  panels: PanelParts[];
  box: { minx: number; miny: number; maxx: number; maxy: number };
  panelW: number;
  panelH: number;
  drawingW: number;
  width: number;
  titleText: string;
  titleSize: number;
  titleLines: string[];
  headerH: number;
  floorLabelH: number;
  x0: number;
}

function planLayout(plan: Plan, opts: PlanSvgOptions): PlanLayout {
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
  const x0 = (width - drawingW) / 2;

  return {
    ppm,
    panels,
    box,
    panelW,
    panelH,
    drawingW,
    width,
    titleText,
    titleSize,
    titleLines,
    headerH,
    floorLabelH,
    x0,
  };
}

/** The origin of panel `i`, px (plan metres map to `origin + (v - box.min) * ppm`). */
function panelOrigin(l: PlanLayout, i: number): { ox: number; oy: number } {
  return { ox: l.x0 + i * (l.panelW + PANEL_GAP_PX), oy: l.headerH + l.floorLabelH };
}

/**
 * Where a plan point lands on {@link planSvg}'s picture drawn with the same options: SVG
 * pixels (x right, y down), or undefined when the floor is not drawn. Used to crop a region
 * of the picture (BCF snapshots) without drawing it again.
 */
export function planPixel(
  plan: Plan,
  opts: PlanSvgOptions = {},
): {
  width_px: number;
  px_per_m: number;
  at(floor: string, p: Point): [number, number] | undefined;
} {
  const l = planLayout(plan, opts);
  return {
    width_px: l.width,
    px_per_m: l.ppm,
    at(floor, [x, y]) {
      const i = l.panels.findIndex((p) => (p.floor?.id ?? "") === floor);
      if (i < 0) return undefined;
      const { ox, oy } = panelOrigin(l, i);
      return [ox + (x - l.box.minx) * l.ppm, oy + (l.box.maxy - y) * l.ppm];
    },
  };
}

export function planSvg(source: Plan, opts: PlanSvgOptions = {}): string {
  // Rooms and floors by the names people read in the results (ground/names.ts): "bedroom
  // (1)", never three rooms all labelled "bedroom", never an id.
  const plan = withDisplayNames(source);
  const l = planLayout(plan, opts);
  const { ppm, panels, box, panelW, panelH, width, titleText, titleSize, titleLines, headerH } = l;
  const { floorLabelH } = l;
  const overlays = opts.overlays ?? [];
  const footerY = headerH + floorLabelH + panelH + 14;
  // The legend: every colour and symbol the picture uses, in rows under the scale bar.
  const legend = legendRows(legendItems(plan, panels, overlays), width - 2 * MARGIN_PX);
  // Labels with no free place inside their panel, numbered (filled while drawing).
  const key: { label: string; k: Status | "none" }[] = [];

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
    const { ox, oy } = panelOrigin(l, i);
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

  const keyCount = drawFooter(body, plan, {
    footerY,
    ppm,
    panelW,
    width,
    legend,
    key,
    units: opts.units,
  });
  const height = Math.ceil(
    footerY + FOOTER_PX + legend.length * LEGEND_ROW_PX + keyCount * 16,
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
