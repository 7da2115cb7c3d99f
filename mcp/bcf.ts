/**
 * The BCF export as an MCP resource: `threshold://scans/<sid>/findings.bcfzip`, the scan's
 * findings as a BCF 3.0 file (a blob, application/zip) that a host hands to a BIM tool. A
 * resource, not a tool: the file is for the host and the person, and no language model ever
 * sees more of a result than forModel gives (design.md).
 */
import {
  type McpServer,
  ResourceNotFoundError,
  ResourceTemplate,
} from "npm:@modelcontextprotocol/server@2.4.0";
import { findPlan } from "../core/context.ts";
import { completeScanIds, listScanEntries } from "../core/scans.ts";
import type { Store } from "../core/store.ts";
import { BUILTIN_SCANS } from "../layers/builtin.ts";

/** The URI of a scan's BCF file. */
export function bcfUri(sid: string): string {
  return `threshold://scans/${encodeURIComponent(sid)}/findings.bcfzip`;
}

function base64(bytes: Uint8Array): string {
  let bin = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(bin);
}

/**
 * Registers the BCF resource template on a server; `titles` (tool id → title, the server's
 * tool list) name the tools in the topics' labels. A read waits for `settled` first: the
 * findings of a run answered a moment ago are committed with its row.
 */
export function registerBcfResource(
  server: McpServer,
  store: Store,
  titles: Record<string, string>,
  settled?: () => Promise<void>,
): void {
  server.registerResource(
    "findings_bcf",
    new ResourceTemplate("threshold://scans/{sid}/findings.bcfzip", {
      list: () => ({
        resources: listScanEntries({ store, builtins: BUILTIN_SCANS }).map((s) => ({
          uri: bcfUri(s.id),
          name: `findings ${s.id} (BCF)`,
          title: `${s.name}: findings as BCF`,
          mimeType: "application/zip",
        })),
      }),
      complete: { sid: (v) => completeScanIds({ store, builtins: BUILTIN_SCANS }, v) },
    }),
    {
      title: "Findings as BCF",
      description:
        "A scan's findings as a BCF 3.0 file (BIM Collaboration Format) for Solibri, BIMcollab, Revit, Archicad and other BIM tools: one topic per finding, rejected ones closed with their reason, IFC GlobalIds as components, a top-down viewpoint and a plan snapshot.",
      mimeType: "application/zip",
    },
    async (uri, vars) => {
      await settled?.();
      const raw = Array.isArray(vars.sid) ? vars.sid[0] ?? "" : vars.sid ?? "";
      let sid = raw;
      try {
        sid = decodeURIComponent(raw);
      } catch { /* read as given */ }
      if (!findPlan({ store, builtins: BUILTIN_SCANS }, sid)) {
        throw new ResourceNotFoundError(uri.href);
      }
      const { exportBcf } = await import("../handoff/bcf.ts");
      const r = await exportBcf({ store, scan: sid, titles });
      return { contents: [{ uri: uri.href, mimeType: "application/zip", blob: base64(r.bytes) }] };
    },
  );
}
