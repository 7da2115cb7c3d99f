/**
 * The web view as a process: `deno run <flags> web/main.ts --port N --host H --home DIR`.
 * `threshold web` starts it under the confined flags (web/confine.ts) and forwards Ctrl-C.
 * @module
 */
import { startWeb } from "./server.tsx";
import { onParentExit } from "./parent.ts";
import { parseFlags } from "../host/args.ts";

/** The web view's command-line options. */
export interface WebArgs {
  port: number;
  host?: string;
  home?: string;
  allow_hosts?: string[];
}

/**
 * Parses `--port N`, `--host H`, `--home DIR`, `--allow-host NAME` (repeatable, or a comma
 * list; also as `--flag=value`).
 */
export function parseWebArgs(args: string[]): WebArgs {
  const out: WebArgs = { port: 8787 };
  const flags = {
    "--port": { takes: "<n>" },
    "--host": { takes: "<host>" },
    "--home": { takes: "<dir>" },
    "--allow-host": { takes: "<name>" },
  };
  for (const [flag, v] of parseFlags(args, flags)) {
    if (flag === "--port") out.port = Number(v);
    else if (flag === "--host") out.host = v;
    else if (flag === "--home") out.home = v;
    else if (flag === "--allow-host") {
      out.allow_hosts = [...(out.allow_hosts ?? []), ...v!.split(",").filter(Boolean)];
    }
  }
  return out;
}

/**
 * Serves until SIGINT or SIGTERM or until its parent process exits; prints the address on
 * stdout first.
 */
export async function serveUntilStopped(o: WebArgs) {
  const web = await startWeb(o);
  console.log(`threshold web: serving ${web.url} (Ctrl-C stops it)`);
  await new Promise<void>((done) => {
    const sigs: Deno.Signal[] = Deno.build.os === "windows" ? ["SIGINT"] : ["SIGINT", "SIGTERM"];
    const stop = () => {
      for (const s of sigs) Deno.removeSignalListener(s, stop);
      unwatch();
      done();
    };
    for (const s of sigs) Deno.addSignalListener(s, stop);
    // Ends with its parent (`threshold web`, npx, the npm deno wrapper) when that goes.
    const unwatch = onParentExit(stop);
  });
  await web.close();
}

if (import.meta.main) {
  try {
    await serveUntilStopped(parseWebArgs(Deno.args));
  } catch (e) {
    console.error(`threshold web: ${(e as Error).message}`);
    Deno.exit(1);
  }
}
