import assert from "node:assert/strict";
import { listSiteEntries, putPersonSite } from "../../core/sites.ts";
import { openStore } from "../../core/store.ts";
import { InputError } from "../../ground/errors.ts";
import { thrownBy } from "../_assert.ts";
import { BUILTIN_SCANS } from "../../layers/builtin.ts";

const setup = () => {
  const store = openStore(":memory:");
  return { store, builtins: BUILTIN_SCANS };
};

Deno.test("sites: coordinates at the limits are kept; 1e-9 beyond is an error naming the input", () => {
  const src = setup();
  assert.equal(putPersonSite(src, { id: "pole", lat: 90, lon: -180 }).lat, 90);
  for (
    const [given, input] of [
      [{ lat: 90.000000001, lon: 0 }, "--lat"],
      [{ lat: 0, lon: 180.000000001 }, "--lon"],
      [{ lat: NaN, lon: 0 }, "--lat"],
      [{ lat: 0, lon: 0, north_deg: Infinity }, "--north"],
    ] as const
  ) {
    assert.throws(
      () =>
        putPersonSite(src, { id: "x", ...given }, {
          lat: "--lat",
          lon: "--lon",
          north_deg: "--north",
        }),
      (e: unknown) => e instanceof InputError && e.input === input,
      JSON.stringify(given),
    );
  }
  assert.equal(src.store.getSite("x"), undefined, "nothing stored");
});

Deno.test("sites: one stored site per scan; a second names the first", () => {
  const src = setup();
  putPersonSite(src, { id: "plot", lat: 52.5, lon: 13.4, scan: "demo" });
  const taken = thrownBy(
    () => putPersonSite(src, { id: "other", lat: 52.6, lon: 13.4, scan: "demo" }),
    InputError,
  );
  assert.deepEqual([taken.code, taken.data], [
    "site.scan_has_site",
    { input: "scan", scan: "demo", site: "plot", got: "other" },
  ]);
  // Changing the same site again is fine, and keeps its scan.
  assert.equal(putPersonSite(src, { id: "plot", lat: 52.5, lon: 13.41 }).scan, "demo");
  const unknown = thrownBy(
    () => putPersonSite(src, { id: "y", lat: 1, lon: 1, scan: "atlantis" }),
    InputError,
  );
  assert.deepEqual([unknown.code, unknown.data.got], ["scan.unknown", "atlantis"]);
});

Deno.test("sites: a moved site drops its ground elevation and no longer follows the plan", () => {
  const src = setup();
  src.store.putSite({
    id: "plot",
    lat: 52.5,
    lon: 13.4,
    elevation_m: 34,
    record: { located_by: "plan", parcel: "7/1" },
  });
  const same = putPersonSite(src, { id: "plot", lat: 52.5, lon: 13.4, record: { year: 1931 } });
  assert.equal(same.elevation_m, 34, "same coordinates keep it");
  assert.deepEqual(same.record, { parcel: "7/1", year: 1931 }, "located_by dropped, facts merged");
  const moved = putPersonSite(src, { id: "plot", lat: 52.5001, lon: 13.4 });
  assert.equal(moved.elevation_m, undefined);
  assert.equal(src.store.getSite("plot")!.elevation_m, undefined);
});

Deno.test("sites: the listing has stored sites and the sites of scans without one", () => {
  const src = setup();
  const before = listSiteEntries(src);
  const demoSite = BUILTIN_SCANS.demo().plan.site!;
  assert.deepEqual(before.map((s) => [s.id, s.scan, s.lat]), [["demo", "demo", demoSite.lat]]);
  putPersonSite(src, { id: "plot", lat: 1, lon: 2, scan: "demo" });
  assert.deepEqual(listSiteEntries(src).map((s) => [s.id, s.scan, s.lat]), [["plot", "demo", 1]]);
});
