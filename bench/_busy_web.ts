/**
 * Shared by the busy web view's benchmark and figures: a web view whose store holds a large
 * grid plan (tests/_big_plan.ts), and large runs on it kept going in the pool while pages are
 * timed.
 */
import { openStore } from "../core/store.ts";
import { gridPlan } from "../tests/_big_plan.ts";
import { startWeb, type WebServer } from "../web/mod.ts";

/** A web view on loopback with the `side` × `side` grid stored as scan "big". */
export async function bigWeb(side: number): Promise<WebServer & { origin: string; home: string }> {
  const home = Deno.makeTempDirSync({ prefix: "threshold-bench-busy-" });
  const store = openStore(home);
  store.putScan({
    ...gridPlan(side),
    plan: { ...gridPlan(side).plan, id: "big", name: "Big grid" },
  });
  store.close();
  const web = await startWeb({ port: 0, home });
  return { ...web, home, origin: web.url.replace(/\/$/, "") };
}

/**
 * Keeps `n` large runs of `tool` on scan "big" going (each restarted when it ends) until
 * `stop()`; the runs are plain form POSTs, cancelled by disconnecting when stopped.
 */
export function keepBusy(origin: string, tool: string, n: number) {
  const ac = new AbortController();
  let finished = 0;
  const loop = async () => {
    while (!ac.signal.aborted) {
      try {
        const r = await fetch(`${origin}/tools/${tool}/run`, {
          method: "POST",
          body: new URLSearchParams({ "in.scan": "big" }),
          headers: { origin },
          signal: ac.signal,
        });
        await r.text();
        finished++;
      } catch { /* stopped */ }
    }
  };
  const loops = Array.from({ length: n }, loop);
  return {
    finished: () => finished,
    async stop() {
      ac.abort();
      await Promise.all(loops);
    },
  };
}
