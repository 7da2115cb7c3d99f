import { assert, assertEquals, rejectedBy } from "../../_assert.ts";
import { sharedData } from "../../_data.ts";
import {
  crsFromGeoKeys,
  GeoTiffError,
  readGeoTiff,
  readGeoTiffInfo,
} from "../../../engines/aerial/geotiff.ts";
import {
  crsSupported,
  crsToPlan,
  gridNorthAzimuth_deg,
  invertAffine,
  planToCrs,
  planToCrsAffine,
  transformPoints,
  utmCrs,
} from "../../../engines/aerial/reproject.ts";
import { applyAffine, type XY } from "../../../ground/grid.ts";
import {
  cellSize_m,
  clipAroundSite,
  clipWindow,
  metresPerDegree,
  resampleToPlan,
} from "../../../engines/aerial/sample.ts";
import { bilinear, cellValue, covers, pixelToWorld, worldToPixel } from "../../../ground/grid.ts";
import { pointFacts } from "../../../engines/aerial/facts.ts";
import {
  excessGreen,
  readOrthophoto,
  saturation,
  surfaceFractions,
} from "../../../engines/aerial/imagery.ts";
import { writeArrayBuffer } from "geotiff";
import { gridToTiff, tiltedPlane } from "../../../fixtures/site/dems.ts";

// --- a second, independent TIFF reader: raw IFD parsing, tiles/strips, TIFF 6.0 LZW ------

interface RawIfd {
  tags: Map<number, number[]>;
}

function rawIfd(buf: Uint8Array): RawIfd {
  const dv = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  assertEquals(String.fromCharCode(buf[0], buf[1]), "II", "little-endian TIFF");
  const le = true;
  const off = dv.getUint32(4, le);
  const n = dv.getUint16(off, le);
  const size: Record<number, number> = { 1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 11: 4, 12: 8, 16: 8 };
  const tags = new Map<number, number[]>();
  for (let k = 0; k < n; k++) {
    const e = off + 2 + k * 12;
    const tag = dv.getUint16(e, le),
      type = dv.getUint16(e + 2, le),
      count = dv.getUint32(e + 4, le);
    const bytes = size[type] * count;
    const at = bytes <= 4 ? e + 8 : dv.getUint32(e + 8, le);
    const vals: number[] = [];
    for (let i = 0; i < Math.min(count, 100000); i++) {
      if (type === 3) vals.push(dv.getUint16(at + 2 * i, le));
      else if (type === 4) vals.push(dv.getUint32(at + 4 * i, le));
      else if (type === 12) vals.push(dv.getFloat64(at + 8 * i, le));
      else if (type === 1 || type === 2) vals.push(buf[at + i]);
    }
    tags.set(tag, vals);
  }
  return { tags };
}

/** TIFF 6.0 §13 LZW: MSB-first codes of 9–12 bits, Clear 256, EOI 257, early change. */
function lzwDecode(src: Uint8Array): Uint8Array {
  const out: number[] = [];
  let table: number[][] = [];
  const reset = () => {
    table = [];
    for (let i = 0; i < 256; i++) table.push([i]);
    table.push([], []);
  };
  reset();
  let bitPos = 0, width = 9, prev: number[] | null = null;
  const read = () => {
    let v = 0;
    for (let i = 0; i < width; i++) {
      const byte = src[(bitPos + i) >> 3];
      v = (v << 1) | ((byte >> (7 - ((bitPos + i) & 7))) & 1);
    }
    bitPos += width;
    return v;
  };
  while ((bitPos + width) <= src.length * 8) {
    const code = read();
    if (code === 257) break;
    if (code === 256) {
      reset();
      width = 9;
      prev = null;
      continue;
    }
    let entry: number[];
    if (code < table.length) entry = table[code];
    else entry = [...prev!, prev![0]];
    out.push(...entry);
    if (prev) table.push([...prev, entry[0]]);
    prev = entry;
    if (table.length + 1 >= (1 << width) && width < 12) width++;
  }
  return Uint8Array.from(out);
}

/** The sample at (row, col) read straight from the file's tiles or strips. */
function rawSample(buf: Uint8Array, row: number, col: number): number {
  const { tags } = rawIfd(buf);
  const w = tags.get(256)![0];
  const bits = tags.get(258)![0];
  const fmt = tags.get(339)?.[0] ?? 1;
  const compression = tags.get(259)![0];
  let offset: number, count: number, within: number;
  if (tags.has(322)) {
    const tw = tags.get(322)![0], th = tags.get(323)![0];
    const across = Math.ceil(w / tw);
    const t = Math.floor(row / th) * across + Math.floor(col / tw);
    offset = tags.get(324)![t];
    count = tags.get(325)![t];
    within = (row % th) * tw + (col % tw);
  } else {
    const rps = tags.get(278)![0];
    const s = Math.floor(row / rps);
    offset = tags.get(273)![s];
    count = tags.get(279)![s];
    within = (row % rps) * w + col;
  }
  let block: Uint8Array = buf.slice(offset, offset + count);
  if (compression === 5) block = lzwDecode(block);
  else assertEquals(compression, 1);
  const dv = new DataView(block.buffer);
  const b = bits / 8;
  if (fmt === 3 && bits === 32) return dv.getFloat32(within * b, true);
  if (fmt === 2 && bits === 16) return dv.getInt16(within * b, true);
  throw new Error(`unhandled sample format ${fmt}/${bits}`);
}

// --- the two real DEMs -------------------------------------------------------------------

const PYSHEDS = sharedData("dem/pysheds_dem.tif");
const VINSCHGAU = sharedData("dem/terra_elev_vinschgau.tif");

Deno.test("geotiff: pysheds DEM (int16, 16×16 tiles, EPSG:4326) header and geotransform", async () => {
  const bytes = await Deno.readFile(PYSHEDS);
  const info = await readGeoTiffInfo(bytes);
  assertEquals(
    [info.width, info.height, info.sample_type, info.tiled, info.compression, info.crs],
    [367, 359, "int16", true, 1, "EPSG:4326"],
  );
  assertEquals(info.nodata, -32768);
  const t = info.transform;
  // Tiepoint (−97.485, 32.8217), 3″ = 1/1200° pixels (data-formats.md §5).
  assert.ok(Math.abs(t[0] - -97.485) < 1e-9 && Math.abs(t[3] - 32.8216666667) < 1e-9);
  assert.ok(Math.abs(t[1] - 1 / 1200) < 1e-12 && Math.abs(t[5] + 1 / 1200) < 1e-12);
  assertEquals([t[2], t[4]], [0, 0]);
});

Deno.test("geotiff: pysheds cells match an independent raw read of the tiles", async () => {
  const bytes = await Deno.readFile(PYSHEDS);
  const g = await readGeoTiff(bytes);
  const cells: [number, number][] = [
    [0, 0],
    [0, 366],
    [358, 0],
    [358, 366],
    [100, 100],
    [
      17,
      250,
    ],
    [200, 33],
    [300, 301],
  ];
  for (const [r, c] of cells) {
    assertEquals(g.data[r * g.width + c], rawSample(bytes, r, c), `cell ${r},${c}`);
  }
  // The first cell, read by hand from the first tile: 214 m.
  assertEquals(g.data[0], 214);
});

Deno.test("geotiff: Vinschgau DEM (float32, LZW strips, UTM 32N) header, values, nodata", async () => {
  const bytes = await Deno.readFile(VINSCHGAU);
  const info = await readGeoTiffInfo(bytes);
  assertEquals(
    [info.width, info.height, info.sample_type, info.tiled, info.compression, info.crs],
    [252, 194, "float32", false, 5, "EPSG:32632"],
  );
  assertEquals(info.transform, [598250, 250, 0, 5193000, 0, -250]);
  const g = await readGeoTiff(bytes);
  let lo = Infinity, hi = -Infinity, holes = 0;
  for (const v of g.data) {
    if (Number.isNaN(v)) holes++;
    else {
      lo = Math.min(lo, v);
      hi = Math.max(hi, v);
    }
  }
  // min 388 m, max 3863 m as data-formats.md states; the −3.4e38 corners are nodata.
  assertEquals([Math.round(lo), Math.round(hi)], [388, 3863]);
  assert.ok(holes > 0 && holes < g.data.length / 2);
  for (const [r, c] of [[10, 120], [96, 126], [150, 30], [193, 251], [0, 0]]) {
    const raw = rawSample(bytes, r, c);
    const v = g.data[r * g.width + c];
    if (raw < -1e38) assert.ok(Number.isNaN(v), `cell ${r},${c} is nodata`);
    else assertEquals(v, raw, `cell ${r},${c}`);
  }
});

Deno.test("geotiff: written int16 and float32 rasters read back, nodata and CRS included", async () => {
  const g = tiltedPlane(7, 5, 0.5);
  g.transform = [500000, 1, 0, 5800000, 0, -1];
  g.data[8] = NaN;
  g.data[2] = -12.4;
  const f = await readGeoTiff(await gridToTiff(g, 32633));
  assertEquals(f.crs, "EPSG:32633");
  assertEquals(f.transform, g.transform);
  assert.ok(Number.isNaN(f.data[8]));
  assertEquals(f.data[9], Math.fround(g.data[9]));
  const i = await readGeoTiff(await gridToTiff(g, 4326, { type: "int16", geographic: true }));
  assertEquals(i.crs, "EPSG:4326");
  assertEquals(i.data[3], Math.round(g.data[3]));
  assertEquals(i.data[2], -12);
  assert.ok(Number.isNaN(i.data[8]));
  const e = await rejectedBy(readGeoTiff(new TextEncoder().encode("not a tiff")), GeoTiffError);
  assertEquals(e.code, "geotiff.unreadable");
});

Deno.test("geotiff: CRS from GeoKeys", () => {
  assertEquals(
    crsFromGeoKeys({ GTModelTypeGeoKey: 1, ProjectedCSTypeGeoKey: 32632 }),
    "EPSG:32632",
  );
  assertEquals(crsFromGeoKeys({ GTModelTypeGeoKey: 2, GeographicTypeGeoKey: 4326 }), "EPSG:4326");
  assertEquals(crsFromGeoKeys({ GTModelTypeGeoKey: 1, ProjectedCSTypeGeoKey: 32767 }), "unknown");
  assertEquals(crsFromGeoKeys(null), "unknown");
  assert.ok(!crsSupported("unknown") && !crsSupported("EPSG:2056") && crsSupported("EPSG:25832"));
});

// --- reprojection -------------------------------------------------------------------------

Deno.test("reproject: the CN Tower's published UTM coordinate, and round trips", () => {
  // 43°38′33.24″ N, 79°23′13.7″ W = UTM 17T 630084 E 4833439 N (the Wikipedia UTM example).
  const lat = 43 + 38 / 60 + 33.24 / 3600, lon = -(79 + 23 / 60 + 13.7 / 3600);
  assertEquals(utmCrs(lat, lon), "EPSG:32617");
  const [[e, n]] = transformPoints("EPSG:4326", "EPSG:32617", [[lon, lat]]);
  assert.ok(Math.abs(e - 630084) < 1 && Math.abs(n - 4833439) < 1, `${e} ${n}`);
  const [[lon2, lat2]] = transformPoints("EPSG:32617", "EPSG:4326", [[e, n]]);
  assert.ok(Math.abs(lon2 - lon) < 1e-9 && Math.abs(lat2 - lat) < 1e-9);
  assertEquals(utmCrs(-33.9, 18.4), "EPSG:32734");
});

Deno.test("reproject: the plan frame follows north_deg", () => {
  const site = { lat: 52.52, lon: 13.405 };
  const m = metresPerDegree(52.52);
  // +y with north_deg 0 is north: 100 m is 100/lat_m degrees of latitude.
  let [[lon, lat]] = planToCrs({ ...site, north_deg: 0 }, "EPSG:4326", [[0, 100]]);
  assert.ok(Math.abs((lat - 52.52) * m.lat_m - 100) < 0.01 && Math.abs(lon - 13.405) < 1e-9);
  // With north_deg 90, +y is east.
  [[lon, lat]] = planToCrs({ ...site, north_deg: 90 }, "EPSG:4326", [[0, 100]]);
  assert.ok(Math.abs((lon - 13.405) * m.lon_m - 100) < 0.05 && Math.abs(lat - 52.52) < 1e-6);
  // The demo site's 15°: plan +x points 105° — east-south-east.
  const anchor = { ...site, north_deg: 15 };
  [[lon, lat]] = planToCrs(anchor, "EPSG:4326", [[100, 0]]);
  const az = Math.atan2((lon - 13.405) * m.lon_m, (lat - 52.52) * m.lat_m) * 180 / Math.PI;
  assert.ok(Math.abs(az - 105) < 0.01, `azimuth ${az}`);
  // Round trip plan -> UTM -> plan, and the affine stand-in across ±200 m.
  const pts: XY[] = [[0, 0], [12.5, -7.25], [-180, 150], [200, 200]];
  const utm = planToCrs(anchor, "EPSG:32633", pts);
  crsToPlan(anchor, "EPSG:32633", utm).forEach((p, i) => {
    assert.ok(Math.hypot(p[0] - pts[i][0], p[1] - pts[i][1]) < 1e-6);
  });
  const aff = planToCrsAffine(anchor, "EPSG:32633");
  pts.forEach((p, i) => {
    const q = applyAffine(aff, p);
    assert.ok(Math.hypot(q[0] - utm[i][0], q[1] - utm[i][1]) < 0.005, `affine error at ${p}`);
  });
  const back = applyAffine(invertAffine(aff), utm[1]);
  assert.ok(Math.hypot(back[0] - 12.5, back[1] + 7.25) < 0.005);
});

Deno.test("reproject: grid convergence in UTM 33N at Berlin matches atan(tan Δλ · sin φ)", () => {
  const [p] = transformPoints("EPSG:4326", "EPSG:32633", [[13.405, 52.52]]);
  const expected = Math.atan(
    Math.tan((13.405 - 15) * Math.PI / 180) * Math.sin(52.52 * Math.PI / 180),
  ) * 180 / Math.PI;
  const got = gridNorthAzimuth_deg("EPSG:32633", p);
  assert.ok(Math.abs(got - expected) < 0.01, `${got} vs ${expected}`);
  assertEquals(gridNorthAzimuth_deg("EPSG:4326", [13.4, 52.5]), 0);
});

// --- sampling ------------------------------------------------------------------------------

Deno.test("sample: pixel maps, bilinear on a plane, clip, resample, degree lengths", () => {
  const g = tiltedPlane(10, 8, 0.5); // z = 100 + 0.5·x, x = col + 0.5 at centres
  const p: XY = [3.3, 4.1];
  assertEquals(pixelToWorld(g.transform, worldToPixel(g.transform, p)), p);
  assert.ok(Math.abs(bilinear(g, p) - (100 + 0.5 * 3.3)) < 1e-12);
  assertEquals(cellValue(g, p), 100 + 0.5 * 3.5);
  assert.ok(covers(g, [0, 0]) && !covers(g, [-0.1, 2]) && Number.isNaN(bilinear(g, [11, 2])));
  g.data[3 * 10 + 3] = NaN;
  assert.ok(Number.isNaN(bilinear(g, [3.2, 4.6])), "no value across a hole");
  const clip = clipWindow(g, [2, 2, 5, 5])!;
  assertEquals([clip.width, clip.height, clip.transform[0], clip.transform[3]], [3, 3, 2, 5]);
  assertEquals(clip.data[0], g.data[3 * 10 + 2]);
  assertEquals(clipWindow(g, [20, 20, 30, 30]), undefined);
  const r = resampleToPlan(g, [1, 0, 0, 0, 1, 0], [4, 1, 8, 3], 0.5);
  assertEquals([r.width, r.height, r.crs], [8, 4, "local"]);
  assert.ok(Math.abs(r.data[0] - (100 + 0.5 * 4.25)) < 1e-12);
  // Degree lengths on WGS 84 at the equator: 110 574.3 m and 111 319.5 m.
  const eq = metresPerDegree(0);
  assert.ok(Math.abs(eq.lat_m - 110574.3) < 0.1 && Math.abs(eq.lon_m - 111319.5) < 0.1);
  assertEquals(cellSize_m(g, false), [1, 1]);
});

Deno.test("facts: a plane rising east 5 % slopes 2.86° towards the west", () => {
  const g = tiltedPlane(300, 300, 0.05);
  const f = pointFacts(g, [150, 150], { geographic: false, radius_m: 100 });
  assert.ok(!("missing" in f));
  if ("missing" in f) return;
  assert.ok(Math.abs(f.slope_deg - Math.atan(0.05) * 180 / Math.PI) < 1e-9);
  assert.ok(Math.abs(f.aspect_deg - 270) < 1e-9);
  assert.ok(Math.abs(f.elevation_m - 107.5) < 1e-9);
  // Lowest cell centre within 100 m: x = 50.5 → 5 m + 0.025 below... centre at 150.
  assert.ok(Math.abs(f.height_above_lowest_m - 0.05 * 99.5) < 1e-9, `${f.height_above_lowest_m}`);
  assertEquals(f.coverage, 1);
  const out = pointFacts(g, [400, 150], { geographic: false });
  assert.ok("missing" in out && out.missing === "outside");
});

Deno.test("imagery: excess green and saturation of known colours", () => {
  assert.ok(Math.abs(excessGreen(60, 160, 50) - 210 / 270) < 1e-12);
  assertEquals(excessGreen(128, 128, 128), 0);
  assertEquals(excessGreen(0, 0, 0), 0);
  assert.ok(excessGreen(200, 80, 60) < 0);
  assertEquals(saturation(128, 128, 128), 0);
  assert.ok(Math.abs(saturation(200, 100, 0) - 1) < 1e-12);
  const img = {
    width: 4,
    height: 1,
    channels: 3,
    data: Uint8Array.from([60, 160, 50, 128, 128, 128, 200, 80, 60, 60, 160, 50]),
    transform: [0, 1, 0, 1, 0, -1] as [number, number, number, number, number, number],
    crs: "local",
  };
  const f = surfaceFractions(img, Uint8Array.from([1, 1, 1, 0]));
  assertEquals([f.pixels, f.vegetation_fraction, f.hard_fraction], [3, 1 / 3, 1 / 3]);
});

Deno.test("sample: clipping 1 km around a site on the real UTM DEM", async () => {
  const g = await readGeoTiff(await Deno.readFile(VINSCHGAU));
  // The terra watershed pour point, as a site.
  const [[lon, lat]] = transformPoints("EPSG:32632", "EPSG:4326", [[653358.3, 5168222]]);
  const clip = clipAroundSite(g, { lat, lon, north_deg: 30 }, 1000)!;
  // A 2 km square turned 30° spans 2·1000·(cos 30° + sin 30°) = 2732 m: 11 or 12 cells of 250 m.
  assert.ok(clip.width >= 11 && clip.width <= 13 && clip.height >= 11 && clip.height <= 13);
  const [c0, r0] = worldToPixel(g.transform, [clip.transform[0], clip.transform[3]]);
  assertEquals(clip.data[0], g.data[Math.round(r0) * g.width + Math.round(c0)]);
  assertEquals(clipAroundSite(g, { lat: 52.52, lon: 13.405 }, 100), undefined);
});

Deno.test("imagery: a 16-bit RGB GeoTIFF reads as 8-bit sRGB, and a window keeps its georeference", async () => {
  const w = 6, h = 4, v = new Uint16Array(w * h * 3);
  for (let i = 0; i < w * h; i++) v.set([60 * 257, 160 * 257, (i % w) * 10 * 257], i * 3);
  const bytes = new Uint8Array(
    await writeArrayBuffer(v, {
      width: w,
      height: h,
      SamplesPerPixel: 3,
      PhotometricInterpretation: 2,
      BitsPerSample: [16, 16, 16],
      ModelPixelScale: [0.5, 0.5, 0],
      ModelTiepoint: [0, 0, 0, 500000, 5800000, 0],
      GTModelTypeGeoKey: 1,
      ProjectedCSTypeGeoKey: 32633,
    }),
  );
  const all = (await readOrthophoto(bytes))!;
  assertEquals([all.width, all.height, all.channels, all.crs], [6, 4, 3, "EPSG:32633"]);
  assertEquals([...all.data.slice(0, 6)], [60, 160, 0, 60, 160, 10]);
  // The window over x 500001..500002, y 5799999..5800000: columns 2–3, rows 0–1.
  const win = (await readOrthophoto(bytes, [500001, 5799999, 500002, 5800000]))!;
  assertEquals([win.width, win.height], [2, 2]);
  assertEquals(win.transform, [500001, 0.5, 0, 5800000, 0, -0.5]);
  assertEquals(win.data[2], 20);
  assertEquals(await readOrthophoto(bytes, [0, 0, 1, 1]), undefined);
});

Deno.test("geotiff: a windowed read decodes only the box and keeps the georeference", async () => {
  for (const file of [VINSCHGAU, PYSHEDS]) {
    const bytes = await Deno.readFile(file);
    const full = await readGeoTiff(bytes);
    const t = full.transform;
    // A box from the middle of cell (40, 30) to the middle of cell (52, 37).
    const [x0, y0] = pixelToWorld(t, [40.5, 37.5]), [x1, y1] = pixelToWorld(t, [52.5, 30.5]);
    const win = (await readGeoTiff(bytes, 0, [x0, y0, x1, y1]))!;
    // Cells 40..52 and 30..37, plus one cell of margin each way.
    assertEquals([win.width, win.height], [15, 10]);
    const [c0, r0] = worldToPixel(t, [win.transform[0], win.transform[3]]);
    assertEquals([Math.round(c0), Math.round(r0)], [39, 29]);
    for (let r = 0; r < win.height; r++) {
      for (let c = 0; c < win.width; c++) {
        const a = win.data[r * win.width + c], b = full.data[(r + 29) * full.width + c + 39];
        assert.ok(Object.is(a, b) || a === b, `${file} cell ${r},${c}`);
      }
    }
    assertEquals(await readGeoTiff(bytes, 0, [0, 0, 1, 1]), undefined);
  }
});
