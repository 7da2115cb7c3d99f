/**
 * Quantities (IfcElementQuantity) and property sets of elements, through
 * IfcRelDefinesByProperties, and the lookups the importer makes in them.
 * @module
 */
import * as W from "npm:web-ifc@0.0.78";
import { ids, importTick, numv, ref, refs, str, v } from "./attrs.ts";

/** Quantities and single-value properties of one element, by set name then property name. */
export type Props = Map<
  string,
  Map<string, { kind: "length" | "area" | "volume" | "count" | "value"; value: any }>
>;

/**
 * Quantities (IfcElementQuantity) of `elements` and, for `withPsets`, their property sets too,
 * through IfcRelDefinesByProperties. Others are not read (ArchiCAD writes hundreds of
 * properties per element).
 */
export function readProps(
  api: W.IfcAPI,
  model: number,
  elements: Set<number>,
  withPsets: Set<number>,
): Map<number, Props> {
  const byElement = new Map<number, Props>();
  const cache = new Map<number, [string, Props extends Map<string, infer M> ? M : never]>();
  for (const rid of ids(api, model, W.IFCRELDEFINESBYPROPERTIES)) {
    importTick();
    const rel = api.GetLine(model, rid);
    const defId = ref(rel.RelatingPropertyDefinition);
    if (defId === undefined) continue;
    const related = refs(rel.RelatedObjects).filter((el) => elements.has(el));
    if (!related.length) continue;
    let entry = cache.get(defId);
    if (!entry) {
      const t = api.GetLineType(model, defId);
      if (t === W.IFCPROPERTYSET && !related.some((el) => withPsets.has(el))) continue;
      const def = api.GetLine(model, defId);
      const m = new Map<string, { kind: any; value: any }>();
      if (t === W.IFCELEMENTQUANTITY) {
        for (const qid of refs(def.Quantities)) {
          const q = api.GetLine(model, qid);
          const name = str(q.Name);
          if (!name) continue;
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
      } else if (t === W.IFCPROPERTYSET) {
        for (const pid of refs(def.HasProperties)) {
          if (api.GetLineType(model, pid) !== W.IFCPROPERTYSINGLEVALUE) continue;
          const p = api.GetLine(model, pid);
          const name = str(p.Name);
          if (name) m.set(name, { kind: "value", value: v(p.NominalValue) });
        }
      }
      entry = [str(def.Name) ?? "", m];
      cache.set(defId, entry);
    }
    for (const el of related) {
      let props = byElement.get(el);
      if (!props) byElement.set(el, props = new Map());
      props.set(entry[0], entry[1]);
    }
  }
  return byElement;
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
  if (!props) return undefined;
  for (const set of BASE_QTOS) {
    const q = props.get(set)?.get(name);
    if (q && typeof q.value === "number") return q.value;
  }
  return undefined;
}

export function propertyAnywhere(props: Props | undefined, names: string[]): number | undefined {
  if (!props) return undefined;
  for (const set of props.values()) {
    for (const n of names) {
      const p = set.get(n);
      if (p && typeof p.value === "number") return p.value;
    }
  }
  return undefined;
}
