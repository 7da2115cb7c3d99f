/**
 * turning_space: per room, the largest circle that fits on the floor free of objects (the room
 * polygon with objects as holes, to 5 mm) against the person's turning diameter (default ADA
 * 2010 §304.3.1, 60 in / 1525 mm; 1.5 m in the UK M4(3) and ISO 21542 packs). Where the circle
 * does not fit, ADA §304.3.2's T-shaped turning space (a 60 in square, 36 in arms and base) is
 * tried as the alternative.
 */
import { fill, tool, z } from "../../core/manifest.ts";
import { type Plan, type Point, type Room, tolerance_m } from "../../ground/plan.ts";
import {
  type Check,
  type Finding,
  JUDGED_BLOCKS,
  type Metric,
  openFinding,
  type Overlay,
  subjectOverlay,
  worstStatus,
} from "../../core/result.ts";
import { coded } from "../../core/wording.ts";
import { judgeTurningSpace } from "../../engines/geometry/clearance.ts";
import { detected_objects, withDetectedObstacles } from "../_vision/obstacles.ts";
import { objectsByRoom } from "../../engines/geometry/routes/mod.ts";
import { pointGeometry, polygonGeometry } from "../../engines/geometry/geojson.ts";
import { named, resolveInput } from "../_shared/refs.ts";
import { derivedAssumptions, onlyDerivedVerdict } from "../_shared/derived.ts";
import { turning_diameter_m } from "../_access/inputs.ts";
import { finding, say, type Tally, type TTurn } from "./wording.ts";

/** Room labels where nobody is expected to turn a chair: not checked unless asked for. */
const SKIPPED_LABELS = new Set(["stairs", "closet", "outdoor", "balcony"]);

export default named(tool({
  id: "turning_space",
  title: "Turning space",
  summary: "Rooms where a wheelchair cannot turn around.",
  model_description:
    "Check every room of one scan (or one room) for a clear circle of the wheelchair user's turning diameter (metres) on the floor free of furniture; where none fits, try ADA's T-shaped turning space. Returns a verdict and a finding per room too tight to turn in.",
  audience: ["wheelchair-user", "mobility-aid-user", "buyer", "inspector"],
  subjects: ["person", "room"],
  questions: [
    "Can I turn my wheelchair around in the bathroom?",
    "In which rooms is there no room to turn a wheelchair?",
    "I need a 1.5 m turning circle: which rooms are too tight?",
    "Room to manoeuvre a power chair in the bedroom?",
    "Wheelchair turning space in every room",
    "Can I do a 360 in my chair in the WC?",
    "Could a wheelchair turn in the hall?",
    "Which rooms lack a 1500 mm turning circle?",
  ],
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
    ctx.step(say.step("step.finding", { rooms: rooms.length }));
    const checks: Check[] = [];
    const findings: Finding[] = [];
    const overlays: Overlay[] = [];
    const empty: string[] = [];
    let smallest: { d: number; name: string } | undefined;
    const need_m = turning_diameter_m;
    for (const r of rooms) {
      ctx.throwIfCancelled();
      const name = r.name ?? r.id;
      const j = judgeRoom(plan, r, name, objects.get(r.id) ?? [], need_m, allow_t_turn);
      checks.push(j.check);
      overlays.push(...j.overlays);
      if (j.finding) findings.push(j.finding);
      if (j.diameter_m === undefined) empty.push(name);
      else if (!smallest || j.diameter_m < smallest.d) smallest = { d: j.diameter_m, name };
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
      say.assumption("assumption.precision", {}),
      ...(skipped.length
        ? [say.assumption("assumption.skipped", { rooms: skipped.map((r) => r.name ?? r.id) })]
        : []),
      ...(empty.length ? [say.assumption("assumption.empty", { rooms: empty })] : []),
      ...derivedAssumptions(derived),
      ...(detected ? [detected.assumption] : []),
    ];
    const status = worstStatus(checks.map((c) => c.status));
    const tally: Tally = { need_m, judged, fails, warns, empty: empty.length };
    const tightest = smallest ? { tightest: smallest.name, tightest_m: smallest.d } : undefined;
    const verdict = status === "unknown" && !rooms.length && derived.length
      ? onlyDerivedVerdict(scan, derived)
      : status === "unknown"
      ? say.verdict(status, "verdict.no_free_floor", { scan })
      : status === "fail"
      ? say.verdict(status, "verdict.too_tight", { ...tally, ...tightest! })
      : status === "warn"
      ? say.verdict(status, "verdict.too_close", tally)
      : say.verdict(status, "verdict.all_turn", { ...tally, ...tightest! });
    ctx.step(say.step("step.done", { fails, warns }));
    return { verdict, metrics, checks, findings, overlays, assumptions };
  },
}));

/**
 * One room judged (engines/geometry/clearance.ts judgeTurningSpace: the circle, then ADA's T):
 * its check, its overlays (the T where tried and fitting, then the circle), and a finding when
 * it does not plainly pass. No free floor: an unknown check and nothing drawn.
 */
function judgeRoom(
  plan: Plan,
  r: Room,
  name: string,
  obs: Point[][],
  need_m: number,
  allow_t_turn: boolean,
): { check: Check; overlays: Overlay[]; finding?: Finding; diameter_m?: number } {
  const j = judgeTurningSpace(r.polygon, obs, need_m, (v) => tolerance_m(plan, v, r), allow_t_turn);
  if (!j) {
    return {
      check: {
        id: `turning:${r.id}`,
        ...coded("room.no_free_floor", { room: name, need_m }),
        label: say("check.turning", { room: name }),
        status: "unknown",
        limit: need_m,
        unit: "m",
        subject: r.id,
        note: say("note.no_free_floor", {}),
      },
      overlays: [],
    };
  }
  const { status, diameter_m: d } = j;
  const t: TTurn = j.t
    ? j.t.status === "pass" ? "fits" : "fits_within_uncertainty"
    : j.circle_status !== "pass" && allow_t_turn
    ? "does_not_fit"
    : "not_tried";
  const ids = [`circle:${r.id}`, ...(j.t ? [`t_turn:${r.id}`] : [])];
  const overlays: Overlay[] = [];
  if (j.t) {
    overlays.push(subjectOverlay(j.t.status, {
      id: ids[1],
      kind: "area",
      floor: r.floor,
      geometry: polygonGeometry(j.t.footprint),
      label: say("overlay.t_turn", { room: name }),
    }));
  }
  overlays.push(subjectOverlay(status, {
    id: ids[0],
    kind: "circle",
    floor: r.floor,
    geometry: pointGeometry(j.circle.center),
    radius_m: j.circle.radius_m,
    label: say("overlay.circle", { room: name, diameter_m: d }),
  }));
  const note = say("note.turning", { t, warn: j.circle_status === "warn" });
  const data = { room: name, diameter_m: d, need_m, objects: obs.length, t };
  return {
    check: {
      id: `turning:${r.id}`,
      ...coded("room.turning", data),
      label: say("check.turning", { room: name }),
      status,
      measured: d,
      limit: need_m,
      unit: "m",
      subject: r.id,
      rule: { pack: "ada-2010", section: j.section },
      ...(note ? { note } : {}),
    },
    overlays,
    ...(status !== "pass"
      ? {
        finding: openFinding({
          tool: "turning_space",
          kind: "room",
          id: r.id,
          status,
          ...finding(status === "fail" ? "room.too_tight" : "room.too_close", data),
          subject: r.id,
          overlays: ids,
        }),
      }
      : {}),
    diameter_m: d,
  };
}
