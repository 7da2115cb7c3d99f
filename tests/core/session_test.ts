import assert from "node:assert/strict";
import { fill, tool, z } from "../../core/manifest.ts";
import { createSession, parseAnswer, planChoices, targetInputs } from "../../core/session.ts";
import { openStore } from "../../core/store.ts";
import { InputError } from "../../ground/errors.ts";
import { rejectedBy, thrownBy } from "../_assert.ts";
import { assertGolden } from "../_golden.ts";
import { BUILTIN_SCANS } from "../../layers/builtin.ts";
import type { SessionEvent } from "../../core/session.ts";

/** A probe tool: a scan, a room it names, a width only a person (or a preference) fills. */
const probe = tool({
  id: "probe_session",
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
  run(ctx, inputs) {
    ctx.step(`room ${inputs.room}`);
    ctx.step(`width ${inputs.width_m}`);
    return { verdict: { status: "pass", text: `ran with ${inputs.width_m} m in ${inputs.room}` } };
  },
});

Deno.test("session: questions carry label, unit, kind, choices and where an answer is saved", async () => {
  const store = openStore(":memory:");
  const s = createSession(probe, { store, builtins: BUILTIN_SCANS, set: { scan: "demo" } });
  const state = await s.run();
  assert.equal(state.status, "needs_input");
  if (state.status !== "needs_input") return;
  assert.deepEqual(state.questions.map((q) => q.input), ["room", "width_m"]);
  const [room, width] = state.questions;
  assert.equal(room.kind, "choice");
  // Rooms are offered by name, from the selected scan; the answer is the room's id.
  const demo = BUILTIN_SCANS.demo().plan;
  assert.equal(room.choices!.length, demo.rooms.length);
  // Each by the name every surface gives it (planChoices, golden in plan_choices_demo).
  assert.deepEqual(room.choices, planChoices(demo, "room"));
  assert.equal(room.save, undefined);
  assert.equal(width.kind, "number");
  assert.equal(width.unit, "m");
  assert.equal(width.minimum, 0.3);
  assert.deepEqual(width.save, { as: "preference", key: "access.chair_width_m" });
  assert.equal(state.filled.mode.from, "default");
});

Deno.test("session: answers as text, by room name; a saved answer is not asked again", async () => {
  const store = openStore(":memory:");
  const demo = BUILTIN_SCANS.demo().plan;
  const target = demo.rooms.find((r) => r.name)!;
  const s = createSession(probe, { store, builtins: BUILTIN_SCANS, set: { scan: "demo" } });
  const events: SessionEvent["type"][] = [];
  s.subscribe((e) => events.push(e.type));
  await s.run();
  const done = await s.answer(
    { room: target.name!.toUpperCase(), width_m: " 0.66 " },
    { save: ["width_m"] },
  );
  assert.equal(done.status, "done");
  if (done.status !== "done") return;
  assert.equal(done.result.inputs.room.value, target.id);
  assert.equal(done.result.inputs.width_m.value, 0.66);
  assert.equal(done.result.inputs.width_m.from, "asked");
  assert.equal(store.getPref("access.chair_width_m"), 0.66);
  assert.deepEqual(events, ["questions", "step", "step", "result"]);
  // The next session finds the preference: only the room is asked.
  const next = await createSession(probe, { store, builtins: BUILTIN_SCANS, set: { scan: "demo" } })
    .run();
  assert.equal(next.status, "needs_input");
  if (next.status === "needs_input") assert.deepEqual(next.questions.map((q) => q.input), ["room"]);
});

Deno.test("session: a bad answer names the input and saves nothing", async () => {
  const store = openStore(":memory:");
  const s = createSession(probe, { store, builtins: BUILTIN_SCANS, set: { scan: "demo" } });
  await s.run();
  const bad = await rejectedBy(
    () => s.answer({ room: "nowhere-room-xyz", width_m: "5" }, { save: ["width_m"] }),
    InputError,
  );
  assert.deepEqual([bad.code, bad.input, bad.data.got], ["input.not_allowed", "width_m", "5"]);
  await assertGolden("sentences/session_bad_answer", [bad.message]);
  assert.equal(store.getPref("access.chair_width_m"), undefined);
});

Deno.test("session: events() iterates steps before the result, then ends", async () => {
  const s = createSession(probe, {
    builtins: BUILTIN_SCANS,
    set: { scan: "demo", room: "x", width_m: 0.7 },
  });
  const it = s.events();
  const run = s.run();
  const seen: string[] = [];
  for await (const e of it) seen.push(e.type === "step" ? e.text : e.type);
  await run;
  assert.deepEqual(seen, ["room x", "width 0.7", "result"]);
});

Deno.test("session: preview fills without running and says where each value came from", () => {
  const store = openStore(":memory:");
  store.setPref("access.chair_width_m", 0.7);
  store.setSelection("scan", "demo");
  const p = createSession(probe, { store, builtins: BUILTIN_SCANS }).preview();
  assert.deepEqual(p.filled.scan, { value: "demo", from: "selection" });
  assert.deepEqual(p.filled.width_m, { value: 0.7, from: "preference" });
  assert.deepEqual(p.questions.map((q) => q.input), ["room"]);
});

Deno.test("targetInputs: --scan maps to the scan input; a conflicting --set is refused", async () => {
  assert.deepEqual(targetInputs(probe, {}, { scan: "demo" }), { scan: "demo" });
  const twice = thrownBy(() => targetInputs(probe, { scan: "nope" }, { scan: "demo" }), InputError);
  assert.deepEqual([twice.code, twice.data], [
    "target.conflicts",
    { input: "--scan", got: "demo", given: "nope" },
  ]);
  const place = thrownBy(() => targetInputs(probe, {}, { place: "1,2" }), InputError);
  assert.deepEqual([place.code, place.input], ["target.not_taken", "--place"]);
  await assertGolden("sentences/session_targets", [twice.message, place.message]);
});

Deno.test("parseAnswer: choices by number, value or unique label prefix; yes/no", () => {
  const plan = BUILTIN_SCANS.demo().plan;
  const choices = planChoices(plan, "room");
  const q = {
    input: "room",
    ask: "Which room?",
    schema: {},
    label: "room",
    kind: "choice" as const,
    refers: "room" as const,
    choices,
  };
  assert.equal(parseAnswer(probe, q, "1"), choices[0].value);
  assert.equal(parseAnswer(probe, q, String(choices[1].value)), choices[1].value);
  assert.equal(
    parseAnswer(probe, {
      ...q,
      input: "mode",
      refers: undefined,
      choices: [
        { value: "fast", label: "fast" },
        { value: "slow", label: "slow" },
      ],
    }, "SL"),
    "slow",
  );
});

Deno.test("planChoices: one naming source, the names results use (ground/names.ts)", async () => {
  const { planNames } = await import("../../ground/names.ts");
  const plan = BUILTIN_SCANS.demo().plan;
  const names = planNames(plan);
  const rooms = planChoices(plan, "room");
  assert.equal(rooms.length, plan.rooms.length);
  // Each room by its display name, then its floor (the demo has two): "Bathroom, First floor";
  // every label, by id, is the golden file's.
  const doors = planChoices(plan, "door");
  assert.equal(doors.length, plan.openings.filter((o) => o.kind !== "window").length);
  // Doors read as people read them everywhere else (the marked main entrance as "front door").
  for (const c of doors) assert.equal(c.label, names.opening.get(String(c.value)));
  await assertGolden("sentences/plan_choices_demo", {
    rooms: Object.fromEntries(rooms.map((c) => [c.value, c.label])),
    doors: Object.fromEntries(doors.map((c) => [c.value, c.label])),
  });
  for (const c of planChoices(plan, "floor")) {
    assert.equal(c.label, names.floor.get(String(c.value)));
  }
  // A derived room (not in the file) is no choice.
  const derived = structuredClone(plan);
  derived.rooms[0] = { ...derived.rooms[0], derived: "made up for the test" };
  assert.equal(planChoices(derived, "room").some((c) => c.value === plan.rooms[0].id), false);
});

Deno.test("session: a room given by a name that is two rooms is asked by name, then runs the one chosen (issue 23)", async () => {
  const { loadRegistry } = await import("../../core/registry.ts");
  const fit = (await loadRegistry()).require("will_it_fit");
  const s = createSession(fit, {
    store: openStore(":memory:"),
    builtins: BUILTIN_SCANS,
    set: { scan: "demo", item: "sofa", to: "bedroom" },
  });
  const first = await s.run();
  assert.equal(first.status, "needs_input");
  if (first.status !== "needs_input") return;
  const [q] = first.questions;
  assert.deepEqual([q.input, q.named], ["to", "bedroom"]);
  await assertGolden("sentences/agent_which_bedroom_demo", [q.ask]);
  assert.deepEqual(q.choices!.map((c) => c.value), ["u_bed1", "u_bed2"]);
  // Answered by its number at a prompt: the answer wins over the name given.
  const done = await s.answer({ to: "2" });
  assert.equal(done.status, "done");
  if (done.status === "done") assert.equal(done.result.inputs.to.value, "u_bed2");
  // An id, or a name that is one room, runs at once.
  const one = createSession(fit, {
    builtins: BUILTIN_SCANS,
    set: { scan: "demo", item: "sofa", to: "Second bedroom" },
  });
  assert.equal((await one.run()).status, "done");
});
