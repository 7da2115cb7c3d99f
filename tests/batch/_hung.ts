/**
 * Runs tests/batch/_hung_child.ts (a batch with a hung tool, in a process of its own, so that
 * the thread Deno cannot stop ends with that process) and returns what it printed.
 */
import { fileURLToPath } from "node:url";

export interface HungRows {
  summary_rows: number;
  /** Web Worker threads of the child that still ran after its batch had ended. */
  still_running: number;
  rows: { scan: string; tool: string; status: string; reason?: string }[];
}

const CHILD = fileURLToPath(new URL("./_hung_child.ts", import.meta.url));

/** The child's one JSON line; a child that fails is an error with its stderr. */
export async function hungChild(args: Record<string, unknown>): Promise<HungRows> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", CHILD, JSON.stringify(args)],
    stdout: "piped",
    stderr: "piped",
  }).output();
  const stdout = new TextDecoder().decode(out.stdout);
  if (!out.success) {
    throw new Error(`_hung_child.ts exited ${out.code}: ${new TextDecoder().decode(out.stderr)}`);
  }
  return JSON.parse(stdout.trim().split("\n").at(-1)!) as HungRows;
}
