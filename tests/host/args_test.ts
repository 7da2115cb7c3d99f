/** The served surfaces' argument parser (host/args.ts), as mcp.ts and web/main.ts use it. */
import { assertEquals, assertThrows } from "../_assert.ts";
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

Deno.test("parseFlags: a missing or empty value and an unknown option name themselves", () => {
  assertThrows(() => parseFlags(["--root"], FLAGS), { message: "--root needs a value" });
  assertThrows(() => parseFlags(["--root="], FLAGS), { message: "--root needs a value" });
  // Unlisted flags (test-only) stay out of the list; the option is named as given.
  assertThrows(() => parseFlags(["--rot=/a"], FLAGS), {
    message: "unknown option --rot=/a; options: --root <dir>, --quiet",
  });
  assertThrows(() => parseFlags(["__proto__"], FLAGS), { message: /^unknown option __proto__;/ });
});

Deno.test("parseMcpArgs and parseWebArgs: the flags each server takes", () => {
  const m = parseMcpArgs(["--root", "/s", "--root=/t", "--home=/h", "--no-confine"]);
  assertEquals(m, { roots: ["/s", "/t"], home: "/h", confine: false });
  assertEquals(parseMcpArgs(["--print-host-config"]), { roots: [], printHostConfig: true });
  assertEquals(parseMcpArgs(["--tools", "/x"]).toolsDir?.href, "file:///x/");
  assertThrows(() => parseMcpArgs(["--port", "1"]), {
    message:
      "unknown option --port; options: --root <dir>, --home <dir>, --print-host-config, --workers <n>, --queue <n>",
  });
  assertEquals(parseWebArgs([]), { port: 8787 });
  assertEquals(parseWebArgs(["--port=0", "--host", "::1", "--home", "/h"]), {
    port: 0,
    host: "::1",
    home: "/h",
  });
  assertThrows(() => parseWebArgs(["--root", "/a"]), {
    message:
      "unknown option --root; options: --port <n>, --host <host>, --home <dir>, --allow-host <name>",
  });
  assertThrows(() => parseWebArgs(["--port"]), { message: "--port needs a value" });
});
