/**
 * Quantities (IfcElementQuantity) and property sets of elements, through
 * IfcRelDefinesByProperties, and the lookups the importer makes in them.
 * @module
 */
import * as W from "npm:web-ifc@0.0.78";
import { ids, importTick, type Line, numv, ref, refs, str, v } from "./attrs.ts";
import { stepInstance, stepNumber, stepRef, stepRefs, type StepText, stepText } from "./step.ts";

/** Quantities and single-value properties of one element, by set name then property name. */
export type Props = Map<
  string,
  Map<string, { kind: "length" | "area" | "volume" | "count" | "value"; value: any }>
>;

/**
 * Quantities (IfcElementQuantity) of `elements` and, for `withPsets`, their property sets too,
 * through IfcRelDefinesByProperties. Others are not read (ArchiCAD writes hundreds of
 * properties per element), nor is any quantity or property whose name is not in
 * {@link NAMES_ASKED}.
 *
 * Performance (issue 29): the relations, the sets and each quantity's or property's name are
 * read from the file's text where it says them plainly (layers/ifc/step.ts), and web-ifc's
 * GetLine is asked only for the values named in {@link NAMES_ASKED} and for what the text
 * does not say plainly (FZK-Haus: about 100 of 2,500 lines). The sets and their order are as
 * web-ifc's lines give them (tests/layers/ifc_identical_test.ts).
 */
export function readProps(
  api: W.IfcAPI,
  model: number,
  elements: Set<number>,
  withPsets: Set<number>,
  text?: StepText,
): Map<number, Props> {
  const byElement = new Map<number, Props>();
  const cache = new Map<number, [string, Props extends Map<string, infer M> ? M : never]>();
  for (const rid of ids(api, model, W.IFCRELDEFINESBYPROPERTIES)) {
    importTick();
    const rel = relation(api, model, rid, text);
    if (rel.defId === undefined) continue;
    const related = rel.related.filter((el) => elements.has(el));
    if (!related.length) continue;
    let entry = cache.get(rel.defId);
    if (!entry) {
      const def = definition(api, model, rel.defId, text);
      if (def.t === W.IFCPROPERTYSET && !related.some((el) => withPsets.has(el))) continue;
      const m = new Map<string, { kind: any; value: any }>();
      if (def.t === W.IFCELEMENTQUANTITY) {
        for (const qid of def.parts()) readQuantity(api, model, qid, m, text);
      } else if (def.t === W.IFCPROPERTYSET) {
        for (const pid of def.parts()) readProperty(api, model, pid, m, text);
      }
      entry = [def.name(), m];
      cache.set(rel.defId, entry);
    }
    for (const el of related) {
      let props = byElement.get(el);
      if (!props) byElement.set(el, props = new Map());
      props.set(entry[0], entry[1]);
    }
  }
  return byElement;
}

/**
 * Every quantity or property name the importer looks up ({@link quantity},
 * {@link propertyAnywhere}): the only ones read. Asking for another throws.
 */
export const NAMES_ASKED: ReadonlySet<string> = new Set([
  "Width",
  "Height",
  "FinishCeilingHeight",
  "ClearHeight",
  "GrossFloorArea",
  "Durchgangslichte Breite",
  "ClearWidth",
  "Clear Width",
  "DoorWidth",
  "NumberOfRiser",
  "NumberOfRisers",
  "NumberOfTreads",
  "RiserHeight",
  "TreadLength",
]);

function asked(names: string[]): void {
  for (const n of names) {
    if (!NAMES_ASKED.has(n)) throw new Error(`layers/ifc/props.ts: ${n} is not in NAMES_ASKED`);
  }
}

/** A name as `str` reads it from plain text (or `$`): trimmed, undefined when empty. */
const plainName = (s: string | null) => s?.trim() || undefined;

/** An IfcRelDefinesByProperties: its definition and related objects. */
function relation(api: W.IfcAPI, model: number, rid: number, text?: StepText) {
  const inst = text && stepInstance(text, rid);
  if (inst?.name === "IFCRELDEFINESBYPROPERTIES") {
    const defId = stepRef(text!, inst, 5), related = stepRefs(text!, inst, 4);
    if (defId !== undefined && related) return { defId: defId ?? undefined, related };
  }
  const rel = api.GetLine(model, rid);
  return { defId: ref(rel.RelatingPropertyDefinition), related: refs(rel.RelatedObjects) };
}

/** Property set definitions other than the two above whose Name is read from the text. */
const NAMED_THIRD = new Set([
  "IFCDOORLININGPROPERTIES",
  "IFCDOORPANELPROPERTIES",
  "IFCWINDOWLININGPROPERTIES",
  "IFCWINDOWPANELPROPERTIES",
]);

/** A property definition: its type, and (read when asked) its name and parts. */
function definition(api: W.IfcAPI, model: number, defId: number, text?: StepText) {
  const inst = text && stepInstance(text, defId);
  const t = inst?.name === "IFCELEMENTQUANTITY"
    ? W.IFCELEMENTQUANTITY
    : inst?.name === "IFCPROPERTYSET"
    ? W.IFCPROPERTYSET
    : undefined;
  if (t !== undefined) {
    const name = stepText(text!, inst!, 2, true);
    const parts = stepRefs(text!, inst!, t === W.IFCELEMENTQUANTITY ? 5 : 4);
    if (name !== undefined && parts) {
      return {
        t,
        name: () => plainName(name) ?? "",
        parts: () => parts,
      };
    }
  }
  const type = api.GetLineType(model, defId);
  let line: Line | undefined;
  const get = () => line ??= api.GetLine(model, defId);
  // Any other definition's Name (its third argument, as in every IfcRoot) from the text where
  // it says it plainly (i34: a door's lining and panel properties), else from web-ifc's line.
  const said = inst && NAMED_THIRD.has(inst.name) ? stepText(text!, inst, 2, true) : undefined;
  return {
    t: type,
    name: () => said !== undefined ? plainName(said) ?? "" : str(get().Name) ?? "",
    parts: () => refs(type === W.IFCELEMENTQUANTITY ? get().Quantities : get().HasProperties),
  };
}

/**
 * The simple quantities (IFC2X3 and IFC4 alike: Name, Description, Unit, the value, …), and
 * the kind each gives (weights and times none).
 */
const QUANTITIES = new Map<string, "length" | "area" | "volume" | "count" | undefined>([
  ["IFCQUANTITYLENGTH", "length"],
  ["IFCQUANTITYAREA", "area"],
  ["IFCQUANTITYVOLUME", "volume"],
  ["IFCQUANTITYCOUNT", "count"],
  ["IFCQUANTITYWEIGHT", undefined],
  ["IFCQUANTITYTIME", undefined],
]);

/** One quantity into `m` (by its name, when asked for). */
function readQuantity(
  api: W.IfcAPI,
  model: number,
  qid: number,
  m: Map<string, { kind: any; value: any }>,
  text?: StepText,
): void {
  const inst = text && stepInstance(text, qid, 4);
  if (inst && QUANTITIES.has(inst.name)) {
    const raw = stepText(text!, inst, 0, true);
    const name = raw === undefined ? undefined : plainName(raw) ?? "";
    if (name !== undefined && !NAMES_ASKED.has(name)) return;
    const kind = QUANTITIES.get(inst.name);
    const value = kind ? stepNumber(text!, inst, 3) : null;
    if (name !== undefined && value !== undefined) {
      // As numv reads web-ifc's value: a finite number, else none.
      if (kind) {
        m.set(name, { kind, value: value !== null && Number.isFinite(value) ? value : undefined });
      }
      return;
    }
  }
  const q = api.GetLine(model, qid);
  const name = str(q.Name);
  if (!name || !NAMES_ASKED.has(name)) return;
  if (q.LengthValue !== undefined) {
    m.set(name, { kind: "length", value: numv(q.LengthValue) });
  } else if (q.AreaValue !== undefined) {
    m.set(name, { kind: "area", value: numv(q.AreaValue) });
  } else if (q.VolumeValue !== undefined) {
    m.set(name, { kind: "volume", value: numv(q.VolumeValue) });
  } else if (q.CountValue !== undefined) {
    m.set(name, { kind: "count", value: numv(q.CountValue) });
  }
}

/** One single-value property into `m` (by its name, when asked for). */
function readProperty(
  api: W.IfcAPI,
  model: number,
  pid: number,
  m: Map<string, { kind: any; value: any }>,
  text?: StepText,
): void {
  const inst = text && stepInstance(text, pid, 1);
  if (inst) {
    if (inst.name !== "IFCPROPERTYSINGLEVALUE") return;
    const name = stepText(text!, inst, 0, true);
    if (name !== undefined && !NAMES_ASKED.has(plainName(name) ?? "")) return;
  } else if (api.GetLineType(model, pid) !== W.IFCPROPERTYSINGLEVALUE) return;
  const p = api.GetLine(model, pid);
  const name = str(p.Name);
  if (name && NAMES_ASKED.has(name)) m.set(name, { kind: "value", value: v(p.NominalValue) });
}

export const BASE_QTOS = [
  "Qto_SpaceBaseQuantities",
  "BaseQuantities",
  "Qto_DoorBaseQuantities",
  "Qto_WindowBaseQuantities",
  "Qto_StairBaseQuantities",
  "Qto_StairFlightBaseQuantities",
];

export function quantity(props: Props | undefined, name: string): number | undefined {
  asked([name]);
  if (!props) return undefined;
  for (const set of BASE_QTOS) {
    const q = props.get(set)?.get(name);
    if (q && typeof q.value === "number") return q.value;
  }
  return undefined;
}

export function propertyAnywhere(props: Props | undefined, names: string[]): number | undefined {
  asked(names);
  if (!props) return undefined;
  for (const set of props.values()) {
    for (const n of names) {
      const p = set.get(n);
      if (p && typeof p.value === "number") return p.value;
    }
  }
  return undefined;
}
