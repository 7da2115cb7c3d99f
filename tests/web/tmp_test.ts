/**
 * Issue 31 § 6 in the web view: the upload folders of killed servers are removed when a server
 * starts (a process id no longer running; a folder untouched for a day when that cannot be
 * told), a running server's folder is kept; and the run's table.csv prefixes formula cells.
 */
import assert from "node:assert/strict";
import { basename, join } from "node:path";
import { dom } from "../_html.ts";
import { toCsv } from "../../render/table.ts";
import { openStore } from "../../core/store.ts";
import { removeLeftovers, STALE_MS } from "../../web/tmp.ts";
import { tempHome } from "../_cli.ts";
import { testWeb } from "./_server.ts";

Deno.test("web tmp: a killed server's upload folder is removed at the next start; live ones and others stay", async () => {
  const home = tempHome();
  const tmp = join(home, "tmp");
  Deno.mkdirSync(tmp, { recursive: true });
  // A real process, killed: its id is not running any more.
  const child = new Deno.Command("sleep", { args: ["30"] }).spawn();
  const dead = child.pid;
  child.kill("SIGKILL");
  await child.status;
  const mine = join(tmp, `threshold-web-${dead}-abc`);
  Deno.mkdirSync(mine);
  Deno.writeTextFileSync(join(mine, "upload-1.ifc"), "half an upload");
  const live = join(tmp, `threshold-web-${Deno.pid}-live`);
  Deno.mkdirSync(live);
  // A folder of the old naming (no id): kept while fresh, removed once a day old.
  const oldFresh = join(tmp, "threshold-web-fresh1");
  const oldStale = join(tmp, "threshold-web-stale1");
  Deno.mkdirSync(oldFresh);
  Deno.mkdirSync(oldStale);
  const then = new Date(Date.now() - STALE_MS - 60_000);
  Deno.utimeSync(oldStale, then, then);
  const other = join(tmp, "something-else");
  Deno.mkdirSync(other);
  const removed = await removeLeftovers(tmp);
  assert.deepEqual(removed.sort(), [`threshold-web-${dead}-abc`, "threshold-web-stale1"].sort());
  for (const kept of [live, oldFresh, other]) assert.ok(Deno.statSync(kept).isDirectory, kept);
  // A server starting in this store cleans the same way and names its own folder by its id.
  const leftover = join(tmp, `threshold-web-${dead}-xyz`);
  Deno.mkdirSync(leftover);
  const web = await testWeb({ home });
  try {
    assert.throws(() => Deno.statSync(leftover), Deno.errors.NotFound);
    assert.ok(basename(web.upload_dir).startsWith(`threshold-web-${Deno.pid}-`), web.upload_dir);
  } finally {
    await web.close();
  }
  assert.throws(
    () => Deno.statSync(web.upload_dir),
    Deno.errors.NotFound,
    "its own folder goes at close",
  );
});

Deno.test("web tmp: table.csv prefixes a cell a spreadsheet would run as a formula", async () => {
  const home = tempHome();
  const p = JSON.parse(
    Deno.readTextFileSync(new URL("../../fixtures/demo/plan.json", import.meta.url)),
  );
  p.id = "formula";
  p.rooms[0].name = "=1+2";
  const { parsePlan } = await import("../../ground/plan.ts");
  const s = openStore(home);
  s.putScan(parsePlan(p));
  s.close();
  const web = await testWeb({ home });
  try {
    const page =
      await (await web.post("/tools/takeoff/run", new URLSearchParams({ "in.scan": "formula" })))
        .text();
    const link = dom(page).querySelector('a[href$="/table.csv"]');
    assert.ok(link, "a CSV link");
    const csv = await (await web.get(link.getAttribute("href")!)).text();
    // The name as the CSV writer prefixes and quotes it; no cell starting with =.
    const cell = toCsv({ columns: ["x"], rows: [[p.rooms[0].name]] }).split("\n")[1];
    assert.ok(csv.includes(`,${cell},`), "the prefixed cell");
    assert.deepEqual(csv.split("\n").filter((l) => l.startsWith("=") || l.includes(",=")), []);
  } finally {
    await web.close();
  }
});
