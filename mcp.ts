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
// No `node:` module, the store, the SDK or zod in this file's static imports: the opening is
// answered (mcp/opening.ts) before they load. Paths by ground/path_join.ts instead.
import type { Registry } from "./core/registry.ts";
import type { Store } from "./core/store.ts";
import { defaultHome } from "./core/store/location.ts";
import type { ToolDef } from "./mcp/listing.ts";
import { type Flag, parseFlags } from "./host/args.ts";
import { resolvePath as resolve } from "./ground/path_join.ts";
import { listingFile, sourceFingerprint } from "./core/catalog.ts";
import { TOOLS_DIR } from "./core/paths.ts";
import { answerOpening } from "./mcp/opening.ts";
import { later } from "./core/later.ts";

/** The SDK's stdio entry, imported with {@link later} (Deno would load its graph at start). */
const SDK_STDIO = new URL("npm:@modelcontextprotocol/server@2.4.0/stdio");

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
  /** Tool runs at once (default the machine's cores less one; host/worker.ts). */
  workers?: number;
  /** Calls that may wait for a worker (default host/worker.ts QUEUE_MAX); past it "busy". */
  queue?: number;
  /**
   * A benchmark's control only, not offered on the command line: tools run on the serving
   * thread, with no worker pool, so that thread answers nothing else while one runs
   * (bench/mcp_call_ab.ts `--in-thread`: what a call costs without the hop to a worker).
   */
  inThread?: boolean;
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
  const toolsDir = opts.toolsDir ?? TOOLS_DIR;
  const home = resolve(opts.home ?? defaultHome());
  const fingerprint = sourceFingerprint(sourceDirs(toolsDir), [home]);
  // The opening is answered from its record (mcp/opening.ts) while the SDK loads.
  const record = await listingFile(
    home,
    `${PROJECT_DIR}\n${toolsDir.href}\n${roots.join("\n")}`,
    "mcp-opening",
  );
  const opening = answerOpening(
    opts.input ?? Deno.stdin.readable,
    opts.output ?? Deno.stdout.writable,
    record,
    fingerprint,
  );
  // Loading the SDK holds this thread for a while: not before the opening is answered (or
  // half a second went by, a client that opened and waits).
  await Promise.race([opening.replayed(), new Promise((r) => setTimeout(r, OPENING_WAIT_MS))]);
  // The SDK and the tools load concurrently, and only here: the confining parent and
  // `threshold` commands that import this module never load them.
  const sdk = Promise.all([
    later<typeof import("npm:@modelcontextprotocol/server@2.4.0/stdio")>(SDK_STDIO),
    later<typeof import("./mcp/server.ts")>(new URL("./mcp/server.ts", import.meta.url)),
    later<typeof import("./mcp/stdio.ts")>(new URL("./mcp/stdio.ts", import.meta.url)),
    later<typeof import("./mcp/listing.ts")>(new URL("./mcp/listing.ts", import.meta.url)),
    later<typeof import("./host/worker.ts")>(new URL("./host/worker.ts", import.meta.url)),
  ]);
  const { loadRegistry } = await later<typeof import("./core/registry.ts")>(
    new URL("./core/registry.ts", import.meta.url),
  );
  let loading: Promise<Registry> | undefined;
  const registry = () => {
    if (!loading) {
      loading = loadRegistry(toolsDir);
      loading.catch((e) => console.error(`threshold mcp: ${(e as Error).message}`));
    }
    return loading;
  };
  const [{ serveStdio }, { createMcpServer }, { lineWire }, listing, { toolPool }] = await sdk;
  const defs = await toolListing(listing, registry, home, toolsDir, await fingerprint, record);
  const { openStore } = await later<typeof import("./core/store.ts")>(
    new URL("./core/store.ts", import.meta.url),
  );
  // Opened by the first request that reads or writes it, not in the way of the opening.
  const lazy = lazyStore(() => openStore(home));
  const store = lazy.store;
  // Tools run in workers, so this thread always answers (ping, cancellation, listings); the
  // first worker starts once the opening exchange is over (or with the first call). Only a
  // benchmark's control (`inThread`) has none: createMcpServer then runs tools here.
  const pool = opts.inThread ? undefined : toolPool(home, toolsDir, store, {
    warm_after_ms: PRELOAD_AFTER_MS,
    ...(opts.workers !== undefined ? { size: opts.workers } : {}),
    ...(opts.queue !== undefined ? { queue_max: opts.queue } : {}),
  });
  const wire = lineWire({ input: opening.input, output: opening.output });
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
  await opening.saved();
  stopWatch();
  // Runs answered before their rows were committed are written before the workers end.
  await pool?.settled();
  pool?.close();
  lazy.close();
}

/**
 * A store opened on first use: every property read opens it (once) and answers from it.
 * `close` closes it only when it was opened.
 */
export function lazyStore(open: () => Store): { store: Store; close(): void } {
  let real: Store | undefined;
  const get = () => (real ??= open());
  const store = new Proxy({} as Store, {
    get(_t, key) {
      const s = get();
      const v = Reflect.get(s, key, s);
      return typeof v === "function" ? v.bind(s) : v;
    },
    has: (_t, key) => Reflect.has(get(), key),
  });
  return { store, close: () => real?.close() };
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
  fingerprint: string,
  /** The opening record (mcp/opening.ts), removed with a listing found out of date. */
  record: string,
): Promise<ToolDef[]> {
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
        await Deno.remove(record).catch(() => {});
        await listing.writeListing(file, fingerprint, defs);
      }
    }, () => {});
  }, PRELOAD_AFTER_MS);
  Deno.unrefTimer(timer);
  return cached;
}

/** The folders whose sources the listing and the opening record depend on. */
function sourceDirs(toolsDir: URL): string[] {
  // The project's own tools are covered by the project walk; another folder is walked too.
  const own = toolsDir.href === new URL("./tools/", import.meta.url).href;
  return own ? [PROJECT_DIR] : [PROJECT_DIR, filePath(toolsDir).replace(/[\\/]$/, "")];
}

/** How long the SDK's loading waits at most for the recorded opening to be answered, ms. */
const OPENING_WAIT_MS = 500;

/** How long after a start listed from the cache the tool modules begin to load, in ms. */
const PRELOAD_AFTER_MS = 300;

/** The project folder (where mcp.ts, tools/ and deno.json live). */
const PROJECT_DIR = `${import.meta.dirname!}${Deno.build.os === "windows" ? "\\" : "/"}`;

/** A file: URL's path (what `fileURLToPath` gives, for the URLs this server makes). */
function filePath(url: URL): string {
  const path = decodeURIComponent(url.pathname);
  return Deno.build.os === "windows"
    ? path.replace(/^\/([A-Za-z]:)/, "$1").replaceAll("/", "\\")
    : path;
}

/** The full command line of the confined server. */
export async function confinedArgs(
  opts: McpOptions & { home: string; roots: string[] },
): Promise<string[]> {
  const { attachedFiles, confinedFlags } = await later<typeof import("./host/confine.ts")>(
    new URL("./host/confine.ts", import.meta.url),
  );
  const args = [
    "run",
    ...confinedFlags(opts.home, opts.roots, PROJECT_DIR, attachedFiles(opts.home)),
    `--config=${resolve(`${PROJECT_DIR}deno.json`)}`,
    import.meta.filename!,
    `--home=${opts.home}`,
    ...opts.roots.map((r) => `--root=${r}`),
  ];
  if (opts.toolsDir) args.push(`--tools=${filePath(opts.toolsDir)}`);
  if (opts.workers !== undefined) args.push(`--workers=${opts.workers}`);
  if (opts.queue !== undefined) args.push(`--queue=${opts.queue}`);
  return args;
}

/**
 * A ready-to-paste MCP host configuration (Claude Desktop's `mcpServers`; VS Code and
 * Cursor take the same command and args) that starts the server directly under
 * {@link confinedFlags}, with this machine's absolute paths.
 */
export async function hostConfig(opts: McpOptions = {}): Promise<Record<string, unknown>> {
  const home = resolve(opts.home ?? defaultHome());
  const roots = (opts.roots ?? []).map((r) => resolve(r));
  return {
    mcpServers: {
      threshold: { command: Deno.execPath(), args: await confinedArgs({ ...opts, home, roots }) },
    },
  };
}

/** True when this process may read everything (`-A` or a bare `--allow-read`). */
function broaderThanNeeded(): boolean {
  if (!import.meta.url.startsWith("file:")) return false;
  if (!/^deno(\.exe)?$/.test(Deno.execPath().split(/[\\/]/).pop()!)) return false; // a compiled binary
  return Deno.permissions.querySync({ name: "read" }).state === "granted";
}

/** Runs the server in a child Deno under {@link confinedFlags}, on this process's stdio. */
async function runConfined(opts: McpOptions & { roots: string[] }): Promise<number> {
  const home = resolve(opts.home ?? defaultHome());
  await Deno.mkdir(home, { recursive: true });
  const child = new Deno.Command(Deno.execPath(), {
    args: await confinedArgs({ ...opts, home, roots: opts.roots }),
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
  for (const [flag, v] of parseFlags(args, MCP_FLAGS)) {
    if (flag === "--root") out.roots!.push(v!);
    else if (flag === "--home") out.home = v;
    else if (flag === "--tools") {
      const url = new URL("file:///");
      url.pathname = resolve(v!).replaceAll("\\", "/").replace(/\/?$/, "/");
      out.toolsDir = url;
    } else if (flag === "--no-confine") out.confine = false;
    else if (flag === "--print-host-config") out.printHostConfig = true;
    else if (flag === "--workers" || flag === "--queue") {
      const n = Number(v);
      const min = flag === "--workers" ? 1 : 0;
      if (!Number.isInteger(n) || n < min || n > 1024) {
        throw new Error(`${flag} must be a whole number from ${min} to 1024, got ${v}`);
      }
      if (flag === "--workers") out.workers = n;
      else out.queue = n;
    }
  }
  return out;
}

/** The server's flags; `--tools` and `--no-confine` are for tests. */
const MCP_FLAGS: Record<string, Flag> = {
  "--root": { takes: "<dir>" },
  "--home": { takes: "<dir>" },
  "--tools": { takes: "<dir>", unlisted: true },
  "--no-confine": { unlisted: true },
  "--print-host-config": {},
  "--workers": { takes: "<n>" },
  "--queue": { takes: "<n>" },
};

if (import.meta.main) {
  try {
    const opts = parseMcpArgs(Deno.args);
    if (opts.printHostConfig) console.log(JSON.stringify(await hostConfig(opts), null, 2));
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
