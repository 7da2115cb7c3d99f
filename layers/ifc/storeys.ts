/**
 * The model as the importer reads it: the spatial structure (aggregation and containment), the
 * storeys (an elevation taken from what a storey holds when it states none), the elements by
 * type with their properties and meshes, and the plan's floors.
 * @module
 */
import * as W from "npm:web-ifc@0.0.78";
import { InputError } from "../../ground/errors.ts";
import type { PlanInput } from "../../ground/plan.ts";
import { round4 } from "../../engines/geometry/polygon.ts";
import type { ImportReport } from "../types.ts";
import { ids, importTick, numv, ref, refs, str } from "./attrs.ts";
import { type Props, readProps } from "./props.ts";
import { type BoundsText, type MeshInfo, readMeshes } from "./meshes.ts";
import type { IfcUnits } from "./units.ts";
import type { BrepCache } from "./brep_bounds.ts";
import { stepInstance, stepLabels, stepNumber, stepRef, stepRefs, type StepText } from "./step.ts";

export interface Storey {
  id: number;
  guid: string;
  name?: string;
  elevation_m: number;
  elevationStated: boolean;
}

/** What the phases of the import read the model through. */
export interface IfcModel {
  api: W.IfcAPI;
  model: number;
  src: string;
  units: IfcUnits;
  /** The file's text, where a few entities are read without web-ifc (layers/ifc/step.ts). */
  text: StepText;
  /** Metres per length unit. */
  L: number;
  report: ImportReport;
  parent: Map<number, number>;
  container: Map<number, number>;
  storeys: Storey[];
  storeyOf(el: number): Storey | undefined;
  spaceIds: number[];
  doorIds: number[];
  windowIds: number[];
  stairIds: number[];
  flightIds: number[];
  rampIds: number[];
  rampFlightIds: number[];
  wallIds: number[];
  furnIds: number[];
  /** IfcRailing elements (handrails, guardrails, balustrades). */
  railIds: number[];
  props: Map<number, Props>;
  partsOf: Map<number, number[]>;
  partsDeep(id: number, seen?: Set<number>): number[];
  meshes: Map<number, MeshInfo>;
  /** An element's bounds with those of the parts aggregated into it (window members, flights). */
  boundsOf(el: number): MeshInfo | undefined;
}

/** The plan as the phases fill it. */
export type IfcPlanInput =
  & PlanInput
  & Required<Pick<PlanInput, "floors" | "rooms" | "openings" | "verticals" | "objects">>;

/** Reads the model's structure, storeys and elements (storeys' elevations settled). */
export function readModel(
  api: W.IfcAPI,
  model: number,
  src: string,
  units: IfcUnits,
  report: ImportReport,
  text: StepText,
  cache: BrepCache,
): IfcModel {
  const L = units.length_m;
  const { parent, container } = spatialStructure(api, model, text);
  const { storeys, storeyOf } = readStoreys(api, model, src, L, parent, container, text);
  const m: IfcModel = {
    api,
    model,
    src,
    units,
    text,
    L,
    report,
    parent,
    container,
    storeys,
    storeyOf,
    ...readElements(api, model, storeys, storeyOf, parent, boundsText(api, model, text, L, cache)),
  };
  storeyElevations(m);
  return m;
}

/**
 * What readMeshes needs to read faceted breps' bounds from the text (layers/ifc/brep_bounds.ts):
 * with every element that has openings, each read from its IfcRelVoidsElement's text where it
 * says it plainly (RelatingBuildingElement, its fifth argument), else from web-ifc.
 */
function boundsText(
  api: W.IfcAPI,
  model: number,
  text: StepText,
  L: number,
  cache: BrepCache,
): BoundsText {
  const voided = new Set<number>();
  for (const rid of ids(api, model, W.IFCRELVOIDSELEMENT)) {
    const inst = stepInstance(text, rid, 5);
    const el = inst?.name === "IFCRELVOIDSELEMENT" ? stepRef(text, inst, 4) : undefined;
    if (typeof el === "number") voided.add(el);
    else {
      const v = api.GetLine(model, rid)?.RelatingBuildingElement?.value;
      if (typeof v === "number") voided.add(v);
    }
  }
  return { text, length_m: L, voided, cache };
}

/**
 * Spatial structure: aggregation parents and containment. Each relation's two references are
 * read from the file's text where it says them plainly (issue 29, i32: web-ifc's GetLine of a
 * storey's containment makes a JS object of every element it lists), else from web-ifc.
 */
function spatialStructure(api: W.IfcAPI, model: number, text: StepText) {
  const parent = new Map<number, number>();
  for (const rid of ids(api, model, W.IFCRELAGGREGATES)) {
    const [p, cs] = relation(api, model, text, rid, "IFCRELAGGREGATES", 4, 5);
    if (p !== undefined) { for (const c of cs) parent.set(c, p); }
  }
  const container = new Map<number, number>();
  for (const rid of ids(api, model, W.IFCRELCONTAINEDINSPATIALSTRUCTURE)) {
    const [s, cs] = relation(api, model, text, rid, "IFCRELCONTAINEDINSPATIALSTRUCTURE", 5, 4);
    if (s !== undefined) { for (const c of cs) container.set(c, s); }
  }
  return { parent, container };
}

/**
 * A relation's one-side reference (argument `one`) and many-side list (argument `many`): from
 * the text when instance `rid` is written `name(…)` with a reference (or `$`) and a list of
 * references (or `$`) there, else from web-ifc's line (IfcRelAggregates: RelatingObject,
 * RelatedObjects; IfcRelContainedInSpatialStructure: RelatingStructure, RelatedElements).
 */
function relation(
  api: W.IfcAPI,
  model: number,
  text: StepText,
  rid: number,
  name: string,
  one: number,
  many: number,
): [number | undefined, number[]] {
  const inst = stepInstance(text, rid);
  if (inst?.name === name) {
    const r = stepRef(text, inst, one), rs = stepRefs(text, inst, many);
    if (r !== undefined && rs) return [r ?? undefined, rs];
  }
  const line = api.GetLine(model, rid);
  return name === "IFCRELAGGREGATES"
    ? [ref(line.RelatingObject), refs(line.RelatedObjects)]
    : [ref(line.RelatingStructure), refs(line.RelatedElements)];
}

/**
 * An IfcBuildingStorey's GlobalId, Name, LongName (as `str` reads them) and Elevation (as
 * `numv`: finite, else undefined) where its text says them plainly; else undefined.
 */
function storeyText(text: StepText, sid: number) {
  const labels = stepLabels(text, sid, "IFCBUILDINGSTOREY", [0, 2, 7]);
  const inst = labels && stepInstance(text, sid, 10);
  const e = inst && stepNumber(text, inst, 9);
  if (!labels || e === undefined) return undefined;
  const [guid, name, longName] = labels;
  return { guid, name, longName, elevation: e !== null && Number.isFinite(e) ? e : undefined };
}

/** Storeys, and the storey an element is in (through containment and aggregation). */
function readStoreys(
  api: W.IfcAPI,
  model: number,
  src: string,
  L: number,
  parent: Map<number, number>,
  container: Map<number, number>,
  text: StepText,
) {
  const storeyIds = ids(api, model, W.IFCBUILDINGSTOREY);
  if (!storeyIds.length) {
    throw new InputError(
      src,
      "no IfcBuildingStorey: threshold needs storeys to place rooms on floors",
      { code: "ifc.no_storeys" },
    );
  }
  const storeys: Storey[] = storeyIds.map((sid) => {
    // From the text where it says them plainly (issue 29, i34), else from web-ifc's line.
    const said = storeyText(text, sid);
    const s = said ? undefined : api.GetLine(model, sid);
    const e = said ? said.elevation : numv(s!.Elevation);
    return {
      id: sid,
      guid: (said ? said.guid : str(s!.GlobalId)) ?? `storey-${sid}`,
      name: said ? said.name ?? said.longName : str(s!.Name) ?? str(s!.LongName),
      elevation_m: (e ?? 0) * L,
      elevationStated: e !== undefined,
    };
  });
  const storeyOf = (el: number): Storey | undefined => {
    const seen = new Set<number>();
    let cur: number | undefined = el;
    while (cur !== undefined && !seen.has(cur)) {
      seen.add(cur);
      const s = storeys.find((x) => x.id === cur);
      if (s) return s;
      cur = container.get(cur) ?? parent.get(cur);
    }
    return undefined;
  };
  return { storeys, storeyOf };
}

/** The elements by type, their properties and meshes (walls only where a storey needs them). */
function readElements(
  api: W.IfcAPI,
  model: number,
  storeys: Storey[],
  storeyOf: (el: number) => Storey | undefined,
  parent: Map<number, number>,
  bounds: BoundsText,
) {
  const { text } = bounds;
  const spaceIds = ids(api, model, W.IFCSPACE);
  const doorIds = ids(api, model, W.IFCDOOR, true);
  const windowIds = ids(api, model, W.IFCWINDOW, true);
  const stairIds = ids(api, model, W.IFCSTAIR, true);
  const flightIds = ids(api, model, W.IFCSTAIRFLIGHT, true);
  const rampIds = ids(api, model, W.IFCRAMP, true);
  const rampFlightIds = ids(api, model, W.IFCRAMPFLIGHT, true);
  const wallIds = ids(api, model, W.IFCWALL, true);
  const furnIds = ids(api, model, W.IFCFURNISHINGELEMENT, true);
  const railIds = ids(api, model, W.IFCRAILING, true);
  const stairish = new Set([...stairIds, ...flightIds, ...rampIds, ...rampFlightIds]);
  const props = readProps(
    api,
    model,
    new Set([...spaceIds, ...doorIds, ...windowIds, ...stairish]),
    stairish,
    text,
  );
  // Parts aggregated into stairs/ramps (flights, landings, railings) add to their bounds.
  const partsOf = new Map<number, number[]>();
  for (const [c, p] of parent) (partsOf.get(p) ?? partsOf.set(p, []).get(p)!).push(c);
  const partsDeep = (id: number, seen = new Set<number>()): number[] => {
    if (seen.has(id)) return [];
    seen.add(id);
    return (partsOf.get(id) ?? []).flatMap((c) => [c, ...partsDeep(c, seen)]);
  };
  const stairParts = [...stairIds, ...rampIds, ...doorIds, ...windowIds].flatMap((s) =>
    partsDeep(s)
  );
  const meshes = readMeshes(
    api,
    model,
    [
      ...spaceIds,
      ...doorIds,
      ...windowIds,
      ...stairIds,
      ...flightIds,
      ...rampIds,
      ...rampFlightIds,
      ...furnIds,
      ...railIds,
      ...stairParts,
    ],
    // Triangles for spaces (their footprints) and stairs and ramps (where their flights start
    // and end: layers/ifc/vertical_ends.ts).
    new Set([...spaceIds, ...stairish, ...[...stairIds, ...rampIds].flatMap((s) => partsDeep(s))]),
    bounds,
  );

  // Walls only matter for storeys without spaces or without a stated elevation.
  const spaceStoreys = new Set(
    spaceIds.filter((sp) => meshes.has(sp)).map((sp) => storeyOf(sp)?.id),
  );
  const needWalls = storeys.filter((s) => !s.elevationStated || !spaceStoreys.has(s.id));
  const wallsNeeded = wallIds.filter((w) => needWalls.includes(storeyOf(w)!));
  for (const [k, m] of readMeshes(api, model, wallsNeeded, new Set(), bounds)) meshes.set(k, m);
  const boundsOf = (el: number): MeshInfo | undefined => {
    const ms = [el, ...partsDeep(el)].map((p) => meshes.get(p)).filter((m): m is MeshInfo => !!m);
    if (!ms.length) return undefined;
    return {
      min: [0, 1, 2].map((k) => Math.min(...ms.map((m) => m.min[k]))) as MeshInfo["min"],
      max: [0, 1, 2].map((k) => Math.max(...ms.map((m) => m.max[k]))) as MeshInfo["max"],
    };
  };
  return {
    spaceIds,
    doorIds,
    windowIds,
    stairIds,
    flightIds,
    rampIds,
    rampFlightIds,
    wallIds,
    furnIds,
    railIds,
    props,
    partsOf,
    partsDeep,
    meshes,
    boundsOf,
  };
}

/** Storeys without a stated elevation: the lowest point of what they contain. */
function storeyElevations(m: IfcModel): void {
  const { storeys, container, meshes, spaceIds, storeyOf, wallIds, report } = m;
  for (const s of storeys) {
    importTick();
    if (s.elevationStated) continue;
    let low = Infinity;
    for (const [el, st] of container) {
      importTick();
      if (st === s.id) low = Math.min(low, meshes.get(el)?.min[1] ?? Infinity);
    }
    for (const sp of spaceIds) {
      if (storeyOf(sp) === s) low = Math.min(low, meshes.get(sp)?.min[1] ?? Infinity);
    }
    // Steps below the floor (front steps) are contained too; the walls' base is the floor.
    let wallLow = Infinity;
    for (const w of wallIds) {
      if (storeyOf(w) === s) wallLow = Math.min(wallLow, meshes.get(w)?.min[1] ?? Infinity);
    }
    const e = Number.isFinite(wallLow) ? wallLow : Number.isFinite(low) ? low : 0;
    s.elevation_m = e;
    report.assumptions.push(
      `Storey ${s.name ?? s.guid} states no Elevation: ${round4(e)} m taken from ${
        Number.isFinite(wallLow)
          ? "the base of its walls"
          : Number.isFinite(low)
          ? "its lowest element"
          : "nothing (0 m)"
      }.`,
    );
  }
}

/** A name an authoring tool fills in by default: not a building's name. */
export function isPlaceholderName(name: string): boolean {
  return /^(undefined|unnamed|untitled|default|none|n\/?a|null|project|project (number|name)|building|building name|projekt|projektnummer|geb(ä|ae)ude|-+|\?+|0+)$/i
    .test(name.trim());
}

/**
 * The plan's floors, storeys in order of elevation (those more than 0.5 m below 0 get negative
 * indexes), named after the project; and the storey at or below a height.
 */
export function planFloors(m: IfcModel, id: string) {
  const { api, model, src, storeys } = m;
  storeys.sort((a, b) => a.elevation_m - b.elevation_m);
  const below = storeys.filter((s) => s.elevation_m < -0.5).length;
  const plan:
    & PlanInput
    & Required<Pick<PlanInput, "floors" | "rooms" | "openings" | "verticals" | "objects">> = {
      id,
      name: "",
      source: { format: "ifc", ref: src },
      floors: storeys.map((s, i) => ({
        id: s.guid,
        name: s.name,
        index: i - below,
        elevation_m: round4(s.elevation_m),
      })),
      rooms: [],
      openings: [],
      verticals: [],
      objects: [],
      sweeps: [],
    };
  const projectId = ids(api, model, W.IFCPROJECT)[0];
  // The building's name: the project's, else the IfcBuilding's; an authoring tool's
  // placeholder ("Undefined", "Project Number", "Default") is no name.
  const names: (string | undefined)[] = [];
  // LongName, Name from the text where it says them plainly (issue 29, i34), else web-ifc's.
  if (projectId !== undefined) {
    const said = stepLabels(m.text, projectId, "IFCPROJECT", [5, 2]);
    const p = said ? undefined : api.GetLine(model, projectId);
    names.push(...said ?? [str(p!.LongName), str(p!.Name)]);
  }
  for (const b of ids(api, model, W.IFCBUILDING).slice(0, 1)) {
    const said = stepLabels(m.text, b, "IFCBUILDING", [7, 2]);
    const l = said ? undefined : api.GetLine(model, b);
    names.push(...said ?? [str(l!.LongName), str(l!.Name)]);
  }
  plan.name = names.find((n) => n !== undefined && !isPlaceholderName(n)) ?? "";
  const nearestStoreyBelow = (y: number): Storey =>
    [...storeys].reverse().find((s) => s.elevation_m <= y + 0.05) ?? storeys[0];
  return { plan, projectId, nearestStoreyBelow };
}
