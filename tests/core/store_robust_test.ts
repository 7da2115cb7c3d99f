/**
 * The store tells the truth: listing scans reads no plan, deleting a scan takes its runs and
 * findings, scan ids have an alphabet, a read-only store serves every reading command, and a
 * full disk is called a full disk (never "move the file aside").
 */
import assert from "node:assert/strict";
import { DatabaseSync } from "node:sqlite";
import { join } from "node:path";
import { InputError, StoreError } from "../../ground/errors.ts";
import { parsePlan } from "../../ground/plan.ts";
import { runTool } from "../../core/run.ts";
import { checkScanId, openStore, STORE_SCHEMA_VERSION } from "../../core/store.ts";
import { BUILTIN_SCANS } from "../../layers/builtin.ts";
import { loadRegistry } from "../../core/registry.ts";
import { cli } from "../_cli.ts";
import { thrownBy } from "../_assert.ts";

const plan = (id: string) =>
  parsePlan({
    id,
    name: `Plan ${id}`,
    floors: [{ id: "f0", index: 0 }],
    rooms: [{
      id: "r1",
      floor: "f0",
      label: "living",
      polygon: [[0, 0], [3, 0], [3, 3], [0, 3]],
      height_m: 1.9,
    }],
  });

async function runCeiling(home: string, scan: string) {
  const s = openStore(home);
  try {
    const m = (await loadRegistry()).require("ceiling_height");
    const out = await runTool(m, { store: s, builtins: BUILTIN_SCANS, set: { scan } });
    assert.equal(out.status, "done");
    return out;
  } finally {
    s.close();
  }
}

Deno.test("store: listing scans reads only their summaries (a damaged plan does not stop it)", () => {
  const home = Deno.makeTempDirSync();
  const s = openStore(home);
  s.putScan(plan("a"));
  s.putScan(plan("b"));
  s.close();
  // Damage b's plan text: a listing that parsed plans would fail.
  const db = new DatabaseSync(join(home, "threshold.db"));
  db.prepare("UPDATE scans SET plan_json = '{not json' WHERE id = 'b'").run();
  db.close();
  const s2 = openStore(home);
  assert.deepEqual(
    s2.listScans().map((r) => [r.id, r.name, r.rooms, r.floors]),
    [["a", plan("a").plan.name, 1, 1], ["b", plan("b").plan.name, 1, 1]],
  );
  assert.throws(() => s2.getScan("b"), StoreError);
  s2.close();
});

Deno.test("store: a version-2 store is migrated and its counts filled from the plans", () => {
  const home = Deno.makeTempDirSync();
  const s = openStore(home);
  s.putScan(plan("a"));
  s.close();
  const db = new DatabaseSync(join(home, "threshold.db"));
  db.exec("DROP INDEX runs_scan; ALTER TABLE scans DROP COLUMN rooms;");
  db.exec("ALTER TABLE scans DROP COLUMN floors; PRAGMA user_version = 2;");
  db.close();
  const s2 = openStore(home);
  assert.deepEqual(s2.listScans().map((r) => [r.id, r.rooms, r.floors]), [["a", 1, 1]]);
  s2.close();
  const db2 = new DatabaseSync(join(home, "threshold.db"));
  const v = db2.prepare("PRAGMA user_version").get() as { user_version: number };
  assert.equal(v.user_version, STORE_SCHEMA_VERSION);
  db2.close();
});

Deno.test("store: deleting a scan deletes its runs and findings and clears the selection", async () => {
  const home = Deno.makeTempDirSync();
  let s = openStore(home);
  s.putScan(plan("low"));
  s.putScan(plan("other"));
  s.setSelection("scan", "low");
  s.close();
  await runCeiling(home, "low");
  await runCeiling(home, "other");
  s = openStore(home);
  assert.equal(s.listFindings({ scan: "low" }).length, 1);
  assert.equal(s.listRuns({ scan: "low" }).length, 1);
  assert.equal(s.deleteScan("low"), true);
  assert.equal(s.deleteScan("low"), false);
  assert.equal(s.getScan("low"), undefined);
  assert.equal(s.listFindings({ scan: "low", all: true }).length, 0);
  assert.equal(s.listRuns({ scan: "low" }).length, 0);
  assert.equal(s.getSelection("scan"), undefined);
  // The other scan keeps everything.
  assert.equal(s.listFindings({ scan: "other" }).length, 1);
  assert.equal(s.listRuns({ scan: "other" }).length, 1);
  s.putSite({ id: "plot", lat: 1, lon: 2, record: {} });
  assert.equal(s.deleteSite("plot"), true);
  assert.equal(s.getSite("plot"), undefined);
  s.close();
});

Deno.test("store: scan ids are 1–64 letters, digits, '.', '_' or '-'", () => {
  for (const ok of ["a", "demo2", "my-house_1.v2", "x".repeat(64)]) checkScanId(ok);
  for (const bad of ["", "-a", "a b", "a\u0000b", "x".repeat(65), "é", "a/b", "\u001b[2J"]) {
    assert.throws(() => checkScanId(bad), InputError, JSON.stringify(bad));
  }
  const s = openStore(":memory:");
  const e = thrownBy(() => s.putScan(plan("bad id")), InputError);
  assert.deepEqual([e.code, e.data.got], ["scan.bad_id", "bad id"]);
  s.close();
});

/** Mounts a tmpfs (root only); undefined with the reason when the machine does not allow it. */
function tmpfs(size: string): { dir: string; umount(): void; ro(): void } | string {
  if (Deno.build.os !== "linux") return "tmpfs mounts need Linux";
  const dir = Deno.makeTempDirSync({ prefix: "threshold-tmpfs-" });
  const r = new Deno.Command("mount", { args: ["-t", "tmpfs", "-o", `size=${size}`, "tmpfs", dir] })
    .outputSync();
  if (!r.success) return `cannot mount a tmpfs here: ${new TextDecoder().decode(r.stderr).trim()}`;
  return {
    dir,
    umount: () => void new Deno.Command("umount", { args: [dir] }).outputSync(),
    ro: () => {
      const x = new Deno.Command("mount", { args: ["-o", "remount,ro", dir] }).outputSync();
      if (!x.success) throw new Error(new TextDecoder().decode(x.stderr));
    },
  };
}

const probe = tmpfs("1m");
const mountReason = typeof probe === "string" ? probe : undefined;
if (typeof probe !== "string") probe.umount();

Deno.test({
  name: `store: a read-only store serves scans, plan, findings and runs; writes say read-only${
    mountReason ? ` (skipped: ${mountReason})` : ""
  }`,
  ignore: mountReason !== undefined,
  async fn() {
    const m = tmpfs("16m") as Exclude<ReturnType<typeof tmpfs>, string>;
    try {
      const s = openStore(m.dir);
      s.putScan(plan("low"));
      s.close();
      await runCeiling(m.dir, "low");
      m.ro();
      const ro = openStore(m.dir);
      assert.equal(ro.readOnly, true);
      assert.deepEqual(ro.listScans().map((r) => r.id), ["low"]);
      assert.equal(ro.getScan("low")!.plan.rooms.length, 1);
      assert.equal(ro.listFindings({ scan: "low" }).length, 1);
      const ros = thrownBy(() => ro.putScan(plan("new")), StoreError);
      assert.deepEqual([ros.code, ros.data.doing], ["store.read_only", "saving scan new"]);
      ro.close();
      // A run on a read-only store answers and says it was not saved.
      const out = await runCeiling(m.dir, "low");
      assert.ok(
        out.status === "done" &&
          out.result.step_codes?.some((x) =>
            x.code === "step.not_saved" && x.data.why === "read_only"
          ),
      );
      // The command line: reading commands exit 0; a write exits 1 saying read-only.
      for (
        const args of [["scans"], ["plan", "low"], ["findings"], [
          "run",
          "ceiling_height",
          "--scan",
          "demo",
        ]]
      ) {
        const r = await cli(m.dir, args);
        assert.equal(r.code, 0, `${args.join(" ")}: ${r.stderr}`);
      }
      const w = await cli(m.dir, ["prefs", "set", "run.time_limit_s", "5"]);
      assert.equal(w.code, 1);
      assert.match(w.stderr, /the store is read-only/);
      assert.doesNotMatch(w.stderr, /move the file aside/);
    } finally {
      m.umount();
    }
  },
});

Deno.test({
  name: `store: a full disk is called a full disk, nothing is half-saved, reads still work${
    mountReason ? ` (skipped: ${mountReason})` : ""
  }`,
  ignore: mountReason !== undefined,
  async fn() {
    const m = tmpfs("1m") as Exclude<ReturnType<typeof tmpfs>, string>;
    try {
      const s = openStore(m.dir);
      s.putScan(plan("low"));
      // Fill the disk while the store is open.
      const filler = join(m.dir, "filler");
      try {
        Deno.writeFileSync(filler, new Uint8Array(2 * 1024 * 1024));
      } catch { /* full */ }
      const big = parsePlan({
        id: "big",
        floors: [{ id: "f0", index: 0 }],
        rooms: Array.from({ length: 3000 }, (_, i) => ({
          id: `r${i}`,
          floor: "f0",
          label: "other",
          polygon: [[i * 2, 0], [i * 2 + 1, 0], [i * 2 + 1, 1], [i * 2, 1]],
        })),
      });
      assert.equal(thrownBy(() => s.putScan(big), StoreError).code, "store.disk_full");
      assert.deepEqual(s.listScans().map((r) => r.id), ["low"]);
      s.close();
      // Opened on the full disk: reads work, writes say the disk is full.
      const full = openStore(m.dir);
      assert.deepEqual(full.listScans().map((r) => r.id), ["low"]);
      assert.equal(
        thrownBy(() => full.setPref("run.time_limit_s", 5), StoreError).code,
        "store.disk_full",
      );
      full.close();
      const w = await cli(m.dir, ["prefs", "set", "run.time_limit_s", "5"]);
      assert.equal(w.code, 1);
      assert.match(w.stderr, /the disk holding the store is full/);
      assert.doesNotMatch(w.stderr, /move the file aside|cannot be read as a threshold store/);
      // Space freed: the store is whole and writable again.
      Deno.removeSync(filler);
      const again = openStore(m.dir);
      again.putScan(plan("after"));
      assert.deepEqual(again.listScans().map((x) => x.id), ["after", "low"]);
      again.close();
    } finally {
      m.umount();
    }
  },
});
