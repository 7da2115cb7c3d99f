/**
 * Stairs, steps, ramps and lifts on PlanView's panels: treads, a lift's cross, an arrow the way
 * up with the floor it leads to, and verticals with their own outline. What they draw becomes a
 * place labels keep clear of.
 * @module
 */
import type { Floor, Plan, Point, Room, Vertical } from "../ground/plan.ts";
import {
  arrowHead,
  bboxOf,
  escapeXml,
  floorName,
  type Frame,
  INK,
  n,
  PAPER,
  pts,
  text,
  wrapText,
} from "./svg.ts";

/** What a room holds of a vertical: its kind and going, the floors up and down, a rise. */
export interface RoomVertical {
  kind: Vertical["kind"];
  going_m: number;
  up?: string;
  down?: string;
  rise_m?: number;
}

/** Rooms named by a vertical (stair, ramp, lift, step), or labelled "stairs". */
export function verticalsByRoom(plan: Plan, rooms: Room[]): Map<string, RoomVertical> {
  const verticalIn = new Map<string, RoomVertical>();
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
  return verticalIn;
}

/** The tread pattern for a step of `step_px` along x or y, defined once per picture: its id. */
function treadPattern(out: string[], ids: Set<string>, alongX: boolean, step_px: number): string {
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
  return pid;
}

/**
 * Verticals: stair and step treads, a lift's cross, and an arrow the way up, in the rooms that
 * hold them; then verticals with their own outline, on the floors they leave from and arrive at.
 */
export function drawVerticals(
  out: string[],
  plan: Plan,
  panel: { floor?: Floor; rooms: Room[] },
  f: Frame,
  ids: Set<string>,
  verticalIn: Map<string, RoomVertical>,
  obstacles: Point[][],
): void {
  out.push(`<g class="verticals">`);
  for (const r of panel.rooms) {
    const st = verticalIn.get(r.id);
    if (st) drawRoomVertical(out, r, st, f, ids, obstacles);
  }
  for (const v of plan.verticals) {
    if (v.footprint && panel.floor) {
      drawFootprint(
        out,
        plan,
        v as Vertical & { footprint: Point[] },
        panel.floor,
        f,
        ids,
        obstacles,
      );
    }
  }
  out.push(`</g>`);
}

/** A room's vertical: treads or a lift's cross, and the arrow or caption saying where to. */
function drawRoomVertical(
  out: string[],
  r: Room,
  st: RoomVertical,
  f: Frame,
  ids: Set<string>,
  obstacles: Point[][],
): void {
  const ppm = f.ppm;
  const box = bboxOf(r.polygon)!;
  const alongX = box.maxx - box.minx >= box.maxy - box.miny;
  if (st.kind === "stair" || st.kind === "step") {
    const step_px = Math.max(3, st.going_m * ppm);
    const pid = treadPattern(out, ids, alongX, step_px);
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
    return;
  }
  const within = !st.up && !st.down && st.rise_m !== undefined;
  if (!st.up && !st.down && !within) return;
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

/** A vertical with its own outline, on a floor it leaves from or arrives at. */
function drawFootprint(
  out: string[],
  plan: Plan,
  v: Vertical & { footprint: Point[] },
  floor: Floor,
  f: Frame,
  ids: Set<string>,
  obstacles: Point[][],
): void {
  const ppm = f.ppm;
  const fl = floor.id;
  if (v.from_floor !== fl && v.to_floor !== fl) return;
  const box = bboxOf(v.footprint)!;
  const alongX = box.maxx - box.minx >= box.maxy - box.miny;
  const step_px = Math.max(3, (v.going_m ?? 0.25) * ppm);
  const pid = treadPattern(out, ids, alongX, step_px);
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
