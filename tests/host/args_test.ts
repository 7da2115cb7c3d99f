/** The served surfaces' argument parser (host/args.ts), as mcp.ts and web/main.ts use it. */
import { assertEquals, assertOk } from "../_assert.ts";
import { assertGolden } from "../_golden.ts";

/** The message of the Error `f` throws (the test fails when it throws none). */
function refusal(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    assertOk(e instanceof Error, String(e));
    return (e as Error).message;
  }
  throw new Error("expected an error, got none");
}
import { parseFlags } from "../../host/args.ts";
import { parseMcpArgs } from "../../mcp.ts";
import { parseWebArgs } from "../../web/main.ts";

const FLAGS = {
  "--root": { takes: "<dir>" },
  "--quiet": {},
  "--x": { takes: "<n>", unlisted: true },
};

Deno.test("parseFlags: spaced and inline values, switches, repeats, in order", () => {
  assertEquals(
    parseFlags(["--root", "/a", "--quiet", "--root=/b=c", "--x=1"], FLAGS),
    [["--root", "/a"], ["--quiet", undefined], ["--root", "/b=c"], ["--x", "1"]],
  );
  assertEquals(parseFlags([], FLAGS), []);
});

Deno.test("parseFlags: a missing or empty value and an unknown option name themselves", async () => {
  const missing = refusal(() => parseFlags(["--root"], FLAGS));
  assertEquals(refusal(() => parseFlags(["--root="], FLAGS)), missing, "empty is missing");
  assertEquals(missing.split(" ")[0], "--root", "names the flag");
  // Unlisted flags (test-only) stay out of the list; the option is named as given.
  const unknown = refusal(() => parseFlags(["--rot=/a"], FLAGS));
  assertOk(unknown.includes("--rot=/a") && !unknown.includes("--x"), unknown);
  const proto = refusal(() => parseFlags(["__proto__"], FLAGS));
  assertOk(proto.includes("__proto__"), proto);
  await assertGolden("host.args.parse_flags", { missing, unknown, proto });
});

Deno.test("parseMcpArgs and parseWebArgs: the flags each server takes", async () => {
  const m = parseMcpArgs(["--root", "/s", "--root=/t", "--home=/h", "--no-confine"]);
  assertEquals(m, { roots: ["/s", "/t"], home: "/h", confine: false });
  assertEquals(parseMcpArgs(["--print-host-config"]), { roots: [], printHostConfig: true });
  assertEquals(parseMcpArgs(["--tools", "/x"]).toolsDir?.href, "file:///x/");
  const mcpPort = refusal(() => parseMcpArgs(["--port", "1"]));
  assertEquals(parseWebArgs([]), { port: 8787 });
  assertEquals(parseWebArgs(["--port=0", "--host", "::1", "--home", "/h"]), {
    port: 0,
    host: "::1",
    home: "/h",
  });
  const webRoot = refusal(() => parseWebArgs(["--root", "/a"]));
  const webPort = refusal(() => parseWebArgs(["--port"]));
  // Each names the option and lists the ones the server takes.
  await assertGolden("host.args.servers", {
    mcp_port: mcpPort,
    web_root: webRoot,
    web_port: webPort,
  });
});
