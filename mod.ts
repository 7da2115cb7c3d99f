/**
 * threshold: practical questions about a real building, answered from its scan.
 *
 * ```ts
 * import { loadRegistry, openStore, runTool, BUILTIN_SCANS } from "threshold";
 * const registry = await loadRegistry();
 * const out = await runTool(registry.require("ceiling_height"), {
 *   builtins: BUILTIN_SCANS,
 *   set: { scan: "demo" },
 * });
 * ```
 * @module
 */
export * from "./core/errors.ts";
export * from "./core/plan.ts";
export * from "./core/result.ts";
export * from "./core/manifest.ts";
export * from "./core/registry.ts";
export * from "./core/inputs.ts";
export * from "./core/context.ts";
export * from "./core/layers.ts";
export * from "./core/run.ts";
export * from "./core/store.ts";
export * from "./core/panoramas.ts";
export * from "./layers/builtin.ts";
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
