/**
 * Issue 31 § 1: a form for a stored scan with more rooms than a pick list should hold does
 * not load and name the whole plan for its choices (that froze the web view's serving
 * thread: 4.4 s for 22,500 rooms); its rooms are typed by name or id instead.
 */
import assert from "node:assert/strict";
import { loadRegistry } from "../../core/registry.ts";
import { describeInputs, MAX_CHOICE_ROOMS } from "../../core/session.ts";
import { openStore } from "../../core/store.ts";
import { gridPlan } from "../_big_plan.ts";

Deno.test("session: room choices for a scan up to the limit, typed names past it", async () => {
  const m = (await loadRegistry()).require("will_it_fit");
  const store = openStore(":memory:");
  const small = gridPlan(22); // 484 rooms
  const big = gridPlan(23); // 529 rooms
  assert.ok(
    small.plan.rooms.length <= MAX_CHOICE_ROOMS && big.plan.rooms.length > MAX_CHOICE_ROOMS,
  );
  store.putScan({ ...small, plan: { ...small.plan, id: "small" } });
  store.putScan({ ...big, plan: { ...big.plan, id: "big" } });
  const to = (scan: string) =>
    describeInputs(m, { sources: { store }, scan }).find((q) => q.input === "to")!;
  const a = to("small");
  assert.equal(a.kind, "choice");
  assert.equal(a.choices?.length, 484);
  const b = to("big");
  assert.equal(b.kind, "text");
  assert.equal(b.choices, undefined);
  store.close();
});
