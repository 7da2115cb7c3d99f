/**
 * will_it_fit's wording and drawing: the assumptions it states, a check and a point per step,
 * the route's lines, the first blocking step's title and the verdict sentence. Only
 * tools/will_it_fit/mod.ts imports it.
 */
import {
  type Assumption,
  type Check,
  fmtM,
  type Overlay,
  type Status,
  TOO_CLOSE,
} from "../../core/result.ts";
import type { FitStep, Item } from "../../engines/geometry/fit.ts";
import { pointGeometry } from "../../engines/geometry/geojson.ts";
import { capitalise } from "../../ground/text.ts";

/** What the assumptions are worded from. */
export interface FitAssumptionParts {
  inputs: { item: string; width_m?: number; depth_m?: number; height_m?: number };
  preset?: Item & { what: string };
  dims: string;
  starts: { id: string }[];
  used: { id: string };
  basis: string;
  graphNotes: string[];
  detected?: string;
}

/** The run's assumptions: the preset's sizes, the way in chosen, the rigid box, the graph's notes. */
export function fitAssumptions(p: FitAssumptionParts): Assumption[] {
  const { inputs, preset, dims, starts, used } = p;
  return [
    ...(preset
      ? (() => {
        // Every size the preset gave (not the person) is said, the full size with it.
        const fromPreset = [
          inputs.width_m === undefined ? `width ${fmtM(preset.width_m)}` : "",
          inputs.depth_m === undefined ? `depth ${fmtM(preset.depth_m)}` : "",
          inputs.height_m === undefined ? `height ${fmtM(preset.height_m)}` : "",
        ].filter(Boolean);
        return fromPreset.length
          ? [{
            text: `The ${inputs.item} is taken as ${preset.what}: its ${
              fromPreset.join(", ")
            } are a typical size, not a standard or your measurement (full size ${dims}: width × depth × height).`,
            input: "item",
          }]
          : [];
      })()
      : []),
    starts.length > 1
      ? {
        text:
          `No door to the outside is marked as the main entrance, so each of the ${starts.length} was tried (${
            starts.map((o) => o.id).join(", ")
          }); the best way in is by ${used.id}. Name one with entrance to use it alone.`,
      }
      : { text: `The item comes in by ${used.id}: ${p.basis}.` },
    {
      text:
        "The item is a rigid box; it may be turned between steps. Doors with only a leaf width are estimated 38 mm narrower (reference §4.3).",
    },
    ...p.graphNotes.map((text) => ({ text: `${text}.` })),
    ...(p.detected !== undefined ? [{ text: p.detected, input: "detected_objects" }] : []),
  ];
}

/** One check per step of the way. */
export function stepChecks(steps: FitStep[]): Check[] {
  return steps.map((s, i) => ({
    id: `step:${i}:${s.kind}:${s.element}`,
    label: capitalise(s.text),
    status: s.status,
    ...(s.margin_m !== undefined ? { measured: s.margin_m, limit: 0, unit: "m" } : {}),
    subject: s.element,
    ...(s.status === "warn" ? { note: TOO_CLOSE } : s.carry ? { note: `carry ${s.carry}` } : {}),
  }));
}

/** The route's legs as lines (status set later) and a numbered point per located step. */
export function fitOverlays(
  roomId: string,
  legs: { floor: string; points: [number, number][] }[],
  steps: FitStep[],
): Overlay[] {
  const overlays: Overlay[] = legs.map((leg, i) => ({
    id: `route:${roomId}:${i}`,
    kind: "route",
    floor: leg.floor,
    geometry: { type: "LineString", coordinates: leg.points.map(([x, y]) => [x, y]) },
    status: "unknown" as Status,
  }));
  steps.forEach((s, i) => {
    if (s.at && s.floor) {
      overlays.push({
        id: `step:${i}`,
        kind: "point",
        floor: s.floor,
        geometry: pointGeometry(s.at),
        status: s.status,
        label: `${i + 1}`,
      });
    }
  });
  return overlays;
}

/** The title of the finding for the first step that does not plainly pass. */
export function stepFindingTitle(item: string, s: FitStep): string {
  return s.status === "fail"
    ? `The ${item} does not get past ${s.kind} ${s.element}`
    : s.status === "warn"
    ? `The ${item} at ${s.kind} ${s.element} is too close to call`
    : `Whether the ${item} gets past ${s.kind} ${s.element} is unknown`;
}

/** What the verdict sentence is worded from. */
export interface FitVerdictParts {
  status: Status;
  what: string;
  name: string;
  steps: FitStep[];
  first: number;
  firstClose: number;
  firstUnknown: number;
  from: string;
  length_m: number;
  carries: string[];
}

/** The verdict sentence: the first failing, too-close or unknown step, or how to carry it in. */
export function fitVerdictText(p: FitVerdictParts): string {
  const { status, what, name, steps, first, firstClose, firstUnknown, carries } = p;
  if (status === "fail") {
    return `${what} will not get to ${name}: step ${first + 1}, ${steps[first].text}.`;
  } else if (status === "warn") {
    return `${what} may get to ${name}, but step ${firstClose + 1} is too close to call (${
      steps[firstClose].text
    }): measure on site.`;
  } else if (status === "unknown") {
    return `${what} gets through every step that could be judged, but step ${
      firstUnknown + 1
    } is unknown: ${steps[firstUnknown].text}.`;
  }
  return `${what} fits: ${steps.length} steps from ${p.from} to ${name} (${
    fmtM(p.length_m, 1)
  }); carry it ${carries.join(", then ") || "upright"}.`;
}
