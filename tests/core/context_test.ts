import { assertEquals, thrownBy } from "../_assert.ts";
import { CancelledError, InputError } from "../../ground/errors.ts";
import { makeCtx, resolveSite } from "../../core/context.ts";
import { openStore } from "../../core/store.ts";
import { parsePlan } from "../../ground/plan.ts";
import { BUILTIN_SCANS } from "../../layers/builtin.ts";

Deno.test("ctx.site: a scan id, lat,lon or a stored site/address", () => {
  const store = openStore(":memory:");
  store.putSite({
    id: "cottage",
    lat: 50.1,
    lon: -5.2,
    address: "2 Harbour Row",
    record: { year_built: 1890 },
  });
  const src = { store, builtins: BUILTIN_SCANS };
  const demo = resolveSite(src, "demo")!;
  assertEquals([demo.lat, demo.lon, demo.north_deg, demo.from, demo.scan], [
    52.52,
    13.405,
    15,
    "scan",
    "demo",
  ]);
  assertEquals(resolveSite(src, "48.85, 2.35"), {
    lat: 48.85,
    lon: 2.35,
    record: {},
    from: "coordinates",
  });
  const byAddress = resolveSite(src, "2 harbour row")!;
  assertEquals([byAddress.id, byAddress.record.year_built, byAddress.from], [
    "cottage",
    1890,
    "store",
  ]);
  const far = thrownBy(() => resolveSite(src, "95,0"), InputError);
  assertEquals([far.code, far.data], ["place.out_of_range", {
    input: "place",
    got: "95,0",
    lat: 95,
    lon: 0,
  }]);
  const atlantis = thrownBy(() => resolveSite(src, "Atlantis"), InputError);
  assertEquals([atlantis.code, atlantis.input, atlantis.data.got], [
    "place.unknown",
    "place",
    "Atlantis",
  ]);
  store.close();
});

Deno.test("ctx.site: a scan without a site gives undefined; its stored site is used", () => {
  const store = openStore(":memory:");
  const bare = parsePlan({ id: "bare" });
  const src = { store, plans: { bare } };
  assertEquals(resolveSite(src, "bare"), undefined);
  store.putSite({ id: "bare-site", lat: 1, lon: 2, scan: "bare", record: { parcel: "X1" } });
  const s = resolveSite(src, "bare")!;
  assertEquals([s.lat, s.lon, s.record.parcel], [1, 2, "X1"]);
  store.close();
});

Deno.test("ctx.plan: unknown scans are errors naming the input; steps reach the listener", () => {
  const steps: string[] = [];
  const ctx = makeCtx({
    sources: { builtins: BUILTIN_SCANS },
    signal: new AbortController().signal,
    onStep: (t) => steps.push(t.text),
  });
  assertEquals(ctx.plan("demo").id, "demo");
  const zzz = thrownBy(() => ctx.plan("zzz"), InputError);
  assertEquals([zzz.code, zzz.data], ["scan.unknown", {
    input: "scan",
    got: "zzz",
    allowed: ["demo"],
  }]);
  ctx.step("hello");
  assertEquals(steps, ["hello"]);
  const ac = new AbortController();
  const c2 = makeCtx({ sources: {}, signal: ac.signal, onStep: () => {} });
  ac.abort();
  assertEquals(thrownBy(() => c2.throwIfCancelled(), CancelledError).code, "run.cancelled");
});

Deno.test("ctx.site: a person's stored site for a scan outranks the plan's; a raster holder follows the plan", () => {
  const store = openStore(":memory:");
  const src = { store, builtins: BUILTIN_SCANS };
  // A record made only to hold rasters copied the plan's site and follows the plan.
  store.putSite({
    id: "scan-demo",
    lat: 1,
    lon: 2,
    north_deg: 99,
    scan: "demo",
    record: { located_by: "plan", rasters: [] },
  });
  let s = resolveSite(src, "demo")!;
  assertEquals([s.id, s.lat, s.lon, s.north_deg, s.elevation_m], [
    "scan-demo",
    52.52,
    13.405,
    15,
    34,
  ]);
  // Coordinates a person gave win; the plan still fills what they left out, except the
  // ground elevation, which belongs to the plan's coordinates.
  store.putSite({
    id: "scan-demo",
    lat: 32.745,
    lon: -97.395,
    scan: "demo",
    record: { rasters: [] },
  });
  s = resolveSite(src, "demo")!;
  assertEquals([s.lat, s.lon, s.north_deg, s.address, s.elevation_m], [
    32.745,
    -97.395,
    15,
    BUILTIN_SCANS.demo().plan.site!.address,
    undefined,
  ]);
  // At the plan's own coordinates the plan's elevation still applies.
  store.putSite({
    id: "scan-demo",
    lat: 52.52,
    lon: 13.405,
    north_deg: 20,
    scan: "demo",
    record: {},
  });
  s = resolveSite(src, "demo")!;
  assertEquals([s.north_deg, s.elevation_m], [20, 34]);
  store.close();
});
