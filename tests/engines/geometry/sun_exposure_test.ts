/**
 * engines/geometry/sun_exposure.ts: ray/polygon intervals, prism shadows, horizon lookup and the
 * per-sample codes, each against answers worked by hand.
 */
import {
  daySamples,
  horizonElevation_deg,
  lostHours,
  makeHorizon,
  type Prism,
  rayHitsPrism,
  rayPolygonIntervals,
  SUN_CODES,
  sunCodes,
  sunlitHours,
  sunlitHoursByGroup,
  unionSunlit,
  yearSamples,
} from "../../../engines/geometry/sun_exposure.ts";
import type { SunSeries } from "../../../engines/geometry/sun/mod.ts";
import { assertEquals, assertOk } from "../../_assert.ts";

const near = (a: number, e: number, tol: number, what: string) =>
  assertOk(Math.abs(a - e) <= tol, `${what}: ${a} vs ${e}`);

const square: [number, number][] = [[2, -1], [4, -1], [4, 1], [2, 1]];

Deno.test("rayPolygonIntervals: through a square, from inside, through a vertex, missing", () => {
  assertEquals(rayPolygonIntervals([0, 0], [1, 0], square), [[2, 4]]);
  assertEquals(rayPolygonIntervals([3, 0], [1, 0], square), [[0, 1]]);
  assertEquals(rayPolygonIntervals([0, 0], [-1, 0], square), []);
  // Along the diagonal through the corner (2,-1) and out at (4,1): one interval of length 2√2.
  const d = rayPolygonIntervals([1, -2], [Math.SQRT1_2, Math.SQRT1_2], square);
  assertEquals(d.length, 1);
  near(d[0][0], Math.SQRT2, 1e-12, "enter at the corner");
  near(d[0][1], 3 * Math.SQRT2, 1e-12, "leave at the far corner");
  // A U shape: the ray crosses both arms.
  const u: [number, number][] = [[0, 0], [3, 0], [3, 3], [2, 3], [2, 1], [1, 1], [1, 3], [0, 3]];
  assertEquals(rayPolygonIntervals([-1, 2], [1, 0], u), [[1, 2], [3, 4]]);
});

Deno.test("rayHitsPrism: a block 2 m away and 3 m high shades a window at 1 m below 45°", () => {
  const block: Prism = { id: "b", polygon: square, zmin_m: 0, zmax_m: 3 };
  // Ray from (0,0) at z = 1 m: enters at 2 m, so blocked while 1 + 2·tanE < 3, i.e. E < 45°.
  assertOk(rayHitsPrism([0, 0], [1, 0], 1, Math.tan(44.9 * Math.PI / 180), block));
  assertOk(!rayHitsPrism([0, 0], [1, 0], 1, Math.tan(45.1 * Math.PI / 180), block));
  // An overhang from 4 m to 6 m: blocked only between atan(3/4) and atan(5/2).
  const over: Prism = { id: "o", polygon: square, zmin_m: 4, zmax_m: 6 };
  const t = (deg: number) => Math.tan(deg * Math.PI / 180);
  assertOk(!rayHitsPrism([0, 0], [1, 0], 1, t(36), over), "passes under (atan 3/4 = 36.87°)");
  assertOk(rayHitsPrism([0, 0], [1, 0], 1, t(40), over), "hits the overhang");
  assertOk(!rayHitsPrism([0, 0], [1, 0], 1, t(69), over), "passes over (atan 5/2 = 68.2°)");
});

Deno.test("horizon profile: interpolation and wrap through north", () => {
  const h = makeHorizon([
    { azimuth_deg: 350, elevation_deg: 10 },
    { azimuth_deg: 10, elevation_deg: 20 },
    { azimuth_deg: 180, elevation_deg: 0 },
  ]);
  near(horizonElevation_deg(h, 0), 15, 1e-12, "north, halfway between 350° and 10°");
  near(horizonElevation_deg(h, 95), 10, 1e-12, "halfway between 10° and 180°");
  near(horizonElevation_deg(h, -10), 10, 1e-12, "−10° is 350°");
  near(horizonElevation_deg(h, 265), 5, 1e-12, "halfway between 180° and 350°");
  assertEquals(horizonElevation_deg(undefined, 42), 0);
  assertEquals(makeHorizon([]), undefined);
});

/** A made-up series: each sample a given (elevation, azimuth). */
function series(points: [number, number][]): SunSeries {
  return {
    jd: new Float64Array(points.length),
    elevation_deg: Float64Array.from(points.map((p) => p[0])),
    azimuth_deg: Float64Array.from(points.map((p) => p[1])),
  };
}

Deno.test("sunCodes: down, behind the wall, under the horizon, behind the building, sunlit", () => {
  // A south-facing window (normal −y, north_deg 0) at the origin, 1 m up; a 10 m tower to the
  // south-east whose near face is 2 m away.
  const tower: Prism = {
    id: "tower",
    polygon: [[2, -6], [6, -6], [6, -2], [2, -2]],
    zmin_m: 0,
    zmax_m: 10,
  };
  const scene = {
    north_deg: 0,
    prisms: [tower],
    // A neighbour's roof: a 30° bump between 190° and 210°, flat elsewhere.
    horizon: makeHorizon([
      { azimuth_deg: 190, elevation_deg: 0 },
      { azimuth_deg: 200, elevation_deg: 30 },
      { azimuth_deg: 210, elevation_deg: 0 },
    ]),
  };
  const s = series([
    [-5, 180], // night
    [20, 30], // north-east: behind a south wall
    [20, 200], // under the 30° skyline at 200°
    [10, 135], // through the tower
    [80, 135], // high above the tower
    [20, 180], // due south, clear
  ]);
  const codes = sunCodes(s, { id: "w", at: [0, 0], z_m: 1, normal: [0, -1] }, scene);
  assertEquals([...codes], [
    SUN_CODES.down,
    SUN_CODES.behind,
    SUN_CODES.horizon,
    SUN_CODES.building,
    SUN_CODES.sunlit,
    SUN_CODES.sunlit,
  ]);
  assertEquals(sunlitHours(codes, 0.5), 1);
  assertEquals(lostHours(codes, 1), { behind: 1, horizon: 1, building: 1 });
  // Rotating the plan: with north_deg 90 the plan's +y points east, so a window facing plan −y
  // faces west; the sun in the west (270°) is in front of it.
  const west = sunCodes(series([[20, 270], [20, 90]]), {
    id: "w",
    at: [0, 0],
    z_m: 1,
    normal: [0, -1],
  }, { north_deg: 90, prisms: [] });
  assertEquals([...west], [SUN_CODES.sunlit, SUN_CODES.behind]);
  // A minimum altitude of 25° turns the 20° samples down.
  const hi = sunCodes(series([[20, 180], [30, 180]]), {
    id: "w",
    at: [0, 0],
    z_m: 1,
    normal: [0, -1],
  }, { north_deg: 0, prisms: [], min_altitude_deg: 25 });
  assertEquals([...hi], [SUN_CODES.down, SUN_CODES.sunlit]);
});

Deno.test("union, groups and sampling grids", () => {
  const a = Uint8Array.from([0, 2, 2, 0]), b = Uint8Array.from([2, 0, 4, 0]);
  assertEquals([...unionSunlit([a, b])], [0, 0, 1, 0]);
  assertEquals(sunlitHoursByGroup(a, Uint8Array.from([0, 0, 1, 1]), 2, 1), [1, 1]);
  const y = yearSamples(2025, 60, 13.4);
  assertEquals(y.jd.length, 8760);
  assertEquals(y.step_h, 1);
  const perMonth = new Array(12).fill(0);
  for (const m of y.month) perMonth[m]++;
  assertEquals(perMonth, [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31].map((d) => d * 24));
  assertEquals(yearSamples(2024, 30, 0).jd.length, 366 * 48);
  const d = daySamples(2025, 3, 21, 1, 0);
  assertEquals(d.jd.length, 1440);
  near(d.jd[0], 2460755.5 + 0.5 / 1440, 1e-9, "first minute midpoint");
  // Local mean solar time: at 90°E the day starts 6 h before 0 UT.
  near(daySamples(2025, 3, 21, 60, 90).jd[0], 2460755.5 - 0.25 + 0.5 / 24, 1e-9, "90°E");
});

Deno.test("sunCodes' quick rejections never change the exact answer (random scenes)", () => {
  // Seeded LCG so the test is the same every run.
  let seed = 12345;
  const seen = { building: 0, sunlit: 0 };
  const rnd = () => (seed = (seed * 1664525 + 1013904223) % 4294967296) / 4294967296;
  for (let scene = 0; scene < 30; scene++) {
    const prisms: Prism[] = [];
    for (let k = 0; k < 6; k++) {
      const x = rnd() * 30 - 15, y = rnd() * 30 - 15, w = 1 + rnd() * 8, d = 1 + rnd() * 8;
      const zmin = rnd() < 0.3 ? 2 + rnd() * 3 : 0;
      const poly: [number, number][] = rnd() < 0.5
        ? [[x, y], [x + w, y], [x + w, y + d], [x, y + d]]
        : [[x, y], [x + w, y], [x + w, y + d / 2], [x + w / 2, y + d / 2], [x + w / 2, y + d], [
          x,
          y + d,
        ]];
      prisms.push({ id: `p${k}`, polygon: poly, zmin_m: zmin, zmax_m: zmin + 1 + rnd() * 15 });
    }
    const a = rnd() * 2 * Math.PI;
    const aperture = {
      id: "w",
      at: [rnd() * 4 - 2, rnd() * 4 - 2] as [number, number],
      z_m: 1 + rnd() * 4,
      normal: [Math.sin(a), Math.cos(a)] as [number, number],
    };
    const pts: [number, number][] = [];
    for (let i = 0; i < 400; i++) pts.push([rnd() * 70 + 0.5, rnd() * 360]);
    const north_deg = rnd() * 360;
    const codes = sunCodes(series(pts), aperture, { north_deg, prisms });
    pts.forEach(([el, az], i) => {
      const phi = (az - north_deg) * Math.PI / 180;
      const dir: [number, number] = [Math.sin(phi), Math.cos(phi)];
      const front = dir[0] * aperture.normal[0] + dir[1] * aperture.normal[1] > 0;
      const o: [number, number] = [
        aperture.at[0] + aperture.normal[0] * 0.01,
        aperture.at[1] + aperture.normal[1] * 0.01,
      ];
      const hit = prisms.some((p) =>
        rayHitsPrism(o, dir, aperture.z_m, Math.tan(el * Math.PI / 180), p)
      );
      const want = !front ? SUN_CODES.behind : hit ? SUN_CODES.building : SUN_CODES.sunlit;
      assertEquals(codes[i], want, `scene ${scene} sample ${i}`);
      if (want === SUN_CODES.building) seen.building++;
      if (want === SUN_CODES.sunlit) seen.sunlit++;
    });
  }
  assertOk(
    seen.building > 100 && seen.sunlit > 100,
    `both outcomes occur: ${JSON.stringify(seen)}`,
  );
});
