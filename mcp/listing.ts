/**
 * The tool listing as tools/list gives it. Its cache (in the store folder, under a
 * fingerprint of every source file) is core/catalog.ts's, shared with the command line:
 * while the fingerprint matches, a fresh server lists tools from it at once and loads the
 * tool modules in the background for the first call.
 */
import type { Manifest } from "../core/manifest.ts";
import {
  mcpAnnotations,
  mcpDescription,
  mcpInputSchema,
  mcpToolMeta,
  OUTPUT_JSON_SCHEMA,
} from "./tools.ts";

/** One tool as tools/list gives it. */
export interface ToolDef {
  name: string;
  title: string;
  description: string;
  inputSchema: Record<string, unknown>;
  outputSchema: Record<string, unknown>;
  annotations: ReturnType<typeof mcpAnnotations>;
  _meta: Record<string, unknown>;
}

/** A manifest's MCP tool definition. */
export function toolDef(m: Manifest): ToolDef {
  return {
    name: m.id,
    title: m.title,
    description: mcpDescription(m),
    inputSchema: mcpInputSchema(m),
    outputSchema: OUTPUT_JSON_SCHEMA,
    annotations: mcpAnnotations(m),
    _meta: mcpToolMeta(m),
  };
}

export { listingFile, readListing, sourceFingerprint, writeListing } from "../core/catalog.ts";
