/**
 * Issue 27: the web form follows the chosen scan. `?scan=` and the form's own GET (its
 * "Show this scan's rooms and doors" button, no JavaScript needed) give that scan's room and
 * door lists; the island fetches the same fields as JSON when the scan changes. A room of the
 * last building is not kept.
 */
import assert from "node:assert/strict";
import { cli } from "../_cli.ts";
import { fixture } from "../_data.ts";
import { testWeb } from "./_server.ts";
import { tempHome } from "../_cli.ts";

const options = (page: string, name: string) => {
  const select = new RegExp(`<select id="in-${name}"[^>]*>([\\s\\S]*?)</select>`).exec(page);
  assert.ok(select, `a select for ${name}`);
  return [...select[1].matchAll(/<option value="([^"]*)"/g)].map((m) => m[1]).filter(Boolean);
};

async function webWithTwoScans() {
  const home = tempHome();
  const r = await cli(home, ["import", fixture("plans/bowtie.json"), "--id", "bowtie"]);
  assert.equal(r.code, 0, r.stderr);
  return await testWeb({ home });
}

Deno.test("web: ?scan= gives that scan's rooms; the form's GET gives them without JavaScript", async () => {
  const web = await webWithTwoScans();
  try {
    const demo = options(await (await web.get("/tools/will_it_fit?scan=demo")).text(), "to");
    const bowtie = options(await (await web.get("/tools/will_it_fit?scan=bowtie")).text(), "to");
    assert.deepEqual(bowtie, ["r1", "r2"]);
    assert.ok(demo.length > 5 && !demo.includes("r1"), demo.join(", "));
    // The no-JavaScript path: the button sends the whole form as a GET; a demo room given
    // for the bowtie scan is dropped, the item typed is kept.
    const page = await (await web.get(
      `/tools/will_it_fit?in.scan=bowtie&in.item=sofa&in.to=${encodeURIComponent(demo[0])}`,
    )).text();
    assert.deepEqual(options(page, "to"), ["r1", "r2"]);
    assert.doesNotMatch(page, /<option value="r\d"[^>]*selected/);
    assert.match(page, /<option value="sofa" selected/);
    assert.match(page, /formmethod="get" formaction="\/tools\/will_it_fit"/);
    assert.match(page, /Show this scan&#39;s rooms and doors|Show this scan's rooms and doors/);
  } finally {
    await web.close();
  }
});

Deno.test("web: the island's fetch for another scan gets its fields as JSON", async () => {
  const web = await webWithTwoScans();
  try {
    const res = await fetch(`${web.origin}/tools/will_it_fit?in.scan=bowtie&in.to=g_living`, {
      headers: { accept: "application/json" },
    });
    assert.equal(res.status, 200);
    assert.match(res.headers.get("content-type") ?? "", /application\/json/);
    const props = await res.json();
    const to = props.fields.find((f: { name: string }) => f.name === "to");
    assert.deepEqual(to.choices.map((c: { value: string }) => c.value), ["r1", "r2"]);
    assert.equal(to.value, "", "a room of another scan is not kept");
    assert.equal(props.fields.find((f: { scan?: boolean }) => f.scan).value, "bowtie");
    // A run from those fields names the bowtie's room, not the demo's.
    const run = await web.post(
      "/tools/will_it_fit/run",
      new URLSearchParams({ "in.scan": "bowtie", "in.item": "sofa", "in.to": "r2" }),
    );
    const text = await run.text();
    assert.doesNotMatch(text, /no room/);
  } finally {
    await web.close();
  }
});

Deno.test("web: the scan page's headings go h1 → h2 (no h3 jump); the plan opens on the entrance floor", async () => {
  const web = await testWeb();
  try {
    const page = await (await web.get("/scans/demo")).text();
    const levels = [...page.matchAll(/<h([1-6])[\s>]/g)].map((m) => Number(m[1]));
    assert.equal(levels[0], 1);
    for (let i = 1; i < levels.length; i++) {
      assert.ok(levels[i] <= levels[i - 1] + 1, `h${levels[i - 1]} then h${levels[i]}`);
    }
    assert.match(page, /<h2 id="h-plan">Plan<\/h2>/);
    // The demo's front door is on its ground floor: the viewer starts there.
    const props = /data-island="PlanViewer" data-props="([^"]*)"/.exec(page)![1]
      .replaceAll("&quot;", '"');
    const { start, floors } = JSON.parse(props);
    const { BUILTIN_SCANS } = await import("../../layers/builtin.ts");
    const plan = BUILTIN_SCANS.demo().plan;
    const front = plan.openings.find((o) => o.main_entrance) ??
      plan.openings.find((o) => o.kind === "door" && o.between.includes(null))!;
    assert.equal(start, front.floor);
    assert.ok(floors.some((f: { id: string }) => f.id === start));
  } finally {
    await web.close();
  }
});

Deno.test("web: entranceFloor is the entrance's floor, not the first in the file (a foundation)", async () => {
  const { entranceFloor } = await import("../../web/blocks/PlanView.tsx");
  const { BUILTIN_SCANS } = await import("../../layers/builtin.ts");
  const demo = BUILTIN_SCANS.demo().plan;
  const front = demo.openings.find((o) => o.kind === "door" && o.between.includes(null))!;
  // A foundation level listed first, below everything: the plan still opens on the entrance's.
  const plan = {
    ...demo,
    floors: [{ id: "found", index: -1, name: "Foundation", elevation_m: -2 }, ...demo.floors],
  } as typeof demo;
  assert.equal(entranceFloor(plan), front.floor);
  // No door to the outside: the ground floor (index 0), not the foundation.
  const closed = { ...plan, openings: plan.openings.filter((o) => !o.between.includes(null)) };
  assert.equal(
    entranceFloor(closed as typeof demo),
    demo.floors.find((f) => f.index === 0)?.id,
  );
});

Deno.test("web: the home page's preference forms are behind a disclosure; a reject returns to the list", async () => {
  const web = await testWeb();
  try {
    const home = await (await web.get("/")).text();
    const details =
      /<details class="prefs-all"([^>]*)>\s*<summary>([^<]*(?:<!-- -->[^<]*)*)<\/summary>/
        .exec(home);
    assert.ok(details, "a <details> around the preferences");
    assert.doesNotMatch(details[1], /open/, "closed until asked for");
    assert.match(details[2].replaceAll("<!-- -->", ""), /All preferences \(\d+, 0 set\)/);
    const inside = home.split('<details class="prefs-all"')[1];
    assert.ok(inside.includes('action="/prefs"'), "the forms are inside it");
    const saved = await web.post(
      "/prefs",
      new URLSearchParams({ key: "body.height_m", value: "1.8" }),
    );
    const after = await (await fetch(`${web.origin}${saved.headers.get("location")}`)).text();
    assert.match(after, /<details class="prefs-all" open/);
    // The result's finding list heading is a focus target (the reject's #h-findings).
    const run = await (await web.post(
      "/tools/ceiling_height/run",
      new URLSearchParams({ "in.scan": "demo" }),
    )).text();
    assert.match(run, /<h3 id="h-findings" tabindex="-1">Findings \(\d+\)/);
  } finally {
    await web.close();
  }
});

Deno.test("web: labels read as words (no leading article, no unit suffix in a name)", async () => {
  const { inputWords } = await import("../../ground/text.ts");
  assert.equal(inputWords("min_clear_width_m"), "min clear width");
  assert.equal(inputWords("floor_area_m2"), "floor area");
  assert.equal(inputWords("pack"), "pack");
  const web = await testWeb();
  try {
    const page = await (await web.get("/tools/step_free_route")).text();
    const labels = [...page.matchAll(/<label for="in-[^"]+">([^<]*)/g)].map((m) => m[1]);
    assert.ok(labels.length > 2, labels.join(" | "));
    for (const l of labels) {
      assert.doesNotMatch(l, /^(A|An|The) /, l);
      assert.doesNotMatch(l, /\b[a-z]+_[a-z_]+\b/, `${l}: a name, not words`);
    }
    assert.ok(labels.some((l) => l.startsWith("Highest threshold")), labels.join(" | "));
  } finally {
    await web.close();
  }
});

Deno.test("web: display.units shows lengths in feet and inches in checks, metrics and the plan", async () => {
  const { openStore } = await import("../../core/store.ts");
  const { feetInches } = await import("../../ground/units.ts");
  const web = await testWeb();
  try {
    const run = () =>
      web.post(
        "/tools/door_clearance/run",
        new URLSearchParams({ "in.scan": "demo", "in.chair_width_m": "0.7" }),
      ).then((r) => r.text());
    const metric = await run();
    const s = openStore(web.home);
    s.setPref("display.units", "both");
    const runs = s.listRuns({ scan: "demo", limit: 5 });
    const checks = s.getRun(runs[0].id)!.result.checks;
    s.close();
    const both = await run();
    const c = checks.find((x) => x.unit === "m" && x.measured !== undefined)!;
    assert.ok(!metric.includes("″"), "metric by default");
    const shown = `${feetInches(c.measured!)} (`;
    assert.ok(both.includes(shown), `both shows ${shown}`);
    assert.match(both, /class="scale-bar-text"[^>]*>[\d.]+ ft \([\d.]+ m\)</);
  } finally {
    await web.close();
  }
});
