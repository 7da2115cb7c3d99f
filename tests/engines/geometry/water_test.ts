import { assert, assertEquals } from "../../_assert.ts";
import { sharedData } from "../../_data.ts";
import { readGeoTiff } from "../../../engines/aerial/geotiff.ts";
import { cellSize_m } from "../../../engines/aerial/sample.ts";
import { worldToPixel } from "../../../ground/grid.ts";
import type { Grid } from "../../../ground/grid.ts";
import {
  fillDepressionsBarnes,
  flowAccumulation,
  flowDirectionsD8,
  nextUp,
  pondingDepth_m,
  slopeAspectHorn,
  stepUp,
  upstreamMask,
} from "../../../engines/geometry/water/mod.ts";
import { fillDepressionsIterative } from "../../../bench/_water_baseline.ts";
import { tiltedPlane } from "../../../fixtures/site/dems.ts";

const validMask = (g: Grid) => Uint8Array.from(g.data, (v) => (Number.isNaN(v) ? 0 : 1));

Deno.test("water: nextUp is the next float64", () => {
  assertEquals(nextUp(1), 1 + 2 ** -52);
  assertEquals(nextUp(-1), -1 + 2 ** -53);
  assertEquals(nextUp(0), Number.MIN_VALUE);
  assertEquals(nextUp(2 ** 52 - 0.5), 2 ** 52);
  assert.ok(Number.isNaN(nextUp(NaN)));
});

Deno.test("water: stepUp moves one or two ulps up, never zero", () => {
  for (const x of [1, -1, 100.5, -3.25e-3, 4810.0000001, 2 ** 52 - 0.5, 1e-300, -1e-300]) {
    const y = stepUp(x);
    assert.ok(y > x, `${x}`);
    assert.ok(y <= nextUp(nextUp(x)), `${x} moved more than two ulps`);
  }
  assertEquals(stepUp(0), Number.MIN_VALUE);
  assertEquals(stepUp(Number.MIN_VALUE), 2 * Number.MIN_VALUE);
});

Deno.test("water: a 1 m pit in a 5 % plane fills to its lowest neighbour, exactly", () => {
  const g = tiltedPlane(20, 12, 0.05, { col: 8, row: 5, depth_m: 1 });
  const f = fillDepressionsBarnes(g);
  const depth = pondingDepth_m(g, f);
  // The pit's lowest neighbour is the cell to its west, 0.05 m lower than the plane there.
  assert.ok(Math.abs(depth[5 * 20 + 8] - 0.95) < 1e-12, `${depth[5 * 20 + 8]}`);
  depth.forEach((d, i) => {
    if (i !== 5 * 20 + 8) assertEquals(d, 0, `cell ${i}`);
  });
  // ε filling raises the pit only just above its outlet and nothing else.
  const e = fillDepressionsBarnes(g, { epsilon: true });
  assertEquals(e.data[5 * 20 + 8], stepUp(g.data[5 * 20 + 7]));
});

Deno.test("water: D8 on a plane runs west; accumulation at each outlet is its whole row", () => {
  const g = tiltedPlane(20, 12, 0.05);
  const dirs = flowDirectionsD8(fillDepressionsBarnes(g, { epsilon: true }), [1, 1]);
  for (let r = 0; r < 12; r++) {
    assertEquals(dirs[r * 20], -1, "the west edge is the outlet");
    for (let c = 1; c < 20; c++) assertEquals(dirs[r * 20 + c], 4, `cell ${r},${c} drains W`);
  }
  const acc = flowAccumulation(dirs, 20, 12);
  for (let r = 0; r < 12; r++) assertEquals(acc[r * 20], 20);
  const up = upstreamMask(dirs, 20, 12, [5 * 20]);
  assertEquals(up.reduce((a, b) => a + b, 0), 20);
});

Deno.test("water: the filled pit drains west and every cell still reaches the west edge", () => {
  const g = tiltedPlane(20, 12, 0.05, { col: 8, row: 5, depth_m: 1 });
  const dirs = flowDirectionsD8(fillDepressionsBarnes(g, { epsilon: true }), [1, 1]);
  assertEquals(dirs[5 * 20 + 8], 4);
  // Its east neighbours now see a steeper diagonal into it (0.1 m over √2 m > 0.05 m over 1 m).
  assertEquals(dirs[4 * 20 + 9], 3, "NE neighbour drains SW into the filled pit");
  const acc = flowAccumulation(dirs, 20, 12);
  let out = 0;
  for (let r = 0; r < 12; r++) out += acc[r * 20];
  assertEquals(out, 240);
});

Deno.test("water: a closed flat basin drains after ε filling", () => {
  // A 9×9 grid: rim at 10, a flat floor at 5, and one gap in the rim at 4.
  const w = 9, data = new Float64Array(w * w).fill(5);
  for (let i = 0; i < w; i++) {
    data[i] =
      data[(w - 1) * w + i] =
      data[i * w] =
      data[i * w + w - 1] =
        10;
  }
  const gap = 4 * w + 8;
  data[gap] = 4;
  const g: Grid = { width: w, height: w, data, transform: [0, 1, 0, w, 0, -1], crs: "local" };
  const dirs = flowDirectionsD8(fillDepressionsBarnes(g, { epsilon: true }), [1, 1]);
  const up = upstreamMask(dirs, w, w, [gap]);
  // Every floor cell (7 × 7) ends at the gap.
  for (let r = 1; r < w - 1; r++) {
    for (let c = 1; c < w - 1; c++) {
      assert.ok(dirs[r * w + c] >= 0, `floor cell ${r},${c} has a direction`);
      assertEquals(up[r * w + c], 1, `floor cell ${r},${c} reaches the gap`);
    }
  }
  const acc = flowAccumulation(dirs, w, w);
  assertEquals(acc[gap], up.reduce((a, b) => a + b, 0));
});

Deno.test("water: Horn slope and aspect on planes", () => {
  const east = slopeAspectHorn(tiltedPlane(10, 10, 0.05), [1, 1]);
  assert.ok(Math.abs(east.slope_deg[55] - Math.atan(0.05) * 180 / Math.PI) < 1e-12);
  assert.ok(Math.abs(east.aspect_deg[55] - 270) < 1e-12);
  // Rising north at 10 % on 2 m cells: aspect south.
  const data = new Float64Array(100);
  for (let r = 0; r < 10; r++) for (let c = 0; c < 10; c++) data[r * 10 + c] = 0.2 * (9 - r);
  const g: Grid = { width: 10, height: 10, data, transform: [0, 2, 0, 20, 0, -2], crs: "local" };
  const sa = slopeAspectHorn(g, [2, 2]);
  assert.ok(Math.abs(sa.aspect_deg[44] - 180) < 1e-12);
  assert.ok(Math.abs(Math.tan(sa.slope_deg[44] * Math.PI / 180) - 0.1) < 1e-12);
  const flat = slopeAspectHorn(tiltedPlane(5, 5, 0), [1, 1]);
  assert.ok(Number.isNaN(flat.aspect_deg[12]) && flat.slope_deg[12] === 0);
});

for (
  const [name, rel] of [
    ["pysheds (EPSG:4326, 3″)", "dem/pysheds_dem.tif"],
    ["Vinschgau (UTM 32N, 250 m)", "dem/terra_elev_vinschgau.tif"],
  ] as const
) {
  Deno.test(`water: ${name} — priority-flood equals the iterative fill; every cell reaches one outlet`, async () => {
    const g = await readGeoTiff(await Deno.readFile(sharedData(rel)));
    // Both samples come hydrologically conditioned: filling changes nothing.
    const same = fillDepressionsBarnes(g);
    for (let i = 0; i < g.data.length; i++) {
      assert.ok(Object.is(same.data[i], g.data[i]) || same.data[i] === g.data[i]);
    }
    // Dig 60 pits 10 m below their lowest neighbour (a fixed stride, no randomness), then
    // fill both ways.
    const dug: Grid = { ...g, data: Float64Array.from(g.data) };
    const w = dug.width;
    const inner = (i: number) => {
      const r = Math.floor(i / w), c = i % w;
      if (r < 2 || c < 2 || r >= dug.height - 2 || c >= w - 2) return false;
      for (let dr = -1; dr <= 1; dr++) {
        for (let dc = -1; dc <= 1; dc++) if (Number.isNaN(g.data[i + dr * w + dc])) return false;
      }
      return true;
    };
    for (let k = 1; k <= 60; k++) {
      let i = Math.floor(k * dug.data.length / 61);
      while (i < dug.data.length - 1 && !inner(i)) i++;
      if (!inner(i)) continue;
      let low = Infinity;
      for (let dr = -1; dr <= 1; dr++) {
        for (let dc = -1; dc <= 1; dc++) if (dr || dc) low = Math.min(low, g.data[i + dr * w + dc]);
      }
      dug.data[i] = low - 10;
    }
    const pf = fillDepressionsBarnes(dug);
    const it = fillDepressionsIterative(dug);
    let maxDiff = 0, raised = 0;
    for (let i = 0; i < g.data.length; i++) {
      if (Number.isNaN(dug.data[i])) {
        assert.ok(Number.isNaN(pf.data[i]));
        continue;
      }
      maxDiff = Math.max(maxDiff, Math.abs(pf.data[i] - it.data[i]));
      assert.ok(pf.data[i] >= dug.data[i]);
      if (pf.data[i] > dug.data[i]) raised++;
    }
    assertEquals(maxDiff, 0);
    assert.ok(raised >= 50, `${raised} dug pits were filled`);

    const geographic = g.crs === "EPSG:4326";
    const dirs = flowDirectionsD8(
      fillDepressionsBarnes(g, { epsilon: true }),
      cellSize_m(g, geographic),
    );
    const valid = validMask(g);
    const acc = flowAccumulation(dirs, g.width, g.height, { valid });
    let cells = 0, atOutlets = 0, outlet = -1;
    for (let i = 0; i < acc.length; i++) {
      if (!valid[i]) continue;
      cells++;
      if (dirs[i] === -1) {
        atOutlets += acc[i];
        if (outlet < 0 || acc[i] > acc[outlet]) outlet = i;
      }
    }
    // Conservation: the outlets together carry every cell once.
    assertEquals(atOutlets, cells);
    // The biggest outlet carries exactly its catchment, counted by walking upstream.
    const catchment = upstreamMask(dirs, g.width, g.height, [outlet]);
    assertEquals(acc[outlet], catchment.reduce((a, b) => a + b, 0));
    assert.ok(acc[outlet] > cells / 10, `main outlet carries ${acc[outlet]} of ${cells}`);
  });
}

Deno.test("water: the terra watershed pour point gathers its catchment", async () => {
  const g = await readGeoTiff(await Deno.readFile(sharedData("dem/terra_elev_vinschgau.tif")));
  const dirs = flowDirectionsD8(fillDepressionsBarnes(g, { epsilon: true }), cellSize_m(g, false));
  const acc = flowAccumulation(dirs, g.width, g.height, { valid: validMask(g) });
  // terra's `watershed` example pours at (653358.3, 5168222); snap to the largest
  // accumulation within one cell, as its example does with a stream raster.
  const [pc, pr] = worldToPixel(g.transform, [653358.3, 5168222]);
  let best = -1;
  for (let r = Math.floor(pr) - 1; r <= Math.floor(pr) + 1; r++) {
    for (let c = Math.floor(pc) - 1; c <= Math.floor(pc) + 1; c++) {
      const i = r * g.width + c;
      if (best < 0 || acc[i] > acc[best]) best = i;
    }
  }
  const catchment = upstreamMask(dirs, g.width, g.height, [best]);
  const n = catchment.reduce((a, b) => a + b, 0);
  assertEquals(acc[best], n);
  // A valley-floor point of the Vinschgau: hundreds of 250 m cells (> 10 km²) drain to it.
  assert.ok(n > 160, `catchment of ${n} cells`);
});

Deno.test("water: on a rugged DEM (real + fixed noise) priority-flood, +ε and the iterative fill agree", async () => {
  const g = await readGeoTiff(await Deno.readFile(sharedData("dem/pysheds_dem.tif")));
  let s = 42;
  const rnd = () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
  const rough: Grid = { ...g, data: Float64Array.from(g.data, (v) => v + (rnd() * 2 - 1) * 1.5) };
  const pf = fillDepressionsBarnes(rough);
  const it = fillDepressionsIterative(rough);
  const eps = fillDepressionsBarnes(rough, { epsilon: true });
  let raised = 0;
  for (let i = 0; i < rough.data.length; i++) {
    assertEquals(pf.data[i], it.data[i], `cell ${i}`);
    if (pf.data[i] > rough.data[i]) raised++;
    // ε lifts by float steps only: never below the plain fill, never by a millimetre.
    assert.ok(eps.data[i] >= pf.data[i] && eps.data[i] - pf.data[i] < 1e-6, `cell ${i}`);
  }
  assert.ok(raised > 1000, `${raised} cells raised`);
  const dirs = flowDirectionsD8(eps, cellSize_m(g, true));
  const w = g.width, h = g.height;
  for (let r = 1; r < h - 1; r++) {
    for (let c = 1; c < w - 1; c++) assert.ok(dirs[r * w + c] >= 0, `interior ${r},${c} drains`);
  }
});
