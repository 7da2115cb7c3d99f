/** Spawns the real command (`deno run -A cli.ts …`) against a temporary THRESHOLD_HOME. */
import { fileURLToPath } from "node:url";

export const ROOT = fileURLToPath(new URL("../", import.meta.url));
export const CLI = fileURLToPath(new URL("../cli.ts", import.meta.url));

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `threshold …args` with the given home; stdin is closed (no terminal). */
export async function cli(
  home: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<CliResult> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", CLI, ...args],
    env: { THRESHOLD_HOME: home, NO_COLOR: "1", ...env },
    cwd: ROOT,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  return {
    code: out.code,
    stdout: new TextDecoder().decode(out.stdout),
    stderr: new TextDecoder().decode(out.stderr),
  };
}

/** A fresh temporary THRESHOLD_HOME. */
export function tempHome(): string {
  return Deno.makeTempDirSync({ prefix: "threshold-home-" });
}
