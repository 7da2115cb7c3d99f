/**
 * takeoff's table (`result.data.table`, core/result.ts ResultTable): the columns, and a row per
 * room, per floor and for the building, for `--csv` and the Table block.
 */
import type { RoomTakeoff, TakeoffTotals } from "../../engines/geometry/takeoff.ts";
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

export type Row = Record<(typeof TAKEOFF_COLUMNS)[number], string | number | boolean | null>;

/** Rounds for the table: millimetres, square millimetres, millilitres. */
export const r3 = (v: number | null) => v === null ? null : round(v, 3);

export function roomRow(r: RoomTakeoff): Row {
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

export function totalsRow(
  scope: "floor" | "building",
  id: string,
  name: string,
  t: TakeoffTotals,
): Row {
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
