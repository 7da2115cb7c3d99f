import assert from "node:assert/strict";
import { fill, tool, z } from "../../core/manifest.ts";
import { describeInputs } from "../../core/session.ts";
import { BUILTIN_SCANS } from "../../layers/builtin.ts";

/** A probe: a scan, a room it names, a width with a unit and bounds, an enum with a default. */
const probe = tool({
  id: "probe_describe",
  title: "Probe",
  summary: "Probe.",
  model_description: "Probe.",
  audience: ["buyer"],
  inputs: z.object({
    scan: z.string().meta(fill.selection()),
    room: z.string().meta({ ask: "Which room?", label: "room", refers: "room" }),
    width_m: z.number().min(0.3).max(2).meta(
      fill.preference("access.chair_width_m", { ask: "How wide is your chair?", unit: "m" }),
    ),
    mode: z.enum(["fast", "slow"]).default("fast"),
  }),
  requires: [],
  blocks: ["VerdictHeader"],
  draws: [],
  run() {
    return { verdict: { status: "pass", text: "ran" } };
  },
});

Deno.test("describeInputs: every input, filled or not, as a form field with kind, unit, bounds and choices by name", () => {
  const all = describeInputs(probe, { sources: { builtins: BUILTIN_SCANS }, scan: "demo" });
  assert.deepEqual(all.map((q) => q.input), ["scan", "room", "width_m", "mode"]);
  const [scan, room, width, mode] = all;
  assert.equal(scan.kind, "choice");
  assert.deepEqual(scan.save, { as: "selection" });
  assert.ok(scan.choices!.some((c) => c.value === "demo"));
  assert.equal(room.kind, "choice");
  const demo = BUILTIN_SCANS.demo().plan;
  assert.equal(room.choices!.length, demo.rooms.length);
  assert.ok(room.choices!.every((c) => c.label !== c.value), "rooms by name, not id");
  assert.equal(width.kind, "number");
  assert.equal(width.unit, "m");
  assert.equal(width.minimum, 0.3);
  assert.equal(width.maximum, 2);
  assert.deepEqual(width.save, { as: "preference", key: "access.chair_width_m" });
  assert.equal(mode.kind, "choice");
  assert.equal(mode.default, "fast");
  assert.deepEqual(mode.choices!.map((c) => c.value), ["fast", "slow"]);
});

Deno.test("describeInputs: without a scan, rooms have no choices (a text field)", () => {
  const room = describeInputs(probe, { sources: { builtins: BUILTIN_SCANS } })[1];
  assert.equal(room.kind, "text");
  assert.equal(room.choices, undefined);
});
