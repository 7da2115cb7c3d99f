/**
 * The web view while its tool pool is busy (issue 31 § 1), against a named baseline in the
 * same run: GET /tools on the idle server (baseline), then GET /tools while large runs
 * (ceiling_height on a 100 × 100 grid plan, tests/_big_plan.ts) are kept going. Target: the
 * busy page ≤ 50 ms at p95 (bench/web_busy_figures.ts prints the p95).
 */
import { bigWeb, keepBusy } from "./_busy_web.ts";

const web = await bigWeb(100);
await (await fetch(`${web.origin}/tools`)).text();
let busy: ReturnType<typeof keepBusy> | undefined;
globalThis.addEventListener("unload", () => {
  void busy?.stop();
});

Deno.bench({
  name: "GET /tools, pool idle (baseline)",
  group: "page while busy",
  baseline: true,
  async fn() {
    await (await fetch(`${web.origin}/tools`)).text();
  },
});

Deno.bench({
  name: "GET /tools while 3 large runs hold the pool",
  group: "page while busy",
  async fn() {
    if (!busy) {
      busy = keepBusy(web.origin, "ceiling_height", 3);
      while (web.pool().running === 0) await new Promise((r) => setTimeout(r, 10));
    }
    await (await fetch(`${web.origin}/tools`)).text();
  },
});
