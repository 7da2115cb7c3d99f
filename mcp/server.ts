/**
 * The MCP server: one McpServer per connection (either protocol era), every registered tool
 * listed from its manifest and called through `runTool`, plus threshold's resources. Nothing
 * is written per tool.
 */
import {
  type CallToolResult,
  McpServer,
  type StandardSchemaWithJSON,
} from "npm:@modelcontextprotocol/server@2.4.0";
import type { Registry } from "../core/registry.ts";
import { deeperThan } from "../core/depth.ts";
import type { Store } from "../core/store.ts";
import { type CallEnv, callTool } from "./call.ts";
import type { ToolPool } from "../host/worker.ts";
import { IMPORT_SCAN, IMPORT_SCAN_DESCRIPTION, IMPORT_SCAN_INPUT, importScan } from "./import.ts";
import { registerResources } from "./resources.ts";
import { registerBcfResource } from "./bcf.ts";
import type { ToolDef } from "./listing.ts";
import { ModelViewSchema, OUTPUT_JSON_SCHEMA } from "./tools.ts";
import { plainlyModelView } from "../core/result_check.ts";

/** The server's name and version as MCP `serverInfo`. */
export const SERVER_INFO = { name: "threshold", title: "threshold", version: "0.1.0" };

const INSTRUCTIONS =
  "threshold answers practical questions about a building from its scan. Each tool checks one " +
  "thing. Inputs you leave out are filled from the selected scan, the person's saved " +
  "preferences and persona, then defaults; the person is asked only for what nothing fills. " +
  "Results give a verdict and findings; threshold://scans lists the buildings. import_scan " +
  "brings a building in from a file under the server's --root folders.";

type Args = Record<string, unknown>;

/** The deepest nesting a call's arguments may have (a pack or a list of rooms nests a few). */
export const MAX_ARGUMENT_DEPTH = 32;

/**
 * The arguments schema given to the SDK: it lists the tool's JSON Schema (fillable inputs
 * optional) and accepts any object, so that `runTool` alone validates and fills — exactly
 * as on the command line, with its messages naming the input.
 */
export function argumentsSchema(json: Record<string, unknown>): StandardSchemaWithJSON<Args, Args> {
  return {
    "~standard": {
      version: 1,
      vendor: "threshold",
      validate(value: unknown) {
        if (value === undefined || value === null) return { value: {} };
        if (typeof value !== "object" || Array.isArray(value)) {
          return { issues: [{ message: "arguments must be a JSON object" }] };
        }
        // Refused here, before anything copies or walks it: no tool's input nests this deep.
        const deep = deeperThan(value, MAX_ARGUMENT_DEPTH);
        if (deep) {
          return {
            issues: [{
              message:
                `arguments nest deeper than ${MAX_ARGUMENT_DEPTH} levels (at ${deep.path}); no tool's input is nested like that`,
            }],
          };
        }
        return { value: value as Args };
      },
      jsonSchema: { input: () => json, output: () => json },
    },
  };
}

/**
 * The output schema, which the SDK checks every call's structured content against: proved
 * plainly by a fast walk (core/result_check.ts), else zod decides; the same views accepted
 * and rejected either way (tests/mcp/output_check_test.ts; issue 29). Its JSON Schema is converted
 * once, not per tools/list.
 */
export const OUTPUT_SCHEMA: StandardSchemaWithJSON = {
  "~standard": {
    ...ModelViewSchema["~standard"],
    validate: (value: unknown) =>
      plainlyModelView(value) ? { value } : ModelViewSchema["~standard"].validate(value),
    jsonSchema: { input: () => OUTPUT_JSON_SCHEMA, output: () => OUTPUT_JSON_SCHEMA },
  },
};

/** An error result whose structured content still fits the output schema. */
function errorResult(tool: string, text: string): CallToolResult {
  const view = { tool, status: "error" as const, verdict: text, findings: [] };
  return {
    content: [{ type: "text", text: JSON.stringify(view) }],
    isError: true,
    structuredContent: view,
  };
}

/**
 * Builds the server for one connection: the tools as listed (`defs`), each call run with
 * its manifest from `registry` (which may still be loading when the list is answered).
 */
export function createMcpServer(
  defs: ToolDef[],
  registry: () => Promise<Registry>,
  store: Store,
  era: "legacy" | "modern",
  /** Folders the server may read (`--root`): import_scan takes files from under them. */
  roots: string[] = [],
  /** Runs tools off the protocol thread (host/worker.ts). */
  pool?: ToolPool,
): McpServer {
  const server = new McpServer(SERVER_INFO, {
    capabilities: { tools: { listChanged: false }, resources: { listChanged: false }, prompts: {} },
    instructions: INSTRUCTIONS,
  });
  const env: CallEnv = {
    store,
    era,
    legacyCapabilities: () => server.server.getClientCapabilities() as Args | undefined,
    ...(pool ? { pool } : {}),
    roots,
  };
  for (const def of defs) {
    server.registerTool(def.name, {
      title: def.title,
      description: def.description,
      inputSchema: argumentsSchema(def.inputSchema),
      outputSchema: OUTPUT_SCHEMA,
      annotations: def.annotations,
      _meta: def._meta,
    }, async (args, ctx) => {
      let m;
      try {
        m = (await registry()).get(def.name);
      } catch (e) {
        return errorResult(
          def.name,
          `threshold could not load its tools: ${(e as Error).message}`,
        );
      }
      if (!m) return errorResult(def.name, `${def.name} is not a threshold tool any more.`);
      return callTool(m, args, ctx, env);
    });
  }
  server.registerTool(IMPORT_SCAN, {
    title: "Import a scan",
    description: IMPORT_SCAN_DESCRIPTION,
    inputSchema: argumentsSchema(IMPORT_SCAN_INPUT as unknown as Record<string, unknown>),
    outputSchema: OUTPUT_SCHEMA,
    annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: false },
  }, (args, ctx) => importScan(args, roots, store, pool, ctx.mcpReq.signal));
  // Tool calls answer before their runs' rows are committed; reads of runs wait for them.
  const settled = pool ? (run_id?: string) => pool.settled(run_id) : undefined;
  registerResources(server, store, settled);
  const titles = Object.fromEntries(defs.map((d) => [d.name, d.title]));
  registerBcfResource(server, store, titles, settled);
  return server;
}
