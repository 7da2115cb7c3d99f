/**
 * takeoff: quantities per room, per floor and for the building (floor area, perimeter, walls
 * net of openings, ceiling, volume, skirting, paint, flooring) under a named measuring
 * convention. The quantities are engines/geometry/takeoff.ts; this tool lays them out as a
 * table in `result.data.table` (core/result.ts ResultTable): the columns, and a row per room,
 * per floor and for the building, for `--csv` and the Table block.
 */
import { derivedAssumptions, onlyDerivedText, splitDerived } from "../_shared/derived.ts";
import { fill, tool, z } from "../../core/manifest.ts";
import type { Metric, Overlay } from "../../core/result.ts";
import { polygonGeometry } from "../../engines/geometry/geojson.ts";
import {
  CONVENTIONS,
  planTakeoff,
  type RoomTakeoff,
  type TakeoffTotals,
  UNFINISHED_LABELS,
} from "../../engines/geometry/takeoff.ts";
import { named } from "../_shared/refs.ts";
import { round } from "../../ground/text.ts";

/** The table's columns, in order (result.data.table.columns). */
export const TAKEOFF_COLUMNS = [
  "scope",
  "id",
  "name",
  "floor",
  "label",
  "included",
  "height_m",
  "floor_area_m2",
  "perimeter_m",
  "wall_gross_m2",
  "openings_m2",
  "wall_net_m2",
  "ceiling_m2",
  "volume_m3",
  "skirting_m",
  "paint_walls_l",
  "paint_ceiling_l",
  "paint_l",
  "flooring_m2",
] as const;

type Row = Record<(typeof TAKEOFF_COLUMNS)[number], string | number | boolean | null>;

/** Rounds for the table: millimetres, square millimetres, millilitres. */
const r3 = (v: number | null) => v === null ? null : round(v, 3);

function roomRow(r: RoomTakeoff): Row {
  return {
    scope: "room",
    id: r.room,
    name: r.name,
    floor: r.floor,
    label: r.label,
    included: r.included,
    height_m: r3(r.height_m),
    floor_area_m2: r3(r.floor_area_m2),
    perimeter_m: r3(r.perimeter_m),
    wall_gross_m2: r3(r.wall_gross_m2),
    openings_m2: r3(r.openings_m2),
    wall_net_m2: r3(r.wall_net_m2),
    ceiling_m2: r3(r.ceiling_m2),
    volume_m3: r3(r.volume_m3),
    skirting_m: r3(r.skirting_m),
    paint_walls_l: r3(r.paint_walls_l),
    paint_ceiling_l: r3(r.paint_ceiling_l),
    paint_l: r.paint_walls_l === null ? null : r3(r.paint_walls_l + r.paint_ceiling_l),
    flooring_m2: r3(r.flooring_m2),
  };
}

function totalsRow(scope: "floor" | "building", id: string, name: string, t: TakeoffTotals): Row {
  return {
    scope,
    id,
    name,
    floor: scope === "floor" ? id : "",
    label: "",
    included: true,
    height_m: null,
    floor_area_m2: r3(t.floor_area_m2),
    perimeter_m: r3(t.perimeter_m),
    wall_gross_m2: r3(t.wall_gross_m2),
    openings_m2: r3(t.openings_m2),
    wall_net_m2: r3(t.wall_net_m2),
    ceiling_m2: r3(t.ceiling_m2),
    volume_m3: r3(t.volume_m3),
    skirting_m: r3(t.skirting_m),
    paint_walls_l: r3(t.paint_walls_l),
    paint_ceiling_l: r3(t.paint_ceiling_l),
    paint_l: r3(t.paint_l),
    flooring_m2: r3(t.flooring_m2),
  };
}

export default named(tool({
  id: "takeoff",
  title: "Quantity takeoff",
  summary: "Floor, wall and ceiling areas, paint and flooring, room by room.",
  model_description:
    "Measure one scan's quantities per room, per floor and for the building: floor area, perimeter, wall area net of doors and windows, ceiling area, volume, skirting length, paint in litres and flooring with waste, under a named convention (net, gross, finished). Returns the totals and a table.",
  audience: ["contractor", "buyer", "renter", "architect", "mover"],
  inputs: z.object({
    scan: z.string().min(1).meta(fill.selection()),
    convention: z.enum(CONVENTIONS).default("net").meta({
      label: "measuring convention",
      description:
        "net: net internal area; gross: plus the walls between rooms; finished: ANSI Z765-style, without garages, unheated rooms and ceilings under 7 ft.",
    }),
    paint_coverage_m2_per_l: z.number().positive().max(50).default(10).meta(
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
        verdict: { status: "unknown", text: onlyDerivedText(scan, derived) },
        assumptions: derivedAssumptions(derived),
      };
    }
    const plan = derived.length ? { ...whole, rooms: ownRooms } : whole;
    ctx.step(`Measuring ${plan.rooms.length} rooms (${convention} convention)`);
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
    const overlays: Overlay[] = t.rooms.map((r, i) => ({
      id: `room:${r.room}`,
      kind: "room",
      floor: r.floor,
      geometry: polygonGeometry(plan.rooms[i].polygon),
      label: `${r.name} ${r.floor_area_m2.toFixed(2)} m²`,
    }));
    const excluded = t.rooms.filter((r) => !r.included);
    const noHeight = t.rooms.filter((r) => r.included && r.height_m === null);
    const assumptions = [
      { text: t.convention_text, input: "convention" },
      ...t.assumptions.map((text) => ({ text })),
      ...derivedAssumptions(derived),
    ];
    if (excluded.length) {
      assumptions.push({
        text: `Left out of the totals under this convention: ${
          excluded.map((r) => `${r.name} (${r.excluded_because})`).join("; ")
        }.`,
      });
    }
    // Unheated rooms (a garage) counted in paint and flooring are counted by choice: say so.
    const unfinished = t.rooms.filter((r) =>
      r.included && (UNFINISHED_LABELS as readonly string[]).includes(r.label)
    );
    if (unfinished.length) {
      assumptions.push({
        text: `Paint and flooring include ${
          unfinished.map((r) => r.name).join(", ")
        } (unheated or unfinished) by the ${convention} convention's choice; the finished convention leaves them out.`,
      });
    }
    if (noHeight.length) {
      assumptions.push({
        text:
          `${noHeight.length} room(s) have no measured height, so their walls, volume and wall paint are not in the totals: ${
            noHeight.map((r) => r.name).join(", ")
          }.`,
      });
    }
    const status = noHeight.length ? "warn" : "pass";
    const text = `${b.floor_area_m2.toFixed(2)} m² of floor (${convention}) in ${b.rooms} rooms` +
      ` on ${t.floors.length} floor(s); ${b.wall_net_m2.toFixed(1)} m² of wall net of openings;` +
      ` ${b.paint_l.toFixed(1)} L of paint for ${paint_coats} coat(s); ${
        b.flooring_m2.toFixed(1)
      } m² of flooring with ${Math.round(flooring_waste * 100)} % waste.` +
      (noHeight.length ? ` Walls are partial: ${noHeight.length} room(s) have no height.` : "");
    ctx.step(`Done: ${b.rooms} rooms, ${b.floor_area_m2.toFixed(2)} m²`);
    return {
      verdict: { status, text },
      metrics,
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
