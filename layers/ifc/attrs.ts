/**
 * Reading web-ifc's lines: an attribute's value, text, number and references, the ids of an
 * entity type, and the import's time limit checked in the loops that grow with the file.
 * @module
 */
import type * as W from "npm:web-ifc@0.0.78";
import { ticker } from "../../ground/budget.ts";

/** The import's time limit, checked in the loops that grow with the file (layers/mod.ts). */
export const importTick = ticker(64);

export type Line = Record<string, any>;

/** The value inside a web-ifc attribute wrapper ({value}, numbers, enums, refs). */
export function v(x: any): any {
  if (x === null || x === undefined) return undefined;
  if (typeof x !== "object" || Array.isArray(x)) return x;
  if ("value" in x) return x.value;
  if ("_representationValue" in x) return x._representationValue;
  return undefined;
}
export const str = (x: any): string | undefined => {
  const s = v(x);
  return typeof s === "string" && s.trim() ? s.trim() : undefined;
};
export const numv = (x: any): number | undefined => {
  const n = v(x);
  return typeof n === "number" && Number.isFinite(n) ? n : undefined;
};
export const ref = (x: any): number | undefined => {
  if (x && typeof x === "object" && x.type === 5 && typeof x.value === "number") return x.value;
  return undefined;
};
export const refs = (x: any): number[] =>
  Array.isArray(x) ? x.map(ref).filter((n): n is number => n !== undefined) : [];

export function ids(api: W.IfcAPI, model: number, type: number, inherited = false): number[] {
  const vec = api.GetLineIDsWithType(model, type, inherited);
  const out: number[] = [];
  for (let i = 0; i < vec.size(); i++) out.push(vec.get(i));
  return out;
}
