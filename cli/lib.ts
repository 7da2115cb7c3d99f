/**
 * What the command line needs beyond listing tools, loaded on first use: zod, the plan
 * schema, the runner, personas and the demo building. `threshold tools` and `show` list from
 * the catalog without loading any of it.
 */
export { inputMeta, manifestJson } from "../core/manifest.ts";
export { loadRegistry } from "../core/registry.ts";
export { planJsonSchema } from "../ground/plan.ts";
export { knownScanIds, requirePlan, resolveSite } from "../core/context.ts";
export { runTool } from "../core/run.ts";
export { forModel } from "../core/result.ts";
export { BUILTIN_SCANS } from "../layers/builtin.ts";
export { activePersona, getPersona, listPersonas, parsePersona } from "../presets/personas.ts";
export {
  checkPreference,
  checkPreferenceKey,
  PREFERENCE_KEYS,
  preferenceKey,
} from "../presets/preferences.ts";
export {
  DEFAULT_SMALL_FILE_MAX_MB,
  readRegularFile,
  readRegularFileSync,
  readRegularTextSync,
} from "../core/files.ts";
export {
  answerShown,
  createSession,
  parseAnswer,
  scanInputName,
  targetInputs,
  unitHint,
} from "../core/session.ts";
export { listScanEntries, selectScan } from "../core/scans.ts";
export { listSiteEntries, putPersonSite } from "../core/sites.ts";
export { setFindingVerdict } from "../core/findings.ts";
