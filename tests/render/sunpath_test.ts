/** render/sunpath.ts: the projection, the SVG's parts, and PNG bytes through sharp. */
import { skyToChart, sunPathPng, sunPathSvg } from "../../render/sunpath.ts";
import { assertEquals, assertOk } from "../_assert.ts";
import { assertGolden } from "../_golden.ts";
import { dom, textsOf } from "../_html.ts";

const near = (a: number, e: number, what: string) =>
  assertOk(Math.abs(a - e) < 1e-9, `${what}: ${a} vs ${e}`);

Deno.test("skyToChart: zenith at the centre, the horizon on the rim, north up and east right", () => {
  const [zx, zy] = skyToChart(123, 90, 100, 100, 80);
  near(zx, 100, "zenith x");
  near(zy, 100, "zenith y");
  const [nx, ny] = skyToChart(0, 0, 100, 100, 80);
  near(nx, 100, "north x");
  near(ny, 20, "north y (up)");
  const [ex, ey] = skyToChart(90, 45, 100, 100, 80);
  near(ex, 140, "east at 45° elevation: half the radius to the right");
  near(ey, 100, "east y");
});

Deno.test("sunPathSvg draws day paths, hour lines, the horizon and window facings, escaping text", async () => {
  const title = "Sun <path> & co"; // markup-like text that must be escaped
  const svg = sunPathSvg({
    title,
    days: [
      { label: "21 Jun", points: [[60, 5], [180, 60], [300, 5]] },
      { label: "today", points: [[90, 1], [180, 40], [270, 1]], highlight: true },
    ],
    hours: [{ hour: 12, points: [[180, 40], [180, 60]] }],
    horizon: [[0, 5], [120, 10], [240, 3]],
    windows: [{ id: "w1", facing_deg: 180, hours: 6.25 }],
    size_px: 400,
  });
  assertOk(svg.startsWith("<svg") && svg.trimEnd().endsWith("</svg>"));
  const doc = dom(svg);
  assertEquals(doc.querySelectorAll(".day").length, 2);
  assertEquals(doc.querySelectorAll(".hour").length, 1);
  assertOk(svg.includes('class="horizon"'));
  assertOk(svg.includes('class="window-sector"'), "one facing: its half-sky is shaded");
  assertOk(svg.includes("w1 6.3 h"));
  // The title, escaped for XML, reads back as given.
  assertOk(textsOf(doc, "text").includes(title), "the title");
  const png = await sunPathPng(svg, 200);
  assertEquals([...png.slice(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  // PNG IHDR width (bytes 16–19, big-endian).
  assertEquals((png[16] << 24) | (png[17] << 16) | (png[18] << 8) | png[19], 200);
});

Deno.test("sunPathSvg: window labels stay inside the picture at every facing", async () => {
  const long = "Attic room under the eaves 10.8 h";
  const keyLines: Record<number, string[]> = {};
  for (const facing of [0, 60, 90, 120, 180, 240, 270, 300]) {
    const svg = sunPathSvg({
      title: "t",
      days: [],
      hours: [],
      windows: [{ id: "Attic room under the eaves", facing_deg: facing, hours: 10.8 }],
    });
    const size = Number(/width="(\d+)"/.exec(svg)![1]);
    if (svg.includes("window-key-number")) {
      // No room beside the rim: a number there, and its words in the key under the legend.
      keyLines[facing] = textsOf(dom(svg), "text.window-key").filter((t) => t.startsWith("1:"));
      continue;
    }
    const m = /text-anchor="(start|end|middle)"[^>]*><tspan x="([\d.]+)"/.exec(
      svg.slice(svg.indexOf('class="window-label"') - 30),
    )!;
    const x = Number(m[2]), w = long.length * 8.5 * 0.6;
    const [x0, x1] = m[1] === "start" ? [x, x + w] : m[1] === "end" ? [x - w, x] : [
      x - w / 2,
      x + w / 2,
    ];
    assertOk(x0 >= 0 && x1 <= size, `facing ${facing}: label spans ${x0}…${x1} of ${size}`);
  }
  // Where a number stands in for the label, the key says it in full: "1: facing N°: …".
  for (const [facing, lines] of Object.entries(keyLines)) assertEquals(lines.length, 1, facing);
  await assertGolden("render.sunpath.key_lines", keyLines);
});
