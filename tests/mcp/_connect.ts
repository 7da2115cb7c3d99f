/**
 * Test helper: starts `mcp.ts` as a child process and connects the official SDK client
 * (`@modelcontextprotocol/client` 2.x) over stdio, in the 2025 era (`initialize`) or the
 * 2026-07-28 era (`server/discover`, pinned).
 */
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { confinedFlags } from "../../host/confine.ts";

export const PROJECT = new URL("../../", import.meta.url).pathname.replace(/\/$/, "");
export const MCP_TS = `${PROJECT}/mcp.ts`;
export const FIXTURE_TOOLS = `${PROJECT}/fixtures/mcp_tools`;

export type Era = "legacy" | "modern";
export const ERAS: Era[] = ["legacy", "modern"];

export interface Started {
  client: Client;
  stderr: () => string;
  close: () => Promise<void>;
}

/** The server's command line in tests: under the confined flags it documents. */
export function serverArgs(home: string, extra: string[] = []): string[] {
  return ["run", ...confinedFlags(home, []), MCP_TS, `--home=${home}`, ...extra];
}

/**
 * Connects a client. `elicit` answers elicitation requests; without it the client declares
 * no elicitation capability.
 */
export async function start(
  era: Era,
  home: string,
  opts: {
    elicit?: (params: Record<string, unknown>) => Record<string, unknown>;
    extra?: string[];
    args?: string[];
  } = {},
): Promise<Started> {
  const client = new Client(
    { name: "threshold-test", version: "1.0.0" },
    {
      capabilities: opts.elicit ? { elicitation: { form: {} } } : {},
      versionNegotiation: { mode: era === "legacy" ? "legacy" : { pin: "2026-07-28" } },
    },
  );
  if (opts.elicit) {
    const answer = opts.elicit;
    client.setRequestHandler(
      "elicitation/create",
      (req) => answer(req.params as Record<string, unknown>) as never,
    );
  }
  const transport = new StdioClientTransport({
    command: Deno.execPath(),
    args: opts.args ?? serverArgs(home, opts.extra),
    env: { ...Deno.env.toObject(), THRESHOLD_HOME: home, NO_COLOR: "1" },
    stderr: "pipe",
    cwd: PROJECT,
  });
  let err = "";
  transport.stderr?.on("data", (d: Uint8Array) => err += new TextDecoder().decode(d));
  await client.connect(transport);
  return { client, stderr: () => err, close: () => client.close() };
}

/** A fresh, empty store folder. */
export function freshHome(): string {
  return Deno.makeTempDirSync({ prefix: "threshold-mcp-" });
}
