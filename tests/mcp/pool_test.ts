/**
 * Issue 31 § 3: the MCP server's tool pool is bounded. With `--workers 2 --queue 2`, six
 * calls at once: two run, two wait, two are answered at once "busy, retry later" (nothing
 * run); `ping` answers meanwhile. import_scan runs in a worker too: a ping sent after a large
 * import is answered before the import ends. Loopback stdio only, bounded in count and time.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { confinedFlags } from "../../host/confine.ts";
import { parseMcpArgs } from "../../mcp.ts";
import { gridPlan } from "../_big_plan.ts";
import { FIXTURE_TOOLS, freshHome, MCP_TS, start } from "./_connect.ts";
import { openStore } from "../../core/store.ts";
import { assertGolden } from "../_golden.ts";

const text = (r: unknown) =>
  ((r as { content: { type: string; text?: string }[] }).content.find((c) => c.type === "text")
    ?.text) ?? "";

Deno.test("mcp pool: --workers 2 --queue 2 runs two, queues two and refuses the rest as busy", async () => {
  const home = freshHome();
  const s = await start("legacy", home, {
    extra: [`--tools=${FIXTURE_TOOLS}`, "--workers=2", "--queue=2"],
  });
  try {
    const calls = Array.from({ length: 6 }, () =>
      s.client.callTool(
        { name: "busy_loop", arguments: { scan: "demo", seconds: 0.6 } },
        { timeout: 60_000 },
      ));
    const t0 = performance.now();
    await s.client.ping();
    const ping_ms = performance.now() - t0;
    const out = await Promise.all(calls);
    // Four ran (each stored, linked as a run); two were refused at once, nothing run.
    const isError = (r: unknown) => (r as { isError?: boolean }).isError === true;
    const busy = out.filter(isError);
    const ran = out.filter((r) => !isError(r));
    assert.equal(busy.length, 2, out.map(text).join("\n"));
    assert.equal(ran.length, 4, out.map(text).join("\n"));
    const linked = (r: unknown) =>
      (r as { content: { type: string }[] }).content.some((c) => c.type === "resource_link");
    assert.deepEqual([ran.map(linked), busy.map(linked)], [[true, true, true, true], [
      false,
      false,
    ]]);
    const refusals = [...new Set(busy.map((b) => JSON.parse(text(b)).verdict))];
    assert.equal(refusals.length, 1, "both refused in the same words");
    await assertGolden("mcp.pool.busy", { refusal: refusals[0] });
    console.log(`ping while the pool was full: ${ping_ms.toFixed(1)} ms`);
  } finally {
    await s.close();
  }
});

Deno.test("mcp pool: --workers and --queue are checked in words", async () => {
  assert.deepEqual(parseMcpArgs(["--workers=3", "--queue", "0"]), {
    roots: [],
    workers: 3,
    queue: 0,
  });
  const said: Record<string, string> = {};
  for (const arg of ["--workers=0", "--queue=-1", "--workers=two"]) {
    assert.throws(() => parseMcpArgs([arg]), (e: Error) => {
      // Named by its flag, with the value given.
      const [flag, value] = arg.split("=");
      assert.ok(e.message.startsWith(flag) && e.message.includes(value), e.message);
      said[arg] = e.message;
      return true;
    });
  }
  await assertGolden("mcp.pool.flags", said);
});

Deno.test("mcp pool: import_scan runs in a worker: a ping sent after a large import is answered first", async () => {
  const home = freshHome();
  const root = Deno.makeTempDirSync({ prefix: "threshold-mcp-root-" });
  const side = 70; // 4,900 rooms
  Deno.writeTextFileSync(
    join(root, "big.json"),
    JSON.stringify({ ...gridPlan(side).plan, id: "big" }),
  );
  const s = await start("legacy", home, {
    args: ["run", ...confinedFlags(home, [root]), MCP_TS, `--home=${home}`, `--root=${root}`],
  });
  try {
    let importDone = 0, pingDone = 0;
    const imp = s.client.callTool(
      { name: "import_scan", arguments: { path: "big.json" } },
      { timeout: 120_000 },
    ).then((r) => (importDone = performance.now(), r));
    await new Promise((r) => setTimeout(r, 50));
    await s.client.ping();
    pingDone = performance.now();
    const r = await imp;
    assert.equal(JSON.parse(text(r)).scan, "big", text(r));
    const st = openStore(home);
    const big = st.listScans().find((x) => x.id === "big")!;
    st.close();
    assert.deepEqual([big.format, big.floors, big.rooms], ["plan-json", 1, side * side]);
    assert.ok(
      pingDone < importDone,
      `ping answered ${(importDone - pingDone).toFixed(0)} ms before the import`,
    );
  } finally {
    await s.close();
    Deno.removeSync(root, { recursive: true });
  }
});
