/**
 * The web view as a process: `deno run <flags> web/main.ts --port N --host H --home DIR`.
 * `threshold web` starts it under the confined flags (web/confine.ts) and forwards Ctrl-C.
 * @module
 */
import { startWeb } from "./server.tsx";

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
    if (flag === "--port") out.port = Number(value());
    else if (flag === "--host") out.host = value();
    else if (flag === "--home") out.home = value();
    else if (flag === "--allow-host") {
      out.allow_hosts = [...(out.allow_hosts ?? []), ...value().split(",").filter(Boolean)];
    } else {
      throw new Error(
        `unknown option ${a}; options: --port <n>, --host <host>, --home <dir>, --allow-host <name>`,
      );
    }
  }
  return out;
}

/** Serves until SIGINT or SIGTERM; prints the address on stdout first. */
export async function serveUntilStopped(o: WebArgs) {
  const web = await startWeb(o);
  console.log(`threshold web: serving ${web.url} (Ctrl-C stops it)`);
  await new Promise<void>((done) => {
    const sigs: Deno.Signal[] = Deno.build.os === "windows" ? ["SIGINT"] : ["SIGINT", "SIGTERM"];
    const stop = () => {
      for (const s of sigs) Deno.removeSignalListener(s, stop);
      done();
    };
    for (const s of sigs) Deno.addSignalListener(s, stop);
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
