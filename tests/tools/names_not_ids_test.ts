/**
 * People read names, not ids (design.md, "Truthful results"; issue 24 §4): every tool run on
 * the real FZK house and the ZInD tour says no plan id or IFC GlobalId in what a person
 * reads — verdict, metric labels, check labels and notes, finding titles and details,
 * overlay labels, assumptions, steps, the table's headings and text cells (an `id` column
 * aside), the picture's text and the questions' choices. Ids may stay in ids and data.
 * Repeated names are told apart the same way everywhere (ZInD's three bedrooms).
 */
import { BUILTIN_SCANS } from "../../layers/builtin.ts";
import { loadRegistry } from "../../core/registry.ts";
import { runTool } from "../../core/run.ts";
import { planChoices } from "../../core/session.ts";
import type { ToolResult } from "../../core/result.ts";
import type { Plan } from "../../ground/plan.ts";
import { planNames } from "../../ground/names.ts";
import { planSvg } from "../../render/planview.ts";
import { columnHeading } from "../../render/table.ts";
import { RUN_IO } from "../../layers/io.ts";
import { samplePlans, TEST_CHAIR } from "../_samples.ts";
import { fakeDetector } from "./_vision_fake.ts";
import { assert, assertEquals } from "../_assert.ts";

const registry = await loadRegistry();

/** Every id of a plan's elements. */
function planIds(plan: Plan): string[] {
  return [plan.rooms, plan.openings, plan.floors, plan.verticals, plan.objects, plan.sweeps]
    .flat().map((e) => e.id);
}

/** Each run of a tool on a scan: its inputs beyond the scan (several where they say more). */
function variants(id: string, plan: Plan): Record<string, unknown>[] {
  const last = plan.rooms.filter((r) => !r.derived).at(-1)!.id;
  switch (id) {
    case "code_check":
      return [{ pack: "uk-adm" }, { pack: "ada-2010" }, { pack: "irc-2021" }];
    case "will_it_fit":
      return [{ item: "sofa", to: last }];
    case "step_free_route":
      return [{}, { to: last }];
    case "sun_hours":
      return [{}, { standard: "bre209" }];
    default:
      return [{}];
  }
}

/** Every text a person reads in a result, with where it was. */
function humanTexts(r: ToolResult, plan: Plan): [string, string][] {
  const out: [string, string][] = [["verdict", r.verdict.text]];
  for (const m of r.metrics) out.push([`metric ${m.id}`, m.label]);
  for (const c of r.checks) {
    out.push([`check ${c.id}`, c.label]);
    if (c.note) out.push([`check note ${c.id}`, c.note]);
  }
  for (const f of r.findings) {
    out.push([`finding ${f.id}`, f.title]);
    if (f.detail) out.push([`finding detail ${f.id}`, f.detail]);
  }
  for (const o of r.overlays) if (o.label) out.push([`overlay ${o.id}`, o.label]);
  for (const a of r.assumptions) out.push(["assumption", a.text]);
  for (const s of r.steps) out.push(["step", s]);
  const t = r.data?.table;
  if (t) {
    for (const c of t.columns) out.push(["table heading", columnHeading(c)]);
    for (const row of t.rows) {
      row.forEach((v, i) => {
        if (typeof v === "string" && t.columns[i] !== "id") out.push([`cell ${t.columns[i]}`, v]);
      });
    }
  }
  for (const chart of Object.values(r.data?.charts ?? {})) {
    out.push(["chart title", chart.title]);
    for (const w of chart.windows ?? []) out.push(["chart window", w.id]);
  }
  const svg = planSvg(plan, { overlays: r.overlays, title: r.verdict.text });
  for (const m of svg.matchAll(/<(text|title|desc|tspan)\b[^>]*>([^<]+)</g)) {
    out.push(["picture text", m[2]]);
  }
  for (const m of svg.matchAll(/aria-label="([^"]*)"/g)) out.push(["picture label", m[1]]);
  return out;
}

const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** The ids that stand alone in a text (not part of a longer word). */
function idsIn(text: string, ids: RegExp): string[] {
  return [...text.matchAll(ids)].map((m) => m[0]);
}

const names = (p: Plan) => planNames(p);

for (const m of registry.tools) {
  Deno.test(`names, not ids: ${m.id} on FZK and ZInD says no id where a person reads`, async () => {
    const ps = await samplePlans();
    for (const scan of ["fzk", "zind"]) {
      const plan = ps[scan].plan;
      const ids = planIds(plan);
      const re = new RegExp(`(?<![\\w$])(?:${ids.map(esc).join("|")})(?![\\w$])`, "g");
      for (const extra of variants(m.id, plan)) {
        const key = m.id === "site_facts" ? "place" : "scan";
        const out = await runTool(m, {
          ...RUN_IO,
          // The vision tools' texts are what is checked, not the network: a stand-in detector.
          detector: () => Promise.resolve(fakeDetector()),
          builtins: BUILTIN_SCANS,
          plans: ps,
          persona: TEST_CHAIR,
          set: { [key]: scan, ...extra },
        });
        assertEquals(out.status, "done", `${m.id} on ${scan} asked for input`);
        if (out.status !== "done") continue;
        const leaks = humanTexts(out.result, plan).flatMap(([where, text]) =>
          idsIn(text, re).map((id) => `${where}: ${id} in ${JSON.stringify(text.slice(0, 120))}`)
        );
        assertEquals(leaks, [], `${m.id} on ${scan} ${JSON.stringify(extra)}`);
        // A raw key is no heading: no snake_case word reaches a person as a column heading.
        for (const c of out.result.data?.table?.columns ?? []) {
          assert(!/_/.test(columnHeading(c)), `${m.id}: heading ${columnHeading(c)}`);
        }
      }
    }
  });
}

Deno.test("names, not ids: the scanner finds an id where one is said (it can fail)", async () => {
  const { fzk } = await samplePlans();
  const w = fzk.plan.openings.find((o) => o.kind === "window")!;
  const re = new RegExp(`(?<![\\w$])(?:${planIds(fzk.plan).map(esc).join("|")})(?![\\w$])`, "g");
  assertEquals(idsIn(`Best window (${w.id})`, re), [w.id]);
  assertEquals(idsIn(`Best window (${names(fzk.plan).opening.get(w.id)})`, re), []);
});

Deno.test("names, not ids: the choices a question offers are names", async () => {
  for (const [scan, loaded] of Object.entries(await samplePlans())) {
    const ids = new Set(planIds(loaded.plan));
    for (const refers of ["room", "door", "window", "floor"] as const) {
      const choices = planChoices(loaded.plan, refers);
      assert(choices.length > 0 || refers === "window", `${scan} ${refers}`);
      for (const c of choices) assert(!ids.has(c.label), `${scan} ${refers}: ${c.label}`);
      // Each label names one thing: repeated names are told apart.
      assertEquals(new Set(choices.map((c) => c.label)).size, choices.length, `${scan} ${refers}`);
    }
  }
});

Deno.test("names, not ids: sun_hours on FZK names its best window and its table's windows", async () => {
  const ps = await samplePlans();
  const out = await runTool(registry.require("sun_hours"), {
    ...RUN_IO,
    plans: ps,
    set: { scan: "fzk" },
  });
  assertEquals(out.status, "done");
  if (out.status !== "done") return;
  const n = names(ps.fzk.plan);
  const windows = out.result.data!.windows as { id: string }[];
  const t = out.result.data!.table!;
  // The Window column is the windows' display names, row by row, and they are told apart.
  assertEquals(t.rows.map((r) => r[0]), windows.map((w) => n.opening.get(w.id)));
  assertEquals(new Set(t.rows.map((r) => r[0])).size, t.rows.length);
  const best = out.result.metrics.find((m) => m.id === "best_window_day_h")!;
  assert(
    [...n.opening.values()].some((name) => best.label.endsWith(`(${name})`)),
    best.label,
  );
});

Deno.test("repeated names: turning_space on ZInD tells its three bedrooms apart everywhere", async () => {
  const ps = await samplePlans();
  const plan = ps.zind.plan;
  const n = names(plan);
  const bedrooms = plan.rooms.filter((r) => r.label === "bedroom");
  assertEquals(bedrooms.length, 3);
  const out = await runTool(registry.require("turning_space"), {
    ...RUN_IO,
    plans: ps,
    set: { scan: "zind", turning_diameter_m: 1.5 },
  });
  assertEquals(out.status, "done");
  if (out.status !== "done") return;
  const r = out.result;
  // Check rows: one label per room, each with the room's display name.
  const labels = r.checks.map((c) => c.label);
  assertEquals(new Set(labels).size, labels.length, labels.join(" | "));
  for (const b of bedrooms) {
    const c = r.checks.find((x) => x.subject === b.id)!;
    assert(c.label.startsWith(n.room.get(b.id)!), c.label);
  }
  // The picture labels each bedroom by the same name the text uses.
  const svg = planSvg(plan, { overlays: r.overlays, title: r.verdict.text });
  const texts = [...svg.matchAll(/<text\b[^>]*>([^<]+)</g)].map((m) => m[1]);
  for (const b of bedrooms) {
    const name = n.room.get(b.id)!;
    assert(texts.some((t) => t.includes(name)), `${name} not in the picture: ${texts.join(" | ")}`);
  }
  assert(!texts.includes("bedroom"), "a bare repeated name in the picture");
  // And the name is accepted as input: the one room it names is the one judged.
  const one = await runTool(registry.require("turning_space"), {
    ...RUN_IO,
    plans: ps,
    set: { scan: "zind", turning_diameter_m: 1.5, room: n.room.get(bedrooms[0].id)! },
  });
  assertEquals(one.status, "done");
  if (one.status !== "done") return;
  assertEquals(one.result.checks.map((c) => c.subject), [bedrooms[0].id]);
});

Deno.test("repeated names: every input that names a room, door or window takes the display name", async () => {
  const ps = await samplePlans();
  const plan = ps.zind.plan;
  const n = names(plan);
  const bathroom = plan.rooms.filter((r) => r.label === "bathroom")[1];
  const door = plan.openings.find((o) => o.kind === "door" && o.between.includes(null))!;
  const cases: [string, Record<string, unknown>, (r: ToolResult) => string | undefined][] = [
    [
      "step_free_route",
      { to: n.room.get(bathroom.id), entrance: n.opening.get(door.id) },
      (r) => r.checks.find((c) => c.id.startsWith("reach:"))?.subject,
    ],
    [
      "will_it_fit",
      { item: "sofa", to: n.room.get(bathroom.id), entrance: n.opening.get(door.id) },
      (r) => r.inputs.to?.value as string,
    ],
  ];
  for (const [tool, set, subject] of cases) {
    const out = await runTool(registry.require(tool), {
      ...RUN_IO,
      plans: ps,
      persona: TEST_CHAIR,
      set: { scan: "zind", ...set },
    });
    assertEquals(out.status, "done", tool);
    if (out.status !== "done") continue;
    assert(out.result.verdict.status !== "error", out.result.verdict.text);
    const said = subject(out.result);
    assert(said === bathroom.id || said === n.room.get(bathroom.id), `${tool}: ${said}`);
    if (tool === "step_free_route") {
      // The route's own metric names the room as the person reads it ("Route to bathroom (2)").
      const route = out.result.metrics.find((m) => m.id === "route_length_m")!;
      assertEquals(route.label, `Route to ${n.room.get(bathroom.id)}`);
    }
  }
});
