// sun_hours answers per room (its best window, the day's hours and local clock times, the
// year's hours) as finding titles the model reads, in the site's time zone, and says that
// the hours are clear-sky.
import { BUILTIN_SCANS } from "../../layers/builtin.ts";
import { loadRegistry } from "../../core/registry.ts";
import { runTool } from "../../core/run.ts";
import { forModel } from "../../core/result.ts";
import { assert, assertEquals } from "../_assert.ts";

Deno.test("sun_hours: one finding per room with windows, in local clock time (Europe/Berlin)", async () => {
  const m = (await loadRegistry()).require("sun_hours");
  const out = await runTool(m, { builtins: BUILTIN_SCANS, set: { scan: "demo", step_min: 60 } });
  assertEquals(out.status, "done");
  if (out.status !== "done") return;
  const r = out.result;
  const rooms = r.data!.rooms as { id: string; day_h: number; sun_from_local?: string }[];
  const perRoom = r.findings.filter((f) => f.id.startsWith("sun_hours:room:"));
  assertEquals(perRoom.map((f) => f.subject).sort(), rooms.map((x) => x.id).sort());
  // Sunniest first; each title: name, hours on the day, local span, year, best window.
  const dining = perRoom[0];
  assertEquals(dining.code, "room.sun");
  assertEquals([dining.data?.room, dining.data?.best_window], ["Dining room", "w_dining_s"]);
  assert(Math.abs((dining.data?.day_h as number) - 12.2) < 0.05);
  assertEquals(Math.round(dining.data?.facing_deg as number), 195);
  // The golden sentence of a room's answer (tools/sun_hours/wording.ts).
  assertEquals(
    dining.title,
    `Dining room: 12.2 h of direct sun on 2025-03-21, ${dining.data?.from_local}–${dining.data?.to_local} local time; ${
      Math.round(dining.data?.year_h as number)
    } h over 2025; its best window faces S (195°)`,
  );
  // Berlin, 21 March: sunrise about 06:10 CET, sunset about 18:20 CET (not UTC: 05:10/17:20).
  const from = rooms.find((x) => x.id === "g_dining")!.sun_from_local!;
  assert(from >= "06:00" && from <= "06:20", from);
  assertEquals(r.data!.time_zone, "Europe/Berlin");
  assert(r.assumptions.some((a) => /local time in Europe\/Berlin/.test(a.text)));
  assertEquals(r.verdict.code, "en17037.met");
  // The model reads the per-room answers.
  const view = forModel(r);
  assertEquals(
    view.findings.filter((f) => f.id.startsWith("sun_hours:room:")).length,
    rooms.length,
  );
});
