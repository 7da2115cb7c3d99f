import { assertEquals, assertMatch, assertOk } from "../_assert.ts";
import { InputError } from "../../ground/errors.ts";
import {
  parsePlan,
  parsePlanText,
  planJsonSchema,
  polygonSelfIntersects,
  tolerance_m,
} from "../../ground/plan.ts";
import { BUILTIN_SCANS } from "../../layers/builtin.ts";

const base = () => ({
  id: "t",
  floors: [{ id: "f0", index: 0, elevation_m: 0 }],
  rooms: [
    { id: "r1", floor: "f0", label: "living", polygon: [[0, 0], [3, 0], [3, 3], [0, 3]] },
    { id: "r2", floor: "f0", label: "kitchen", polygon: [[3, 0], [6, 0], [6, 3], [3, 3]] },
  ],
  openings: [{
    id: "d1",
    kind: "door",
    floor: "f0",
    between: ["r1", "r2"],
    at: [3, 1.5],
    width_m: 0.9,
  }],
});

function message(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    assertOk(e instanceof InputError, `expected an InputError, got ${e}`);
    return (e as Error).message;
  }
  throw new Error("expected an error");
}

Deno.test("plan: the demo building meets the issue's requirements", () => {
  const { plan, warnings } = BUILTIN_SCANS.demo();
  assertEquals(warnings, []);
  assertEquals(plan.floors.length, 2);
  const labelled = plan.rooms.filter((r) => r.height_m !== undefined);
  assertOk(labelled.length >= 10, "at least 10 rooms with heights");
  const doors = plan.openings.filter((o) => o.kind === "door");
  assertOk(doors.length >= 10, `at least 10 doors, got ${doors.length}`);
  const bath = plan.rooms.find((r) => r.label === "bathroom")!;
  assertOk(
    doors.some((d) => d.between.includes(bath.id) && d.width_m === 0.7),
    "bathroom door 0.70 m",
  );
  assertOk(
    doors.some((d) => d.between.includes(null) && d.threshold_m === 0.05 && d.main_entrance),
    "front door step",
  );
  const facades = new Set(
    plan.openings.filter((o) => o.kind === "window").map((w) =>
      w.at[0] === 0 ? "W" : w.at[0] === 12 ? "E" : w.at[1] === 0 ? "S" : "N"
    ),
  );
  assertOk(facades.size >= 3, "windows on several facades");
  assertOk(plan.verticals.some((v) => v.kind === "stair" && v.from_floor !== v.to_floor));
  for (const l of ["bed", "sofa", "table"]) assertOk(plan.objects.some((o) => o.label === l), l);
  assertOk(plan.site && plan.site.north_deg !== undefined);
  assertOk(
    plan.rooms.some((r) => r.height_m !== undefined && r.height_m < 2.1),
    "attic lower than 2.1 m",
  );
});

Deno.test("plan: a validation error names the JSON path and the problem", () => {
  const p = base();
  p.rooms.push({ id: "r3", floor: "f0", label: "office", polygon: [[0, 0], [1, 1]] } as never);
  p.rooms.push(p.rooms[0]); // keep r3 at index 2
  assertMatch(message(() => parsePlan(p)), /rooms\[2\]\.polygon: needs at least 3 points, got 2/);
});

Deno.test("plan: wrong types, NaN and negative widths are named", () => {
  const p = base() as any;
  p.openings[0].width_m = -0.9;
  assertMatch(message(() => parsePlan(p)), /openings\[0\]\.width_m: must be > 0 m, got -0\.9/);
  const q = base() as any;
  q.rooms[1].polygon[1][0] = NaN;
  assertMatch(message(() => parsePlan(q)), /rooms\[1\]\.polygon\[1\]\[0\]: .*NaN/);
  const r = base() as any;
  r.rooms[0].height_m = "2.4";
  assertMatch(
    message(() => parsePlan(r)),
    /rooms\[0\]\.height_m: .*expected number, received string/,
  );
  const s = base() as any;
  s.rooms[0].label = "ballroom";
  assertMatch(
    message(() => parsePlan(s)),
    /rooms\[0\]\.label: unknown room label "ballroom"; allowed: entrance/,
  );
});

Deno.test("plan: cross-references are checked", () => {
  const p = base() as any;
  p.rooms[1].floor = "f9";
  p.openings[0].between = ["r1", "nope"];
  const msg = message(() => parsePlan(p));
  assertMatch(msg, /rooms\[1\]\.floor: no floor "f9"/);
  assertMatch(msg, /openings\[0\]\.between\[1\]: no room "nope"/);
  const d = base() as any;
  d.rooms[1].id = "r1";
  assertMatch(message(() => parsePlan(d)), /rooms\[1\]\.id: duplicate id "r1"/);
});

Deno.test("plan: malformed JSON, non-objects and an empty object are clear errors", () => {
  assertMatch(message(() => parsePlanText('{ "id": ', "plan.json")), /^plan\.json: not valid JSON/);
  assertMatch(message(() => parsePlan([])), /a plan must be a JSON object, got an array/);
  assertMatch(message(() => parsePlan({})), /^plan: id: /);
});

Deno.test("plan: an empty plan (no rooms) loads; defaults fill the source", () => {
  const { plan } = parsePlan({ id: "empty" });
  assertEquals(plan.rooms, []);
  assertEquals(plan.source.uncertainty_m, 0.02);
  assertEquals(plan.source.uncertainty_rel, 0.01);
});

Deno.test("plan: a self-intersecting polygon loads with a warning", () => {
  const p = base() as any;
  p.rooms[0].polygon = [[0, 0], [3, 3], [3, 0], [0, 3]]; // a bow tie
  const { plan, warnings } = parsePlan(p);
  assertEquals(plan.rooms.length, 2);
  assertEquals(warnings.length, 1);
  assertMatch(warnings[0], /rooms\[0\] \(r1\): polygon intersects itself/);
  assertEquals(polygonSelfIntersects([[0, 0], [3, 0], [3, 3], [0, 3]]), false);
  assertEquals(polygonSelfIntersects([[0, 0], [4, 0], [4, 4], [2, -1]]), true);
});

Deno.test("plan: tolerance is the larger of absolute and relative uncertainty", () => {
  const src = { source: { format: "x", ref: "", uncertainty_m: 0.02, uncertainty_rel: 0.01 } };
  assertEquals(tolerance_m(src, 1), 0.02);
  assertEquals(tolerance_m(src, 5), 0.05);
});

Deno.test("plan: the JSON Schema carries the label vocabulary", () => {
  const s = planJsonSchema() as any;
  assertEquals(s.type, "object");
  assertOk(s.properties.rooms.items.properties.label.enum.includes("bathroom"));
  assertOk(!s.required.includes("rooms"), "rooms may be left out");
});

Deno.test("plan: a 100,000-room plan loads", () => {
  const rooms = Array.from({ length: 100_000 }, (_, i) => ({
    id: `r${i}`,
    floor: "f0",
    label: "bedroom",
    polygon: [[i * 4, 0], [i * 4 + 3, 0], [i * 4 + 3, 3], [i * 4, 3]],
    height_m: 2 + (i % 100) / 100,
  }));
  const { plan } = parsePlan({ id: "big", floors: [{ id: "f0", index: 0 }], rooms });
  assertEquals(plan.rooms.length, 100_000);
});
