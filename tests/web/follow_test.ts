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
import { assertGolden } from "../_golden.ts";
import { dom, spoken, textOf } from "../_html.ts";

const options = (page: string, name: string) => {
  const select = dom(page).querySelector(`select#in-${name}`);
  assert.ok(select, `a select for ${name}`);
  return [...select.querySelectorAll("option")].map((o) => o.getAttribute("value") ?? "")
    .filter(Boolean);
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
    const doc = dom(page);
    assert.equal(doc.querySelector("select#in-to>option[selected]")?.getAttribute("value"), "");
    assert.equal(
      doc.querySelector("select#in-item>option[selected]")?.getAttribute("value"),
      "sofa",
    );
    const follow = doc.querySelector('button[formmethod="get"][formaction="/tools/will_it_fit"]');
    assert.ok(follow, "the form's own GET button");
    await assertGolden("web.follow.button", { follow: follow.textContent });
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
    assert.equal(res.headers.get("content-type")?.split(";")[0], "application/json");
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
    assert.equal(run.status, 200, "the bowtie's room is accepted");
    assert.ok(dom(await run.text()).querySelector("section.block.verdict"));
  } finally {
    await web.close();
  }
});

Deno.test("web: the scan page's headings go h1 → h2 (no h3 jump); the plan opens on the entrance floor", async () => {
  const web = await testWeb();
  try {
    const page = await (await web.get("/scans/demo")).text();
    const doc = dom(page);
    const levels = [...doc.querySelectorAll("h1,h2,h3,h4,h5,h6")].map((h) => Number(h.tagName[1]));
    assert.equal(levels[0], 1);
    for (let i = 1; i < levels.length; i++) {
      assert.ok(levels[i] <= levels[i - 1] + 1, `h${levels[i - 1]} then h${levels[i]}`);
    }
    assert.equal(doc.querySelector("#h-plan")?.tagName.toLowerCase(), "h2");
    // The demo's front door is on its ground floor: the viewer starts there.
    const viewer = doc.querySelector('[data-island="PlanViewer"]')!;
    const { start, floors } = JSON.parse(viewer.getAttribute("data-props")!);
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
    const home = dom(await (await web.get("/")).text());
    const details = home.querySelector("details.prefs-all");
    assert.ok(details, "a <details> around the preferences");
    assert.equal(details.hasAttribute("open"), false, "closed until asked for");
    const { PREFERENCE_KEYS } = await import("../../presets/preferences.ts");
    const forms = [...details.querySelectorAll('form[action="/prefs"]')];
    assert.ok(forms.length > 0, "the forms are inside it");
    const summary = textOf(details, "summary")!;
    const saved = await web.post(
      "/prefs",
      new URLSearchParams({ key: "body.height_m", value: "1.8" }),
    );
    const after = dom(await (await fetch(`${web.origin}${saved.headers.get("location")}`)).text());
    assert.equal(after.querySelector("details.prefs-all")?.hasAttribute("open"), true);
    // The result's finding list heading is a focus target (the reject's #h-findings).
    const run = await (await web.post(
      "/tools/ceiling_height/run",
      new URLSearchParams({ "in.scan": "demo" }),
    )).text();
    const heading = dom(run).querySelector("h3#h-findings")!;
    assert.equal(heading.getAttribute("tabindex"), "-1");
    await assertGolden("web.follow.prefs", {
      summary: summary.replace(String(PREFERENCE_KEYS.length), "N"),
      findings_heading: spoken(heading),
    });
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
    const labels = [...dom(page).querySelectorAll('label[for^="in-"]')].map((l) =>
      l.firstChild!.textContent!.trim()
    );
    assert.ok(labels.length > 2, labels.join(" | "));
    // Words, not input names: no underscores, no leading article (the golden file has them all).
    for (const l of labels) {
      assert.equal(l.includes("_"), false, `${l}: a name, not words`);
      assert.ok(!["a", "an", "the"].includes(l.split(" ")[0].toLowerCase()), l);
    }
    await assertGolden("web.follow.labels", labels);
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
    // The plan's scale bar says its length in both units (feet first, metres in brackets).
    const bar = dom(both).querySelector("text.scale-bar-text")!.textContent!;
    const [ft, ftUnit, m, mUnit] = bar.split(" ");
    assert.ok(Number(ft) > 0 && Number(m.slice(1)) > 0, bar);
    assert.deepEqual([ftUnit, mUnit], ["ft", "m)"], bar);
  } finally {
    await web.close();
  }
});
