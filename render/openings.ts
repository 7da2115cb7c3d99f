/**
 * Openings on their walls: a door's leaf and swing, a window's double line, an opening's jambs.
 * @module
 */
import type { Opening, Plan, Point } from "../ground/plan.ts";
import { nearestWall } from "../engines/geometry/walls.ts";
import { arrowHead, escapeXml, type Frame, INK, n, PAPER, WINDOW_INK } from "./svg.ts";

/**
 * An opening's jambs j1, j2 (its width_m along the wall, centred on the wall point nearest `at`)
 * and, for a door, the side it swings to (into between[0], or between[1] when [0] is the
 * outside) and the square its leaf sweeps.
 */
export function doorSwing(
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
export function drawOpening(plan: Plan, o: Opening, f: Frame, wall_px: number): string {
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
