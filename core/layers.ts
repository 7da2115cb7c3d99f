/**
 * Which data layers a plan and a site have. The runner checks a tool's `requires` with
 * these before calling its handler; a missing layer is an `unknown` verdict with a sentence.
 */
import type { Layer } from "./manifest.ts";
import type { Plan } from "../ground/plan.ts";
import type { SiteInfo } from "../ground/site.ts";

/** Whether `layer` is present. `plan` and `site` may be absent. */
export function hasLayer(layer: Layer, plan?: Plan, site?: SiteInfo): boolean {
  switch (layer) {
    case "plan.rooms":
      return !!plan && plan.rooms.length > 0;
    case "plan.heights":
      return !!plan && plan.rooms.some((r) => r.height_m !== undefined);
    case "plan.openings":
      return !!plan && plan.openings.length > 0;
    case "plan.doors":
      return !!plan && plan.openings.some((o) => o.kind === "door" || o.kind === "opening");
    case "plan.windows":
      return !!plan && plan.openings.some((o) => o.kind === "window");
    case "plan.verticals":
      return !!plan && plan.verticals.length > 0;
    case "plan.objects":
      return !!plan && plan.objects.length > 0;
    case "plan.sweeps":
      return !!plan && plan.sweeps.length > 0;
    case "plan.nav": {
      const nav = (plan as { nav?: { edges?: unknown[] } } | undefined)?.nav;
      return !!nav?.edges?.length;
    }
    case "vision.objects":
    case "vision.rooms":
      return !!plan && plan.sweeps.some((s) => !!s.image);
    case "site.location":
      return !!site && Number.isFinite(site.lat) && Number.isFinite(site.lon);
    case "site.elevation":
    case "site.imagery": {
      const kind = layer === "site.elevation" ? "elevation" : "imagery";
      const rasters = (site?.record?.rasters ?? []) as { kind?: string }[];
      return Array.isArray(rasters) && rasters.some((r) => r.kind === kind);
    }
  }
}

const WORDS: Record<Layer, string> = {
  "plan.rooms": "no rooms",
  "plan.heights": "no room heights",
  "plan.openings": "no doors, windows or openings",
  "plan.doors": "no doors or openings",
  "plan.windows": "no windows",
  "plan.verticals": "no stairs, ramps or lifts",
  "plan.objects": "no objects (furniture)",
  "plan.sweeps": "no sweeps (panorama positions)",
  "plan.nav": "no navigation graph between sweeps",
  "vision.objects": "no panoramas (sweeps with images) to see objects in",
  "vision.rooms": "no panoramas (sweeps with images) to label rooms from",
  "site.location": "no site location (latitude and longitude)",
  "site.elevation": "no elevation raster attached to its site",
  "site.imagery": "no aerial imagery attached to its site",
};

/**
 * The sentence for a missing layer: "Scan demo has no room heights (layer plan.heights)…";
 * a site layer names the place when there is one ("Place 52.5,13.4 has no elevation raster…").
 */
export function missingLayerSentence(
  layer: Layer,
  scan?: string,
  place?: string,
  plan?: Pick<Plan, "objects" | "source">,
): string {
  const who = layer.startsWith("site.") && place !== undefined
    ? `Place ${place}`
    : scan
    ? `Scan ${scan}`
    : "The input";
  const hint = layer.startsWith("site.") && layer !== "site.location"
    ? " Attach one with `threshold site add-raster`."
    : layer === "site.location" && scan !== undefined && place === undefined
    ? ` Add one with \`threshold sites add <id> --scan ${scan} --lat <deg> --lon <deg> --north <deg>\`.`
    : "";
  // Objects that came with the scan itself (a RoomPlan export) need no panoramas: say so.
  const own = layer === "vision.objects" && plan?.objects.length
    ? ` Its ${plan.objects.length} objects (${
      [...new Set(plan.objects.map((o) => o.label))].slice(0, 8).join(", ")
    }) came with the ${plan.source.format} file and are already on the plan: \`threshold plan ${
      scan ?? "<sid>"
    }\` lists them, and will_it_fit, turning_space and step_free_route take them as obstacles.`
    : "";
  return `${who} has ${WORDS[layer]} (layer ${layer}), so this cannot be answered.${hint}${own}`;
}
