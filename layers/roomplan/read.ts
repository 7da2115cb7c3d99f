/**
 * Reading a RoomPlan file: JSON text or USDZ bytes into the checked model (model.ts,
 * usd.ts) and then the plan (plan.ts). Every problem is an InputError naming the file and
 * what was wrong.
 */
import { InputError } from "../../ground/errors.ts";
import type { PlanInput } from "../../ground/plan.ts";
import type { ImportReport } from "../types.ts";
import { looksLikeRoomPlan, roomPlanModel } from "./model.ts";
import { roomPlanPlan } from "./plan.ts";
import { parseUsda, usdaModel, usdzLayer } from "./usd.ts";

/** A scan id from the file name (`scans/flat.json` → `flat`). */
function defaultId(ref: string): string {
  const base = ref.split(/[\\/]/).pop() ?? "";
  const stem = base.replace(/\.(json|usdz|usda)$/i, "").toLowerCase()
    .replace(/[^a-z0-9_.-]+/g, "-").replace(/^[-.]+|[-.]+$/g, "");
  return stem || "roomplan";
}

/**
 * Where a JSON text holds a bare NaN or Infinity (Swift's JSONEncoder with a
 * nonConformingFloatEncodingStrategy writes them; JSON has no such numbers).
 */
function nonFinite(text: string): { token: string; line: number; column: number } | undefined {
  const re = /[:,\[]\s*(-?(?:NaN|nan|Infinity|inf))\s*[,\]\}]/g;
  const m = re.exec(text);
  if (!m) return undefined;
  const at = m.index + m[0].indexOf(m[1]);
  const before = text.slice(0, at);
  const line = before.split("\n").length;
  return { token: m[1], line, column: at - before.lastIndexOf("\n") };
}

/** A RoomPlan JSON export into a plan and its report. */
export function readRoomPlanJson(
  bytes: Uint8Array | undefined,
  ref: string,
  id?: string,
): { plan: PlanInput; report: ImportReport } {
  if (!bytes || bytes.length === 0) {
    throw new InputError(ref, "the file is empty", { code: "file.empty" });
  }
  const text = new TextDecoder().decode(bytes);
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    const bad = nonFinite(text);
    if (bad) {
      throw new InputError(
        ref,
        `holds ${bad.token} at line ${bad.line}, column ${bad.column}: a RoomPlan number must be finite (JSON has no NaN or Infinity)`,
        {
          code: "roomplan.json_not_finite",
          data: { got: bad.token, line: bad.line, column: bad.column },
        },
      );
    }
    throw new InputError(
      ref,
      `not valid JSON (truncated?): ${(e as Error).message}; a RoomPlan export is one JSON object`,
      { code: "roomplan.not_json", data: { error: (e as Error).message } },
    );
  }
  if (!looksLikeRoomPlan(data)) {
    throw new InputError(
      ref,
      'not a RoomPlan export: expected a CapturedRoom or CapturedStructure JSON object with a "walls" array',
    );
  }
  const scan = roomPlanModel(data, ref);
  return roomPlanPlan(scan, ref, id ?? defaultId(ref), "roomplan");
}

/** A RoomPlan text USD layer (`.usda`, as usdcat writes it) into a plan and its report. */
export function readRoomPlanUsda(
  bytes: Uint8Array,
  ref: string,
  id?: string,
): { plan: PlanInput; report: ImportReport } {
  const scan = usdaModel(parseUsda(new TextDecoder().decode(bytes), ref), ref);
  const out = roomPlanPlan(scan, ref, id ?? defaultId(ref), "roomplan-usd");
  out.report.lacking.unshift(USD_LACKS);
  return out;
}

const USD_LACKS =
  "no identifiers, confidence or sections in USD: rooms are labelled other, and every surface is taken at the scan's default uncertainty";

/** A RoomPlan USDZ into a plan and its report. */
export function readRoomPlanUsdz(
  bytes: Uint8Array,
  ref: string,
  id?: string,
): { plan: PlanInput; report: ImportReport } {
  const layer = usdzLayer(bytes, ref);
  const head = new TextDecoder().decode(layer.data.subarray(0, 8));
  if (head === "PXR-USDC") {
    throw new InputError(
      ref,
      `its USD layer ${layer.name} is binary (the usdc crate format), which threshold does not read; convert it to text with Pixar's usdcat (unzip it, then usdcat ${layer.name} -o scan.usda) and import scan.usda, or import the scan's JSON export (CapturedRoom) instead`,
      { code: "roomplan.binary_usd", data: { layer: layer.name } },
    );
  }
  const scan = usdaModel(parseUsda(new TextDecoder().decode(layer.data), ref), ref);
  const out = roomPlanPlan(scan, ref, id ?? defaultId(ref), "roomplan-usdz");
  out.report.mapped.unshift(`USD layer ${layer.name} (text usda) read from the USDZ`);
  out.report.lacking.unshift(USD_LACKS);
  return out;
}
