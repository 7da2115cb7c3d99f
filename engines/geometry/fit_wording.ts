/**
 * The English of will-it-fit steps, made in one place: each step of ./fit.ts carries a
 * message id and its data (ESLint's messageId + data) and `fitStepText` words them. Lengths
 * in metres; carry names as ./fit.ts names the ways of carrying ("flat", "on its side" …).
 */
import { formatLength, unitsNow } from "../../ground/units.ts";
import { type ConstraintMessage, type ConstraintMessages, constraintText } from "./routes/mod.ts";

/** Metres to 2 decimals, or the length in the run's unit system (ground/units.ts). */
const f2 = (v: number) => formatLength(v, unitsNow(), `${v.toFixed(2)} m`);

/** What each message needs, by id. */
export interface FitMessages {
  /** Through a door or opening: its clear width and height; how, or how short. */
  door: {
    what: string;
    element: string;
    clear_width_m: number;
    height_m?: number;
    fits: boolean;
    /** The way it goes through, or the closest way when it does not. */
    carry: string;
    /** How much too big, when it does not fit, m. */
    short_m?: number;
    /**
     * What stops the closest way, when it does not fit, each part that fails: the opening's clear width (the item's
     * size across it), its height (the item's size upright in it), or the turn into the door
     * from a room too shallow in front of it to line up straight (that room, its depth in front
     * of the door, the item's length and the longest that turns). margin_m: capacity − need.
     */
    limits?: Array<
      | { by: "width"; across_m: number; margin_m: number }
      | { by: "height"; vertical_m: number; margin_m: number }
      | {
        by: "turn";
        room: string;
        depth_m: number;
        across_m: number;
        length_m: number;
        turns_m: number;
        margin_m: number;
      }
    >;
  };
  /** Round an inner corner of a room: its two widths; how, or how long is too long. */
  corner: {
    room: string;
    a_m: number;
    b_m: number;
    fits: boolean;
    carry: string;
    length_m: number;
    /** The longest that turns, m. */
    turns_m: number;
  };
  /** A route constraint met on the way (a passage too narrow), worded as routes word it. */
  route_constraint: { message: ConstraintMessage; data: ConstraintMessages[ConstraintMessage] };
  /** A stair without a recorded going. */
  stair_no_going: { element: string };
  /** Up a stair: its width, pitch and headroom. */
  stair: {
    element: string;
    width_m: number;
    pitch_deg: number;
    headroom_m: number;
    fits: boolean;
    carry: string;
    short_m?: number;
  };
  /** Across a ramp or into a lift. */
  vertical: {
    what: "ramp" | "lift";
    element: string;
    width_m: number;
    fits: boolean;
    carry: string;
  };
  /** A target room whose outline encloses no floor. */
  floor_empty: { room: string };
  /** On the target room's free floor, upright, and under its ceiling when it has a height. */
  floor: {
    room: string;
    fits: boolean;
    width_m: number;
    depth_m: number;
    height_m?: number;
    ceiling_m?: number;
  };
}
export type FitMessage = keyof FitMessages;

/** Why the closest way through a door fails, naming the measure that stops it. */
function doorLimitText(x: FitMessages["door"]): string {
  if (x.limits === undefined || x.limits.length === 0) return `short by ${f2(x.short_m!)}`;
  return x.limits.map((l) => {
    // Millimetres when centimetres would hide the difference ("0.70 m across the 0.70 m opening").
    const mm = -l.margin_m < 0.005;
    const f = mm ? (v: number) => `${v.toFixed(3)} m` : f2;
    const over = f(-l.margin_m);
    switch (l.by) {
      case "width":
        return `${f(l.across_m)} across the ${f(x.clear_width_m)} opening, ${over} too wide`;
      case "height":
        return `${f(l.vertical_m)} tall in the ${
          x.height_m !== undefined ? f(x.height_m) : "unknown"
        } opening, ${over} too tall`;
      case "turn":
        // No length turns when the item is as wide as the room's depth or the door's width.
        return l.turns_m <= 0
          ? `${f2(l.across_m)} across, it cannot turn into the door from ${l.room}, only ${
            f2(l.depth_m)
          } deep in front of the door`
          : `${f2(l.length_m)} long, it cannot turn into the door from ${l.room}: ${
            f2(l.depth_m)
          } deep in front of the door, at most ${f2(l.turns_m)} turns there, ${over} too long`;
    }
  }).join("; and ");
}

/** The sentence for a step's message and data. */
export function fitStepText<K extends FitMessage>(message: K, data: FitMessages[K]): string {
  switch (message) {
    case "door": {
      const x = data as FitMessages["door"];
      return `${x.what} ${x.element}, ${f2(x.clear_width_m)} clear × ${
        x.height_m !== undefined ? f2(x.height_m) : "unknown height"
      }: ${
        !x.fits
          ? `no way of carrying it gets through (closest: ${x.carry}, ${doorLimitText(x)})`
          : `through ${x.carry}${x.height_m === undefined ? ", if the door is tall enough" : ""}`
      }`;
    }
    case "corner": {
      const x = data as FitMessages["corner"];
      return `corner in ${x.room}, ${f2(x.a_m)} and ${f2(x.b_m)} wide: ${
        !x.fits
          ? `too long to turn (${f2(x.length_m)} long; ${f2(x.turns_m)} turns)`
          : `turns ${x.carry}`
      }`;
    }
    case "route_constraint": {
      const x = data as FitMessages["route_constraint"];
      return constraintText(x.message, x.data);
    }
    case "stair_no_going": {
      const x = data as FitMessages["stair_no_going"];
      return `stair ${x.element} has no recorded going, so its pitch and headroom are unknown`;
    }
    case "stair": {
      const x = data as FitMessages["stair"];
      return `stair ${x.element}, ${f2(x.width_m)} wide, pitch ${x.pitch_deg.toFixed(0)}°, ${
        f2(x.headroom_m)
      } headroom: ${
        !x.fits
          ? `no way of carrying it fits (closest: ${x.carry}, short by ${f2(x.short_m!)})`
          : `up ${x.carry}`
      }`;
    }
    case "vertical": {
      const x = data as FitMessages["vertical"];
      return `${x.what} ${x.element}, ${f2(x.width_m)} wide: ${
        !x.fits ? "too narrow for it" : `fits across ${x.carry}`
      }${x.what === "lift" ? "; the car's depth is not recorded" : ""}`;
    }
    case "floor_empty": {
      const x = data as FitMessages["floor_empty"];
      return `${x.room}'s outline encloses no floor (zero area), so its floor is unknown`;
    }
    case "floor": {
      const x = data as FitMessages["floor"];
      return `on the free floor of ${x.room}: ${
        !x.fits ? `no place for its ${f2(x.width_m)} × ${f2(x.depth_m)} footprint` : "fits upright"
      }${
        x.height_m !== undefined && x.ceiling_m !== undefined
          ? `; ${f2(x.height_m)} tall under a ${f2(x.ceiling_m)} ceiling`
          : ""
      }`;
    }
  }
  throw new Error(`unknown fit message ${message}`);
}

/** A step's message id, its data, and the sentence made from them. */
export function fitSaid<K extends FitMessage>(
  message: K,
  data: FitMessages[K],
): { message: K; data: FitMessages[K]; text: string } {
  return { message, data, text: fitStepText(message, data) };
}
