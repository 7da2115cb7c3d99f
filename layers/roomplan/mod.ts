/**
 * The Apple RoomPlan importer: a `CapturedRoom` or `CapturedStructure` exported as JSON
 * (RoomPlan's `Codable` encoding; shared/reference/data-formats.md §8), or the USDZ of a scan
 * (a zip holding a USD layer, read with npm:fflate), detected from the content.
 */
import type { Importer } from "../types.ts";
import { readRoomPlanJson, readRoomPlanUsda, readRoomPlanUsdz } from "./read.ts";
import { isUsdz } from "./usd.ts";

export { looksLikeRoomPlan, roomPlanModel } from "./model.ts";
export type { RpObject, RpScan, RpSection, RpSurface } from "./model.ts";
export {
  EXTEND_M,
  LOW_CONFIDENCE_UNCERTAINTY_M,
  MIN_ROOM_AREA_M2,
  MIN_ROOM_WIDTH_M,
  planAxis,
  planCentre,
  planPoint,
  roomPlanPlan,
  SECTION_LABELS,
  SNAP_M,
  surfaceSegment,
} from "./plan.ts";
export { isUsdz, parseUsda, usdaModel, usdzLayer, writeUsda, zipUsdz } from "./usd.ts";
export { readRoomPlanJson, readRoomPlanUsda, readRoomPlanUsdz } from "./read.ts";

/**
 * Whether the text of a JSON file is a RoomPlan export: one of RoomPlan's own marks — its single-key category objects (`"category":{"wall":{}}`), the
 * opaque `"coreModel"`, or `"referenceOriginTransform"`. The whole text is searched: the
 * encoder sorts keys, so a multi-megabyte `coreModel` often comes first. No `"walls"` key is
 * required, so that a truncated export still reaches this importer and fails saying so.
 */
export function looksLikeRoomPlanText(text: string): boolean {
  if (!text.trimStart().startsWith("{")) return false;
  return /"coreModel"\s*:|"referenceOriginTransform"\s*:/.test(text) ||
    /"category"\s*:\s*\{\s*"(wall|door|window|opening|floor)"\s*:/.test(text);
}

/**
 * Whether the bytes are a text USD layer that names RoomPlan's wall groups (`#usda` first,
 * a `Wall_…_grp` prim in its first 64 KB).
 */
export function isUsdaText(bytes: Uint8Array): boolean {
  const head = new TextDecoder().decode(bytes.subarray(0, 65536));
  return head.startsWith("#usda") && /def\s+\w*\s*"Wall_?\d*_grp"/.test(head);
}

/** RoomPlan importer (JSON, USDZ, and a USDZ's text layer). */
export const roomplan: Importer = {
  format: "roomplan",
  description:
    "Apple RoomPlan CapturedRoom / CapturedStructure JSON, or its USDZ / text .usda (walls, doors, windows, objects; rooms found from the walls)",
  detect(_source, bytes) {
    if (!bytes || bytes.length === 0) return false;
    if (isUsdz(bytes)) return true;
    if (isUsdaText(bytes)) return true;
    if (bytes[0] !== 0x7b && bytes[0] !== 0x20 && bytes[0] !== 0x0a && bytes[0] !== 0x0d) {
      return false;
    }
    return looksLikeRoomPlanText(new TextDecoder().decode(bytes));
  },
  run(source, bytes, opts) {
    return Promise.resolve().then(() => {
      const ref = opts.ref || source;
      if (bytes && isUsdz(bytes)) return readRoomPlanUsdz(bytes, ref, opts.id);
      if (bytes && isUsdaText(bytes)) return readRoomPlanUsda(bytes, ref, opts.id);
      return readRoomPlanJson(bytes, ref, opts.id);
    });
  },
};
