/**
 * The ISO 10303-21 (STEP physical file) header of an IFC file: the `ISO-10303-21;` magic, the
 * `FILE_SCHEMA(('IFC4'))` line, and the closing `END-ISO-10303-21;` (ISO 10303-21:2016 §§ 5, 8).
 */
import { InputError } from "../../ground/errors.ts";

/** The IFC schemas the importer reads (web-ifc parses both; the attribute positions differ). */
export const SUPPORTED_SCHEMAS = ["IFC2X3", "IFC4"] as const;
/** One of {@link SUPPORTED_SCHEMAS}. */
export type IfcSchemaName = typeof SUPPORTED_SCHEMAS[number];

/** Whether the bytes start with the ISO-10303-21 magic (after an optional BOM/whitespace). */
export function isStepFile(bytes: Uint8Array): boolean {
  const head = new TextDecoder().decode(bytes.subarray(0, 64)).replace(/^\uFEFF/, "").trimStart();
  return head.startsWith("ISO-10303-21;");
}

/**
 * Checks an IFC file's framing and schema before parsing: not empty, the ISO-10303-21 magic,
 * a FILE_SCHEMA line naming IFC2X3 or IFC4, and the closing END-ISO-10303-21 (a truncated file
 * lacks it). Returns the schema; throws an {@link InputError} naming `ref` and the line.
 */
export function checkIfcHeader(bytes: Uint8Array, ref: string): IfcSchemaName {
  if (bytes.length === 0) throw new InputError(ref, "the file is empty", { code: "file.empty" });
  if (!isStepFile(bytes)) {
    throw new InputError(ref, "line 1: not an ISO-10303-21 (STEP/IFC) file", {
      code: "ifc.not_step",
      data: { line: 1 },
    });
  }
  const head = new TextDecoder().decode(bytes.subarray(0, 16384));
  const lines = head.split(/\r?\n/);
  const lineNo = lines.findIndex((l) => /FILE_SCHEMA\s*\(/i.test(l));
  if (lineNo < 0) {
    throw new InputError(ref, "header: no FILE_SCHEMA line, so the IFC schema is unknown", {
      code: "ifc.no_schema",
    });
  }
  const m = /FILE_SCHEMA\s*\(\s*\(\s*'([^']*)'/i.exec(head);
  const named = (m?.[1] ?? "").trim().toUpperCase();
  const schema = SUPPORTED_SCHEMAS.find((s) =>
    named === s || (s === "IFC2X3" && /^IFC2X3(_TC1)?$/.test(named)) ||
    (s === "IFC4" && /^IFC4(_?ADD[12](_TC1)?)?$/.test(named))
  );
  if (!schema) {
    throw new InputError(
      ref,
      `line ${lineNo + 1}: FILE_SCHEMA ${
        JSON.stringify(named || lines[lineNo].trim())
      } is not supported; threshold reads ${SUPPORTED_SCHEMAS.join(" and ")}`,
      {
        code: "ifc.unsupported_schema",
        data: { line: lineNo + 1, got: named || lines[lineNo].trim(), allowed: SUPPORTED_SCHEMAS },
      },
    );
  }
  const tail = new TextDecoder().decode(bytes.subarray(Math.max(0, bytes.length - 256)));
  if (!/END-ISO-10303-21\s*;\s*$/.test(tail)) {
    const total = countLines(bytes);
    throw new InputError(
      ref,
      `line ${total}: the file ends without END-ISO-10303-21; (truncated?)`,
      { code: "ifc.truncated", data: { line: total } },
    );
  }
  return schema;
}

function countLines(bytes: Uint8Array): number {
  let n = 1;
  for (const b of bytes) if (b === 10) n++;
  return n;
}
