/**
 * The entrance a route starts from (engines/geometry/routes/entrance.ts), with a clear error
 * when the person names a door that does not lead outside: the input, what was wrong, and the
 * doors to the outside that are allowed.
 */
import { InputError } from "../../ground/errors.ts";
import type { Plan } from "../../ground/plan.ts";
import { type EntranceChoice, pickEntrance } from "../../engines/geometry/routes/mod.ts";

/** The entrance choice; throws an InputError on `entrance` when a given door is not a way in. */
export function chooseEntrance(
  plan: Pick<Plan, "openings" | "rooms">,
  entrance: string | undefined,
): EntranceChoice {
  const choice = pickEntrance(plan, entrance);
  if (entrance !== undefined && !choice.entrance) {
    throw new InputError(
      "entrance",
      `${choice.basis}; doors to the outside: ${
        choice.candidates.map((o) => o.id).join(", ") || "none"
      }`,
      {
        code: "entrance.not_outside",
        data: { got: entrance, allowed: choice.candidates.map((o) => o.id) },
      },
    );
  }
  return choice;
}
