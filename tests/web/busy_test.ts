/**
 * The web view under load (issue 31 § 1): runs go to a bounded pool off the serving thread,
 * so pages answer while it is busy; a run stops when its client goes; beyond the queue's
 * limit a run is refused as "busy, retry later"; long results are paged, with the rows that
 * matter first and the rest on request or as CSV, and a plan too large to draw is said to be.
 * All on loopback, bounded in count and time.
 */
import assert from "node:assert/strict";
import { openStore } from "../../core/store.ts";
import { assertGolden } from "../_golden.ts";
import { alertOf, dom, textOf } from "../_html.ts";
import { gridPlan } from "../_big_plan.ts";
import { resultTable } from "../../render/table.ts";
import { sseEvents, testWeb, WEB_TOOLS } from "./_server.ts";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const form = (o: Record<string, string>) => new URLSearchParams(o);

/** Waits (at most `ms`) until `ok()`; whether it came true. */
async function until(ok: () => boolean, ms = 10_000): Promise<boolean> {
  const end = Date.now() + ms;
  while (!ok() && Date.now() < end) await sleep(20);
  return ok();
}

Deno.test("web busy: pages answer while the pool runs; beyond the queue a run is refused as busy; a client that goes stops its run", async () => {
  const web = await testWeb({ toolsDir: WEB_TOOLS, pool: { size: 1, queue_max: 1 } });
  try {
    // Two 20 s runs (1,000 steps of 20 ms): one fills the one worker, one waits; both
    // clients leave at the end.
    const slow = (signal: AbortSignal) =>
      fetch(`${web.origin}/tools/slow_walk/run`, {
        method: "POST",
        body: form({ "in.scan": "demo", "in.steps": "1000" }),
        headers: { origin: web.origin },
        signal,
      }).then((r) => r.text()).catch(() => "gone");
    const keep = new AbortController(), first = new AbortController();
    let firstDone = false;
    const running = slow(keep.signal).then(() => firstDone = true);
    assert.ok(await until(() => web.pool().running === 1), JSON.stringify(web.pool()));
    const leaving = slow(first.signal);
    assert.ok(
      await until(() => web.pool().running === 1 && web.pool().queued === 1),
      JSON.stringify(web.pool()),
    );
    // Pages are served while both runs hold the pool.
    for (let i = 0; i < 5; i++) {
      const r = await web.get("/tools");
      assert.equal(r.status, 200);
      assert.ok(dom(await r.text()).querySelector('a[href="/tools/slow_walk"]'));
    }
    assert.equal(firstDone, false, "the pages came back before the run ended");
    // The queue is full (1 running, 1 waiting): the next run is refused at once, in words.
    const refused = await web.post(
      "/tools/slow_walk/run",
      form({ "in.scan": "demo", "in.steps": "1" }),
    );
    assert.equal(refused.status, 503);
    assert.equal(refused.headers.get("retry-after"), "5");
    const refusal = alertOf(await refused.text());
    // Over SSE the refusal is an error event saying the same.
    const sse = await (await web.post(
      "/tools/slow_walk/run",
      form({ "in.scan": "demo", "in.steps": "1" }),
      { accept: "text/event-stream" },
    )).text();
    const errors = (await sseEvents(new Response(sse))).filter((e) => e.event === "error");
    assert.equal(errors.length, 1);
    assert.equal(errors[0].data.busy, true);
    // The same words over SSE as on the page.
    assert.equal(errors[0].data.message, refusal);
    await assertGolden("web.busy.refused", { refusal });
    // The waiting client leaves: its place in the queue is given up.
    first.abort();
    await leaving;
    assert.ok(await until(() => web.pool().queued === 0), JSON.stringify(web.pool()));
    assert.equal(web.pool().running, 1);
    keep.abort();
    await running;
    assert.ok(await until(() => web.pool().running === 0), JSON.stringify(web.pool()));
  } finally {
    await web.close();
  }
});

Deno.test("web busy: a plain POST whose client disconnects stops its run and frees the worker", async () => {
  const web = await testWeb({ toolsDir: WEB_TOOLS, pool: { size: 1, queue_max: 0 } });
  try {
    const ac = new AbortController();
    const gone = fetch(`${web.origin}/tools/slow_walk/run`, {
      method: "POST",
      body: form({ "in.scan": "demo", "in.steps": "1000" }),
      headers: { origin: web.origin },
      signal: ac.signal,
    }).then((r) => r.text()).catch(() => "gone");
    assert.ok(await until(() => web.pool().running === 1), JSON.stringify(web.pool()));
    ac.abort();
    assert.equal(await gone, "gone");
    // The worker is free again well before the 20 s the run would take.
    assert.ok(await until(() => web.pool().running === 0, 5000), JSON.stringify(web.pool()));
    // Nothing was stored for the run that was stopped, and the next run is served.
    const s = openStore(web.home);
    assert.equal(s.listRuns({ tool: "slow_walk", limit: 10 }).length, 0);
    s.close();
    const r = await web.post("/tools/slow_walk/run", form({ "in.scan": "demo", "in.steps": "1" }));
    assert.equal(r.status, 200);
    const st = openStore(web.home);
    const [done] = st.listRuns({ tool: "slow_walk", limit: 10 });
    st.close();
    assert.equal(done.status, "pass");
  } finally {
    await web.close();
  }
});

Deno.test("web busy: a long result is paged (rows that matter first), its plan too large to draw is said, the rest on request and as CSV", async () => {
  const home = (await import("../_cli.ts")).tempHome();
  const side = 46; // 2,116 rooms: past the 2,000 the page draws
  const loaded = gridPlan(side);
  const store = openStore(home);
  store.putScan({ ...loaded, plan: { ...loaded.plan, id: "big", name: "Big grid" } });
  store.close();
  const web = await testWeb({ home });
  try {
    const r = await web.post("/tools/ceiling_height/run", form({ "in.scan": "big" }));
    assert.equal(r.status, 200);
    const page = await r.text();
    const doc = dom(page);
    assert.equal(doc.querySelector("svg.plan"), null, "the plan is not drawn");
    // 100 check rows, not 2,116.
    const rows = doc.querySelector("section.block.checks")!.querySelectorAll("tr").length;
    assert.equal(rows, 101, "a header row and 100 checks");
    assert.ok(page.length < 400_000, `the page is ${page.length} characters`);
    const next = doc.querySelector("section.block.checks")!.querySelector("p.page-nav>a")!;
    const runId = next.getAttribute("href")!.split("/runs/")[1]?.split("?page=2")[0];
    assert.ok(runId, "a link to the next page of the stored run");
    const nav = async (n: string) =>
      textOf(dom(await (await web.get(`/runs/${runId}?page=${n}`)).text()), "p.page-nav");
    const bad = await web.get(`/runs/${runId}?page=abc`);
    assert.equal(bad.status, 400);
    // A table is paged too, and every row is in its CSV.
    const t = dom(await (await web.post("/tools/takeoff/run", form({ "in.scan": "big" }))).text());
    const st = openStore(home);
    const takeoff = st.listRuns({ tool: "takeoff", limit: 1 })[0];
    const total = resultTable(st.getRun(takeoff.id)!.result)!.rows.length;
    st.close();
    assert.ok(total > 100, `takeoff's table has ${total} rows`);
    const tid = takeoff.id;
    assert.ok(t.querySelector(`a[href="/runs/${tid}/table.csv"]`), "the CSV link");
    // The words, with the figures they carry (2,116 rooms; the table's rows).
    await assertGolden("web.busy.paging", {
      first: textOf(doc, "section.block.checks>p.page-nav"),
      too_many: textOf(doc, "section.block.planview>p.note"),
      second: await nav("2"),
      last: await nav("999"),
      bad_page: alertOf(await bad.text()),
      table_first: textOf(t, "section.block.table>p.page-nav")?.replace(String(total), "N"),
    });
    const csv = await (await web.get(`/runs/${tid}/table.csv`)).text();
    assert.equal(csv.trim().split("\n").length, total + 1, csv.slice(0, 300));
  } finally {
    await web.close();
  }
});

Deno.test("web busy: the rows that matter come first (fail, error, unknown, warn, pass; ties keep their order) and a page is at most 100", async () => {
  const { mattersFirst, pageSlice, PER_PAGE } = await import("../../web/blocks/paging.tsx");
  const xs = ["pass", "warn", "fail", "unknown", "pass", "error", "fail"].map((s, i) => ({ s, i }));
  assert.deepEqual(
    mattersFirst(xs, (x) => x.s).map((x) => `${x.s}${x.i}`),
    ["fail2", "fail6", "error5", "unknown3", "warn1", "pass0", "pass4"],
  );
  const many = Array.from({ length: 250 }, (_, i) => i);
  assert.equal(PER_PAGE, 100);
  const p3 = pageSlice(many, { n: 3 });
  assert.deepEqual([p3.from, p3.to, p3.items.length, p3.pages], [200, 250, 50, 3]);
  assert.equal(pageSlice(many, { n: 99 }).n, 3, "past the end is the last page");
  assert.equal(pageSlice([], { n: 1 }).pages, 1);
});
