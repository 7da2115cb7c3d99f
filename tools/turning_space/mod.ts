/**
 * turning_space: per room, the largest circle that fits on the floor free of objects (the room
 * polygon with objects as holes, to 5 mm) against the person's turning diameter (default ADA
 * 2010 §304.3.1, 60 in / 1525 mm; 1.5 m in the UK M4(3) and ISO 21542 packs). Where the circle
 * does not fit, ADA §304.3.2's T-shaped turning space (a 60 in square, 36 in arms and base) is
 * tried as the alternative.
 */
import { fill, tool, z } from "../../core/manifest.ts";
import { tolerance_m } from "../../ground/plan.ts";
import {
  type Check,
  type Finding,
  fmtM,
  judge,
  JUDGED_BLOCKS,
  type Metric,
  openFinding,
  type Overlay,
  TOO_CLOSE,
  worstStatus,
} from "../../core/result.ts";
import {
  ADA_T_TURN,
  freeFloor,
  largestCircleIn,
  tTurnFits,
} from "../../engines/geometry/clearance.ts";
import { detected_objects, withDetectedObstacles } from "../_vision/obstacles.ts";
import { objectsByRoom } from "../../engines/geometry/routes/mod.ts";
import { pointGeometry, polygonGeometry } from "../../engines/geometry/geojson.ts";
import { named, resolveInput } from "../_shared/refs.ts";
import { turning_diameter_m } from "../_access/inputs.ts";

/** Room labels where nobody is expected to turn a chair: not checked unless asked for. */
const SKIPPED_LABELS = new Set(["stairs", "closet", "outdoor", "balcony"]);

export default named(tool({
  id: "turning_space",
  title: "Turning space",
  summary: "Rooms where a wheelchair cannot turn around.",
  model_description:
    "Check every room of one scan (or one room) for a clear circle of the wheelchair user's turning diameter (metres) on the floor free of furniture; where none fits, try ADA's T-shaped turning space. Returns a verdict and a finding per room too tight to turn in.",
  audience: ["wheelchair-user", "mobility-aid-user", "buyer", "inspector"],
  inputs: z.object({
    scan: z.string().min(1).meta(fill.selection()),
    turning_diameter_m,
    room: z.string().min(1).optional().meta({
      refers: "room",
      description: "Check only this room (its name, label or id); every room when left out.",
    }),
    allow_t_turn: z.boolean().optional().meta({
      description:
        "Accept ADA 2010 §304.3.2's T-shaped turning space where the circle does not fit (yes when left out).",
    }),
    detected_objects,
  }),
  requires: [{ layer: "plan.rooms" }, { layer: "plan.objects", optional: true }],
  blocks: JUDGED_BLOCKS,
  draws: ["circle", "area"],
  read_only: true,
  async run(
    ctx,
    { scan, turning_diameter_m, room: roomRef, allow_t_turn: allowT, detected_objects },
  ) {
    const allow_t_turn = allowT ?? true;
    let plan = ctx.plan(scan);
    const detected = detected_objects ? await withDetectedObstacles(ctx, scan, plan) : undefined;
    if (detected) plan = detected.plan;
    const room = roomRef === undefined
      ? undefined
      : resolveInput(plan, "room", "room", roomRef, scan);
    // A room the importer derived (not in the source) is never judged; it is said.
    const derived = plan.rooms.filter((r) => r.derived && (room === undefined || r.id === room));
    const rooms = room !== undefined
      ? plan.rooms.filter((r) => r.id === room && !r.derived)
      : plan.rooms.filter((r) => !SKIPPED_LABELS.has(r.label) && !r.derived);
    const skipped = room !== undefined
      ? []
      : plan.rooms.filter((r) => SKIPPED_LABELS.has(r.label) && !r.derived);
    const objects = objectsByRoom(plan);
    ctx.step(`Finding the largest clear circle in ${rooms.length} rooms`);
    const checks: Check[] = [];
    const findings: Finding[] = [];
    const overlays: Overlay[] = [];
    const empty: string[] = [];
    let smallest: { d: number; name: string } | undefined;
    for (const r of rooms) {
      ctx.throwIfCancelled();
      const name = r.name ?? r.id;
      const obs = objects.get(r.id) ?? [];
      const circle = largestCircleIn(freeFloor(r.polygon, obs));
      if (!circle) {
        empty.push(name);
        checks.push({
          id: `turning:${r.id}`,
          label: `${name}: clear turning circle`,
          status: "unknown",
          limit: turning_diameter_m,
          unit: "m",
          subject: r.id,
          note: "Its outline encloses no free floor (zero area, or covered by objects).",
        });
        continue;
      }
      const d = 2 * circle.radius_m;
      if (!smallest || d < smallest.d) smallest = { d, name };
      let status = judge(d, ">=", turning_diameter_m, tolerance_m(plan, d));
      let note = status === "warn" ? TOO_CLOSE : undefined;
      const overlayId = `circle:${r.id}`;
      const ids = [overlayId];
      let tNote = "";
      if (status !== "pass" && allow_t_turn) {
        // ADA 304.3.2 T, judged with the uncertainty rule: fits when grown by the tolerance ->
        // pass; fits only as drawn or shrunk by it -> too close to call.
        const t = tolerance_m(plan, ADA_T_TURN.square_m);
        const grown = tTurnFits(r.polygon, obs, {
          square_m: ADA_T_TURN.square_m + t,
          width_m: ADA_T_TURN.width_m + t,
        });
        const shrunk = grown.fits ? grown : tTurnFits(r.polygon, obs, {
          square_m: ADA_T_TURN.square_m - t,
          width_m: ADA_T_TURN.width_m - t,
        });
        if (shrunk.fits) {
          const tStatus = grown.fits ? "pass" : "warn";
          if (tStatus === "pass" || status === "fail") status = tStatus;
          tNote = grown.fits
            ? "ADA 304.3.2's T-shaped turning space fits instead"
            : `ADA 304.3.2's T-shaped turning space fits only within the scan's uncertainty (${TOO_CLOSE})`;
          note = tNote;
          overlays.push({
            id: `t_turn:${r.id}`,
            kind: "area",
            floor: r.floor,
            geometry: polygonGeometry(shrunk.footprint!),
            status: tStatus,
            label: `${name}: T-turn`,
          });
          ids.push(`t_turn:${r.id}`);
        }
      }
      checks.push({
        id: `turning:${r.id}`,
        label: `${name}: clear turning circle`,
        status,
        measured: d,
        limit: turning_diameter_m,
        unit: "m",
        subject: r.id,
        rule: { pack: "ada-2010", section: tNote && status !== "fail" ? "304.3.2" : "304.3.1" },
        ...(note ? { note } : {}),
      });
      overlays.push({
        id: overlayId,
        kind: "circle",
        floor: r.floor,
        geometry: pointGeometry(circle.center),
        radius_m: circle.radius_m,
        status,
        label: `${name} ⌀ ${fmtM(d)}`,
      });
      if (status !== "pass") {
        findings.push(openFinding({
          tool: "turning_space",
          kind: "room",
          id: r.id,
          status,
          title: status === "fail"
            ? `No room to turn around in ${name}`
            : `Turning space in ${name} is too close to call`,
          detail:
            `The largest clear circle in ${name} is ${fmtM(d)} across; ${
              fmtM(turning_diameter_m, 3)
            } needed` +
            (obs.length ? ` (with ${obs.length} object(s) in the room)` : "") +
            (tNote
              ? `; ${tNote}`
              : allow_t_turn
              ? "; ADA 304.3.2's T-shaped space does not fit either"
              : "") +
            (status === "warn" && !tNote ? ` (${TOO_CLOSE})` : "") + ".",
          subject: r.id,
          overlays: ids,
        }));
      }
    }
    const fails = checks.filter((c) => c.status === "fail").length;
    const warns = checks.filter((c) => c.status === "warn").length;
    const judged = checks.filter((c) => c.status !== "unknown").length;
    const metrics: Metric[] = [
      { id: "rooms_checked", label: "Rooms checked", value: judged },
      { id: "rooms_too_tight", label: "Too tight to turn", value: fails },
      { id: "rooms_too_close", label: "Too close to call", value: warns },
      {
        id: "smallest_circle_m",
        label: "Smallest clear circle",
        value: smallest?.d ?? null,
        unit: "m",
      },
    ];
    const assumptions = [
      {
        text:
          "Circles are found to within 5 mm on the floor free of the scanned objects; furniture the scan missed is not counted.",
      },
      ...(skipped.length
        ? [{
          text: `Not checked (stairs, closets, outdoor spaces): ${
            skipped.map((r) => r.name ?? r.id).join(", ")
          }.`,
        }]
        : []),
      ...(empty.length
        ? [{ text: `${empty.length} room(s) enclose no free floor: ${empty.join(", ")}.` }]
        : []),
      ...derived.map((r) => ({
        text: `Not judged: ${r.name ?? r.id} (${r.derived}).`,
      })),
      ...(detected ? [{ text: detected.assumption, input: "detected_objects" }] : []),
    ];
    const status = worstStatus(checks.map((c) => c.status));
    let text: string;
    if (status === "unknown" && !rooms.length && derived.length) {
      text = `Scan ${scan} has no room of its own to judge: ${derived[0].derived}.`;
    } else if (status === "unknown") {
      text = `No room in scan ${scan} has free floor to check.`;
    } else if (status === "fail") {
      text =
        `${fails} of ${judged} rooms have no clear ${
          fmtM(turning_diameter_m, 3)
        } turning circle; the tightest is ${smallest!.name} at ${fmtM(smallest!.d)}` +
        (warns ? `, and ${warns} are too close to call` : "") + ".";
    } else if (status === "warn") {
      text = `${warns} of ${judged} rooms are within the scan's uncertainty of a ${
        fmtM(turning_diameter_m, 3)
      } turning space: measure on site.`;
    } else {
      text = `${judged === 1 ? "The room has" : `All ${judged} rooms have`} room to turn (${
        fmtM(turning_diameter_m, 3)
      } circle, or ADA's T); the tightest circle is ${fmtM(smallest!.d)} in ${smallest!.name}.`;
    }
    if (empty.length && status !== "unknown") {
      text += ` ${empty.length} room(s) have no free floor.`;
    }
    ctx.step(`Done: ${fails} too tight, ${warns} too close to call`);
    return { verdict: { status, text }, metrics, checks, findings, overlays, assumptions };
  },
}));
