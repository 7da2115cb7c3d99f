/**
 * Overlay labels (doors, windows, route ends) sit inside the picture without covering each
 * other, a route or arrow line, or a wall: each label's box (its baseline position and the
 * renderer's width estimate, 11 px text) is checked against every line of the drawn SVG, on
 * the crowded ZInD sample (one floor) and each floor of the demo. Labels that find no free spot
 * become numbers with the words in the key under the picture. Leader lines (from a moved
 * label to its anchor) cross no label and no room name, and no label sits on a leader.
 */
import { BUILTIN_SCANS } from "../../layers/builtin.ts";
import { importSource } from "../../layers/mod.ts";
import { loadRegistry } from "../../core/registry.ts";
import { runTool } from "../../core/run.ts";
import type { LoadedPlan } from "../../ground/plan.ts";
import { getPersona } from "../../presets/personas.ts";
import { planSvg, textWidth_px } from "../../render/planview.ts";
import { sharedData } from "../_data.ts";
import { assert } from "../_assert.ts";

const registry = await loadRegistry();
const zind = (await importSource(sharedData("zind/zind_data.json"), { id: "zind" })).loaded;

type Box = { x0: number; y0: number; x1: number; y1: number };

function segHitsBox([x0, y0, x1, y1]: number[], b: Box): boolean {
  // Sampled along the segment (0.5 px): enough for a test, independent of the renderer's own.
  const n = Math.max(2, Math.ceil(Math.hypot(x1 - x0, y1 - y0) * 2));
  for (let i = 0; i <= n; i++) {
    const x = x0 + ((x1 - x0) * i) / n, y = y0 + ((y1 - y0) * i) / n;
    if (x > b.x0 + 0.5 && x < b.x1 - 0.5 && y > b.y0 + 0.5 && y < b.y1 - 0.5) return true;
  }
  return false;
}

const unescape = (t: string) =>
  t.replaceAll("&lt;", "<").replaceAll("&gt;", ">").replaceAll("&quot;", '"').replaceAll(
    "&amp;",
    "&",
  );

/** Labels, lines (overlay polylines and wall polygons) of one panel's SVG. */
function parts(svg: string) {
  const labels: { text: string; box: Box }[] = [];
  for (
    const m of svg.matchAll(
      /<text class="overlay-label(?: overlay-key-number)?" x="([-\d.]+)" y="([-\d.]+)" font-size="11"[^>]*>([^<]*)<\/text>/g,
    )
  ) {
    const x = Number(m[1]), y = Number(m[2]), t = unescape(m[3]);
    labels.push({ text: t, box: { x0: x, y0: y - 10, x1: x + textWidth_px(t, 11), y1: y + 3 } });
  }
  const segs: number[][] = [];
  const ptsOf = (s: string) => s.trim().split(/\s+/).map((p) => p.split(",").map(Number));
  const line = svg.slice(svg.indexOf('<g class="overlays-line">'));
  for (const m of line.matchAll(/<polyline points="([^"]+)"/g)) {
    const p = ptsOf(m[1]);
    for (let i = 0; i + 1 < p.length; i++) segs.push([...p[i], ...p[i + 1]]);
  }
  const walls = svg.slice(svg.indexOf('<g class="walls"'), svg.indexOf('<g class="openings">'));
  for (const m of walls.matchAll(/<polygon points="([^"]+)"/g)) {
    const p = ptsOf(m[1]);
    for (let i = 0; i < p.length; i++) segs.push([...p[i], ...p[(i + 1) % p.length]]);
  }
  // Room names: each line of a room label, centred on x, its baseline at y.
  const names: { text: string; box: Box }[] = [];
  for (const g of svg.matchAll(/<g class="room-label">(.*?)<\/g>/g)) {
    for (
      const m of g[1].matchAll(
        /<text x="([-\d.]+)" y="([-\d.]+)" font-size="([\d.]+)"[^>]*>([^<]*)<\/text>/g,
      )
    ) {
      const x = Number(m[1]), y = Number(m[2]), size = Number(m[3]), t = unescape(m[4]);
      const w = textWidth_px(t, size);
      names.push({
        text: t,
        box: { x0: x - w / 2, y0: y - size * 0.75, x1: x + w / 2, y1: y + size * 0.2 },
      });
    }
  }
  // Leader lines: from a moved label's anchor to the label.
  const leaders: number[][] = [];
  for (
    const m of svg.matchAll(
      /<line class="leader" x1="([-\d.]+)" y1="([-\d.]+)" x2="([-\d.]+)" y2="([-\d.]+)"/g,
    )
  ) leaders.push([Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4])]);
  return { labels, segs, names, leaders };
}

async function svgOf(tool: string, scan: string, loaded: LoadedPlan, floor?: string) {
  const out = await runTool(registry.require(tool), {
    plans: { [scan]: loaded },
    persona: getPersona("manual-wheelchair-user"),
    set: { scan },
  });
  if (out.status !== "done") throw new Error(`${tool} asked for input`);
  return planSvg(loaded.plan, { overlays: out.result.overlays, ...(floor ? { floor } : {}) });
}

function assertClear(svg: string, what: string) {
  const { labels, segs, names, leaders } = parts(svg);
  // A leader line crosses no words: no overlay label (its own ends at its edge) and no room name.
  for (const ld of leaders) {
    const on = [...labels, ...names].find((l) => segHitsBox(ld, l.box));
    assert(!on, `${what}: a leader line ${JSON.stringify(ld)} crosses the label "${on?.text}"`);
  }
  const overlaps = (a: Box, b: Box) => a.x0 < b.x1 && a.x1 > b.x0 && a.y0 < b.y1 && a.y1 > b.y0;
  for (const l of labels) {
    const on = names.find((r) => overlaps(l.box, r.box));
    assert(!on, `${what}: label "${l.text}" sits over the room name "${on?.text}"`);
  }
  assert(labels.length > 0, `${what}: no overlay label found`);
  for (const l of labels) {
    const hit = [...segs, ...leaders].find((s) => segHitsBox(s, l.box));
    assert(!hit, `${what}: label "${l.text}" sits over a line ${JSON.stringify(hit)}`);
  }
  for (let i = 0; i < labels.length; i++) {
    for (let j = i + 1; j < labels.length; j++) {
      const [a, b] = [labels[i].box, labels[j].box];
      const overlap = a.x0 < b.x1 && a.x1 > b.x0 && a.y0 < b.y1 && a.y1 > b.y0;
      assert(!overlap, `${what}: "${labels[i].text}" overlaps "${labels[j].text}"`);
    }
  }
}

Deno.test("picture labels: step_free_route on ZInD keeps every label off routes, walls and each other", async () => {
  const svg = await svgOf("step_free_route", "zind", zind);
  assertClear(svg, "step_free_route ZInD");
  // Crowded: some labels are numbers, with their words in the key.
  const numbers = [...svg.matchAll(/class="overlay-label overlay-key-number"/g)].length;
  assert(numbers > 0, "expected a numbered key on ZInD");
});

for (const floor of ["f0", "f1"]) {
  for (const tool of ["step_free_route", "sun_hours", "door_clearance"]) {
    Deno.test(`picture labels: ${tool} on the demo (${floor}) keeps every label off lines and labels`, async () => {
      const svg = await svgOf(tool, "demo", BUILTIN_SCANS.demo(), floor);
      assertClear(svg, `${tool} demo ${floor}`);
    });
  }
}
