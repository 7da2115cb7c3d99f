// Inputs that take a room or door accept its id, name or label, any case; an ambiguous or
// unknown one is an error naming the input and the candidates by name.
import { goldenEntries } from "../_golden.ts";
import { BUILTIN_SCANS } from "../../layers/builtin.ts";
import { importSource } from "../../layers/mod.ts";
import { loadRegistry } from "../../core/registry.ts";
import { runTool } from "../../core/run.ts";
import { InputError } from "../../ground/errors.ts";
import { sharedData } from "../_data.ts";
import { assert, assertEquals } from "../_assert.ts";

async function caught(f: () => Promise<unknown>): Promise<InputError> {
  try {
    await f();
  } catch (e) {
    assert(e instanceof InputError, String(e));
    return e;
  }
  throw new Error("expected an InputError");
}

const registry = await loadRegistry();
const persona = {
  id: "t",
  title: "t",
  preset: {
    "access.chair_width_m": { value: 0.66 },
    "access.chair_length_m": { value: 1.1 },
    "access.turning_diameter_m": { value: 1.5 },
  },
};
async function run(tool: string, set: Record<string, unknown>, plans = {}) {
  const out = await runTool(registry.require(tool), {
    builtins: BUILTIN_SCANS,
    plans,
    persona,
    set,
  });
  if (out.status !== "done") throw new Error(`${tool} asked for ${out.questions[0].input}`);
  return out.result;
}

Deno.test("turning_space: room by German name, by label, and by id give the same room", async () => {
  const { loaded } = await importSource(sharedData("ifc/AC20-FZK-Haus.ifc"), { id: "fzk" });
  const plans = { fzk: loaded };
  const byName = await run("turning_space", { scan: "fzk", room: "bad" }, plans);
  const byLabel = await run("turning_space", { scan: "fzk", room: "Bathroom" }, plans);
  const bad = loaded.plan.rooms.find((r) => r.name === "Bad")!;
  const byId = await run("turning_space", { scan: "fzk", room: bad.id }, plans);
  assertEquals(byName.checks.map((c) => c.subject), [bad.id]);
  assertEquals(byLabel.checks.map((c) => c.subject), [bad.id]);
  assertEquals(byId.checks.map((c) => c.subject), [bad.id]);
});

Deno.test("will_it_fit: an ambiguous room is an error that says which it could be", async (t) => {
  const said = goldenEntries("room_inputs_test", t);
  const e = await caught(() => run("will_it_fit", { scan: "demo", item: "sofa", to: "bedroom" }));
  assertEquals(e.input, "to");
  said.add(e.message);
  await said.check();
});

Deno.test("step_free_route: to by name; an unknown room lists rooms by name, not id", async (t) => {
  const said = goldenEntries("room_inputs_test", t);
  const r = await run("step_free_route", { scan: "demo", to: "main BEDROOM" });
  assertEquals(r.inputs.to.value, "main BEDROOM");
  assertEquals(r.findings.every((f) => f.id.endsWith("u_bed1") || !f.id.includes(":room:")), true);
  const e = await caught(() => run("step_free_route", { scan: "demo", to: "ballroom" }));
  said.add(e.message);
  assertEquals(/g_entry/.test(e.message), false);
  await said.check();
});

Deno.test("will_it_fit: the question for the room offers the rooms by name as choices", async () => {
  const { createSession } = await import("../../core/session.ts");
  const session = createSession(registry.require("will_it_fit"), {
    builtins: BUILTIN_SCANS,
    set: { scan: "demo", item: "sofa" },
  });
  const state = await session.run();
  assertEquals(state.status, "needs_input");
  if (state.status !== "needs_input") return;
  const q = state.questions.find((x) => x.input === "to")!;
  assertEquals(q.kind, "choice");
  const labels = q.choices!.map((c) => c.label);
  assert(labels.some((l) => /^Main bedroom/.test(l)), labels.join(" | "));
  assertEquals(q.choices!.find((c) => /^Main bedroom/.test(c.label))!.value, "u_bed1");
});
