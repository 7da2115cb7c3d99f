/**
 * room_labels over the ZInD sample scan, each room's check data in one line: the plan's label,
 * the label seen, its best and score, what decided it (the room or the house), the house's label
 * with its need and door rule (engines/vision/house.ts), and each panorama's own label. Not a
 * benchmark: the figures the closing note quotes for the house-level rules. Pass a folder to keep
 * the store (a second run is served from its detection cache).
 *
 * ```sh
 * deno run -A bench/room_labels_rooms.ts [store-folder]
 * ```
 */
import { importSource } from "../layers/mod.ts";
import { openStore } from "../core/store.ts";
import { runTool } from "../core/run.ts";
import { RUN_IO } from "../layers/io.ts";
import roomLabels from "../tools/room_labels/mod.ts";
import type { GuessData } from "../tools/room_labels/report.ts";
import { sharedData } from "../tests/_data.ts";

const { loaded } = await importSource(sharedData("zind/zind_data.json"));
const home = Deno.args[0] ?? await Deno.makeTempDir();
const store = openStore(home);
const o = await runTool(roomLabels, { ...RUN_IO, plans: { z: loaded }, store, set: { scan: "z" } });
if (o.status !== "done") throw new Error("room_labels needs input");
for (const c of o.result.checks) {
  const d = c.data as Partial<GuessData>;
  const p = (d.panoramas ?? []).map((x) => `${x.sweep}:${x.label}/${x.best}`).join(" ");
  console.log(
    `${String(c.subject).padEnd(12)} ${c.status.padEnd(7)} plan ${
      String(d.plan ?? "-").padEnd(8)
    } seen ${String(d.label ?? "-").padEnd(8)} best ${String(d.best ?? "-").padEnd(8)} ${
      d.score?.toFixed(2) ?? "    "
    } by ${d.decided_by ?? "-"} house ${JSON.stringify(d.house ?? null)} ${p}`,
  );
}
console.log(o.result.verdict.code, JSON.stringify(o.result.verdict.data));
store.close();
if (!Deno.args[0]) await Deno.remove(home, { recursive: true });
