/**
 * RoomPlan import (issue 26) against a named baseline in the same run: the multi-room sample
 * (../shared/data/roomplan/open3dfloorplan-multiroom.json, 20 walls, 4 sections) imported —
 * parsed, checked, rooms found from the walls, plan validated — against reading the same
 * bytes with JSON.parse alone. Also the importer's parts: the checked model (roomPlanModel)
 * and the plan built from it (the planar arrangement and the naming).
 * Run with `deno bench -A bench/import_roomplan_bench.ts`.
 */
import { fileURLToPath } from "node:url";
import { parsePlan } from "../ground/plan.ts";
import { readRoomPlanJson, roomPlanModel, roomPlanPlan } from "../layers/roomplan/mod.ts";

const path = fileURLToPath(
  new URL("../../shared/data/roomplan/open3dfloorplan-multiroom.json", import.meta.url),
);
const bytes = Deno.readFileSync(path);
const group = "roomplan multi-room sample";

Deno.bench({
  name: "baseline: JSON.parse of the export",
  group,
  baseline: true,
  fn() {
    JSON.parse(new TextDecoder().decode(bytes));
  },
});

Deno.bench({
  name: "threshold roomplan import (plan + report, validated)",
  group,
  fn() {
    const { plan } = readRoomPlanJson(bytes, path, "flat");
    parsePlan(plan, path);
  },
});

const data = JSON.parse(new TextDecoder().decode(bytes));
const model = roomPlanModel(data, path);
Deno.bench({
  name: "its parts: the checked model alone",
  group: "roomplan parts",
  baseline: true,
  fn() {
    roomPlanModel(data, path);
  },
});
Deno.bench({
  name: "its parts: rooms found and the plan built from the model",
  group: "roomplan parts",
  fn() {
    roomPlanPlan(model, path, "flat", "roomplan");
  },
});
