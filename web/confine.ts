/**
 * `threshold web` confined as the MCP server is (host/confine.ts confinedFlags): the server process may
 * read the project's code, its store, the raster files attached to sites and the npm packages'
 * own files (web-ifc reads its WebAssembly); write only its store (uploads in flight live in
 * the store's tmp/ folder); listen only on the host it serves; start no process.
 */
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { attachedFiles, confinedFlags, denoCacheDir } from "../host/confine.ts";
import { PROJECT_DIR } from "../core/catalog.ts";
import { islandsBundle } from "./bundle.ts";

const MAIN = fileURLToPath(new URL("./main.ts", import.meta.url));

/** True when this process may read everything (`-A`), so a confined child is narrower. */
export function canConfine(): boolean {
  if (!/^deno(\.exe)?$/.test(Deno.execPath().split(/[\\/]/).pop() ?? "")) return false;
  return Deno.permissions.querySync({ name: "read" }).state === "granted";
}

/** The confined server's command line. */
export function webConfinedArgs(
  o: { home: string; port: number; host: string; allow_hosts?: string[] },
): string[] {
  const npm = join(denoCacheDir(), "npm");
  const flags = confinedFlags(o.home, [], PROJECT_DIR, attachedFiles(o.home)).map((f) =>
    f.startsWith("--allow-read=") ? `${f},${npm}` : f
  );
  const host = o.host.includes(":") && !o.host.startsWith("[") ? `[${o.host}]` : o.host;
  return [
    "run",
    ...flags,
    `--allow-net=${host}`,
    `--config=${resolve(PROJECT_DIR, "deno.json")}`,
    MAIN,
    `--port=${o.port}`,
    `--host=${o.host}`,
    `--home=${o.home}`,
    ...(o.allow_hosts?.length ? [`--allow-host=${o.allow_hosts.join(",")}`] : []),
  ];
}

/**
 * Runs the web view in a confined child on this process's stdio until it exits; Ctrl-C and
 * SIGTERM reach it. The islands bundle is made first, here, so the child starts no process.
 */
export async function runConfinedWeb(
  o: { home: string; port: number; host: string; allow_hosts?: string[] },
) {
  await Deno.mkdir(o.home, { recursive: true });
  await islandsBundle(o.home);
  const child = new Deno.Command(Deno.execPath(), {
    args: webConfinedArgs(o),
    stdin: "null",
    stdout: "inherit",
    stderr: "inherit",
  }).spawn();
  const signals: Deno.Signal[] = Deno.build.os === "windows" ? [] : ["SIGINT", "SIGTERM"];
  const fwd = signals.map((s) => [s, () => child.kill(s)] as const);
  for (const [s, fn] of fwd) Deno.addSignalListener(s, fn);
  const { code } = await child.status;
  for (const [s, fn] of fwd) Deno.removeSignalListener(s, fn);
  return code;
}
