/**
 * The plausibility pass every import ends with (design.md § "Truthful results"): a table of
 * ranges a real building's parts fall in, each with its reason. A value outside its range is a
 * warning in the import report and is marked in the plan (`plan.implausible`) or dropped, so
 * tools judge it `unknown` with the reason, never pass or fail on it.
 *
 * - A ceiling height out of range is dropped from the room (tools then lack it and say so).
 * - Every other implausible value is marked on its subject (room, opening, vertical).
 * - A room that (nearly) duplicates another on its floor is dropped, and what referred to it
 *   refers to the room it duplicates, so nothing is counted twice.
 */
import type { Implausible, LoadedPlan, Plan, PlanInput, Point, Room } from "../ground/plan.ts";
import { tolerance_m } from "../ground/plan.ts";
import { area_m2, edgeDistance_m, pointInRing } from "../engines/geometry/polygon.ts";
import { differenceRings } from "../engines/geometry/clip.ts";
import type { ImportReport } from "./types.ts";
import { ticker } from "../ground/budget.ts";
import { round } from "../ground/text.ts";
import { planNames, tidyWords } from "../ground/names.ts";

/** One row of the table: what is measured, its plausible range, and why. */
export interface PlausibleRange {
  id: string;
  /** What the value is, for sentences ("a room's ceiling height"). */
  what: string;
  min: number;
  max: number;
  unit: string;
  /** Why values outside the range are not believed. */
  reason: string;
}

/**
 * The table. The limits are threshold's own judgement of what a scan of a dwelling or a
 * public building can hold, each with the fact it leans on; none is a code requirement.
 */
export const PLAUSIBLE: Record<string, PlausibleRange> = {
  ceiling_m: {
    id: "ceiling_m",
    what: "a room's ceiling height",
    min: 1.5,
    max: 10,
    unit: "m",
    reason:
      "below 1.5 m no one stands (IRC 2021 R305.1 Exception 1 does not count floor under 5 ft = 1.52 m of a sloped ceiling); above 10 m is three storeys, which in a room scan is almost always a unit error (mm, ft) or a bad scale",
  },
  door_width_m: {
    id: "door_width_m",
    what: "a door's width",
    min: 0.4,
    max: 3,
    unit: "m",
    reason:
      "narrower than 0.4 m no person passes (the narrowest stock door leaves are 18 in = 0.46 m); wider than 3 m is a garage or a gate, not a door, or a unit error",
  },
  garage_door_width_m: {
    id: "garage_door_width_m",
    what: "a garage door's width",
    min: 0.4,
    max: 6,
    unit: "m",
    reason:
      "a double garage door is 16–18 ft (4.9–5.5 m) wide; wider than 6 m is a scan or unit error (the ZInD sample's garage door is 4.66 m)",
  },
  opening_width_m: {
    id: "opening_width_m",
    what: "an opening's or window's width",
    min: 0.1,
    max: 20,
    unit: "m",
    reason: "a window or wall opening narrower than 0.1 m or wider than 20 m is a scan error",
  },
  room_area_m2: {
    id: "room_area_m2",
    what: "a room's floor area",
    min: 0.1,
    max: 2000,
    unit: "m²",
    reason:
      "under 0.1 m² (a 32 cm square) is not even a cupboard but a sliver or a collapsed outline (real pantries reach down to 0.28 m², as in the ZInD sample); over 2,000 m² is larger than a sports hall, so in a building scan a unit or scale error",
  },
  room_width_m: {
    id: "room_width_m",
    what: "a room's mean width (twice its area over its perimeter)",
    min: 0.1,
    max: 1000,
    unit: "m",
    reason:
      "the narrowest rooms people reach into, pantries and closets, are about 0.3 m wide on average (the ZInD sample's 0.28 m² pantry: 0.27 m); an outline under 0.1 m wide on average (a 999 m × 0.2 mm sliver) is a collapsed or mistraced polygon",
  },
  opening_offset_m: {
    id: "opening_offset_m",
    what: "an opening's distance from its room's outline",
    min: 0,
    max: 1,
    unit: "m",
    reason:
      "an opening sits in a wall, so within the wall's thickness of the rooms it joins; walls thicker than 1 m (old masonry reaches 0.9 m) are not found in dwellings",
  },
  stair_rise_m: {
    id: "stair_rise_m",
    what: "a stair's or step's total rise",
    min: 0,
    max: 20,
    unit: "m",
    reason: "one flight or lift between adjacent floors rises less than 20 m",
  },
  nav_link_m: {
    id: "nav_link_m",
    what: "a walkable link between two viewpoints",
    min: 0,
    max: 8,
    unit: "m",
    reason:
      "the Matterport3D simulator links each viewpoint to the ones a few steps away (its README: navigable transitions; in the shared sample house 17DRP5sb8fy the longest of 83 links is 4.1 m, the median 1.6 m); a longer straight link crosses walls",
  },
  vertical_width_m: {
    id: "vertical_width_m",
    what: "a stair's, ramp's or lift's width",
    min: 0.4,
    max: 10,
    unit: "m",
    reason: "a stair narrower than 0.4 m cannot be climbed; wider than 10 m is a scan error",
  },
};

/**
 * A nav graph is implausible when more than this share of all pairs of its nodes are linked
 * (the sample links 83 of 946 pairs, 9 %): every viewpoint joined to every other walks
 * through walls. Checked from {@link DENSE_NAV_MIN_NODES} nodes up.
 */
export const DENSE_NAV_SHARE = 0.5;
export const DENSE_NAV_MIN_NODES = 6;

/** Rooms on one floor overlap implausibly when they share more than this fraction of the smaller. */
export const DUPLICATE_OVERLAP = 0.9;

const fmt = (v: number) =>
  (Math.abs(v) >= 1e5 || (v !== 0 && Math.abs(v) < 1e-3))
    ? v.toExponential(2)
    : String(round(v, 3));

/** The sentence for a value out of a range: "ceiling height 1000 m is outside 1.5–10 m: …". */
export function outOfRange(r: PlausibleRange, value: number): string {
  return `${r.what} of ${
    fmt(value)
  } ${r.unit} is outside the plausible ${r.min}–${r.max} ${r.unit} (${r.reason})`;
}

/** Whether a value lies in a row's range (the limits themselves are plausible). */
export function inRange(r: PlausibleRange, value: number): boolean {
  return value >= r.min && value <= r.max;
}

/**
 * A room by its source's name and id: for a room dropped from the plan and in the report's
 * assumptions. Warnings say a room still in the plan by its id alone, which the import's last
 * step writes as its display name (layers/mod.ts).
 */
function name(x: { id: string; name?: string }): string {
  return x.name ? `${x.name} (${x.id})` : x.id;
}

/**
 * The part of the pass that runs before the schema: a room height out of the plausible range
 * is dropped (and marked) here, so a ZInD ceiling of 1,000 (1,435 m rooms) is a warning, not
 * a refusal by the schema's hard bound. Changes `plan` in place; adds warnings to `report`.
 */
export function dropImplausibleHeights(plan: PlanInput, report?: ImportReport): void {
  const rooms = Array.isArray(plan.rooms) ? plan.rooms : [];
  const marks: Implausible[] = [];
  for (const room of rooms) {
    const h = (room as { height_m?: unknown })?.height_m;
    if (typeof h !== "number" || !Number.isFinite(h) || inRange(PLAUSIBLE.ceiling_m, h)) continue;
    const why = outOfRange(PLAUSIBLE.ceiling_m, h);
    report?.warnings.push(`room ${ref(room.id)}: ${why}; the height is left out`);
    marks.push({ subject: String(room.id), field: "height_m", value: h, reason: why });
    delete room.height_m;
  }
  if (marks.length) plan.implausible = [...(plan.implausible ?? []), ...marks];
}

/**
 * Runs the pass on a validated plan: returns the plan with implausible values marked or
 * dropped, and adds a warning per finding to the report. Pure; the input is not changed.
 */
export function plausibilityPass(loaded: LoadedPlan, report?: ImportReport): LoadedPlan {
  const tickEach = ticker(256);
  const plan: Plan = structuredClone(loaded.plan);
  const marks: Implausible[] = [...(plan.implausible ?? [])];
  const warnings: string[] = [];
  const mark = (subject: string, field: string, value: number | undefined, reason: string) => {
    marks.push({ subject, field, ...(value !== undefined ? { value } : {}), reason });
  };

  // Ceiling heights: dropped, so tools lack them and say so.
  for (const room of plan.rooms) {
    tickEach();
    if (room.height_m !== undefined && !inRange(PLAUSIBLE.ceiling_m, room.height_m)) {
      const why = outOfRange(PLAUSIBLE.ceiling_m, room.height_m);
      warnings.push(`room ${ref(room.id)}: ${why}; the height is left out`);
      mark(room.id, "height_m", room.height_m, why);
      delete room.height_m;
    }
  }
  // Room areas, and outlines too thin to be rooms.
  for (const room of plan.rooms) {
    tickEach();
    const a = area_m2(room.polygon);
    if (!inRange(PLAUSIBLE.room_area_m2, a)) {
      const why = outOfRange(PLAUSIBLE.room_area_m2, a);
      warnings.push(`room ${ref(room.id)}: ${why}; tools judge it unknown`);
      mark(room.id, "area_m2", a, why);
      continue;
    }
    const width = (2 * a) / perimeter(room.polygon);
    if (!inRange(PLAUSIBLE.room_width_m, width)) {
      const why = outOfRange(PLAUSIBLE.room_width_m, width);
      warnings.push(`room ${ref(room.id)}: ${why}; tools judge it unknown`);
      mark(room.id, "polygon", width, why);
    }
  }
  // Openings: widths, and where they are.
  const rooms = new Map(plan.rooms.map((r) => [r.id, r]));
  for (const o of plan.openings) {
    tickEach();
    const garage = o.between.some((r) => r !== null && rooms.get(r)?.label === "garage");
    const row = o.kind !== "door"
      ? PLAUSIBLE.opening_width_m
      : garage
      ? PLAUSIBLE.garage_door_width_m
      : PLAUSIBLE.door_width_m;
    if (!inRange(row, o.width_m)) {
      const why = outOfRange(row, o.width_m);
      warnings.push(`${o.kind} ${ref(o.id)}: ${why}; tools judge it unknown`);
      mark(o.id, "width_m", o.width_m, why);
    }
    // A stated clear width is judged like the width (1e-6 m is a scan error, not a door).
    if (o.clear_width_m !== undefined && !inRange(row, o.clear_width_m)) {
      const why = outOfRange(
        { ...row, what: `${row.what.replace("width", "clear width")}` },
        o.clear_width_m,
      );
      warnings.push(`${o.kind} ${ref(o.id)}: ${why}; tools judge it unknown`);
      mark(o.id, "clear_width_m", o.clear_width_m, why);
    }
    openingPlace(o, rooms, warnings, mark);
    let worst = 0;
    for (const rid of o.between) {
      const r = rid === null ? undefined : rooms.get(rid);
      if (!r) continue;
      const d = pointInRing(o.at, r.polygon) ? 0 : edgeDistance_m(o.at, r.polygon);
      worst = Math.max(worst, d);
    }
    const limit = PLAUSIBLE.opening_offset_m.max +
      tolerance_m(plan, PLAUSIBLE.opening_offset_m.max);
    if (worst > limit) {
      const why = outOfRange(PLAUSIBLE.opening_offset_m, worst);
      warnings.push(`${o.kind} ${ref(o.id)}: ${why}; tools judge it unknown`);
      mark(o.id, "at", worst, why);
    }
  }
  // Verticals.
  for (const v of plan.verticals) {
    if (!inRange(PLAUSIBLE.stair_rise_m, v.rise_m)) {
      const why = outOfRange(PLAUSIBLE.stair_rise_m, v.rise_m);
      warnings.push(`${v.kind} ${ref(v.id)}: ${why}; tools judge it unknown`);
      mark(v.id, "rise_m", v.rise_m, why);
    }
    if (!inRange(PLAUSIBLE.vertical_width_m, v.width_m)) {
      const why = outOfRange(PLAUSIBLE.vertical_width_m, v.width_m);
      warnings.push(`${v.kind} ${ref(v.id)}: ${why}; tools judge it unknown`);
      mark(v.id, "width_m", v.width_m, why);
    }
  }
  navLinks(plan, warnings, mark);
  // Overlapping rooms.
  const nested: string[] = [];
  const dropped = overlappingRooms(plan, warnings, nested, mark);
  if (dropped.size) dropRooms(plan, dropped);

  // Names, not ids: the plan is final here, so its display names are too.
  const said = sayNames(plan);
  if (marks.length) plan.implausible = marks.map((m) => ({ ...m, reason: said(m.reason) }));
  if (report) {
    report.warnings.push(...warnings);
    report.warnings = report.warnings.map(said);
  }
  report?.assumptions.push(...nested);
  return { plan, warnings: loaded.warnings };
}

type Mark = (subject: string, field: string, value: number | undefined, reason: string) => void;

/** The nav graph's links: far longer than a step, or every pair linked, walk through walls. */
function navLinks(plan: Plan, warnings: string[], mark: Mark) {
  if (plan.nav?.edges.length) {
    const n = plan.nav.nodes.length, pairs = (n * (n - 1)) / 2;
    const edges = plan.nav.edges.length;
    if (n >= DENSE_NAV_MIN_NODES && edges > DENSE_NAV_SHARE * pairs) {
      warnings.push(
        `the nav graph links ${edges} of the ${pairs} pairs of its ${n} viewpoints (${
          Math.round((100 * edges) / pairs)
        } %): a real one links each viewpoint to its neighbours (the sample: 83 of 946), so these links go through walls; the nav graph is left out and tools that need it say unknown`,
      );
      mark(
        "nav",
        "edges",
        edges,
        `every pair of viewpoints is marked walkable (${edges} of ${pairs} pairs)`,
      );
      plan.nav.edges = [];
    } else {
      const long = plan.nav.edges.filter((e) => !inRange(PLAUSIBLE.nav_link_m, e.length_m));
      if (long.length) {
        const worst = Math.max(...long.map((e) => e.length_m));
        warnings.push(
          `${long.length} nav link(s) are longer than ${PLAUSIBLE.nav_link_m.max} m (the longest ${
            fmt(worst)
          } m): ${outOfRange(PLAUSIBLE.nav_link_m, worst)}; they are left out`,
        );
        for (const e of long) {
          mark(
            `${e.from}~${e.to}`,
            "length_m",
            e.length_m,
            outOfRange(PLAUSIBLE.nav_link_m, e.length_m),
          );
        }
        const bad = new Set(long);
        plan.nav.edges = plan.nav.edges.filter((e) => !bad.has(e));
      }
    }
  }
}

/** An opening's place: between two rooms, on a floor one of them is on. */
function openingPlace(
  o: Plan["openings"][number],
  rooms: Map<string, Room>,
  warnings: string[],
  mark: Mark,
) {
  const [ra, rb] = o.between;
  if (ra !== null && ra === rb) {
    const why = `it joins room ${ref(ra)} to itself, so it leads nowhere`;
    warnings.push(`${o.kind} ${ref(o.id)}: ${why}; tools judge it unknown`);
    mark(o.id, "between", undefined, why);
  }
  const sides = o.between.filter((r): r is string => r !== null).map((r) => rooms.get(r))
    .filter((r) => r !== undefined);
  if (sides.length && !sides.some((r) => r.floor === o.floor)) {
    const why = `it is on floor ${ref(o.floor)}, where neither room it joins is (${
      sides.map((r) => `${ref(r.id)} is on ${ref(r.floor)}`).join(", ")
    })`;
    warnings.push(`${o.kind} ${ref(o.id)}: ${why}; tools judge it unknown`);
    mark(o.id, "floor", undefined, why);
  }
}

/**
 * Finds rooms on the same floor that overlap by more than the scan's uncertainty: a room
 * pair sharing more than {@link DUPLICATE_OVERLAP} of each one's area is a duplicate (the smaller
 * is dropped, and its references move to the other); a room that lies inside a larger one is
 * noted as the source draws it (a closet in a hall); any other overlap is a warning and marks
 * both rooms. A sweep over x keeps the work near n log n for plans whose rooms do not overlap.
 */
function overlappingRooms(
  plan: Plan,
  warnings: string[],
  nested: string[],
  mark: (subject: string, field: string, value: number | undefined, reason: string) => void,
): Map<string, string> {
  const dropped = new Map<string, string>();
  const boxes = plan.rooms.map((r, k) => ({ r, k, ...bbox(r.polygon), area: area_m2(r.polygon) }))
    .sort((a, b) => a.minX - b.minX);
  const tick = ticker(64);
  for (let i = 0; i < boxes.length; i++) {
    tick();
    const a = boxes[i];
    if (dropped.has(a.r.id)) continue;
    for (let j = i + 1; j < boxes.length && boxes[j].minX < a.maxX; j++) {
      const b = boxes[j];
      if (dropped.has(b.r.id) || b.r.floor !== a.r.floor) continue;
      if (b.minY >= a.maxY || b.maxY <= a.minY) continue;
      const shared = overlap_m2(a.r.polygon, b.r.polygon, a.minX, a.minY);
      // The smaller is the copy; of two the same size, the later one in the plan.
      const small = a.area < b.area || (a.area === b.area && a.k > b.k) ? a : b;
      const big = small === a ? b : a;
      // Each edge may move by the uncertainty: overlaps within that band are the scan's noise.
      const noise = tolerance_m(plan, 1) * (perimeter(a.r.polygon) + perimeter(b.r.polygon));
      if (shared <= noise) continue;
      if (small.area > 0 && shared >= DUPLICATE_OVERLAP * big.area) {
        dropped.set(small.r.id, big.r.id);
        warnings.push(
          `room ${name(small.r)} lies ${Math.round((100 * shared) / small.area)} % inside room ${
            ref(big.r.id)
          } on the same floor: a duplicate; it is dropped (counted once, as ${ref(big.r.id)})`,
        );
      } else if (small.area > 0 && shared >= DUPLICATE_OVERLAP * small.area) {
        // A room drawn inside another (a closet in a hall): as the source draws it.
        nested.push(
          `room ${name(small.r)} lies inside room ${
            name(big.r)
          } (a room within a room, as the source draws it); their floor areas overlap by ${
            fmt(shared)
          } m²`,
        );
      } else {
        const why = `rooms ${ref(a.r.id)} and ${ref(b.r.id)} overlap by ${
          fmt(shared)
        } m², more than the scan's uncertainty allows (${fmt(noise)} m²)`;
        warnings.push(`${why}; tools judge both unknown`);
        mark(a.r.id, "polygon", shared, why);
        mark(b.r.id, "polygon", shared, why);
      }
    }
  }
  return dropped;
}

/** Drops rooms and moves every reference to the room each duplicates. */
function dropRooms(plan: Plan, into: Map<string, string>) {
  const to = (id: string) => into.get(id) ?? id;
  plan.rooms = plan.rooms.filter((r: Room) => !into.has(r.id));
  for (const o of plan.openings) {
    o.between = [o.between[0] && to(o.between[0]), o.between[1] && to(o.between[1])];
  }
  // An opening between a duplicate and the room it duplicates now joins a room to itself.
  plan.openings = plan.openings.filter((o) =>
    !(o.between[0] !== null && o.between[0] === o.between[1])
  );
  for (const v of plan.verticals) if (v.rooms) v.rooms = [...new Set(v.rooms.map(to))];
  for (const x of plan.objects) if (x.room) x.room = to(x.room);
  for (const s of plan.sweeps) if (s.room) s.room = to(s.room);
  for (const n of plan.nav?.nodes ?? []) if (n.room) n.room = to(n.room);
}

function bbox(poly: Point[]) {
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (const [x, y] of poly) {
    minX = Math.min(minX, x), minY = Math.min(minY, y);
    maxX = Math.max(maxX, x), maxY = Math.max(maxY, y);
  }
  return { minX, minY, maxX, maxY };
}

function perimeter(poly: Point[]): number {
  let s = 0;
  for (let i = 0; i < poly.length; i++) {
    const a = poly[i], b = poly[(i + 1) % poly.length];
    s += Math.hypot(b[0] - a[0], b[1] - a[1]);
  }
  return s;
}

/** Area two rings share, m²: area(a) − area(a − b), in a frame moved to (x0, y0). */
function overlap_m2(a: Point[], b: Point[], x0: number, y0: number): number {
  const move = (p: Point[]) => p.map(([x, y]) => [x - x0, y - y0] as Point);
  const A = move(a);
  const rest = differenceRings([A], [move(b)]);
  let left = 0;
  for (const poly of rest) {
    poly.forEach((ring, k) => left += k === 0 ? area_m2(ring) : -area_m2(ring));
  }
  return Math.max(0, area_m2(A) - left);
}

/** Brackets around an element's id in a warning, until {@link sayNames} writes its name there. */
const OPEN = "\u27e6", CLOSE = "\u27e7";
const MARKED = new RegExp(`${OPEN}([^${CLOSE}]*)${CLOSE}`, "g");

/** An element's id in a warning or a mark's reason, written as its display name at the pass's end. */
function ref(id: string): string {
  return `${OPEN}${id}${CLOSE}`;
}

/**
 * Text as people read it: each {@link ref} written as the final plan's display name
 * (ground/names.ts; the id itself for an element the plan no longer has), "door door (…)"
 * said once. Only the bracketed ids: a word of the sentence that happens to equal an id stays.
 */
function sayNames(plan: Plan): (text: string) => string {
  let names: ReturnType<typeof planNames> | undefined;
  return (text) => {
    if (!text.includes(OPEN)) return text;
    names ??= planNames(plan);
    return tidyWords(text.replace(MARKED, (_, id: string) => names!.of(id)));
  };
}
