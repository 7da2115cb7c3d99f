/**
 * Finding ids a person can type (issue 24 §4): shell-safe (no `$` from IFC GlobalIds), a
 * number kept for each finding (`threshold reject 3`), a store written before both migrated
 * keeping every status and reason, and an id typed the old way still finding its finding.
 */
import { DatabaseSync } from "node:sqlite";
import { join } from "node:path";
import { openStore } from "../../core/store.ts";
import { findingId, shellSafeId } from "../../core/result.ts";
import { setFindingVerdict } from "../../core/findings.ts";
import { InputError } from "../../ground/errors.ts";
import { importSource } from "../../layers/mod.ts";
import { loadRegistry } from "../../core/registry.ts";
import { runTool } from "../../core/run.ts";
import { RUN_IO } from "../../layers/io.ts";
import { fitTable } from "../../cli/layout.ts";
import { findingGuids, guidFindingId, topicGuids } from "../../layers/bcf/guid.ts";
import { sharedData } from "../_data.ts";
import { tempHome } from "../_cli.ts";
import { assert, assertEquals } from "../_assert.ts";

const SHELL = /[$`'"\\!*?&;|<>(){}[\]#~^\s]/;
const OLD = "sun_hours:room:2RSCzLOBz4FAK$_wE8VckM";

Deno.test("finding ids: every finding on FZK is shell-safe (no $ from a GlobalId)", async () => {
  const fzk = (await importSource(sharedData("ifc/AC20-FZK-Haus.ifc"), { id: "fzk" })).loaded;
  const registry = await loadRegistry();
  let dollars = 0;
  for (const id of ["sun_hours", "door_clearance", "code_check", "ceiling_height"]) {
    const out = await runTool(registry.require(id), {
      ...RUN_IO,
      plans: { fzk },
      set: { scan: "fzk", ...(id === "code_check" ? { pack: "ada-2010" } : {}) },
      persona: {
        id: "t",
        title: "t",
        preset: { "access.chair_width_m": { value: 0.66, source: "test" } },
      },
    });
    assertEquals(out.status, "done", id);
    if (out.status !== "done") continue;
    for (const f of out.result.findings) {
      assert(!SHELL.test(f.id), f.id);
      if (f.subject?.includes("$")) dollars++;
    }
  }
  // FZK's GlobalIds do carry `$`: the test judged ids that would have had one.
  assert(dollars > 0, "no finding about an element whose GlobalId has a $");
  assertEquals(findingId("t", "room", "2RSCzLOBz4FAK$_wE8VckM"), "t:room:2RSCzLOBz4FAK-_wE8VckM");
  assertEquals(shellSafeId(OLD), "sun_hours:room:2RSCzLOBz4FAK-_wE8VckM");
});

Deno.test("finding ids: a store from before is migrated, keeping statuses; numbers are kept", () => {
  const home = tempHome();
  openStore(home).close();
  // Made as version 5 wrote it: no number column, an id with `$`, rejected with a reason.
  const db = new DatabaseSync(join(home, "threshold.db"));
  db.exec("DROP INDEX IF EXISTS findings_num; ALTER TABLE findings DROP COLUMN num;");
  const ins = db.prepare(
    `INSERT INTO findings (scan, id, tool, status, title, detail, subject, reason, first_run,
     last_run, first_seen, last_seen, scope) VALUES (?, ?, 'sun_hours', ?, 't', NULL, ?, ?, 'r',
     'r', ?, ?, '')`,
  );
  ins.run("fzk", OLD, "rejected", "2RSCzLOBz4FAK$_wE8VckM", "north light only", "2025-01-02", "x");
  ins.run(
    "fzk",
    "sun_hours:room:0Lt8gR_E9ESeGH5uY_g9e9",
    "open",
    "0Lt8gR_E9ESeGH5uY_g9e9",
    null,
    "2025-01-01",
    "x",
  );
  db.exec("PRAGMA user_version = 5");
  db.close();

  const store = openStore(home);
  try {
    const rows = store.listFindings({ all: true });
    assertEquals(
      rows.map((r) => [r.id, r.status, r.reason ?? null, r.num]),
      [
        ["sun_hours:room:0Lt8gR_E9ESeGH5uY_g9e9", "open", null, 1],
        ["sun_hours:room:2RSCzLOBz4FAK-_wE8VckM", "rejected", "north light only", 2],
      ],
    );
    // The old id (with `$`), the new one and the number all name the same finding.
    for (const typed of [OLD, shellSafeId(OLD), "2", "#2"]) {
      assertEquals(store.findFinding(typed).map((r) => r.id), [shellSafeId(OLD)], typed);
    }
    // A later run keeps the rejection, and a new finding gets the next number.
    const rejected = store.syncFindings("fzk", "sun_hours", [
      { id: shellSafeId(OLD), status: "open", title: "t", subject: "2RSCzLOBz4FAK$_wE8VckM" },
      { id: "sun_hours:room:new", status: "open", title: "n", subject: "new" },
    ], "run-2");
    assertEquals([...rejected], [shellSafeId(OLD)]);
    assertEquals(store.findFinding("sun_hours:room:new")[0].num, 3);
    // Restored by its number.
    const row = setFindingVerdict(store, "2", { status: "open" });
    assertEquals(row.id, shellSafeId(OLD));
    assertEquals(store.findFinding(OLD)[0].status, "open");
    // A number nobody has is a clear error naming the input.
    let err: unknown;
    try {
      setFindingVerdict(store, "99", { status: "rejected" }, { id: "finding" });
    } catch (e) {
      err = e;
    }
    assert(err instanceof InputError);
    assertEquals((err as InputError).input, "finding");
  } finally {
    store.close();
  }
});

Deno.test("finding ids: the findings table never wraps an id mid-id", () => {
  const id = "step_free_route:room:f01_room_02";
  const text = fitTable(
    ["#", "Scan", "Finding", "Status", "Title"],
    [["1", "zind", id, "open", "closet cannot be reached step-free: blocked at a door ".repeat(3)]],
    { width: 80, whole: [0, 2] },
  );
  assert(text.split("\n").some((l) => l.includes(id)), text);
  for (const l of text.split("\n")) assert([...l].length <= 80, l);
  // Without `whole` the same table narrows the id column too (the test can fail).
  const narrow = fitTable(
    ["#", "Scan", "Finding", "Status", "Title"],
    [["1", "zind", id, "open", "closet cannot be reached step-free: blocked at a door ".repeat(3)]],
    { width: 60 },
  );
  assert(!narrow.split("\n").some((l) => l.includes(id)), narrow);
});

Deno.test("finding ids: BCF topic GUIDs stay what they were before ids were made shell-safe", () => {
  const subject = "2RSCzLOBz4FAK$_wE8VckM";
  const now = { id: shellSafeId(OLD), subject };
  // The GUID is made from the id as it was (the `$` put back from the subject): a topic
  // exported before keeps its GUID, so a BIM tool updates it instead of adding another.
  assertEquals(guidFindingId(now), OLD);
  assertEquals(findingGuids("fzk", now), topicGuids("fzk", OLD));
  assert(findingGuids("fzk", now).topic !== topicGuids("fzk", now.id).topic);
  // A finding with nothing to put back is its own id (its GUID never changed).
  const plain = { id: "door_clearance:door:d7", subject: "d7" };
  assertEquals(findingGuids("fzk", plain), topicGuids("fzk", plain.id));
  // A rule in the id keeps its place.
  const rule = { id: findingId("code_check", "opening", subject, "ada-404.2.3"), subject };
  assertEquals(guidFindingId(rule), `code_check:opening:${subject}:ada-404.2.3`);
});
