/**
 * IFC (IFC2X3, IFC4) -> plan, through web-ifc (npm:web-ifc, ThatOpen/engine_web-ifc). Entities
 * and attributes follow the IFC specifications (buildingSMART IFC4 ADD2 TC1 / IFC2x3 TC1):
 * IfcBuildingStorey.Elevation, IfcSpace (Name, LongName), Qto_SpaceBaseQuantities /
 * "BaseQuantities" (FinishCeilingHeight, Height, GrossFloorArea …), IfcDoor/IfcWindow
 * OverallWidth/OverallHeight, IfcRelSpaceBoundary (RelatingSpace, RelatedBuildingElement,
 * InternalOrExternalBoundary), IfcStair/IfcStairFlight (NumberOfRisers|NumberOfRiser,
 * NumberOfTreads, RiserHeight, TreadLength), IfcUnitAssignment (IfcSIUnit prefixes,
 * IfcConversionBasedUnit), IfcSite RefLatitude/RefLongitude (IfcCompoundPlaneAngleMeasure) and
 * IfcGeometricRepresentationContext.TrueNorth. Geometry comes from web-ifc's meshes, which are
 * in metres in a Y-up frame: a mesh point (x, y, z) is IFC world (x, −z, y), so plan = (x, −z);
 * where only an element's bounds are used and its body is faceted breps, they are read from
 * the text in the same frame instead (layers/ifc/brep_bounds.ts).
 */
import * as W from "npm:web-ifc@0.0.78";
import { InputError } from "../../ground/errors.ts";
import { checkIfcLines, everyInstanceKnown, scanIfcLines } from "./lines.ts";
import type { PlanInput } from "../../ground/plan.ts";
import type { ImportReport } from "../types.ts";
import { headline } from "../headlines.ts";
import { round4 } from "../../engines/geometry/polygon.ts";
import { checkIfcHeader } from "./header.ts";
import { ids } from "./attrs.ts";
import { readUnits } from "./units.ts";
import { type IfcModel, type IfcPlanInput, planFloors, readModel } from "./storeys.ts";
import { type RoomRings, roomsInsideWalls, spacesToRooms, type SpaceTally } from "./spaces.ts";
import { doorsAndWindows, type OpeningTally, spaceBoundaries } from "./openings.ts";
import { stairsAndRamps } from "./verticals.ts";
import { lifts } from "./lifts.ts";
import { type ConnectionTally, openConnections } from "./connections.ts";
import { furnishing, railings } from "./objects.ts";
import { readSite } from "./site.ts";
import type { StepText } from "./step.ts";
import { type BrepCache, brepCache } from "./brep_bounds.ts";
import { LinesDropped, type Reduced, withoutTextBounded } from "./reduce.ts";
import { unhanded } from "./meshes.ts";

export type { IfcUnits } from "./units.ts";
export { readUnits } from "./units.ts";
export { meshFootprint } from "./meshes.ts";
export { compoundAngle_deg, northFromTrueNorth } from "./site.ts";

let apiReady: Promise<W.IfcAPI> | undefined;

/** The shared web-ifc instance (single-threaded WASM from the npm package, no network). */
export function ifcApi(): Promise<W.IfcAPI> {
  apiReady ??= (async () => {
    const api = new W.IfcAPI();
    await api.Init(undefined, true);
    api.SetLogLevel(W.LogLevel.LOG_LEVEL_OFF);
    return api;
  })();
  return apiReady;
}

/** Internal options of {@link ifcPlan}, for tests and benches. */
export interface IfcPlanOptions {
  /** Hand web-ifc the file without the lines it is never asked for (default true). */
  reduce?: boolean;
  /** Told what was dropped (undefined: nothing), and whether the whole file was opened after. */
  onReduced?: (reduced: Reduced | undefined, fellBack: boolean) => void;
}

/**
 * Builds a plan from IFC bytes: storeys -> floors, IfcSpace -> rooms, IfcDoor/IfcWindow ->
 * openings, IfcStair/IfcStairFlight/IfcRamp -> verticals, furnishing -> objects, IfcSite ->
 * site. Throws an {@link InputError} naming `ref` when the file cannot be read.
 *
 * Performance (issue 29, i37): web-ifc is handed the file without the lines of the breps whose
 * bounds are read from the text (layers/ifc/reduce.ts); where the import would mesh one of
 * those elements after all, or web-ifc cannot open those bytes, the whole file is opened and
 * read again, as before.
 */
export async function ifcPlan(
  bytes: Uint8Array,
  ref: string,
  id?: string,
  options: IfcPlanOptions = {},
): Promise<{ plan: PlanInput; report: ImportReport }> {
  const schema = checkIfcHeader(bytes, ref);
  // The lines' check in two halves (issue 29, i35): control bytes and malformed lines before
  // web-ifc reads the file, the entity names after, from web-ifc's own reading; where either
  // is in doubt, or web-ifc cannot open the file, checkIfcLines gives its verdict and message
  // first, as when it ran before web-ifc.
  const text = { bytes, index: scanIfcLines(bytes, ref) };
  const api = await ifcApi();
  const cache = brepCache();
  const reduced = options.reduce === false ? undefined : withoutTextBounded(text, cache);
  const read = { api, schema, text, cache, ref, id };
  if (reduced) {
    try {
      const got = opened(read, reduced);
      options.onReduced?.(reduced, false);
      return got;
    } catch (e) {
      if (!(e instanceof LinesDropped)) throw e;
    }
  }
  options.onReduced?.(reduced, !!reduced);
  return opened(read);
}

/** What {@link opened} reads with. */
interface Reading {
  api: W.IfcAPI;
  schema: string;
  text: StepText;
  cache: BrepCache;
  ref: string;
  id?: string;
}

/**
 * The plan of the model web-ifc opens: the file's bytes, or those `reduced` (where web-ifc
 * cannot open those, or the import would mesh what they leave out, {@link LinesDropped}).
 */
function opened(
  { api, schema, text, cache, ref, id }: Reading,
  reduced?: Reduced,
): { plan: PlanInput; report: ImportReport } {
  const { bytes } = text;
  let model: number;
  try {
    model = api.OpenModel(reduced?.bytes ?? bytes);
  } catch (e) {
    if (reduced) throw new LinesDropped(-1);
    checkIfcLines(bytes, ref);
    throw new InputError(ref, `web-ifc could not open the model: ${(e as Error).message}`);
  }
  if (model < 0) {
    if (reduced) throw new LinesDropped(-1);
    checkIfcLines(bytes, ref);
    throw new InputError(ref, "web-ifc could not open the model");
  }
  if (reduced) unhanded.set(model, reduced.elements);
  try {
    if (!everyInstanceKnown(api, model, text.index, reduced?.dropped)) {
      if (reduced) throw new LinesDropped(-1); // in doubt: the whole file, as before
      checkIfcLines(bytes, ref);
    }
    return buildPlan(api, model, schema, text, cache, ref, id);
  } finally {
    unhanded.delete(model);
    api.CloseModel(model);
  }
}

/** The import, phase by phase, each in its file; the report gathers what each one says. */
function buildPlan(
  api: W.IfcAPI,
  model: number,
  schema: string,
  text: StepText,
  cache: BrepCache,
  src: string,
  id?: string,
): { plan: PlanInput; report: ImportReport } {
  const report: ImportReport = {
    format: "ifc",
    mapped: [],
    lacking: [],
    assumptions: [],
    warnings: [],
    counts: {},
  };
  const units = readUnits(api, model, text);
  const L = units.length_m;
  report.mapped.push(
    `schema ${schema}; length unit ${units.length_name} (${L} m), applied to every attribute and quantity`,
  );
  if (units.assumed) report.assumptions.push("The file states no length unit: metres assumed.");
  report.assumptions.push(
    "Plan coordinates are the IFC world x and y (from web-ifc's meshes, which apply every placement and the unit scale).",
  );
  const m = readModel(api, model, src, units, report, text, cache);
  const { plan, projectId, nearestStoreyBelow } = planFloors(m, id ?? defaultId(src));
  const rsbIds = ids(api, model, W.IFCRELSPACEBOUNDARY, true);
  const roomRings: RoomRings = new Map();
  const spaces = spacesToRooms(m, plan, rsbIds, roomRings, nearestStoreyBelow);
  roomsInsideWalls(m, plan, roomRings);
  const ringsOnFloor = (floor: string) => [...roomRings.values()].filter((r) => r.floor === floor);
  const roomOfSpace = (sid: number) => roomRings.get(sid)?.id;
  const floorOfRoom = (rid: string) => plan.rooms.find((r) => r.id === rid)?.floor;
  const rooms = { ringsOnFloor, roomOfSpace, floorOfRoom };
  const boundaries = spaceBoundaries(m, rsbIds);
  const openings = doorsAndWindows(m, plan, rooms, boundaries, nearestStoreyBelow);
  const connections = openConnections(m, plan, roomRings, boundaries);
  stairsAndRamps(m, plan, rooms, nearestStoreyBelow, boundaries);
  const transport = lifts(m, plan, rooms, nearestStoreyBelow, boundaries);
  furnishing(m, plan, rooms, nearestStoreyBelow);
  railings(m, plan, rooms, nearestStoreyBelow);
  readSite(m, plan, projectId);
  finishReport(m, plan, rsbIds, spaces, openings);
  connectionsReport(report, connections);
  if (transport) {
    report.counts = { ...report.counts, transport_elements: transport };
    report.mapped.push(
      `${
        plan.verticals.filter((v) => v.kind === "lift").length
      } lift verticals from ${transport} IfcTransportElement`,
    );
  }
  return { plan, report };
}

/** Report: counts, what was mapped from what, what was assumed and what the file lacks. */
function finishReport(
  m: IfcModel,
  plan: IfcPlanInput,
  rsbIds: number[],
  { footprintFromBoundaries, heightFrom, areaChecked }: SpaceTally,
  { viaBoundary, viaGeometry, sizeFrom, clearFromVendor, near_m }: OpeningTally,
): void {
  const { report, storeys, spaceIds, doorIds, windowIds, stairIds, flightIds, rampIds } = m;
  const { furnIds } = m;
  const byKind = (k: string) => plan.openings.filter((o) => o.kind === k).length;
  report.counts = {
    storeys: storeys.length,
    spaces: spaceIds.length,
    doors: doorIds.length,
    windows: windowIds.length,
    stairs: stairIds.length,
    stair_flights: flightIds.length,
    ramps: rampIds.length,
    space_boundaries: rsbIds.length,
    furnishing: furnIds.length,
    rooms: plan.rooms.length,
    openings: plan.openings.length,
    verticals: plan.verticals.length,
    objects: plan.objects.length,
  };
  report.mapped.push(
    `${storeys.length} storeys -> floors (elevations ${
      storeys.map((s) => round4(s.elevation_m)).join(", ")
    } m)`,
    `${spaceIds.length} IfcSpace -> ${
      plan.rooms.filter((r) => !r.id.endsWith("-inside-walls")).length
    } rooms, footprints from their geometry's floor faces` +
      (footprintFromBoundaries
        ? ` (${footprintFromBoundaries} without geometry: from their flat IfcRelSpaceBoundary surfaces)`
        : ""),
    `${byKind("door")} of ${doorIds.length} doors and ${
      byKind("window")
    } of ${windowIds.length} windows -> openings (sizes from ${
      Object.entries(sizeFrom).map(([k, n]) => `${k}: ${n}`).join("; ") || "nothing"
    })`,
    `${plan.verticals.length} verticals from ${stairIds.length} IfcStair, ${flightIds.length} IfcStairFlight, ${rampIds.length} IfcRamp`,
    `${plan.objects.length} objects from ${furnIds.length} furnishing elements`,
  );
  if (Object.keys(heightFrom).length) {
    report.assumptions.push(
      `Room heights: ${Object.entries(heightFrom).map(([k, n]) => `${n} from ${k}`).join("; ")}` +
        (heightFrom["base quantity FinishCeilingHeight"] ? ", not from their geometry" : "") + ".",
    );
  }
  if (areaChecked) {
    report.mapped.push(
      `${areaChecked} space footprints checked against their GrossFloorArea base quantity (2 % tolerance; differences are warnings)`,
    );
  }
  const bnd = viaBoundary.door + viaBoundary.window, geo = viaGeometry.door + viaGeometry.window;
  if (bnd) {
    report.mapped.push(
      `${bnd} openings placed between spaces through IfcRelSpaceBoundary (an EXTERNAL boundary is the outside)`,
    );
  }
  if (geo) {
    report.assumptions.push(
      `${geo} openings were placed by geometry: between the nearest rooms within ${near_m} m of their centre (one room only: the other side is taken as outside).`,
    );
  }
  if (clearFromVendor) {
    report.assumptions.push(
      `${clearFromVendor} door clear widths come from a vendor quantity (ArchiCAD "Durchgangslichte Breite"); IFC itself states no clear width.`,
    );
  } else report.lacking.push("no door clear widths (IFC states overall sizes only)");
  if (!spaceIds.length) {
    report.lacking.push("no IfcSpace: rooms are not modelled in this file");
    report.headlines = [
      ...(report.headlines ?? []),
      headline("no_rooms", {
        entity: "IfcSpace",
        storeys: storeys.length,
        derived_rooms: plan.rooms.filter((r) => r.derived).length,
      }),
    ];
  }
  if (!rsbIds.length) report.lacking.push("no IfcRelSpaceBoundary: openings placed by geometry");
  if (!furnIds.length) report.lacking.push("no furnishing elements: no objects");
  if (!plan.verticals.length) report.lacking.push("no stairs or ramps");
  report.lacking.push("no panoramas (IFC is a design model, not a scan): no sweeps");
  report.assumptions.push(
    "An IFC model is a design, not a survey: its sizes are as designed; the scan uncertainty defaults apply.",
  );
}

/** Report: the open-plan connections, by how each was known. */
function connectionsReport(report: ImportReport, c: ConnectionTally): void {
  report.counts = { ...report.counts, open_virtual: c.virtual, open_wallless: c.wallless };
  if (c.virtual) {
    report.mapped.push(
      `${c.virtual} openings between open-plan spaces from their virtual boundaries (IfcRelSpaceBoundary to an IfcVirtualElement)`,
    );
  }
  if (c.wallless) {
    report.assumptions.push(
      `${c.wallless} openings join spaces with no door between them whose footprints meet where no wall stands (walls by their bounding boxes): taken as open plan.`,
    );
  }
  if (c.unplaced.length) {
    report.warnings.push(
      `${c.unplaced.length} virtual boundaries join spaces whose footprints do not meet: not placed (${
        c.unplaced.slice(0, 5).join(", ")
      })`,
    );
  }
}

function defaultId(ref: string): string {
  const base = ref.split(/[\\/]/).pop() ?? "";
  const stem = base.replace(/\.[^.]*$/, "").toLowerCase().replace(/[^a-z0-9_-]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return stem || "ifc";
}
