/**
 * Questions a run stops on, printed on a terminal, fit COLUMNS (issue 27 §1): with stdout a
 * terminal (a pseudo-terminal from util-linux `script`) and stdin not one (nobody to answer),
 * `threshold run` and `threshold ask` print the questions in words, wrapped, and no JSON; with
 * stdout a pipe (a program) or `--json`, the JSON as documented (cli_test, widths_test).
 */
import { CLI, ROOT, tempHome } from "../_cli.ts";
import { assert, assertEquals } from "../_assert.ts";
import { questionsAsJson } from "../../cli/layout.ts";

const SCRIPT = "/usr/bin/script";
let hasScript = false;
try {
  hasScript = Deno.statSync(SCRIPT).isFile;
} catch { /* no util-linux script: the terminal cases are skipped */ }

/** Runs threshold with stdout and stderr on a pseudo-terminal, stdin from /dev/null. */
async function onTerminal(home: string, args: string[], columns: string) {
  const quoted = args.map((a) => `'${a.replaceAll("'", `'\\''`)}'`).join(" ");
  const cmd = `'${Deno.execPath()}' run -A '${CLI}' ${quoted} < /dev/null`;
  const child = new Deno.Command(SCRIPT, {
    args: ["-qec", cmd, "/dev/null"],
    env: { THRESHOLD_HOME: home, NO_COLOR: "1", COLUMNS: columns },
    cwd: ROOT,
    stdin: "piped",
    stdout: "piped",
    stderr: "null",
  }).spawn();
  const out = await child.output();
  return { code: out.code, text: new TextDecoder().decode(out.stdout).replaceAll("\r", "") };
}

Deno.test("questionsAsJson: JSON with --json or for a program; words alone on a terminal", () => {
  assertEquals(questionsAsJson(true, true), true);
  assertEquals(questionsAsJson(false, false), true);
  assertEquals(questionsAsJson(undefined, false), true);
  assertEquals(questionsAsJson(false, true), false);
});

for (const columns of ["80", "100"]) {
  Deno.test({
    name: `on a terminal at COLUMNS=${columns}, run's and ask's questions fit, in words`,
    ignore: !hasScript,
    async fn() {
      const home = tempHome();
      const limit = Number(columns);
      const cases: [string[], string][] = [
        [["run", "turning_space", "--scan", "demo"], "turning_diameter_m"],
        [["run", "code_check", "--scan", "demo"], "pack"],
        [["ask", "will", "a", "sofa", "fit", "--scan", "demo"], "to"],
      ];
      for (const [args, input] of cases) {
        const r = await onTerminal(home, args, columns);
        assertEquals(r.code, 3, `${args.join(" ")}: ${r.text}`);
        const lines = r.text.split("\n");
        const wide = lines.filter((l) => [...l].length > limit);
        assertEquals(wide, [], `${args.join(" ")} at ${columns} columns`);
        // The input to answer is named (how to answer it), and no JSON object is printed.
        assert(r.text.includes(`--set ${input}=`), r.text);
        assertEquals(lines.filter((l) => l.trim() === "{" || l.trim() === "}"), [], r.text);
      }
      await Deno.remove(home, { recursive: true });
    },
  });
}
