/**
 * MCP resources (spec "Resources"): `threshold://scans` (every scan and the selection),
 * `threshold://scans/<sid>/plan` (a scan's normalized plan), `threshold://runs/<id>` (a run's
 * full ToolResult, for hosts that draw panels), `threshold://selection`; and the
 * `select_scan` prompt, by which the person picks the building later calls are filled from.
 */
import {
  completable,
  type McpServer,
  ResourceNotFoundError,
  ResourceTemplate,
} from "npm:@modelcontextprotocol/server@2.4.0";
import { z } from "npm:zod@4.6.7";
import { findPlan, knownScanIds, type PlanSources } from "../core/context.ts";
import type { Store } from "../core/store.ts";
import { BUILTIN_SCANS } from "../layers/builtin.ts";

const JSON_MIME = "application/json";

/** A scan as `threshold://scans` lists it. */
export interface ScanEntry {
  id: string;
  name: string;
  format: string;
  floors: number;
  rooms: number;
  builtin: boolean;
  selected: boolean;
  plan_uri: string;
}

/** Every scan (stored, then built-in) with the selection marked. */
export function listScanEntries(store: Store): ScanEntry[] {
  const selected = store.getSelection("scan");
  const out = new Map<string, ScanEntry>();
  for (const s of store.listScans()) {
    out.set(s.id, {
      id: s.id,
      name: s.name,
      format: s.format,
      floors: s.floors,
      rooms: s.rooms,
      builtin: false,
      selected: s.id === selected,
      plan_uri: planUri(s.id),
    });
  }
  for (const [id, load] of Object.entries(BUILTIN_SCANS)) {
    if (out.has(id)) continue;
    const p = load().plan;
    out.set(id, {
      id,
      name: p.name,
      format: p.source.format,
      floors: p.floors.length,
      rooms: p.rooms.length,
      builtin: true,
      selected: id === selected,
      plan_uri: planUri(id),
    });
  }
  return [...out.values()];
}

/** The URI of a run's full result. */
export function runUri(runId: string): string {
  return `threshold://runs/${encodeURIComponent(runId)}`;
}

/** The URI of a scan's plan. */
export function planUri(sid: string): string {
  return `threshold://scans/${encodeURIComponent(sid)}/plan`;
}

function text(uri: string, value: unknown) {
  return { contents: [{ uri, mimeType: JSON_MIME, text: JSON.stringify(value) }] };
}

/** A URI template variable, decoded; a malformed escape reads as given. */
function variable(v: string | string[] | undefined): string {
  const raw = Array.isArray(v) ? v[0] ?? "" : v ?? "";
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/**
 * Sets the selected scan in the store (shared with the command line); an unknown scan is
 * an error naming the known ones.
 */
export function selectScan(store: Store, sid: string): ScanEntry {
  const src: PlanSources = { store, builtins: BUILTIN_SCANS };
  if (!findPlan(src, sid)) {
    throw new Error(`no scan ${JSON.stringify(sid)}; known scans: ${knownScanIds(src).join(", ")}`);
  }
  store.setSelection("scan", sid);
  return listScanEntries(store).find((s) => s.id === sid)!;
}

/** Registers threshold's resources and the select_scan prompt on a server. */
export function registerResources(server: McpServer, store: Store): void {
  server.registerResource(
    "scans",
    "threshold://scans",
    {
      title: "Scans",
      description: "Every scan threshold knows, and which one is selected.",
      mimeType: JSON_MIME,
    },
    (uri) =>
      text(uri.href, { selected: store.getSelection("scan"), scans: listScanEntries(store) }),
  );

  server.registerResource("selection", "threshold://selection", {
    title: "Selection",
    description: "The selected scan and persona that fill tool inputs left out of a call.",
    mimeType: JSON_MIME,
  }, (uri) =>
    text(uri.href, {
      scan: store.getSelection("scan") ?? null,
      persona: store.getSelection("persona") ?? null,
    }));

  server.registerResource(
    "plan",
    new ResourceTemplate("threshold://scans/{sid}/plan", {
      list: () => ({
        resources: listScanEntries(store).map((s) => ({
          uri: s.plan_uri,
          name: `plan ${s.id}`,
          title: `${s.name}: plan`,
          mimeType: JSON_MIME,
        })),
      }),
      complete: {
        sid: (v) =>
          knownScanIds({ store, builtins: BUILTIN_SCANS }).filter((id) => id.startsWith(v)),
      },
    }),
    {
      title: "Scan plan",
      description:
        "A scan's normalized plan: floors, rooms, openings, verticals, objects (metres).",
      mimeType: JSON_MIME,
    },
    (uri, vars) => {
      const sid = variable(vars.sid);
      const loaded = findPlan({ store, builtins: BUILTIN_SCANS }, sid);
      if (!loaded) throw new ResourceNotFoundError(uri.href);
      return text(uri.href, loaded.plan);
    },
  );

  server.registerResource(
    "run",
    new ResourceTemplate("threshold://runs/{id}", {
      list: () => ({
        resources: store.listRuns({ limit: 20 }).map((r) => ({
          uri: runUri(r.id),
          name: r.id,
          title: `${r.tool}${r.scan ? ` on ${r.scan}` : ""}: ${r.status}`,
          mimeType: JSON_MIME,
        })),
      }),
    }),
    {
      title: "Run result",
      description: "A run's full result: verdict, metrics, checks, findings, overlays, steps.",
      mimeType: JSON_MIME,
    },
    (uri, vars) => {
      const run = store.getRun(variable(vars.id));
      if (!run) throw new ResourceNotFoundError(uri.href);
      return text(uri.href, run.result);
    },
  );

  server.registerPrompt("select_scan", {
    title: "Select a scan",
    description:
      "Select the building (scan) that later tool calls use when they are not given one.",
    argsSchema: z.object({
      scan: completable(
        z.string().min(1).describe("The scan id, e.g. demo."),
        (v) => knownScanIds({ store, builtins: BUILTIN_SCANS }).filter((id) => id.startsWith(v)),
      ),
    }),
  }, ({ scan }) => {
    const s = selectScan(store, scan);
    return {
      description: `Selected scan ${s.id}`,
      messages: [{
        role: "user",
        content: {
          type: "text",
          text:
            `I have selected the building "${s.name}" (scan ${s.id}, ${s.rooms} rooms on ${s.floors} floor(s)). ` +
            "Use it for my questions about the building.",
        },
      }],
    };
  });
}
