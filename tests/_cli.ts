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

/**
 * The error a command printed, as a person reads it: its `threshold: ` line (else stderr's
 * first line) without that prefix. `input` is what it names first (`input: problem`, as InputError words it).
 */
export function cliError(r: CliResult): { line: string; input: string } {
  const lines = r.stderr.trim().split("\n");
  // Steps a run printed before it failed come first ("[0.03 s] Loading …"); the error is
  // the line the command writes as `threshold: …`.
  const line = (lines.find((l) => l.startsWith("threshold: ")) ?? lines[0])
    .replace(/^threshold: /, "");
  return { line, input: line.split(": ")[0] };
}

/** The rows of a terminal table drawn with │: each line's cells, trimmed (borders dropped). */
export function tableRows(text: string): string[][] {
  return text.split("\n").filter((l) => l.startsWith("│"))
    .map((l) => l.split("│").slice(1, -1).map((c) => c.trim()));
}

/**
 * The rows of a terminal table as records keyed by its header row's names (a wrapped cell's
 * continuation lines are rows of their own, with the key columns empty).
 */
export function tableRecords(text: string): Record<string, string>[] {
  const [head, ...rows] = tableRows(text);
  return rows.map((r) => Object.fromEntries(head.map((h, i) => [h, r[i]])));
}
