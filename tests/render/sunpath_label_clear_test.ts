/**
 * The sun path chart (render/sunpath.ts) reads as a report picture: every text inside the
 * frame, no text over another, window labels off the chart's disc (beside the rim, or a number
 * there with its words in the key), and every colour and symbol drawn in the legend. On the demo
 * and FZK-Haus (through sun_hours, as the surfaces draw it) and on a crowded made-up chart.
 */
import { BUILTIN_SCANS } from "../../layers/builtin.ts";
import { importSource } from "../../layers/mod.ts";
import { loadRegistry } from "../../core/registry.ts";
import { runTool } from "../../core/run.ts";
import type { Chart } from "../../core/result.ts";
import { chartSvg } from "../../render/charts.ts";
import { type SunPathChart, sunPathSvg, type TextBox, textBox } from "../../render/sunpath.ts";
import { sharedData } from "../_data.ts";
import { assert } from "../_assert.ts";

const unescape = (t: string) =>
  t.replaceAll("&lt;", "<").replaceAll("&gt;", ">").replaceAll("&quot;", '"').replaceAll(
    "&amp;",
    "&",
  );
type Anchor = "start" | "middle" | "end";

/** Every line of text in the SVG with its box (tspans of a text are lines of their own). */
function texts(svg: string): { text: string; cls: string; box: TextBox }[] {
  const out: { text: string; cls: string; box: TextBox }[] = [];
  for (const m of svg.matchAll(/<text ([^>]*)>(.*?)<\/text>/g)) {
    const attr = (name: string) => new RegExp(`${name}="([^"]*)"`).exec(m[1])?.[1];
    const size = Number(attr("font-size")), anchor = (attr("text-anchor") ?? "start") as Anchor;
    const cls = attr("class") ?? "";
    const spans = [...m[2].matchAll(/<tspan x="([-\d.]+)" y="([-\d.]+)">([^<]*)<\/tspan>/g)];
    if (spans.length) {
      for (const s of spans) {
        const t = unescape(s[3]);
        out.push({ text: t, cls, box: textBox(Number(s[1]), Number(s[2]), t, size, anchor) });
      }
    } else {
      const t = unescape(m[2]);
      out.push({
        text: t,
        cls,
        box: textBox(Number(attr("x")), Number(attr("y")), t, size, anchor),
      });
    }
  }
  return out;
}

function assertChartClear(svg: string, what: string) {
  const W = Number(/ width="(\d+)"/.exec(svg)![1]), H = Number(/ height="(\d+)"/.exec(svg)![1]);
  const all = texts(svg);
  assert(all.length > 20, `${what}: ${all.length} texts`);
  for (const t of all) {
    const b = t.box;
    assert(
      b.x0 >= 0 && b.x1 <= W && b.y0 >= 0 && b.y1 <= H,
      `${what}: "${t.text}" spans x ${b.x0.toFixed(1)}…${b.x1.toFixed(1)}, y ${b.y0.toFixed(1)}…${
        b.y1.toFixed(1)
      }, outside the ${W} × ${H} picture`,
    );
  }
  for (let i = 0; i < all.length; i++) {
    for (let j = i + 1; j < all.length; j++) {
      const [a, b] = [all[i].box, all[j].box];
      const over = a.x0 < b.x1 && a.x1 > b.x0 && a.y0 < b.y1 && a.y1 > b.y0;
      assert(!over, `${what}: "${all[i].text}" overlaps "${all[j].text}"`);
    }
  }
  // Window labels off the disc: the rim circle is the first ring drawn (elevation 0°).
  const rim = /<circle class="grid" cx="([\d.]+)" cy="([\d.]+)" r="([\d.]+)"/.exec(svg)!;
  const [cx, cy, R] = [Number(rim[1]), Number(rim[2]), Number(rim[3])];
  for (const t of all.filter((t) => t.cls.includes("window-label"))) {
    const b = t.box;
    const nx = Math.min(Math.max(cx, b.x0), b.x1), ny = Math.min(Math.max(cy, b.y0), b.y1);
    assert(Math.hypot(nx - cx, ny - cy) > R, `${what}: "${t.text}" crosses the rim`);
  }
  // A numbered window has its words in the key.
  const keyed = new Set(
    all.filter((t) => t.cls.includes("window-key") && !t.cls.includes("window-key-number"))
      .map((t) => t.text.split(":")[0]),
  );
  for (const n of all.filter((t) => t.cls.includes("window-key-number"))) {
    assert(keyed.has(n.text), `${what}: window number ${n.text} has no line in the key`);
  }
  // Every colour drawn outside the grid (its rings and spokes are labelled in degrees) and the
  // legend is one of the legend's swatches.
  const legend = svg.slice(svg.indexOf('<g class="legend">'));
  const swatch = new Set(
    [...legend.matchAll(/(?:stroke|fill)="(#[0-9a-f]+)"/g)].map((m) => m[1]),
  );
  for (const m of svg.matchAll(/<(path|line) class="(day|hour|horizon|window-[a-z]+)"[^>]*>/g)) {
    const colour = /(?:stroke="(#[0-9a-f]+)"[^>]*fill="none"|fill="(#[0-9a-f]+)")/.exec(m[0]) ??
      /stroke="(#[0-9a-f]+)"/.exec(m[0])!;
    const c = colour[1] ?? colour[2];
    assert(swatch.has(c), `${what}: the ${m[2]} colour ${c} is not in the legend`);
    if (m[2] === "hour") assert(legend.includes('stroke-dasharray="3 2"'), `${what}: dashes`);
  }
  assert(!legend.includes("marked"), `${what}: a legend entry "marked" that nothing explains`);
}

const registry = await loadRegistry();
async function chartOf(scan: string, plans = {}) {
  const out = await runTool(registry.require("sun_hours"), {
    builtins: BUILTIN_SCANS,
    plans,
    set: { scan },
  });
  if (out.status !== "done") throw new Error(`sun_hours on ${scan} asked for input`);
  return (out.result.data!.charts as Record<string, Chart>).sunpath;
}

Deno.test("sun path chart on the demo: labels inside, apart, off the rim; legend complete", async () => {
  const svg = chartSvg(await chartOf("demo"));
  assertChartClear(svg, "demo");
  // The demo's 11 windows face four ways; every room with a window is named in the picture.
  for (const room of ["Kitchen", "Living room", "Dining room", "Office", "Study", "Bathroom"]) {
    assert(svg.includes(`${room} `), `demo: ${room} not in the chart`);
  }
});

Deno.test("sun path chart on FZK-Haus: labels inside, apart, off the rim; legend complete", async () => {
  const fzk = (await importSource(sharedData("ifc/AC20-FZK-Haus.ifc"), { id: "fzk" })).loaded;
  const svg = chartSvg(await chartOf("fzk", { fzk }));
  assertChartClear(svg, "fzk");
  for (const room of ["Küche", "Wohnen", "Schlafzimmer", "Buero", "Bad", "Galerie"]) {
    assert(svg.includes(room), `fzk: ${room} not in the chart`);
  }
});

Deno.test("sun path chart, crowded: 24 facings, long names, a horizon, a small picture", () => {
  for (const size_px of [640, 420]) {
    const chart: SunPathChart = {
      title: "Sun path at 52.520°, 13.405° (a long scan name for a crowded picture)",
      subtitle: "Local mean solar time; windows' facings on the rim; 2025-06-21 in bold",
      days: [
        { label: "21 Dec", points: [[130, 1], [180, 14], [230, 1]] },
        { label: "21 Jun", points: [[50, 1], [180, 61], [310, 1]] },
        { label: "2025-06-21", points: [[50, 1], [180, 61], [310, 1]], highlight: true },
      ],
      hours: [12, 13, 14].map((hour) => ({
        hour,
        points: [[180 + (hour - 12) * 15, 14], [180 + (hour - 12) * 20, 61]],
      })),
      horizon: [[0, 3], [90, 8], [180, 2], [270, 5]],
      windows: Array.from({ length: 24 }, (_, i) => ({
        id: `Bedroom under the eaves ${i + 1}`,
        facing_deg: i * 15,
        hours: i / 3,
      })),
      size_px,
    };
    const svg = sunPathSvg(chart);
    assertChartClear(svg, `crowded ${size_px}`);
    for (const w of chart.windows!) {
      assert(svg.includes(`${w.id} `), `${w.id} is in the chart or key`);
    }
  }
});
