/**
 * The ZInD importer: Zillow Indoor Dataset `zind_data.json` (zillow/zind@06cfdbf
 * `data_organization.md`), detected from its content.
 */
import { InputError } from "../../ground/errors.ts";
import type { Importer } from "../types.ts";
import { looksLikeZind, zindPlan } from "./read.ts";

export { looksLikeZind, WDO_MATCH_M, zindHeadingDeg, zindPlan, zindToPlanMetres } from "./read.ts";
export type { ZindTransform } from "./read.ts";

const HEAD_BYTES = 4096;

/**
 * ZInD importer. Detects a JSON object whose first 4 KB name ZInD's top-level keys
 * (`scale_meters_per_coordinate`, `merger`), so that a truncated file still reaches this
 * importer and fails with a JSON error naming the position.
 */
export const zind: Importer = {
  format: "zind",
  description:
    "Zillow Indoor Dataset zind_data.json (merged room layouts, doors, windows, panoramas)",
  detect(_source, bytes) {
    if (!bytes || bytes.length === 0) return false;
    const head = new TextDecoder().decode(bytes.subarray(0, HEAD_BYTES)).trimStart();
    return head.startsWith("{") &&
      /"(scale_meters_per_coordinate|merger|floorplan_to_redraw_transformation)"\s*:/.test(head);
  },
  run(source, bytes, opts) {
    return Promise.resolve().then(() => readZind(bytes, opts.ref || source, opts.id));
  },
};

/** Parses the bytes as JSON and builds the plan; errors name `ref`. */
function readZind(bytes: Uint8Array | undefined, ref: string, id?: string) {
  if (!bytes || bytes.length === 0) {
    throw new InputError(ref, "the file is empty", { code: "file.empty" });
  }
  let data: unknown;
  try {
    data = JSON.parse(new TextDecoder().decode(bytes));
  } catch (e) {
    throw new InputError(ref, `not valid JSON (truncated?): ${(e as Error).message}`, {
      code: "zind.not_json",
      data: { error: (e as Error).message },
    });
  }
  if (!looksLikeZind(data)) {
    throw new InputError(
      ref,
      'not ZInD data: expected top-level "merger" and "scale_meters_per_coordinate" objects',
    );
  }
  return zindPlan(data, ref, id);
}
