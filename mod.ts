/**
 * threshold: practical questions about a real building, answered from its scan.
 *
 * Import this file by path or URL; it needs no configuration of its own (every npm package
 * is named with its pinned version where it is used).
 *
 * ```ts
 * import { BUILTIN_SCANS, importFile, loadRegistry, RUN_IO, runTool } from "threshold";
 * const registry = await loadRegistry();
 * // The built-in demo building:
 * const demo = await runTool(registry.require("ceiling_height"), {
 *   builtins: BUILTIN_SCANS,
 *   set: { scan: "demo", min_height_m: 2.2 },
 * });
 * if (demo.status === "done") console.log(demo.result.verdict.text);
 * // A building of your own (IFC, ZInD, Matterport, MP3D, plan JSON):
 * const { loaded, report } = await importFile("fixtures/demo/plan.json", { id: "home" });
 * console.log(report.format, loaded.plan.rooms.length, "rooms");
 * // Rasters, panoramas and the object detector reach a run from its caller: RUN_IO reads
 * // them as the command line does (or hand your own).
 * const mine = await runTool(registry.require("takeoff"), {
 *   ...RUN_IO,
 *   plans: { home: loaded },
 *   set: { scan: "home" },
 * });
 * if (mine.status === "done") console.log(mine.result.verdict.text);
 * ```
 * @module
 */
export * from "./ground/errors.ts";
export * from "./ground/plan.ts";
export * from "./ground/site.ts";
export * from "./ground/grid.ts";
export * from "./ground/image.ts";
export * from "./ground/detector.ts";
export * from "./ground/rasters.ts";
export * from "./ground/text.ts";
export * from "./core/result.ts";
export * from "./core/manifest.ts";
export * from "./core/registry.ts";
export * from "./core/inputs.ts";
export * from "./core/context.ts";
export * from "./core/layers.ts";
export * from "./core/run.ts";
export * from "./core/store.ts";
export * from "./core/detections.ts";
export * from "./layers/panoramas.ts";
export * from "./layers/io.ts";
export { loadCenterNet } from "./layers/detector.ts";
export * from "./layers/builtin.ts";
export {
  detectImporter,
  type Importer,
  IMPORTERS,
  importFile,
  type ImportOptions,
  type ImportReport,
  importSource,
} from "./layers/mod.ts";
export * from "./presets/personas.ts";
export * from "./presets/preferences.ts";
export * from "./engines/geometry/mod.ts";
export * from "./render/planview.ts";
export * from "./engines/aerial/mod.ts";
export * from "./engines/vision/mod.ts";
export * from "./layers/rasters.ts";
export { type McpOptions, serveMcp } from "./mcp.ts";
export {
  anthropicProvider,
  ask,
  askModel,
  type AskOptions,
  type AskOutcome,
  decide,
  type Decision,
  ModelError,
  type ModelOutcome,
  modelSettings,
  openaiProvider,
  type Provider,
  providerFrom,
} from "./agent/mod.ts";
