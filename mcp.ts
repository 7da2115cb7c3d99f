/**
 * threshold's MCP stdio server: every registered tool, from the same manifests, in both
 * protocol eras (2025-era `initialize` and 2026-07-28 `server/discover`), through the
 * official SDK's dual-era stdio entry. Stdout carries only JSON-RPC; everything else goes
 * to stderr. Started by `threshold mcp` and `deno task mcp`.
 *
 * ```sh
 * deno run --allow-read --allow-write=$HOME/.threshold --allow-env mcp.ts --root ~/scans
 * ```
 * @module
 */
import { resolve } from "node:path";
import { serveStdio } from "@modelcontextprotocol/server/stdio";
import { loadRegistry, TOOLS_DIR } from "./core/registry.ts";
import { defaultHome, openStore } from "./core/store.ts";
import { createMcpServer } from "./mcp/server.ts";
import { lineWire } from "./mcp/stdio.ts";

/** How the server is started. */
export interface McpOptions {
  /** Folders the server may read files from besides its store (absolute or relative). */
  roots?: string[];
  /** The store folder; defaults to `$THRESHOLD_HOME`, else `~/.threshold`. */
  home?: string;
  /** The tools folder; defaults to the project's `tools/` (tests point it elsewhere). */
  toolsDir?: URL;
  /** The byte streams of the connection; default stdin and stdout. */
  input?: ReadableStream<Uint8Array>;
  output?: WritableStream<Uint8Array>;
}

/** Sends console output other than errors to stderr, so stdout carries only JSON-RPC. */
export function keepStdoutForJsonRpc(): void {
  const toErr = (...a: unknown[]) => console.error(...a);
  console.log = toErr;
  console.info = toErr;
  console.debug = toErr;
  console.warn = toErr;
  console.trace = toErr;
}

/**
 * Serves MCP over stdio until the client closes the connection. Resolves then. The store is
 * opened once; each connection gets a server for the era it opened with.
 */
export async function serveMcp(opts: McpOptions = {}): Promise<void> {
  keepStdoutForJsonRpc();
  const roots = (opts.roots ?? []).map((r) => resolve(r));
  for (const r of roots) {
    const info = await Deno.stat(r).catch(() => undefined);
    if (!info?.isDirectory) throw new Error(`--root ${r}: not a folder`);
  }
  const registry = await loadRegistry(opts.toolsDir ?? TOOLS_DIR);
  const store = openStore(opts.home ?? defaultHome());
  const wire = lineWire({ input: opts.input, output: opts.output });
  const closed = new Promise<void>((done) => {
    const handle = serveStdio(({ era }) => createMcpServer(registry, store, era), {
      transport: wire,
      onerror: (e) => console.error(`threshold mcp: ${e.message}`),
    });
    const onclose = wire.onclose;
    wire.onclose = () => {
      onclose?.();
      handle.close().catch(() => {}).finally(done);
    };
  });
  await closed;
  store.close();
}

/** Parses `--root <dir>` (repeatable), `--home <dir>`, `--tools <dir>`. */
export function parseMcpArgs(args: string[]): McpOptions {
  const out: McpOptions = { roots: [] };
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    const [flag, inline] = a.includes("=")
      ? [a.slice(0, a.indexOf("=")), a.slice(a.indexOf("=") + 1)]
      : [a, undefined];
    const value = () => {
      const v = inline ?? args[++i];
      if (v === undefined || v === "") throw new Error(`${flag} needs a value`);
      return v;
    };
    if (flag === "--root") out.roots!.push(value());
    else if (flag === "--home") out.home = value();
    else if (flag === "--tools") out.toolsDir = new URL(`file://${resolve(value())}/`);
    else throw new Error(`unknown option ${a}; options: --root <dir>, --home <dir>`);
  }
  return out;
}

if (import.meta.main) {
  try {
    await serveMcp(parseMcpArgs(Deno.args));
  } catch (e) {
    console.error(`threshold mcp: ${(e as Error).message}`);
    Deno.exit(1);
  }
}
