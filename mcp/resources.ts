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
import { findPlan } from "../core/context.ts";
import {
  completeScanIds,
  listScanEntries as listCore,
  type ScanEntry as CoreScanEntry,
  selectScan as selectCore,
} from "../core/scans.ts";
import type { Store } from "../core/store.ts";
import { BUILTIN_SCANS } from "../layers/builtin.ts";

const JSON_MIME = "application/json";

/** A scan as `threshold://scans` lists it: core's entry and the URI of its plan. */
export interface ScanEntry extends CoreScanEntry {
  plan_uri: string;
}

/** Every scan (stored, then built-in) with the selection marked (core/scans.ts). */
export function listScanEntries(store: Store): ScanEntry[] {
  return listCore({ store, builtins: BUILTIN_SCANS }).map((s) => ({
    ...s,
    plan_uri: planUri(s.id),
  }));
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
 * Sets the selected scan in the store (shared with the command line; core/scans.ts); an
 * unknown scan is an error naming the known ones.
 */
export function selectScan(store: Store, sid: string): ScanEntry {
  const s = selectCore({ store, builtins: BUILTIN_SCANS }, sid);
  return { ...s, plan_uri: planUri(s.id) };
}

/**
 * Waits for the writes of runs answered before their rows were committed (host/worker.ts
 * `settled`): of one run (rejecting when its write failed), else of all of them.
 */
export type Settled = (run_id?: string) => Promise<void>;

/**
 * Registers threshold's resources and the select_scan prompt on a server. A run's read and
 * the runs' list wait for `settled` first, so a run answered a moment ago is there.
 */
export function registerResources(server: McpServer, store: Store, settled?: Settled): void {
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
        sid: (v) => completeScanIds({ store, builtins: BUILTIN_SCANS }, v),
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
      list: async () => ({
        resources: (await settled?.(), store.listRuns({ limit: 20 })).map((r) => ({
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
    async (uri, vars) => {
      const id = variable(vars.id);
      await settled?.(id);
      const run = store.getRun(id);
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
        (v) => completeScanIds({ store, builtins: BUILTIN_SCANS }, v),
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
