/**
 * will_it_fit's wording and drawing: the assumptions it states, a check and a point per step,
 * the route's lines, the first blocking step's title and the verdict sentence. Only
 * tools/will_it_fit/mod.ts imports it.
 */
import {
  type Assumption,
  type Check,
  fmtM,
  type Metric,
  type Overlay,
  type Status,
  TOO_CLOSE,
} from "../../core/result.ts";
import type { FitStep, Item } from "../../engines/geometry/fit.ts";
import {
  DOOR_LEAF_AND_STOP_TEXT,
  leafEstimateErrorText,
} from "../../engines/geometry/clearance.ts";
import { wording } from "../../core/wording.ts";
import { pointGeometry } from "../../engines/geometry/geojson.ts";
import { capitalise, round } from "../../ground/text.ts";

/** What the assumptions are worded from. */
export interface FitAssumptionParts {
  inputs: { item: string; width_m?: number; depth_m?: number; height_m?: number };
  preset?: Item & { what: string };
  dims: string;
  starts: { id: string }[];
  used: { id: string };
  basis: string;
  graphNotes: string[];
  /** What the object detector added (tools/_vision/obstacles.ts), coded there. */
  detected?: Assumption;
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
          ? [say.assumption("assumption.preset_size", {
            item: inputs.item,
            what: preset.what,
            from_preset: fromPreset,
            dims,
          }, { input: "item" })]
          : [];
      })()
      : []),
    starts.length > 1
      ? say.assumption("assumption.each_entrance", {
        doors: starts.map((o) => o.id),
        used: used.id,
      })
      : say.assumption("assumption.entrance", { used: used.id, basis: p.basis }),
    say.assumption("assumption.rigid_box", {}),
    ...p.graphNotes.map((note) => say.assumption("assumption.graph_note", { note })),
    ...(p.detected !== undefined ? [p.detected] : []),
  ];
}

/** The metrics: steps checked, the way in's length, the tightest spare room, how to carry it. */
export function fitMetrics(steps: FitStep[], length_m: number, carries: string[]): Metric[] {
  const margins = steps.filter((s) => s.margin_m !== undefined).map((s) => s.margin_m!);
  return [
    { id: "steps", label: "Steps checked", value: steps.length },
    { id: "route_length_m", label: "Way in", value: round(length_m, 1), unit: "m" },
    {
      id: "tightest_margin_m",
      label: "Tightest spare room",
      value: margins.length ? Math.min(...margins) : null,
      unit: "m",
    },
    { id: "carry", label: "How to carry it", value: carries.join("; ") || "upright" },
  ];
}

/** One check per step of the way. */
export function stepChecks(steps: FitStep[]): Check[] {
  return steps.map((s, i) => ({
    id: `step:${i}:${s.kind}:${s.element}`,
    code: `step.${s.message}`,
    data: { step: i + 1, kind: s.kind, element: s.element, ...s.data },
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

/** What a verdict sentence is made from: the item, the room, and the step it turns on. */
export interface FitVerdictData {
  item: string;
  width_m: number;
  depth_m: number;
  height_m: number;
  room: string;
  steps: number;
  /** The step the verdict turns on (1-based) and its words (the engine's fit_wording.ts). */
  step?: number;
  step_code?: string;
  step_text?: string;
  from: string;
  length_m: number;
  carries: string[];
}

/** The item as the verdict names it: "The 2.00 m × 0.90 m × 0.80 m sofa". */
export const itemWords = (d: Pick<FitVerdictData, "item" | "width_m" | "depth_m" | "height_m">) =>
  `The ${fmtM(d.width_m)} × ${fmtM(d.depth_m)} × ${fmtM(d.height_m)} ${d.item}`;

/** will_it_fit's steps and verdicts, made from codes and data (core/wording.ts). */
export const say = wording<{
  "step.finding_each": { room: string; dims: string; item: string; doors: number };
  "step.finding_from": { room: string; dims: string; item: string; from: string };
  "step.checked": { steps: number };
  "step.done": { status: Status };
  "assumption.preset_size": { item: string; what: string; from_preset: string[]; dims: string };
  "assumption.each_entrance": { doors: string[]; used: string };
  "assumption.entrance": { used: string; basis: string };
  "assumption.rigid_box": Record<string, never>;
  /** A note of the route graph (engines/geometry), as it says it. */
  "assumption.graph_note": { note: string };
  "verdict.no_entrance": { scan: string; basis: string };
  "verdict.no_way": { room: string; why: string };
  "verdict.fails": FitVerdictData;
  "verdict.too_close": FitVerdictData;
  "verdict.unknown_step": FitVerdictData;
  "verdict.fits": FitVerdictData;
}>({
  "step.finding_each": (d) =>
    `Finding the way to ${d.room} for a ${d.dims} ${d.item} from each of the ${d.doors} doors to the outside`,
  "step.finding_from": (d) =>
    `Finding the way from ${d.from} to ${d.room} for a ${d.dims} ${d.item}`,
  "step.checked": (d) => `Checked ${d.steps} ${d.steps === 1 ? "step" : "steps"} of the way`,
  "step.done": (d) => `Done: ${d.status}`,
  "assumption.preset_size": (d) =>
    `The ${d.item} is taken as ${d.what}: its ${
      d.from_preset.join(", ")
    } are a typical size, not a standard or your measurement (full size ${d.dims}: width × depth × height).`,
  "assumption.each_entrance": (d) =>
    `No door to the outside is marked as the main entrance, so each of the ${d.doors.length} was tried (${
      d.doors.join(", ")
    }); the best way in is by ${d.used}. Name one with entrance to use it alone.`,
  "assumption.entrance": (d) => `The item comes in by ${d.used}: ${d.basis}.`,
  "assumption.rigid_box": () =>
    `The item is a rigid box; it may be turned between steps. A door with only its leaf width is taken as the leaf less ${DOOR_LEAF_AND_STOP_TEXT}, ${leafEstimateErrorText()}: within that bound its step is too close to call.`,
  "assumption.graph_note": (d) => `${d.note}.`,
  "verdict.no_entrance": (d) => `Scan ${d.scan}: ${d.basis}, so there is no way in to follow.`,
  "verdict.no_way": (d) => `There is no way to ${d.room} to follow: ${d.why}.`,
  "verdict.fails": (d) =>
    `${itemWords(d)} will not get to ${d.room}: step ${d.step}, ${d.step_text}.`,
  "verdict.too_close": (d) =>
    `${
      itemWords(d)
    } may get to ${d.room}, but step ${d.step} is too close to call (${d.step_text}): measure on site.`,
  "verdict.unknown_step": (d) =>
    `${
      itemWords(d)
    } gets through every step that could be judged, but step ${d.step} is unknown: ${d.step_text}.`,
  "verdict.fits": (d) =>
    `${itemWords(d)} fits: ${d.steps} steps from ${d.from} to ${d.room} (${
      fmtM(d.length_m, 1)
    }); carry it ${d.carries.join(", then ") || "upright"}.`,
});

/** The finding's detail: the step it is about, of how many, in words. */
export function stepFindingDetail(step: number, steps: number, s: FitStep): string {
  return `Step ${step} of ${steps}: ${s.text}.`;
}
