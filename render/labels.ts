/**
 * Labels on PlanView's panels, placed so that none hides another or what is drawn: room names
 * (a room overlay's words in their place) off furniture, door swings, stairs and lines; overlay
 * labels at the first free spot around their anchor, with a leader line when moved, or a number
 * there and the words in the key under the picture; area overlays' labels inside their area.
 * @module
 */
import type { Obj, Opening, Plan, Point, Room } from "../ground/plan.ts";
import type { Overlay, Status } from "../core/result.ts";
import { edgeDistance_m, pointInRing } from "../engines/geometry/polygon.ts";
import { doorSwing } from "./openings.ts";
import {
  bboxOf,
  type Frame,
  INK,
  linesOf,
  n,
  objectCorners,
  polygonsOf,
  STATUS_TEXT,
  statusKey,
  text,
  textBlock,
  textWidth_px,
  wrapText,
} from "./svg.ts";

/** A box in panel pixels (y grows downwards). */
export interface PxBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/**
 * Where to centre a label of size w_m × h_m in a polygon: the point of an N × N grid whose label
 * box lies inside the polygon and off the obstacles (objects, door swings), nearest the centre
 * of the polygon's bounding box; the least bad point when none fits.
 */
export function labelPoint(
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

function roomTitle(room: Room): { main: string; sub?: string } {
  const main = room.name ?? room.id;
  const said = main.toLowerCase().includes(room.label) ||
    (room.label === "hallway" && /hall/i.test(main)) ||
    (room.label === "stairs" && /stair/i.test(main));
  return said ? { main } : { main, sub: room.label };
}

/**
 * Whether the segment [x0, y0, x1, y1] crosses or lies in the box (pixels): Liang–Barsky
 * clipping of the segment against the box.
 */
export function segmentHitsBox(
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
export function segmentQuad(a: number[], b: number[]): Point[] {
  const len = Math.hypot(b[0] - a[0], b[1] - a[1]) || 1;
  const nx = (-(b[1] - a[1]) / len) * 0.12, ny = ((b[0] - a[0]) / len) * 0.12;
  return [[a[0] + nx, a[1] + ny], [b[0] + nx, b[1] + ny], [b[0] - nx, b[1] - ny], [
    a[0] - nx,
    a[1] - ny,
  ]];
}

export function midpointOfLongest(line: number[][]): Point {
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

/**
 * Where labels may go on a panel: the boxes taken (furniture, door swings, then the words
 * placed), the words alone, the leader lines drawn, and whether a box is free of all of them,
 * of the lines (routes, arrows, walls) and inside the panel.
 */
export interface LabelSpace {
  placed: PxBox[];
  textBoxes: PxBox[];
  leaderSegs: number[][];
  free(b: PxBox): boolean;
}

export function labelSpace(
  plan: Plan,
  parts: { rooms: Room[]; openings: Opening[]; objects: Obj[]; overlays: Overlay[] },
  f: Frame,
): LabelSpace {
  const { rooms, openings, objects, overlays } = parts;
  // Overlay labels are placed inside the panel without overlapping each other: the first free
  // spot around their anchor; when none is free, a number there and the words in the key
  // under the picture.
  // Scanned objects (furniture) hold their own names, and door swings their arcs: a label
  // keeps off them too.
  const swings = openings.flatMap((o) => {
    const sw = o.kind === "door" ? doorSwing(plan, o) : undefined;
    return sw ? [sw.quad] : [];
  });
  const placed: PxBox[] = [
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
  const textBoxes: PxBox[] = [];
  const leaderSegs: number[][] = [];
  const free = (b: PxBox) =>
    (!bounds ||
      (b.x0 >= bounds.left && b.x1 <= bounds.right && b.y0 >= bounds.top &&
        b.y1 <= bounds.bottom)) &&
    !placed.some((q) => b.x0 < q.x1 && b.x1 > q.x0 && b.y0 < q.y1 && b.y1 > q.y0) &&
    !lineSegs.some((sg) => segmentHitsBox(sg, b)) &&
    !leaderSegs.some((sg) => segmentHitsBox(sg, b));
  return { placed, textBoxes, leaderSegs, free };
}

/**
 * Room names, each at the point of its room that keeps off the obstacles (a very large plan
 * gets a coarse search so that drawing stays linear in its size); each name becomes an obstacle
 * and a taken box. A room overlay's label is shown as its room's name.
 */
export function roomLabels(
  rooms: Room[],
  roomByOverlay: Map<string, Overlay>,
  f: Frame,
  obstacles: Point[][],
  space: LabelSpace,
): string[] {
  const ppm = f.ppm;
  const { placed, textBoxes } = space;
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
  return roomLabels;
}

/** Places an overlay's label near (x, y) px; `middle`: centred on x, else starting there. */
export type OverlayLabel = (
  x: number,
  y: number,
  label: string,
  k: Status | "none",
  middle: boolean,
) => void;

/**
 * The overlay label placer of a panel: each label at the first free spot around its anchor, a
 * leader line when moved away; when none is free, a number there and the words in the key.
 * What it places is drawn into `labels` and becomes an obstacle for later labels.
 */
export function overlayLabeller(
  space: LabelSpace,
  f: Frame,
  obstacles: Point[][],
  labels: string[],
): OverlayLabel {
  const { placed, textBoxes, leaderSegs, free } = space;
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
  return overlayLabel;
}

/** Area overlays' labels (those not shown as a room's name), inside their area. */
export function areaLabels(
  overlays: Overlay[],
  labelledRooms: Set<Overlay>,
  f: Frame,
  obstacles: Point[][],
  labels: string[],
): void {
  const ppm = f.ppm;
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
}
