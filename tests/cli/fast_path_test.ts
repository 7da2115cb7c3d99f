import { assert, assertEquals } from "../_assert.ts";
import { fastCall } from "../../cli/fast.ts";
import type { Action, Actions, Register } from "../../cli/common.ts";
import { run } from "../../cli/commands/run.ts";
import { show, tools } from "../../cli/commands/tools.ts";

// The fast path must take only what it fully recognises; everything else is commander's.
const actions: Actions = {
  act: <A extends unknown[]>(fn: Action<A>) => async (...a: A) => void (await fn(...a)),
  listing: <A extends unknown[]>(fn: Action<A>) => async (...a: A) => void (await fn(...a)),
};
const call = (add: Register, args: string[]) => fastCall(add, args, actions)?.argv;

Deno.test("fast path: the common invocations, with commander's arguments and options", () => {
  assertEquals(call(tools, ["tools"]), [{}]);
  assertEquals(call(tools, ["tools", "--json"]), [{ json: true }]);
  assertEquals(call(show, ["show", "door_clearance"]), ["door_clearance", {}]);
  assertEquals(call(run, ["run", "ceiling_height", "--scan", "demo"]), [
    "ceiling_height",
    { set: [], scan: "demo" },
  ]);
  assertEquals(
    call(run, ["run", "x", "--set", "a=1", "--scan", "s", "--set", "b=2", "--json"]),
    ["x", { set: ["a=1", "b=2"], scan: "s", json: true }],
  );
  // The options object's keys: defaults first, then the given options in order.
  const o = call(run, ["run", "x", "--json", "--scan", "s"])![1] as Record<string, unknown>;
  assertEquals(Object.keys(o), ["set", "json", "scan"]);
});

Deno.test("fast path: anything it does not fully recognise goes to commander", () => {
  for (
    const args of [
      ["tools", "--help"],
      ["tools", "-h"],
      ["tools", "extra"],
      ["tools", "--jsn"],
      ["show"],
      ["show", "a", "b"],
      ["run", "x", "--scan"],
      ["run", "x", "--scan", "--json"],
      ["run", "x", "--scan=demo"],
      ["run", "x", "--", "y"],
      ["run", "--scan", "s"],
      ["run", "x", "-"],
    ]
  ) {
    assertEquals(
      call(args[0] === "run" ? run : args[0] === "show" ? show : tools, args),
      undefined,
    );
  }
  // Only the commands the fast path takes, and only the one its register adds.
  assertEquals(call(tools, ["show", "x"]), undefined);
  assert(call(tools, ["tools"]) !== undefined);
});

Deno.test("fast path: the same action arguments commander passes, key order included", async () => {
  const { Command } = await import("npm:commander@15.1.0");
  const cases: [Register, string[]][] = [
    [tools, ["tools"]],
    [tools, ["tools", "--json"]],
    [show, ["show", "door_clearance", "--json"]],
    [run, ["run", "x", "--scan", "s", "--set", "a=1", "--set", "b=[1,2]", "--json"]],
    [run, ["run", "x", "--json", "--format", "plain", "--units", "both", "--scan", "s"]],
  ];
  for (const [add, args] of cases) {
    let got: unknown[] = [];
    const p = new Command("threshold").exitOverride();
    const keep = <A extends unknown[]>(_fn: Action<A>) => (...a: A) => {
      got = a.slice(0, -1); // the arguments, without commander's Command
      return Promise.resolve();
    };
    const grab: Actions = { act: keep, listing: keep };
    add(p, grab);
    await p.parseAsync(args, { from: "user" });
    const fast = call(add, args)!;
    assertEquals(JSON.stringify(fast), JSON.stringify(got), args.join(" "));
  }
});
