/**
 * The best way in for an item a mover carries: from each candidate door to the outside, the
 * route to a room (engines/geometry/routes, stairs and thresholds allowed, the body as wide as
 * the item's smallest side) and the item judged at every step of it (engines/geometry/fit.ts,
 * reference §4.2–4.3). The best is the one that fits, then too close to call, then unknown,
 * then not; the shorter among equals; a start with no route at all comes last.
 */
import type { Opening, Plan } from "../../ground/plan.ts";
import { fitAlongRoute, type FitStep, type Item } from "./fit.ts";
import { type Route, type RouteGraph, routesFrom } from "./routes/mod.ts";

/** One start tried: its graph, its route to the room, the steps judged and their rank. */
export interface WayInTried {
  start: Opening;
  graph: RouteGraph;
  route: Route;
  steps: FitStep[];
  /** 0 pass, 1 warn (too close), 2 unknown, 3 fail; 9 when there is no route. */
  rank: number;
}

const RANK: Record<string, number> = { pass: 0, warn: 1, unknown: 2, fail: 3 };

/** Tries every start and returns the best way in to `roomId` for the item. */
export function bestWayIn(
  plan:
    & Pick<Plan, "rooms" | "openings" | "verticals" | "objects" | "source">
    & Partial<Pick<Plan, "implausible">>,
  starts: Opening[],
  roomId: string,
  item: Item,
  stair_headroom_m: number,
): WayInTried {
  // Movers carry the item: stairs and thresholds do not stop them; doors are judged by fit.
  const smallest_m = Math.min(item.width_m, item.depth_m, item.height_m);
  const tried = starts.map((start) => {
    const { graph, routes } = routesFrom(plan, {
      body_width_m: smallest_m,
      min_clear_width_m: 0,
      step_free: false,
      max_step_m: 1,
      max_ramp_slope: 1,
    }, start.id);
    const route = routes.get(roomId)!;
    const steps = route.why ? [] : fitAlongRoute(plan, graph, route, item, { stair_headroom_m });
    const worst = steps.reduce((k, x) => Math.max(k, RANK[x.status] ?? 3), 0);
    return { start, graph, route, steps, rank: route.why ? 9 : worst };
  });
  return tried.reduce((a, b) =>
    b.rank < a.rank ||
      (b.rank === a.rank && (b.route.length_m ?? 1e9) < (a.route.length_m ?? 1e9))
      ? b
      : a
  );
}
