/**
 * threshold's MCP stdio server: every registered tool, from the same manifests, in both
 * protocol eras (2025-era `initialize` and 2026-07-28 `server/discover`), through the
 * official SDK's dual-era stdio entry. Stdout carries only JSON-RPC; everything else goes
 * to stderr. Started by `threshold mcp` and `deno task mcp`.
 *
 * ```sh
 * deno run -A mcp.ts --root ~/scans   # re-runs itself under confinedFlags()
 * ```
 * @module
 */
import { basename, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { Registry } from "./core/registry.ts";
import { defaultHome } from "./core/store.ts";
import type { ToolDef } from "./mcp/listing.ts";
import { attachedFiles, confinedFlags } from "./host/confine.ts";

/** How the server is started. */
export interface McpOptions {
  /** Folders the server may read files from besides its store (absolute or relative). */
  roots?: string[];
  /** The store folder; defaults to `$THRESHOLD_HOME`, else `~/.threshold`. */
  home?: string;
  /** The tools folder; defaults to the project's `tools/` (tests point it elsewhere). */
  toolsDir?: URL;
  /**
   * Confine the server to the permissions it needs (default true): started with wider ones
   * (`-A`, as `threshold mcp` is), it re-runs itself under them; see {@link confinedArgs}.
   */
  confine?: boolean;
  /** Print a ready-to-paste MCP host configuration instead of serving. */
  printHostConfig?: boolean;
  /** Tool runs at once (default the machine's cores less one; mcp/worker.ts). */
  workers?: number;
  /** Calls that may wait for a worker (default mcp/worker.ts QUEUE_MAX); past it "busy". */
  queue?: number;
  /** The byte streams of the connection; default stdin and stdout. */
  input?: ReadableStream<Uint8Array>;
  output?: WritableStream<Uint8Array>;
}

/**
 * Said on stderr when the server starts on a terminal: it speaks JSON-RPC to an MCP host, and
 * a person at a terminal needs to know how to get a host configuration instead.
 */
export const TERMINAL_HINT =
  "threshold mcp: waiting for an MCP host on stdin (JSON-RPC); this is not an interactive " +
  "prompt. To use threshold from an AI host, add it to the host's MCP configuration: " +
  "`threshold mcp --print-host-config` prints one to paste (add --root <folder> for the " +
  "folders whose files it may import). Press Ctrl-D to quit.";

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
  if (opts.confine !== false && !opts.input && broaderThanNeeded()) {
    const code = await runConfined({ ...opts, roots });
    if (code !== 0) throw new Error(`the confined server exited with code ${code}`);
    return;
  }
  if (!opts.input) {
    try {
      if (Deno.stdin.isTerminal()) console.error(TERMINAL_HINT);
    } catch {
      // no stdin to ask about
    }
  }
  // The SDK and the tools load concurrently, and only here: the confining parent and
  // `threshold` commands that import this module never load them.
  const sdk = Promise.all([
    import("npm:@modelcontextprotocol/server@2.4.0/stdio"),
    import("./mcp/server.ts"),
    import("./mcp/stdio.ts"),
    import("./mcp/listing.ts"),
    import("./mcp/worker.ts"),
  ]);
  const { loadRegistry, TOOLS_DIR } = await import("./core/registry.ts");
  const toolsDir = opts.toolsDir ?? TOOLS_DIR;
  const home = resolve(opts.home ?? defaultHome());
  let loading: Promise<Registry> | undefined;
  const registry = () => {
    if (!loading) {
      loading = loadRegistry(toolsDir);
      loading.catch((e) => console.error(`threshold mcp: ${(e as Error).message}`));
    }
    return loading;
  };
  const [{ serveStdio }, { createMcpServer }, { lineWire }, listing, { toolPool }] = await sdk;
  const defs = await toolListing(listing, registry, home, toolsDir);
  const { openStore } = await import("./core/store.ts");
  const store = openStore(home);
  // Tools run in workers, so this thread always answers (ping, cancellation, listings).
  const pool = toolPool(home, toolsDir, store, {
    ...(opts.workers !== undefined ? { size: opts.workers } : {}),
    ...(opts.queue !== undefined ? { queue_max: opts.queue } : {}),
  });
  const wire = lineWire({ input: opts.input, output: opts.output });
  const stopWatch = watchParent();
  const closed = new Promise<void>((done) => {
    const handle = serveStdio(
      ({ era }) => createMcpServer(defs, registry, store, era, roots, pool),
      {
        transport: wire,
        onerror: (e) => console.error(`threshold mcp: ${e.message}`),
      },
    );
    const onclose = wire.onclose;
    wire.onclose = () => {
      onclose?.();
      handle.close().catch(() => {}).finally(done);
    };
  });
  await closed;
  stopWatch();
  pool.close();
  store.close();
}

/** The variable through which the confining parent tells the confined server its process id. */
export const PARENT_PID_ENV = "THRESHOLD_MCP_PARENT_PID";

/** How often the confined server checks that its parent is alive, ms. */
export const PARENT_CHECK_MS = 500;

/**
 * The confined server exits when the process that started it is gone (killed with SIGKILL,
 * it could forward nothing): it is then re-parented, so its parent id changes. Only when
 * started by a confining parent (which sets {@link PARENT_PID_ENV}). Returns a stop function.
 */
function watchParent(): () => void {
  const expected = Number(Deno.env.get(PARENT_PID_ENV));
  if (!Number.isInteger(expected) || expected <= 0 || Deno.build.os === "windows") return () => {};
  const timer = setInterval(() => {
    if (Deno.ppid !== expected) {
      console.error("threshold mcp: the process that started this server is gone; exiting.");
      Deno.exit(0);
    }
  }, PARENT_CHECK_MS);
  Deno.unrefTimer(timer);
  return () => clearInterval(timer);
}

/**
 * The tool listing: from the cache when no source file changed since it was made (the
 * registry keeps loading for the first call, and a listing that differs is replaced),
 * else from the loaded manifests, then cached.
 */
async function toolListing(
  listing: typeof import("./mcp/listing.ts"),
  registry: () => Promise<Registry>,
  home: string,
  toolsDir: URL,
): Promise<ToolDef[]> {
  const toolsPath = fileURLToPath(toolsDir).replace(/[\\/]$/, "");
  // The project's own tools are covered by the project walk; another folder is walked too.
  const own = toolsDir.href === new URL("./tools/", import.meta.url).href;
  const dirs = own ? [PROJECT_DIR] : [PROJECT_DIR, toolsPath];
  const fingerprint = await listing.sourceFingerprint(dirs, [home]);
  const file = await listing.listingFile(home, `${PROJECT_DIR}\n${toolsDir.href}`);
  const cached = await listing.readListing<ToolDef>(file, fingerprint);
  const fresh = (r: Registry) => r.tools.map(listing.toolDef);
  if (!cached) {
    const defs = fresh(await registry());
    await listing.writeListing(file, fingerprint, defs);
    return defs;
  }
  // Listed from the cache: the tools load once the opening exchange is over (or on the
  // first call, whichever comes first), not in its way.
  const timer = setTimeout(() => {
    registry().then(async (r) => {
      const defs = fresh(r);
      if (JSON.stringify(defs) !== JSON.stringify(cached)) {
        console.error("threshold mcp: the cached tool listing was out of date; it is replaced.");
        await listing.writeListing(file, fingerprint, defs);
      }
    }, () => {});
  }, PRELOAD_AFTER_MS);
  Deno.unrefTimer(timer);
  return cached;
}

/** How long after a start listed from the cache the tool modules begin to load, in ms. */
const PRELOAD_AFTER_MS = 300;

/** The project folder (where mcp.ts, tools/ and deno.json live). */
const PROJECT_DIR = fileURLToPath(new URL(".", import.meta.url));

/** The full command line of the confined server. */
export function confinedArgs(opts: McpOptions & { home: string; roots: string[] }): string[] {
  const args = [
    "run",
    ...confinedFlags(opts.home, opts.roots, PROJECT_DIR, attachedFiles(opts.home)),
    `--config=${resolve(PROJECT_DIR, "deno.json")}`,
    fileURLToPath(import.meta.url),
    `--home=${opts.home}`,
    ...opts.roots.map((r) => `--root=${r}`),
  ];
  if (opts.toolsDir) args.push(`--tools=${fileURLToPath(opts.toolsDir)}`);
  if (opts.workers !== undefined) args.push(`--workers=${opts.workers}`);
  if (opts.queue !== undefined) args.push(`--queue=${opts.queue}`);
  return args;
}

/**
 * A ready-to-paste MCP host configuration (Claude Desktop's `mcpServers`; VS Code and
 * Cursor take the same command and args) that starts the server directly under
 * {@link confinedFlags}, with this machine's absolute paths.
 */
export function hostConfig(opts: McpOptions = {}): Record<string, unknown> {
  const home = resolve(opts.home ?? defaultHome());
  const roots = (opts.roots ?? []).map((r) => resolve(r));
  return {
    mcpServers: {
      threshold: { command: Deno.execPath(), args: confinedArgs({ ...opts, home, roots }) },
    },
  };
}

/** True when this process may read everything (`-A` or a bare `--allow-read`). */
function broaderThanNeeded(): boolean {
  if (!import.meta.url.startsWith("file:")) return false;
  if (!/^deno(\.exe)?$/.test(basename(Deno.execPath()))) return false; // a compiled binary
  return Deno.permissions.querySync({ name: "read" }).state === "granted";
}

/** Runs the server in a child Deno under {@link confinedFlags}, on this process's stdio. */
async function runConfined(opts: McpOptions & { roots: string[] }): Promise<number> {
  const home = resolve(opts.home ?? defaultHome());
  await Deno.mkdir(home, { recursive: true });
  const child = new Deno.Command(Deno.execPath(), {
    args: confinedArgs({ ...opts, home, roots: opts.roots }),
    env: { [PARENT_PID_ENV]: String(Deno.pid) },
    stdin: "inherit",
    stdout: "inherit",
    stderr: "inherit",
  }).spawn();
  // A host that stops the server stops the confined one too.
  const signals: Deno.Signal[] = Deno.build.os === "windows" ? [] : ["SIGTERM", "SIGINT"];
  const forward = (sig: Deno.Signal) => () => child.kill(sig);
  const listeners = signals.map((sig) => [sig, forward(sig)] as const);
  for (const [sig, fn] of listeners) Deno.addSignalListener(sig, fn);
  const { code } = await child.status;
  for (const [sig, fn] of listeners) Deno.removeSignalListener(sig, fn);
  return code;
}

/**
 * Parses `--root <dir>` (repeatable), `--home <dir>`, `--print-host-config`, `--workers <n>`,
 * `--queue <n>`; and, for tests, `--tools <dir>` and `--no-confine`.
 */
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
    else if (flag === "--tools") out.toolsDir = pathToFileURL(resolve(value()) + "/");
    else if (flag === "--no-confine") out.confine = false;
    else if (flag === "--print-host-config") out.printHostConfig = true;
    else if (flag === "--workers" || flag === "--queue") {
      const v = value(), n = Number(v);
      const min = flag === "--workers" ? 1 : 0;
      if (!Number.isInteger(n) || n < min || n > 1024) {
        throw new Error(`${flag} must be a whole number from ${min} to 1024, got ${v}`);
      }
      if (flag === "--workers") out.workers = n;
      else out.queue = n;
    } else {
      throw new Error(
        `unknown option ${a}; options: --root <dir>, --home <dir>, --print-host-config, --workers <n>, --queue <n>`,
      );
    }
  }
  return out;
}

if (import.meta.main) {
  try {
    const opts = parseMcpArgs(Deno.args);
    if (opts.printHostConfig) console.log(JSON.stringify(hostConfig(opts), null, 2));
    else {
      await serveMcp(opts);
      // stdin closed: the server is done; a worker still busy does not keep the process.
      Deno.exit(0);
    }
  } catch (e) {
    console.error(`threshold mcp: ${(e as Error).message}`);
    Deno.exit(1);
  }
}
