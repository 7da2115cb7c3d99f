/**
 * will_it_fit: will an item (a box w × d × h, or a preset) get from the entrance to a room?
 * Along the route (engines/geometry/routes.ts, stairs allowed: movers carry), each door, turn,
 * stair and the room's free floor is judged by engines/geometry/fit.ts: door cross-sections
 * with tilting (Carver 1956), corners by the rigid-rectangle formula (reference §4.2; Moretti
 * 2002), stair headroom along the pitch (IRC R311.7.2), and a place on the floor.
 */
import { InputError } from "../../core/errors.ts";
import { named, resolveInput } from "../_shared/refs.ts";
import { derivedAssumptions, derivedTargetText } from "../_shared/derived.ts";
import { fill, tool, z } from "../../core/manifest.ts";
import {
  type Assumption,
  type Check,
  type Finding,
  fmtM,
  JUDGED_BLOCKS,
  type Metric,
  openFinding,
  type Overlay,
  type Status,
  TOO_CLOSE,
} from "../../core/result.ts";
import { fitAlongRoute, type FitStep, type Item } from "../../engines/geometry/fit.ts";
import { pointGeometry } from "../../engines/geometry/geojson.ts";
import { pickEntrance, routesFrom } from "../../engines/geometry/routes/mod.ts";
import { capitalise } from "../../core/text.ts";
import { detected_objects, withDetectedObstacles } from "../_vision/obstacles.ts";

/**
 * Typical sizes (width × depth × height, m). No standard fixes them; each is a common retail
 * size, so a preset is an assumption the result states.
 */
export const ITEM_PRESETS: Record<string, Item & { what: string }> = {
  sofa: {
    width_m: 2.13,
    depth_m: 0.95,
    height_m: 0.85,
    what: "a three-seat sofa, 84 × 37 × 33 in",
  },
  fridge: {
    width_m: 0.7,
    depth_m: 0.68,
    height_m: 1.8,
    what: "a freestanding fridge-freezer, 70 × 68 × 180 cm",
  },
  mattress: {
    width_m: 2.03,
    depth_m: 1.52,
    height_m: 0.3,
    what: "a US queen mattress, 60 × 80 in, 12 in thick",
  },
  wardrobe: {
    width_m: 1.0,
    depth_m: 0.6,
    height_m: 2.0,
    what: "a two-door wardrobe, 100 × 60 × 200 cm",
  },
  piano: {
    width_m: 1.52,
    depth_m: 0.64,
    height_m: 1.27,
    what: "an upright piano, 60 × 25 × 50 in",
  },
};
const ITEMS = ["sofa", "fridge", "mattress", "wardrobe", "piano", "custom"] as const;

const size = (what: string) =>
  z.number().positive().max(10).optional().meta({
    unit: "m",
    description: `The item's ${what} in metres; overrides the preset's.`,
  });

export default named(tool({
  id: "will_it_fit",
  title: "Will it fit?",
  summary: "Whether a sofa, fridge or mattress gets from the front door into a room.",
  model_description:
    "Check whether an item (a preset such as sofa, fridge, mattress, wardrobe or piano, or a custom box in metres) can be carried from a building's entrance to a target room: through each door (tilting allowed), around corners, up stairs, and onto the room's free floor. Returns a verdict, the first blocking step as a finding, and how to carry the item at each step.",
  audience: ["mover", "buyer", "renter"],
  examples: [{ item: "sofa", to: "u_bed1" }],
  inputs: z.object({
    scan: z.string().min(1).meta(fill.selection()),
    item: z.enum(ITEMS).meta({
      ask:
        "What are you moving: a sofa, fridge, mattress, wardrobe, piano, or custom (give its size)?",
      label: "the item",
    }),
    to: z.string().min(1).meta({
      ask: "Which room should it go to (its name, label or id)?",
      label: "the target room",
      refers: "room",
    }),
    width_m: size("width (its longest side in plan)"),
    depth_m: size("depth"),
    height_m: size("height"),
    entrance: z.string().min(1).optional().meta({
      refers: "door",
      description:
        'The door to bring it in by (a door to the outside, by name or id: "front door", "door (Wohnen ↔ outside)").',
    }),
    stair_headroom_m: z.number().min(1).max(5).default(2.032).meta({
      unit: "m",
      label: "a stair headroom (IRC R311.7.2 minimum, 6 ft 8 in)",
      description: "Headroom above a stair's pitch line; the plan does not record it.",
    }),
    detected_objects,
  }),
  requires: [{ layer: "plan.rooms" }, { layer: "plan.doors" }],
  blocks: JUDGED_BLOCKS,
  draws: ["route", "point"],
  read_only: true,
  async run(ctx, inputs) {
    const { scan } = inputs;
    let plan = ctx.plan(scan);
    const detected = inputs.detected_objects
      ? await withDetectedObstacles(ctx, scan, plan)
      : undefined;
    if (detected) plan = detected.plan;
    const to = resolveInput(plan, "room", "to", inputs.to, scan);
    const entranceId = inputs.entrance === undefined
      ? undefined
      : resolveInput(plan, "door", "entrance", inputs.entrance, scan);
    const preset = inputs.item === "custom" ? undefined : ITEM_PRESETS[inputs.item];
    const w = inputs.width_m ?? preset?.width_m;
    const d = inputs.depth_m ?? preset?.depth_m;
    const h = inputs.height_m ?? preset?.height_m;
    if (w === undefined || d === undefined || h === undefined) {
      const missing = [
        w === undefined ? "width_m" : "",
        d === undefined ? "depth_m" : "",
        h === undefined ? "height_m" : "",
      ].filter(Boolean);
      throw new InputError(missing[0], `a custom item needs ${missing.join(", ")} (metres)`);
    }
    const item: Item = { width_m: w, depth_m: d, height_m: h };
    const room = plan.rooms.find((r) => r.id === to)!;
    // A room the importer derived (not in the file) is not a target: it is said, not judged.
    if (room.derived) {
      return {
        verdict: { status: "unknown", text: derivedTargetText(room) },
        assumptions: derivedAssumptions([room]),
      };
    }
    const choice = pickEntrance(plan, entranceId);
    if (inputs.entrance !== undefined && !choice.entrance) {
      throw new InputError(
        "entrance",
        `${choice.basis}; doors to the outside: ${
          choice.candidates.map((o) => o.id).join(", ") || "none"
        }`,
      );
    }
    if (!choice.candidates.length) {
      return {
        verdict: {
          status: "unknown",
          text: `Scan ${scan}: ${choice.basis}, so there is no way in to follow.`,
        },
      };
    }
    // An entrance the person or the file names wins; otherwise every door to the outside is
    // tried and the best way in is kept (movers use whichever door works).
    const named = entranceId !== undefined ||
      choice.candidates.filter((o) => o.main_entrance).length === 1;
    const starts = (named || choice.candidates.length < 2) && choice.entrance
      ? [choice.entrance]
      : choice.candidates;
    const name = room.name ?? room.id;
    const dims = `${fmtM(w)} × ${fmtM(d)} × ${fmtM(h)}`;
    ctx.step(
      starts.length > 1
        ? `Finding the way to ${name} for a ${dims} ${inputs.item} from each of the ${starts.length} doors to the outside`
        : `Finding the way from ${starts[0].id} to ${name} for a ${dims} ${inputs.item}`,
    );
    // Movers carry the item: stairs and thresholds do not stop them; doors are judged by fit.
    const smallest = Math.min(w, d, h);
    const RANK: Record<string, number> = { pass: 0, warn: 1, unknown: 2, fail: 3 };
    const tried = starts.map((start) => {
      const { graph, routes } = routesFrom(plan, {
        body_width_m: smallest,
        min_clear_width_m: 0,
        step_free: false,
        max_step_m: 1,
        max_ramp_slope: 1,
      }, start.id);
      const route = routes.get(room.id)!;
      const steps = route.why ? [] : fitAlongRoute(plan, graph, route, item, {
        stair_headroom_m: inputs.stair_headroom_m,
      });
      const worst = steps.reduce((k, x) => Math.max(k, RANK[x.status] ?? 3), 0);
      return { start, graph, route, steps, rank: route.why ? 9 : worst };
    });
    // The best way in: it fits, then too close, then unknown, then not; the shorter among equals.
    const best = tried.reduce((a, b) =>
      b.rank < a.rank ||
        (b.rank === a.rank && (b.route.length_m ?? 1e9) < (a.route.length_m ?? 1e9))
        ? b
        : a
    );
    const { graph, route } = best;
    const used = best.start;
    const assumptions: Assumption[] = [
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
        : { text: `The item comes in by ${used.id}: ${choice.basis}.` },
      {
        text:
          "The item is a rigid box; it may be turned between steps. Doors with only a leaf width are estimated 38 mm narrower (reference §4.3).",
      },
      ...graph.notes.map((text) => ({ text: `${text}.` })),
      ...(detected ? [{ text: detected.assumption, input: "detected_objects" }] : []),
    ];
    if (route.why) {
      return {
        verdict: { status: "unknown", text: `There is no way to ${name} to follow: ${route.why}.` },
        assumptions,
      };
    }
    const steps: FitStep[] = best.steps;
    // The same count as the "Steps checked" metric.
    ctx.step(`Checked ${steps.length} ${steps.length === 1 ? "step" : "steps"} of the way`);
    const checks: Check[] = steps.map((s, i) => ({
      id: `step:${i}:${s.kind}:${s.element}`,
      label: capitalise(s.text),
      status: s.status,
      ...(s.margin_m !== undefined ? { measured: s.margin_m, limit: 0, unit: "m" } : {}),
      subject: s.element,
      ...(s.status === "warn" ? { note: TOO_CLOSE } : s.carry ? { note: `carry ${s.carry}` } : {}),
    }));
    const overlays: Overlay[] = route.legs.map((leg, i) => ({
      id: `route:${room.id}:${i}`,
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
    // A step not known stops a "fits": fail > warn > unknown > pass.
    const has = (k: FitStep["status"]) => steps.some((s) => s.status === k);
    const status: Status = has("fail")
      ? "fail"
      : has("warn")
      ? "warn"
      : has("unknown")
      ? "unknown"
      : "pass";
    for (const o of overlays) if (o.kind === "route") o.status = status;
    const first = steps.findIndex((s) => s.status === "fail");
    const firstClose = steps.findIndex((s) => s.status === "warn");
    const firstUnknown = steps.findIndex((s) => s.status === "unknown");
    const findings: Finding[] = [];
    const key = first >= 0 ? first : firstClose >= 0 ? firstClose : firstUnknown;
    if (key >= 0) {
      const s = steps[key];
      findings.push(openFinding({
        tool: "will_it_fit",
        kind: inputs.item,
        id: `${room.id}:${s.element}`,
        status: s.status,
        title: s.status === "fail"
          ? `The ${inputs.item} does not get past ${s.kind} ${s.element}`
          : s.status === "warn"
          ? `The ${inputs.item} at ${s.kind} ${s.element} is too close to call`
          : `Whether the ${inputs.item} gets past ${s.kind} ${s.element} is unknown`,
        detail: `Step ${key + 1} of ${steps.length}: ${s.text}.`,
        subject: s.element,
        ...(s.at && s.floor ? { overlays: [`step:${key}`] } : {}),
      }));
    }
    const carries = [...new Set(steps.filter((s) => s.carry).map((s) => s.carry!))];
    const metrics: Metric[] = [
      { id: "steps", label: "Steps checked", value: steps.length },
      {
        id: "route_length_m",
        label: "Way in",
        value: Math.round(route.length_m! * 10) / 10,
        unit: "m",
      },
      {
        id: "tightest_margin_m",
        label: "Tightest spare room",
        value: steps.some((s) => s.margin_m !== undefined)
          ? Math.min(...steps.filter((s) => s.margin_m !== undefined).map((s) => s.margin_m!))
          : null,
        unit: "m",
      },
      { id: "carry", label: "How to carry it", value: carries.join("; ") || "upright" },
    ];
    let text: string;
    const what = `The ${dims} ${inputs.item}`;
    if (status === "fail") {
      text = `${what} will not get to ${name}: step ${first + 1}, ${steps[first].text}.`;
    } else if (status === "warn") {
      text = `${what} may get to ${name}, but step ${firstClose + 1} is too close to call (${
        steps[firstClose].text
      }): measure on site.`;
    } else if (status === "unknown") {
      text = `${what} gets through every step that could be judged, but step ${
        firstUnknown + 1
      } is unknown: ${steps[firstUnknown].text}.`;
    } else {
      text = `${what} fits: ${steps.length} steps from ${used.id} to ${name} (${
        fmtM(route.length_m!, 1)
      }); carry it ${carries.join(", then ") || "upright"}.`;
    }
    ctx.step(`Done: ${status}`);
    return {
      verdict: { status, text },
      metrics,
      checks,
      findings,
      overlays,
      assumptions,
      data: { steps },
    };
  },
}));
