/**
 * The project's units (IfcUnitAssignment: IfcSIUnit with its prefix, IfcConversionBasedUnit) as
 * factors to SI.
 * @module
 */
import * as W from "npm:web-ifc@0.0.78";
import { ids, type Line, numv, ref, refs, str, v } from "./attrs.ts";
import { stepEnum, stepInstance, stepRef, stepRefs, type StepText } from "./step.ts";

/** SI prefixes (IfcSIPrefix) as powers of ten. */
const SI_PREFIX: Record<string, number> = {
  EXA: 1e18,
  PETA: 1e15,
  TERA: 1e12,
  GIGA: 1e9,
  MEGA: 1e6,
  KILO: 1e3,
  HECTO: 1e2,
  DECA: 1e1,
  DECI: 1e-1,
  CENTI: 1e-2,
  MILLI: 1e-3,
  MICRO: 1e-6,
  NANO: 1e-9,
  PICO: 1e-12,
  FEMTO: 1e-15,
  ATTO: 1e-18,
};

/** Project units as factors to SI: metres per length unit, m² per area unit, m³ per volume unit. */
export interface IfcUnits {
  length_m: number;
  area_m2: number;
  volume_m3: number;
  /** How the length unit was found, for the report ("MILLI METRE"). */
  length_name: string;
  /** True when the file states no length unit and metres were assumed. */
  assumed: boolean;
}

/**
 * Reads the project's units (IfcProject.UnitsInContext); metres when none is stated. With
 * `text`, the project's unit assignment and each IfcSIUnit are read from the STEP text where it
 * says them plainly (issue 29, i34: web-ifc's GetLine costs 40-90 µs a line), the rest from
 * web-ifc's lines.
 */
export function readUnits(api: W.IfcAPI, model: number, text?: StepText): IfcUnits {
  const out: IfcUnits = {
    length_m: 1,
    area_m2: 1,
    volume_m3: 1,
    length_name: "METRE (assumed)",
    assumed: true,
  };
  const project = ids(api, model, W.IFCPROJECT)[0];
  if (project === undefined) return out;
  const ua = unitAssignment(api, model, project, text);
  if (ua === undefined) return out;
  const siFactor = (u: Line): number => {
    const prefix = v(u.Prefix);
    return prefix ? SI_PREFIX[prefix] ?? 1 : 1;
  };
  const unitFactor = (id: number, power: number): { f: number; name: string } | undefined => {
    const si = text && siUnit(text, id);
    if (si) {
      const k = si.prefix ? SI_PREFIX[si.prefix] ?? 1 : 1;
      return { f: Math.pow(k, power), name: `${si.prefix ?? ""} ${si.name}`.trim() };
    }
    const u = api.GetLine(model, id);
    const t = api.GetLineType(model, id);
    if (t === W.IFCSIUNIT) {
      return { f: Math.pow(siFactor(u), power), name: `${v(u.Prefix) ?? ""} ${v(u.Name)}`.trim() };
    }
    if (t === W.IFCCONVERSIONBASEDUNIT) {
      const mwu = ref(u.ConversionFactor);
      if (mwu === undefined) return undefined;
      const m = api.GetLine(model, mwu);
      const value = numv(m.ValueComponent) ?? numv(v(m.ValueComponent));
      const base = ref(m.UnitComponent);
      const b = base !== undefined ? unitFactor(base, power) : { f: 1, name: "" };
      if (value === undefined || !b) return undefined;
      return { f: value * b.f, name: str(u.Name) ?? "converted unit" };
    }
    return undefined;
  };
  for (const id of ua) {
    const said = text && unitType(text, id);
    const kind = said ? said.kind : v(api.GetLine(model, id).UnitType);
    if (kind === "LENGTHUNIT") {
      const f = unitFactor(id, 1);
      if (f) out.length_m = f.f, out.length_name = f.name, out.assumed = false;
    } else if (kind === "AREAUNIT") {
      const f = unitFactor(id, 2);
      if (f) out.area_m2 = f.f;
    } else if (kind === "VOLUMEUNIT") {
      const f = unitFactor(id, 3);
      if (f) out.volume_m3 = f.f;
    }
  }
  return out;
}

/**
 * The units of the project's IfcUnitAssignment (UnitsInContext, its ninth argument; Units, the
 * assignment's first), from the text where it says them plainly; undefined when it states none.
 */
function unitAssignment(
  api: W.IfcAPI,
  model: number,
  project: number,
  text?: StepText,
): number[] | undefined {
  const p = text && stepInstance(text, project, 9);
  const ua = p?.name === "IFCPROJECT" ? stepRef(text!, p, 8) : undefined;
  if (ua === null) return undefined;
  const a = ua !== undefined ? stepInstance(text!, ua, 1) : undefined;
  const units = a?.name === "IFCUNITASSIGNMENT" ? stepRefs(text!, a, 0) : undefined;
  if (units) return units;
  const got = ref(api.GetLine(model, project).UnitsInContext);
  return got === undefined ? undefined : refs(api.GetLine(model, got).Units);
}

/**
 * An IfcSIUnit (Dimensions, UnitType, Prefix, Name) as web-ifc's line gives its enumerations
 * (`$`: undefined), where the text says them plainly; undefined for any other entity.
 */
function siUnit(text: StepText, id: number) {
  const inst = stepInstance(text, id, 4);
  if (inst?.name !== "IFCSIUNIT") return undefined;
  const kind = stepEnum(text, inst, 1), prefix = stepEnum(text, inst, 2);
  const name = stepEnum(text, inst, 3);
  if (kind === undefined || prefix === undefined || name === undefined) return undefined;
  return { kind: kind ?? undefined, prefix: prefix ?? undefined, name: name ?? undefined };
}

/** The entities whose UnitType is their second argument, in IFC2X3 and IFC4 alike. */
const UNIT_TYPE_SECOND = new Set([
  "IFCSIUNIT",
  "IFCCONVERSIONBASEDUNIT",
  "IFCCONTEXTDEPENDENTUNIT",
  "IFCDERIVEDUNIT",
]);

/** A unit's UnitType as web-ifc's line gives it (`$`: undefined), where the text says it plainly. */
function unitType(text: StepText, id: number): { kind: string | undefined } | undefined {
  const inst = stepInstance(text, id, 2);
  if (!inst || !UNIT_TYPE_SECOND.has(inst.name)) return undefined;
  const kind = stepEnum(text, inst, 1);
  return kind === undefined ? undefined : { kind: kind ?? undefined };
}
