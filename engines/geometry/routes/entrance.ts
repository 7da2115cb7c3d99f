/**
 * Choosing the entrance a route starts from: the doors to the outside, judged by what they
 * let through, then by how many rooms they reach.
 */
import type { Opening, Plan } from "../../../ground/plan.ts";

/** The main entrance: the door to the outside marked so, or the only candidate; else ambiguous. */
export interface EntranceChoice {
  entrance?: Opening;
  /** Every door or opening to the outside. */
  candidates: Opening[];
  /** How it was chosen, or why it could not be: a code (the sentence `basis` says it). */
  basis_code: EntranceBasis;
  /** The doors it could not choose among (`marked_several`, `unmarked_several`). */
  among?: string[];
  /** How it was chosen, or why it could not be. */
  basis: string;
}

/** How an entrance was chosen, or why none was. */
export type EntranceBasis =
  | "given"
  | "given_unknown"
  | "no_outside_door"
  | "marked"
  | "only_outside_door"
  | "inferred_door"
  | "inferred_entrance_room"
  | "inferred_hallway"
  | "marked_several"
  | "unmarked_several";

/**
 * Picks the main entrance among the doors to the outside: a given id; else the one marked
 * `main_entrance`; else the only door to the outside; else inferred: doors before plain
 * openings, then those into a room labelled "entrance", then "hallway", while one is left.
 * Otherwise none, with a sentence listing the candidates.
 */
export function pickEntrance(
  plan: Pick<Plan, "openings" | "rooms">,
  given?: string,
): EntranceChoice {
  const candidates = plan.openings.filter((o) =>
    o.kind !== "window" && (o.between[0] === null || o.between[1] === null)
  );
  if (given !== undefined) {
    const e = candidates.find((o) => o.id === given);
    return e
      ? { entrance: e, candidates, basis_code: "given", basis: `the entrance you chose, ${e.id}` }
      : {
        candidates,
        basis_code: "given_unknown",
        basis: `no door to the outside has the id ${given}`,
      };
  }
  if (!candidates.length) {
    return {
      candidates,
      basis_code: "no_outside_door",
      basis: "the plan has no door or opening to the outside",
    };
  }
  const marked = candidates.filter((o) => o.main_entrance);
  if (marked.length === 1) {
    return {
      entrance: marked[0],
      candidates,
      basis_code: "marked",
      basis: `${marked[0].id} is marked as the main entrance`,
    };
  }
  if (candidates.length === 1) {
    return {
      entrance: candidates[0],
      candidates,
      basis_code: "only_outside_door",
      basis: `${candidates[0].id} is the only door to the outside`,
    };
  }
  // Inferred: among the marked ones (or all), doors before plain openings, then the ones into
  // an entrance room, then into a hallway; chosen only when one candidate is left.
  const labels = new Map(plan.rooms.map((r) => [r.id, r.label]));
  let pool = marked.length > 1 ? marked : candidates;
  const into = (o: Opening, label: string) =>
    o.between.some((r) => r !== null && labels.get(r) === label);
  for (
    const [test, code, why] of [
      [
        (o: Opening) => o.kind === "door",
        "inferred_door",
        "the only door (not a plain opening) to the outside",
      ],
      [
        (o: Opening) => into(o, "entrance"),
        "inferred_entrance_room",
        "the only door to the outside into the entrance",
      ],
      [
        (o: Opening) => into(o, "hallway"),
        "inferred_hallway",
        "the only door to the outside into a hallway",
      ],
    ] as const
  ) {
    const left = pool.filter(test);
    if (left.length === 1) {
      return {
        entrance: left[0],
        candidates,
        basis_code: code,
        basis: `inferred: ${left[0].id} is ${why}`,
      };
    }
    if (left.length > 1) pool = left;
  }
  const among = (marked.length > 1 ? marked : pool).map((o) => o.id);
  return {
    candidates,
    basis_code: marked.length > 1 ? "marked_several" : "unmarked_several",
    among,
    basis: marked.length > 1
      ? `${marked.length} doors are marked as the main entrance (${
        marked.map((o) => o.id).join(", ")
      }); say which with the entrance input`
      : `${pool.length} doors lead outside (${
        pool.map((o) => o.id).join(", ")
      }) and none is marked as the main entrance`,
  };
}
