/**
 * Tools only read the plans they are given. A batch worker's store hands every run of a scan
 * the same plan object (core/store/scans.ts `samePlans`), and a run reads each stored plan once
 * (core/context.ts): a tool that changed its plan would change the next run's. Every tool runs
 * here on deeply frozen copies of the demo, FZK and ZInD, and of the copies with display names
 * that named tools read (a write throws in these strict-mode modules, and the run ends as an
 * error), and must give the results it gives on plain copies.
 */
import { assertEquals } from "../_assert.ts";
import { BUILTIN_SCANS } from "../../layers/builtin.ts";
import type { LoadedPlan } from "../../ground/plan.ts";
import { everyToolResult, samplePlans } from "../_samples.ts";
import { withDisplayNames } from "../../ground/names.ts";

/** Freezes `x` and every object and array inside it. */
function deepFreeze<T>(x: T): T {
  if (x !== null && typeof x === "object" && !ArrayBuffer.isView(x) && !Object.isFrozen(x)) {
    Object.freeze(x);
    for (const v of Object.values(x)) deepFreeze(v);
  }
  return x;
}

/** The results as text, without the run's timing. */
const text = (rs: { name: string; r: unknown }[]) =>
  rs.map(({ name, r }) =>
    `${name}: ${
      JSON.stringify(r, (k, v) => (/(^|_)(ms|s|seconds|duration)$/.test(k) ? undefined : v))
    }`
  );

Deno.test({
  name: "plans read only: every tool gives the same results on deeply frozen plans",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const samples = { demo: BUILTIN_SCANS.demo(), ...await samplePlans() };
    const copies = (freeze: boolean) =>
      Object.fromEntries(
        Object.entries(samples).map(([id, p]) => {
          const c = structuredClone(p) as LoadedPlan;
          // The copy with display names that named tools read (made once per plan object,
          // so shared by the runs of a batch worker too) is made here and frozen as well.
          if (freeze) deepFreeze(withDisplayNames(c.plan));
          return [id, freeze ? deepFreeze(c) : c];
        }),
      );
    // A first pass fills the process's caches (the vision tools' detections), so both passes
    // compared read from them alike.
    await everyToolResult(copies(false));
    const frozen = await everyToolResult(copies(true));
    const plain = await everyToolResult(copies(false));
    // A write to a frozen plan makes its run an error result: the texts then differ.
    assertEquals(text(frozen), text(plain));
    assertEquals(plain.length > 30, true, `${plain.length} runs`);
  },
});
