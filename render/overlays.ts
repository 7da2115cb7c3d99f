/**
 * A tool's overlays on PlanView's panels: areas tinted by status under the walls, and lines,
 * circles and points over everything, coloured by status ({@link STATUS_COLOURS}).
 * @module
 */
import type { Point, Room } from "../ground/plan.ts";
import type { Overlay } from "../core/result.ts";
import type { OverlayLabel } from "./labels.ts";
import {
  arrowHead,
  bboxOf,
  escapeXml,
  type Frame,
  linesOf,
  n,
  PAPER,
  polygonsOf,
  ringPath,
  STATUS_COLOURS,
  statusKey,
} from "./svg.ts";
import { midpointOfLongest } from "./labels.ts";

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

/**
 * Area overlays (tints), under the walls. A room overlay's label is shown as its room's label:
 * overlays are matched to rooms by outline; returns which room shows which overlay's label.
 */
export function drawAreaOverlays(
  out: string[],
  rooms: Room[],
  overlays: Overlay[],
  f: Frame,
): { roomByOverlay: Map<string, Overlay>; labelledRooms: Set<Overlay> } {
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

  return { roomByOverlay, labelledRooms };
}

/** Line, circle and point overlays, each with its label placed by `overlayLabel`. */
export function drawLineOverlays(
  out: string[],
  overlays: Overlay[],
  f: Frame,
  overlayLabel: OverlayLabel,
): void {
  const ppm = f.ppm;
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
}
