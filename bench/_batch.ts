/**
 * What the batch benches share: the synthetic portfolio they seed, the tools and persona of
 * every row, and the baseline — the same sessions in a plain loop in one process, saving runs
 * and findings as `threshold run` does. `lib` is the project (or another checkout of it, for a
 * before/after in one run: bench/batch_figures.ts --before).
 */
import type { Store } from "../core/store.ts";
import { syntheticBuilding } from "./_synthetic_building.ts";

export const TOOLS = ["door_clearance", "step_free_route", "ceiling_height"];
export const PERSONA = "manual-wheelchair-user";

/** The scan id of synthetic building `i`. */
export const scanId = (i: number) => `b${String(i).padStart(5, "0")}`;

/** Stores `n` synthetic buildings of varied size (1–3 floors, 2–6 × 2–5 rooms a floor). */
export function seedScans(store: Store, n: number): void {
  for (let i = 0; i < n; i++) {
    const l = syntheticBuilding(1 + (i % 3), 2 + (i % 5), 2 + ((i * 7) % 4));
    l.plan.id = scanId(i);
    l.plan.name = `Synthetic home ${i}`;
    store.putScan(l);
  }
}

/** The modules the baseline needs (this checkout's, or another's). */
export interface LoopLib {
  createSession: typeof import("../core/session.ts").createSession;
  loadTool: typeof import("../core/catalog.ts").loadTool;
  getPersona: typeof import("../presets/personas.ts").getPersona;
}

/** The baseline: every scan × tool as a run session in a plain loop; the runs that completed. */
export async function plainLoop(lib: LoopLib, store: Store, scans: string[]): Promise<number> {
  const persona = lib.getPersona(PERSONA, store);
  const tools = await Promise.all(TOOLS.map((t) => lib.loadTool(t)));
  let n = 0;
  for (const scan of scans) {
    for (const m of tools) {
      const s = await lib.createSession(m, { store, set: { scan }, persona }).run();
      if (s.status === "done") n++;
    }
  }
  return n;
}
