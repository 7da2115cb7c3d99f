/**
 * The confined MCP server serves a read-only store as the command line does: resources list
 * the scans, reading tools answer (the run is not saved, and says so), and nothing is written.
 * The store sits on a tmpfs remounted read-only (root only; skipped with the reason otherwise).
 */
import assert from "node:assert/strict";
import { parsePlan } from "../../ground/plan.ts";
import { openStore } from "../../core/store.ts";
import { freshHome, start } from "./_connect.ts";

/** Mounts a tmpfs (root only); the reason as a string when the machine does not allow it. */
function tmpfs(): { dir: string; umount(): void; ro(): void } | string {
  if (Deno.build.os !== "linux") return "tmpfs mounts need Linux";
  const dir = freshHome();
  const run = (args: string[]) => new Deno.Command("mount", { args }).outputSync();
  const r = run(["-t", "tmpfs", "-o", "size=16m", "tmpfs", dir]);
  if (!r.success) return `cannot mount a tmpfs here: ${new TextDecoder().decode(r.stderr).trim()}`;
  return {
    dir,
    umount: () => void new Deno.Command("umount", { args: [dir] }).outputSync(),
    ro: () => {
      // A file the closed store wrote may still be open for writing for a moment (the kernel
      // answers "mount point is busy"; seen once in a loaded full run): tried for up to 2 s.
      for (let i = 0;; i++) {
        const x = run(["-o", "remount,ro", dir]);
        if (x.success) return;
        const why = new TextDecoder().decode(x.stderr);
        if (i >= 20 || !/busy/i.test(why)) throw new Error(why);
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);
      }
    },
  };
}

const probe = tmpfs();
const reason = typeof probe === "string" ? probe : undefined;
if (typeof probe !== "string") probe.umount();

Deno.test({
  name: `mcp: the confined server reads a read-only store (scans listed, reading tools answer)${
    reason ? ` (skipped: ${reason})` : ""
  }`,
  ignore: reason !== undefined,
  async fn() {
    const m = tmpfs() as Exclude<ReturnType<typeof tmpfs>, string>;
    try {
      const s = openStore(m.dir);
      s.putScan(parsePlan({
        id: "low",
        name: "Low cottage",
        floors: [{ id: "f0", index: 0 }],
        rooms: [{
          id: "r1",
          floor: "f0",
          label: "living",
          polygon: [[0, 0], [3, 0], [3, 3], [0, 3]],
          height_m: 1.9,
        }],
      }));
      s.close();
      m.ro();
      const before = [...Deno.readDirSync(m.dir)].map((e) => e.name).sort();
      const c = await start("legacy", m.dir);
      try {
        const res = await c.client.listResources();
        assert.ok(
          res.resources.some((r) => /low/.test(r.uri)),
          `scan low listed: ${JSON.stringify(res.resources.map((r) => r.uri))} ${c.stderr()}`,
        );
        const r = await c.client.callTool({
          name: "ceiling_height",
          arguments: { scan: "low" },
        }) as { isError?: boolean; structuredContent?: Record<string, unknown> };
        assert.notEqual(r.isError, true, `${JSON.stringify(r)} ${c.stderr()}`);
        assert.equal(r.structuredContent?.status, "fail", JSON.stringify(r.structuredContent));
        assert.match(String(r.structuredContent?.verdict), /1\.90 m/);
      } finally {
        await c.close();
      }
      assert.deepEqual([...Deno.readDirSync(m.dir)].map((e) => e.name).sort(), before);
    } finally {
      m.umount();
    }
  },
});
