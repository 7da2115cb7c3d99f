/**
 * The IFC importer: IFC2X3 and IFC4 STEP files (ISO 10303-21) read through npm:web-ifc,
 * detected from the content (the ISO-10303-21 magic; the FILE_SCHEMA line is checked on import).
 */
import type { Importer } from "../types.ts";
import { isStepFile } from "./header.ts";
import { ifcPlan } from "./read.ts";

export { checkIfcHeader, isStepFile, SUPPORTED_SCHEMAS } from "./header.ts";
export type { IfcSchemaName } from "./header.ts";
export {
  compoundAngle_deg,
  ifcApi,
  ifcPlan,
  meshFootprint,
  northFromTrueNorth,
  readUnits,
} from "./read.ts";
export type { IfcUnits } from "./read.ts";

/**
 * IFC importer. Any ISO-10303-21 file is claimed, so that an unsupported schema (IFC2X2,
 * a non-IFC STEP file) fails with a message naming its FILE_SCHEMA line instead of "unknown
 * format"; IFC2X3 and IFC4 are read.
 */
export const ifc: Importer = {
  format: "ifc",
  description: "IFC2X3 / IFC4 building model (.ifc, ISO-10303-21) via web-ifc",
  detect(_source, bytes) {
    return !!bytes && bytes.length > 0 && isStepFile(bytes);
  },
  // A malformed line once made web-ifc 0.0.78's StreamMeshes loop forever (layers/ifc/lines.ts
  // now refuses that one); its wasm calls never reach a checkpoint.
  blocking: "web-ifc's wasm parser runs without checkpoints",
  run(source, bytes, opts) {
    return ifcPlan(bytes ?? new Uint8Array(), opts.ref ?? source, opts.id);
  },
};
