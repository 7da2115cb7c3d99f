import { assertEquals, assertOk } from "../_assert.ts";
import { InputError, type Issue } from "../../ground/errors.ts";
import { assertGolden } from "../_golden.ts";
import {
  parsePlan,
  parsePlanText,
  planJsonSchema,
  polygonSelfIntersects,
  ROOM_LABELS,
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

/** Every message of the error tests below, for the golden file of their wording. */
const MESSAGES: string[] = [];

/** The error's code and its issues without their sentences (those go to the golden file). */
function problems(fn: () => unknown): { code: string; issues: Record<string, unknown>[] } {
  try {
    fn();
  } catch (thrown) {
    assertOk(thrown instanceof InputError, `expected an InputError, got ${thrown}`);
    const e = thrown as InputError;
    // The JSON parser's own text (which differs between engines) is left out of the golden file.
    const own = e.code === "plan.not_json" ? String(e.data.problem) : "";
    MESSAGES.push(own ? e.message.replace(own, "…") : e.message);
    const issues = (e.data.issues ?? []) as Issue[];
    return {
      code: e.code,
      issues: issues.map(({ message: _m, allowed, ...rest }) => ({
        ...rest,
        ...(allowed ? { allowed: allowed.length > 3 ? allowed.slice(0, 3) : allowed } : {}),
      })),
    };
  }
  throw new Error("expected an error");
}

Deno.test("plan: a validation error names the JSON path and the problem", () => {
  const p = base();
  p.rooms.push({ id: "r3", floor: "f0", label: "office", polygon: [[0, 0], [1, 1]] } as never);
  p.rooms.push(p.rooms[0]); // keep r3 at index 2
  assertEquals(problems(() => parsePlan(p)), {
    code: "plan.invalid",
    issues: [{ path: "rooms[2].polygon", code: "too_small", got: [[0, 0], [1, 1]], minimum: 3 }],
  });
});

Deno.test("plan: wrong types, NaN and negative widths are named", () => {
  const p = base() as any;
  p.openings[0].width_m = -0.9;
  assertEquals(problems(() => parsePlan(p)).issues, [
    { path: "openings[0].width_m", code: "too_small", got: -0.9, minimum: 0 },
  ]);
  const q = base() as any;
  q.rooms[1].polygon[1][0] = NaN;
  assertEquals(problems(() => parsePlan(q)).issues, [
    { path: "rooms[1].polygon[1][0]", code: "invalid_type", got: NaN, allowed: ["number"] },
  ]);
  const r = base() as any;
  r.rooms[0].height_m = "2.4";
  assertEquals(problems(() => parsePlan(r)).issues, [
    { path: "rooms[0].height_m", code: "invalid_type", got: "2.4", allowed: ["number"] },
  ]);
  const s = base() as any;
  s.rooms[0].label = "ballroom";
  assertEquals(problems(() => parsePlan(s)).issues, [
    {
      path: "rooms[0].label",
      code: "invalid_value",
      got: "ballroom",
      allowed: ROOM_LABELS.slice(0, 3),
    },
  ]);
});

Deno.test("plan: cross-references are checked", () => {
  const p = base() as any;
  p.rooms[1].floor = "f9";
  p.openings[0].between = ["r1", "nope"];
  assertEquals(problems(() => parsePlan(p)), {
    code: "plan.invalid",
    issues: [
      { path: "rooms[1].floor", code: "no_floor", got: "f9", allowed: ["f0"] },
      { path: "openings[0].between[1]", code: "no_room", got: "nope" },
    ],
  });
  const d = base() as any;
  d.rooms[1].id = "r1";
  assertEquals(problems(() => parsePlan(d)).issues, [
    { path: "rooms[1].id", code: "duplicate_id", got: "r1" },
    // r2 is gone (renamed r1), so the door into it points at nothing.
    { path: "openings[0].between[1]", code: "no_room", got: "r2" },
  ]);
});

Deno.test("plan: malformed JSON, non-objects and an empty object are clear errors", () => {
  const bad = problems(() => parsePlanText('{ "id": ', "plan.json"));
  assertEquals(bad.code, "plan.not_json");
  assertEquals(problems(() => parsePlan([])).code, "plan.not_object");
  assertEquals(problems(() => parsePlan({})).issues, [
    { path: "id", code: "invalid_type", allowed: ["string"] },
  ]);
});

Deno.test("plan: the error messages read as written (golden)", async () => {
  // The tests above (run first, in file order) filled MESSAGES; their wording is one file.
  assertEquals(MESSAGES.length, 10);
  await assertGolden("plan_errors", MESSAGES);
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
  assertEquals(warnings, [
    "rooms[0] (r1): polygon intersects itself; its area and clearances are approximate",
  ]);
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
  assertEquals(s.properties.rooms.items.properties.label.enum, [...ROOM_LABELS]);
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
