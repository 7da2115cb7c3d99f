/**
 * takeoff: quantities per room, per floor and for the building (floor area, perimeter, walls
 * net of openings, ceiling, volume, skirting, paint, flooring) under a named measuring
 * convention. The quantities are engines/geometry/takeoff.ts; this tool lays them out as a
 * table in `result.data.table` (core/result.ts ResultTable): the columns, and a row per room,
 * per floor and for the building, for `--csv` and the Table block.
 */
import { derivedAssumptions, onlyDerivedVerdict, splitDerived } from "../_shared/derived.ts";
import { fill, tool, z } from "../../core/manifest.ts";
import type { Assumption, Metric, Overlay } from "../../core/result.ts";
import { polygonGeometry } from "../../engines/geometry/geojson.ts";
import {
  type Convention,
  CONVENTIONS,
  planTakeoff,
  type Takeoff,
  type TakeoffTotals,
  UNFINISHED_LABELS,
} from "../../engines/geometry/takeoff.ts";
import type { Room } from "../../ground/plan.ts";
import { named } from "../_shared/refs.ts";
import { r3, roomRow, type Row, TAKEOFF_COLUMNS, totalsRow } from "./table.ts";
import { say } from "./wording.ts";

export { TAKEOFF_COLUMNS } from "./table.ts";

export default named(tool({
  id: "takeoff",
  title: "Quantity takeoff",
  summary: "Floor, wall and ceiling areas, paint and flooring, room by room.",
  model_description:
    "Measure one scan's quantities per room, per floor and for the building: floor area, perimeter, wall area net of doors and windows, ceiling area, volume, skirting length, paint in litres and flooring with waste, under a named convention (net, gross, finished). Returns the totals and a table.",
  audience: ["contractor", "buyer", "renter", "architect", "mover"],
  subjects: ["room", "building"],
  questions: [
    "How much paint do I need for the walls and ceilings?",
    "What is the floor area of each room?",
    "How much flooring or carpet with 10 % waste?",
    "Wall area and skirting length per room",
    "Square footage of the house?",
    "Total floor, wall and ceiling quantities",
    "How many litres of paint for three coats?",
    "Room volumes and perimeters",
    "How much floor is there to tile in the bathroom?",
    "Net wall area for wallpaper",
    "How many square feet is each bedroom?",
  ],
  inputs: z.object({
    scan: z.string().min(1).meta(fill.selection()),
    convention: z.enum(CONVENTIONS).default("net").meta({
      label: "measuring convention",
      description:
        "net: net internal area; gross: plus the walls between rooms; finished: ANSI Z765-style, without garages, unheated rooms and ceilings under 7 ft.",
    }),
    // Real paints cover 6–16 m²/L a coat; below 0.1 the litres would overflow (1e-320 did).
    paint_coverage_m2_per_l: z.number().min(0.1).max(50).default(10).meta(
      fill.preference("takeoff.paint_coverage_m2_per_l", {
        ask: "How many square metres does a litre of your paint cover per coat?",
        unit: "m²/L",
        label: "paint coverage",
      }),
    ),
    paint_coats: z.number().int().min(1).max(10).default(2).meta(
      fill.preference("takeoff.paint_coats", {
        ask: "How many coats of paint?",
        label: "coats of paint",
      }),
    ),
    flooring_waste: z.number().min(0).max(1).default(0.1).meta(
      fill.preference("takeoff.flooring_waste", {
        ask: "How much extra flooring should be ordered for cuts and waste (0.1 = 10 %)?",
        unit: "fraction",
        label: "flooring waste factor",
      }),
    ),
  }),
  requires: [{ layer: "plan.rooms" }],
  blocks: ["VerdictHeader", "MetricGrid", "Table", "AssumptionList", "PlanView", "StepLog"],
  draws: ["room"],
  read_only: true,
  run(ctx, { scan, convention, paint_coverage_m2_per_l, paint_coats, flooring_waste }) {
    const whole = ctx.plan(scan);
    // A room the importer derived (not in the file) is not counted; it is said.
    const { rooms: ownRooms, derived } = splitDerived(whole);
    if (!ownRooms.length && derived.length) {
      return {
        verdict: onlyDerivedVerdict(scan, derived),
        assumptions: derivedAssumptions(derived),
      };
    }
    // A room the import marked implausible (a 999 m × 0.2 mm sliver, rooms overlapping each
    // other) is not measured, like SQL's NULL: its quantities are unknown, not summed.
    const markedRooms = ownRooms.filter((r) =>
      (whole.implausible ?? []).some((m) => m.subject === r.id && m.field !== "height_m")
    );
    const measured = markedRooms.length
      ? ownRooms.filter((r) => !markedRooms.includes(r))
      : ownRooms;
    const markedChecks = markedRooms.map((r) => ({
      id: `implausible:${r.id}`,
      label: say("check.implausible", { room: r.name || r.id }),
      status: "unknown" as const,
      subject: r.id,
      note: say("note.implausible", {
        reasons: (whole.implausible ?? []).filter((m) => m.subject === r.id).map((m) => m.reason),
      }),
    }));
    if (!measured.length) {
      return {
        verdict: say.verdict("unknown", "verdict.none_measured", {
          scan,
          rooms: markedRooms.length,
        }),
        checks: markedChecks,
      };
    }
    const plan = derived.length || markedRooms.length ? { ...whole, rooms: measured } : whole;
    ctx.step(say.step("step.measuring", { rooms: plan.rooms.length, convention }));
    const t = planTakeoff(plan, {
      convention,
      paint_coverage_m2_per_l,
      paint_coats,
      flooring_waste,
    });
    const b = t.building;
    const rows: Row[] = [
      ...t.rooms.map(roomRow),
      ...t.floors.map((f) => totalsRow("floor", f.floor, f.name, f)),
      totalsRow("building", plan.id, plan.name || plan.id, b),
    ];
    const metrics = takeoffMetrics(b, convention);
    const overlays: Overlay[] = t.rooms.map((r, i) => ({
      id: `room:${r.room}`,
      kind: "room",
      floor: r.floor,
      geometry: polygonGeometry(plan.rooms[i].polygon),
      label: say("overlay.room", { room: r.name, floor_area_m2: r.floor_area_m2 }),
    }));
    const assumptions = takeoffAssumptions(t, derived, markedRooms, convention);
    const noHeight = t.rooms.filter((r) => r.included && r.height_m === null);
    // Walls of rooms without a height are not in the totals: partial, a warning; rooms not
    // measured at all leave the totals unknown.
    const status = markedRooms.length ? "unknown" : noHeight.length ? "warn" : "pass";
    const verdict = say.verdict(status, "verdict.quantities", {
      not_measured: markedRooms.length,
      of: measured.length + markedRooms.length,
      convention,
      floor_area_m2: b.floor_area_m2,
      rooms: b.rooms,
      floors: t.floors.length,
      wall_net_m2: b.wall_net_m2,
      paint_l: b.paint_l,
      paint_coats,
      flooring_m2: b.flooring_m2,
      flooring_waste,
      no_height: noHeight.length,
    });
    ctx.step(say.step("step.done", { rooms: b.rooms, floor_area_m2: b.floor_area_m2 }));
    return {
      verdict,
      metrics,
      ...(markedChecks.length ? { checks: markedChecks } : {}),
      overlays,
      assumptions,
      data: {
        convention,
        table: {
          columns: [...TAKEOFF_COLUMNS],
          rows: rows.map((row) => TAKEOFF_COLUMNS.map((c) => row[c])),
        },
      },
    };
  },
}));

/** The headline quantities of the building, in the order the MetricGrid shows them. */
function takeoffMetrics(b: TakeoffTotals, convention: Convention): Metric[] {
  const metrics: Metric[] = [
    { id: "convention", label: "Measuring convention", value: convention },
    { id: "floor_area_m2", label: "Floor area", value: r3(b.floor_area_m2), unit: "m²" },
    { id: "rooms_counted", label: "Rooms counted", value: b.rooms },
    {
      id: "wall_net_m2",
      label: "Wall area, net of openings",
      value: r3(b.wall_net_m2),
      unit: "m²",
    },
    { id: "ceiling_m2", label: "Ceiling area", value: r3(b.ceiling_m2), unit: "m²" },
    { id: "volume_m3", label: "Volume", value: r3(b.volume_m3), unit: "m³" },
    { id: "skirting_m", label: "Skirting", value: r3(b.skirting_m), unit: "m" },
    { id: "paint_l", label: "Paint, walls and ceilings", value: r3(b.paint_l), unit: "L" },
    { id: "flooring_m2", label: "Flooring to order", value: r3(b.flooring_m2), unit: "m²" },
  ];
  if (convention === "gross") {
    metrics.splice(2, 0, {
      id: "walls_footprint_m2",
      label: "Walls between rooms",
      value: r3(b.walls_footprint_m2),
      unit: "m²",
    });
  }
  return metrics;
}

/** What the quantities rest on: the convention, the method, and the rooms left out or partial. */
function takeoffAssumptions(
  t: Takeoff,
  derived: Room[],
  markedRooms: Room[],
  convention: Convention,
): Assumption[] {
  const excluded = t.rooms.filter((r) => !r.included);
  const noHeight = t.rooms.filter((r) => r.included && r.height_m === null);
  // The convention's and the method's sentences are the takeoff engine's (takeoff.ts),
  // carried with their codes.
  const assumptions: Assumption[] = [
    {
      text: t.convention_text,
      input: "convention",
      code: "assumption.convention",
      data: { convention },
    },
    ...t.assumptions.map((text) => ({
      text,
      code: "assumption.measuring_method",
      data: { convention },
    })),
    ...derivedAssumptions(derived),
  ];
  if (excluded.length) {
    assumptions.push(say.assumption("assumption.excluded", {
      rooms: excluded.map((r) => ({ room: r.name, why: r.excluded_because ?? "" })),
    }));
  }
  // Unheated rooms (a garage) counted in paint and flooring are counted by choice: say so.
  const unfinished = t.rooms.filter((r) =>
    r.included && (UNFINISHED_LABELS as readonly string[]).includes(r.label)
  );
  if (unfinished.length) {
    assumptions.push(
      say.assumption("assumption.unfinished", {
        rooms: unfinished.map((r) => r.name),
        convention,
      }),
    );
  }
  if (noHeight.length) {
    assumptions.push(
      say.assumption("assumption.no_height", { rooms: noHeight.map((r) => r.name) }),
    );
  }
  if (markedRooms.length) {
    assumptions.push(
      say.assumption("assumption.implausible", { rooms: markedRooms.map((r) => r.name || r.id) }),
    );
  }
  return assumptions;
}
