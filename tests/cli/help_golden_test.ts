/**
 * `threshold --help`, `help`, `--version`, `tools` and every command's `--help`, byte for byte
 * against fixtures/golden/cli_help.txt: the command line loads a command's module only when
 * that command runs, and what it prints must not change with it. Regenerate with
 * `UPDATE_GOLDEN=1`.
 */
import { assertEquals } from "../_assert.ts";
import { cli, tempHome } from "../_cli.ts";

const GOLDEN = new URL("../../fixtures/golden/cli_help.txt", import.meta.url);

/** The command names a help text lists under "Commands:" (aliases and `help` left out). */
function listed(help: string): string[] {
  const at = help.indexOf("\nCommands:\n");
  if (at < 0) return [];
  return help.slice(at).split("\n").slice(2)
    .map((l) => /^ {2}(\S+)/.exec(l)?.[1].split("|")[0])
    .filter((n): n is string => n !== undefined && n !== "help");
}

/** Each invocation, as the golden file records it: args, exit code, stdout, stderr. */
async function transcript(home: string): Promise<string> {
  const parts: string[] = [];
  const wave = async (runs: string[][]) => {
    const got = [];
    // Four at a time: each is a cold start of its own.
    for (let i = 0; i < runs.length; i += 4) {
      const batch = runs.slice(i, i + 4);
      got.push(...await Promise.all(batch.map((a) => cli(home, a, { COLUMNS: "100" }))));
    }
    got.forEach((r, j) =>
      parts.push(
        `$ threshold ${
          runs[j].join(" ")
        }\n[exit ${r.code}]\n--- stdout\n${r.stdout}--- stderr\n${r.stderr}`,
      )
    );
    return got;
  };
  const [top] = await wave([["--help"]]);
  const names = listed(top.stdout);
  assertEquals(names.length > 20, true, "the top help lists the commands");
  await wave([["help"], ["--version"], ["tools"], ["no-such-command"], ["tools", "--bogus"], [
    "run",
  ], ["site", "--help"]]);
  const own = await wave(names.map((n) => [n, "--help"]));
  await wave(names.map((n) => ["help", n]));
  const subs = names.flatMap((n, i) => listed(own[i].stdout).map((s) => [n, s, "--help"]));
  assertEquals(subs.length > 10, true, "the groups list their subcommands");
  await wave(subs);
  return parts.join("\n");
}

Deno.test("every command's help and the tools listing print as recorded", async () => {
  const home = tempHome();
  try {
    const text = await transcript(home);
    if (Deno.env.get("UPDATE_GOLDEN")) await Deno.writeTextFile(GOLDEN, text);
    assertEquals(text, await Deno.readTextFile(GOLDEN));
  } finally {
    await Deno.remove(home, { recursive: true });
  }
});

Deno.test("the command table names every command the modules add, each loading its own", async () => {
  const { COMMAND_NAMES, program } = await import("../../cli.ts");
  const names = (c: { name(): string; aliases(): string[] }) => [c.name(), ...c.aliases()];
  const all = (await program()).commands.flatMap(names);
  assertEquals(all, [...COMMAND_NAMES]);
  for (const name of COMMAND_NAMES) {
    const only = (await program([name, "--help"])).commands.flatMap(names);
    assertEquals(only.includes(name), true, `${name} is added when it runs`);
    assertEquals(only.length < all.length, true, `${name} loads only its own command`);
  }
});
