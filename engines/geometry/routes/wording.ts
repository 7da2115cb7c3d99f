/**
 * The English of route constraints, made in one place. Every constraint carries a message id
 * and its data (as ESLint rules report `messageId` + `data`), never its sentence;
 * `constraintText` words them where they are shown.
 * A surface or an agent that words things its own way reads `message` and `data`; tests
 * assert ids, not prose.
 */
import { formatLength } from "../../../ground/units.ts";
import { unitsNow } from "../../../ground/units_now.ts";

/** Metres for sentences: 3 decimals, trailing zeros trimmed to 2 (0.815 m, 0.82 m). */
export const fmt = (v: number) => {
  const units = unitsNow();
  if (units !== "metric") return formatLength(v, units, `${v.toFixed(3).replace(/0$/, "")} m`);
  let t = fmtMemo.get(v);
  if (t === undefined) {
    t = `${v.toFixed(3).replace(/0$/, "")} m`;
    if (fmtMemo.size >= 1024) fmtMemo.clear();
    fmtMemo.set(v, t);
  }
  return t;
};

/**
 * fmt's sentences by value (a plan's doors share a few widths; bounded at 1,024, so never
 * large). Performance: toFixed and the regex ran once per door per route; memoized they run
 * once per distinct width. bench/routes_bench.ts "step_free_route" group (commit 71ead2a).
 */
const fmtMemo = new Map<number, string>();

/** Metres with 3 decimals (steps and thresholds: millimetres matter). */
export const fmt3 = (v: number) => formatLength(v, unitsNow(), `${v.toFixed(3)} m`);

/** A slope as "1:12.0 (0.083)", or "level". */
export const slopeText = (s: number) =>
  s > 0 ? `1:${(1 / s).toFixed(1)} (${s.toFixed(3)})` : "level";

/** What each message needs, by id. Lengths in metres, slopes as rise/run. */
export interface ConstraintMessages {
  /** A door or opening's clear width against the width needed. */
  opening_clear_width: {
    what: string;
    element: string;
    measured_m: number;
    needed_m: number;
    estimated: boolean;
  };
  /** A threshold step at a door or opening against the step allowed. */
  threshold: { what: string; element: string; measured_m: number; allowed_m: number };
  /** A stair on a step-free route. */
  stair: { element: string; rise_m: number; risers?: number };
  /** A step (a vertical of kind step) against the step allowed. */
  step: { element: string; measured_m: number; allowed_m: number };
  /** A ramp without a recorded length. */
  ramp_no_length: { element: string };
  /** A ramp's slope against the slope allowed. */
  ramp_slope: { element: string; slope: number; allowed: number };
  /** A ramp's or lift's width against the width needed. */
  vertical_width: { what: string; element: string; measured_m: number; needed_m: number };
  /** A door into a room whose outline has no walls. */
  door_in_wallless_room: { what: string; element: string; room: string };
  /** A door further from a room's walls than a door can be. */
  door_off_wall: { what: string; element: string; room: string; distance_m: number };
  /** A way across a room narrower than the traveller (measured when reported). */
  passage: {
    room: string;
    from: string;
    to: string;
    needed_m: number;
    measured_m?: number;
    /** Set when the measure clears the need but the search could not confirm the way. */
    uncertainty_m?: number;
  };
}
export type ConstraintMessage = keyof ConstraintMessages;

/** The sentence for a message and its data. */
export function constraintText<K extends ConstraintMessage>(
  message: K,
  data: ConstraintMessages[K],
): string {
  const d = data as ConstraintMessages[ConstraintMessage] & Record<string, never>;
  switch (message) {
    case "opening_clear_width": {
      const x = d as ConstraintMessages["opening_clear_width"];
      return `${x.what} ${x.element} is ${fmt(x.measured_m)} clear${
        x.estimated ? " (estimated)" : ""
      }; ${fmt(x.needed_m)} needed`;
    }
    case "threshold": {
      const x = d as ConstraintMessages["threshold"];
      return `${fmt3(x.measured_m)} step at ${x.what} ${x.element}; ${fmt3(x.allowed_m)} allowed`;
    }
    case "stair": {
      const x = d as ConstraintMessages["stair"];
      return `stair ${x.element} climbs ${fmt(x.rise_m)}${
        x.risers ? ` in ${x.risers} risers` : ""
      }; it is not step-free`;
    }
    case "step": {
      const x = d as ConstraintMessages["step"];
      return `${fmt3(x.measured_m)} step at ${x.element}; ${fmt3(x.allowed_m)} allowed`;
    }
    case "ramp_no_length": {
      const x = d as ConstraintMessages["ramp_no_length"];
      return `ramp ${x.element} has no recorded length, so its slope is unknown`;
    }
    case "ramp_slope": {
      const x = d as ConstraintMessages["ramp_slope"];
      return `ramp ${x.element} slopes ${slopeText(x.slope)}; ${slopeText(x.allowed)} allowed`;
    }
    case "vertical_width": {
      const x = d as ConstraintMessages["vertical_width"];
      return `${x.what} ${x.element} is ${fmt(x.measured_m)} wide; ${fmt(x.needed_m)} needed`;
    }
    case "door_in_wallless_room": {
      const x = d as ConstraintMessages["door_in_wallless_room"];
      return `${x.what} ${x.element} opens into ${x.room}, whose outline has no walls: whether it leads there is unknown`;
    }
    case "door_off_wall": {
      const x = d as ConstraintMessages["door_off_wall"];
      return `${x.what} ${x.element} is ${
        fmt(x.distance_m)
      } from the nearest wall of ${x.room}: it is on no wall, so whether it leads there is unknown`;
    }
    case "passage": {
      const x = d as ConstraintMessages["passage"];
      return x.measured_m === undefined
        ? `the way across ${x.room} between ${x.from} and ${x.to} is narrower than the ${
          fmt(x.needed_m)
        } needed`
        : `the way across ${x.room} between ${x.from} and ${x.to} is ${
          fmt(x.measured_m)
        } wide at its narrowest; ${fmt(x.needed_m)} needed${
          x.uncertainty_m !== undefined
            ? ` (within the scan's ${
              fmt(x.uncertainty_m)
            } uncertainty of the way through: too close to call)`
            : ""
        }`;
    }
  }
  throw new Error(`unknown constraint message ${message}`);
}

/**
 * A constraint in words: its message and data worded, and, when the plausibility pass kept it
 * from being judged, why ("…; not judged: the scan's …").
 */
export function constraintSentence(
  c: { message: ConstraintMessage; data: unknown; not_judged?: string[] },
): string {
  const text = constraintText(c.message, c.data as ConstraintMessages[ConstraintMessage]);
  return c.not_judged ? `${text}; not judged: the scan's ${c.not_judged.join("; ")}` : text;
}

/**
 * Whether a constraint's own sentence already says it is too close to call: a passage whose
 * measure clears the need but the search could not confirm the way (`uncertainty_m` set).
 * Read from its message and data, not its words.
 */
export function saysTooClose(c: { message: ConstraintMessage; data: unknown }): boolean {
  return c.message === "passage" &&
    (c.data as ConstraintMessages["passage"]).uncertainty_m !== undefined;
}

/**
 * A constraint's message id and its data, unworded: the engine judges and says nothing; what
 * shows a constraint words it with {@link constraintText} (step_free_route's report, the fit
 * steps), in the unit system of the run it shows it in, and only the constraints it shows.
 * Performance (issue 29): a 3,000-door plan made a sentence for every door while its graph was
 * built, though a result names a few (bench/routes_figures.ts).
 */
export function coded<K extends ConstraintMessage>(
  message: K,
  data: ConstraintMessages[K],
): { message: K; data: ConstraintMessages[K] } {
  return { message, data };
}
