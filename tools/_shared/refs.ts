/**
 * A tool input that names a room, door, window or floor: resolved by id, name or label
 * (engines/geometry/names.ts), or an InputError naming the input and the candidates by name.
 * The folder starts with "_" so the registry does not take it for a tool.
 */
import { InputError } from "../../core/errors.ts";
import type { Plan } from "../../core/plan.ts";
import {
  type PlanNames,
  planNames,
  type RefKind,
  refProblem,
  resolveRef,
} from "../../engines/geometry/names.ts";

/** The id of the element `value` names, or an InputError on `input` saying what it could be. */
export function resolveInput(
  plan: Plan,
  kind: RefKind,
  input: string,
  value: string,
  scan?: string,
  names: PlanNames = planNames(plan),
): string {
  const r = resolveRef(plan, kind, value, names);
  if (r.ok) return r.id;
  throw new InputError(input, refProblem(kind, value, r, scan));
}
