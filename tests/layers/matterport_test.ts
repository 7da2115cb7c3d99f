/**
 * Matterport Model API importer (layers/matterport): saved responses written from the documented
 * shapes (fixtures/matterport/, shared/reference/data-formats.md §1), the live path against a
 * local GraphQL server on 127.0.0.1, polygon chaining, and ceiling_height on an imported plan.
 */
import assert from "node:assert/strict";
import { InputError } from "../../ground/errors.ts";
import type { Plan } from "../../ground/plan.ts";
import { runTool } from "../../core/run.ts";
import { detectImporter, importSource } from "../../layers/mod.ts";
import {
  chainEdges,
  FOOT_M,
  type IdEdge,
  lengthFactor_m,
  matterport,
  MATTERPORT_ROOM_CLASSES,
  modelToPlan,
  roomLabelFromMatterport,
} from "../../layers/matterport/mod.ts";
import { signedArea_m2 } from "../../engines/geometry/polygon.ts";
import ceilingHeight from "../../tools/ceiling_height/mod.ts";
import { fixture } from "../_data.ts";
import { rejectedBy } from "../_assert.ts";

/** A GraphQL error as the saved response gives it. */
interface GqlError {
  message?: string;
  path?: (string | number)[];
}

const F1 = "tsmq1wak12rhgn0mawksxcwcd";
const F2 = "pd0i1c4yq9w0y2zsb07ed23sb";
const close = (a: number, b: number, eps = 1e-9) =>
  assert.ok(Math.abs(a - b) <= eps, `expected ${b}, got ${a}`);
const room = (p: Plan, id: string) => {
  const r = p.rooms.find((x) => x.id === id);
  assert.ok(r, `room ${id} is missing`);
  return r;
};
const opening = (p: Plan, id: string) => {
  const o = p.openings.find((x) => x.id === id);
  assert.ok(o, `opening ${id} is missing`);
  return o;
};
const readJson = (rel: string) => JSON.parse(Deno.readTextFileSync(fixture(rel)));

// --- polygon chaining -------------------------------------------------------------------------

/** The L-shaped living room of the fixtures: area by hand = 5 × 5 − 2 × 2 = 21 m². */
const L_SHAPE: [string, [number, number]][] = [
  ["a", [4, 0]],
  ["b", [9, 0]],
  ["c", [9, 5]],
  ["d", [6, 5]],
  ["e", [6, 3]],
  ["f", [4, 3]],
];

function shuffledEdges(seed: number): IdEdge[] {
  const edges: IdEdge[] = L_SHAPE.map(([id, at], i) => {
    const [nid, nat] = L_SHAPE[(i + 1) % L_SHAPE.length];
    return { id: `e${i}`, a: { id, at }, b: { id: nid, at: nat } };
  });
  // Deterministic shuffle (LCG) and flip every other edge's vertex order.
  let s = seed;
  const rand = () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
  for (let i = edges.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [edges[i], edges[j]] = [edges[j], edges[i]];
  }
  return edges.map((e, i) => (i % 2 ? { id: e.id, a: e.b, b: e.a } : e));
}

Deno.test("chainEdges: shuffled, flipped edges chain into one ring in boundary order", () => {
  for (const seed of [1, 7, 42, 1234]) {
    const { rings, problems } = chainEdges(shuffledEdges(seed));
    assert.deepEqual(problems, []);
    assert.equal(rings.length, 1);
    const pts = rings[0].points;
    assert.equal(pts.length, 6);
    // Every consecutive pair in the ring is an edge of the L (in either direction).
    const key = (p: [number, number]) => p.join(",");
    const want = new Set(
      L_SHAPE.map(([, at], i) => [key(at), key(L_SHAPE[(i + 1) % 6][1])].sort().join("|")),
    );
    for (let i = 0; i < 6; i++) {
      assert.ok(want.has([key(pts[i]), key(pts[(i + 1) % 6])].sort().join("|")));
    }
    assert.equal(Math.abs(signedArea_m2(pts)), 21);
  }
});

Deno.test("chainEdges: a gap in the boundary is a problem, not a ring", () => {
  const edges = shuffledEdges(3).filter((e) => e.id !== "e2");
  const { rings, problems } = chainEdges(edges);
  assert.equal(rings.length, 0);
  assert.ok(problems.some((p) => p.includes("do not close")), problems.join("\n"));
});

// --- labels and units ------------------------------------------------------------------------

Deno.test("the 21 Matterport room classes all map onto the plan vocabulary", () => {
  assert.equal(Object.keys(MATTERPORT_ROOM_CLASSES).length, 21);
  // [Matterport's room class, the plan label it maps onto]
  const cases: [string, string][] = [
    ["Utility Room", "utility"],
    ["Pantry", "storage"],
    ["Staircase", "stairs"],
    ["Master Bedroom", "bedroom"],
    ["Powder room", "toilet"],
    ["Zzz", "other"],
  ];
  for (const [cls, label] of cases) assert.equal(roomLabelFromMatterport(cls), label, cls);
});

Deno.test("imperial lengths convert exactly: 1 ft = 0.3048 m, 1 in = 0.0254 m", () => {
  assert.equal(lengthFactor_m("imperial"), 0.3048);
  assert.equal(lengthFactor_m("metric"), 1);
  assert.equal(lengthFactor_m("inches"), 0.0254);
  assert.equal(lengthFactor_m("furlongs"), undefined);
});

// --- saved responses -------------------------------------------------------------------------

Deno.test("metric response: floors, rooms, labels, openings on their edges, sweeps", async () => {
  const path = fixture("matterport/metric.json");
  const bytes = await Deno.readFile(path);
  assert.equal(detectImporter(path, bytes).format, "matterport");
  const { loaded, report } = await importSource(path);
  const p = loaded.plan;
  assert.equal(p.id, "matterport-SxQL3iGyoDo");
  assert.equal(p.source.format, "matterport");
  assert.deepEqual(p.floors.map((f) => [f.id, f.index, f.elevation_m]), [[F1, 0, 0], [F2, 1, 2.8]]);
  assert.equal(p.rooms.length, 6);
  // The rooms as the response gives them: a person's label, and classes with confidences.
  type MpRoom = { id: string; label: string; classifications: { label: string }[] };
  const given = (id: string) =>
    (JSON.parse(new TextDecoder().decode(bytes)).data.model.rooms as MpRoom[])
      .find((r) => r.id === id)!;
  // Classification only: the highest-confidence class (Dining Room 0.83 > Living Room 0.61),
  // named by every class the response gives, in its order.
  const living = room(p, "rliving001");
  assert.equal(living.label, "dining");
  assert.equal(living.name, given("rliving001").classifications.map((c) => c.label).join(", "));
  assert.equal(living.height_m, 2.7);
  // Chained polygon, counter-clockwise, area by hand 21 m².
  assert.equal(living.polygon.length, 6);
  assert.equal(signedArea_m2(living.polygon), 21);
  // A person's label wins over the classification.
  assert.equal(room(p, "rhall00001").name, given("rhall00001").label);
  assert.equal(room(p, "rhall00001").label, "hallway");
  assert.equal(signedArea_m2(room(p, "rhall00001").polygon), 12); // 6 × 2, hole not cut
  assert.equal(room(p, "rkitchen01").label, "kitchen");
  assert.equal(room(p, "rcloset001").label, "closet");
  assert.equal(room(p, "rlanding01").label, "stairs");
  assert.equal(room(p, "rbedroom01").floor, F2);
  // Openings: edge e_k_l runs from (4,3) to (4,0); relativeCenter 0.25 → (4, 2.25).
  const kl = opening(p, "o_kitchen_living");
  assert.equal(kl.kind, "door");
  assert.deepEqual(kl.at, [4, 2.25]);
  assert.equal(kl.width_m, 0.86);
  assert.deepEqual([...kl.between].sort(), ["rkitchen01", "rliving001"]);
  const lh = opening(p, "o_living_hall");
  assert.equal(lh.kind, "opening");
  assert.deepEqual(lh.at, [5, 3]);
  assert.deepEqual([...lh.between].sort(), ["rhall00001", "rliving001"]);
  const front = opening(p, "o_front_door");
  assert.deepEqual(front.between, ["rhall00001", null]);
  assert.deepEqual(front.at, [0, 4]);
  assert.equal(front.width_m, 0.9144);
  // A door on a hole edge: between the room with the hole and the room filling it.
  assert.deepEqual([...opening(p, "o_closet_door").between].sort(), ["rcloset001", "rhall00001"]);
  assert.deepEqual(opening(p, "o_bedroom_door").between.slice().sort(), [
    "rbedroom01",
    "rlanding01",
  ]);
  assert.equal(p.openings.length, 5, "each shared opening once");
  // Sweeps with floor and room.
  assert.equal(p.sweeps.length, 5);
  const sw = p.sweeps.find((s) => s.id === "sw_bedroom")!;
  assert.deepEqual([sw.floor, sw.room, sw.at], [F2, "rbedroom01", [2.5, 2, 2.8]]);
  assert.ok(report.assumptions.some((a) => a.includes("hole")));
  assert.equal(report.counts?.doors, 4);
  // Every stated area agrees with its chained outline minus holes (the hall: 12 − 1 = 11 m²).
  assert.deepEqual(report.warnings, []);
  assert.ok(report.mapped.some((m) => m.startsWith("6 room outline(s) checked")));
});

Deno.test("a stated area that disagrees with the chained outline is reported", () => {
  const res = readJson("matterport/metric.json");
  res.data.model.rooms[0].dimensionEstimates.area = 30;
  const { report } = modelToPlan(res, "m.json");
  assert.ok(
    report.warnings.some((w) =>
      w.includes("rliving001") && w.includes("21 m²") && w.includes("30 m²")
    ),
    report.warnings.join("\n"),
  );
});

Deno.test("imperial response: dimension estimates converted exactly from feet", async () => {
  const { loaded, report } = await importSource(fixture("matterport/imperial.json"));
  const p = loaded.plan;
  // By hand: 8.75 ft = 2.667 m; 8.25 ft = 2.5146 m; 6.75 ft = 2.0574 m; 9.5 ft = 2.8956 m.
  close(room(p, "rliving001").height_m!, 2.667, 1e-12);
  close(room(p, "rkitchen01").height_m!, 2.5146, 1e-12);
  close(room(p, "rbedroom01").height_m!, 2.0574, 1e-12);
  close(p.floors[1].elevation_m, 2.8956, 1e-12);
  close(room(p, "rhall00001").height_m!, 7.875 * FOOT_M, 1e-12);
  // Boundary vertices and opening widths are metres in both answers.
  assert.equal(opening(p, "o_front_door").width_m, 0.9144);
  assert.ok(report.assumptions.some((a) => a.includes("imperial") && a.includes("0.3048")));
  // Areas in ft² (226 ft² = 20.996 m² for the 21 m² living room) pass the outline check.
  assert.deepEqual(report.warnings, []);
});

Deno.test("a model without Property Intelligence imports floors and sweeps, and says why", async () => {
  const { loaded, report } = await importSource(fixture("matterport/no-pi.json"));
  const p = loaded.plan;
  assert.equal(p.rooms.length, 0);
  assert.equal(p.openings.length, 0);
  assert.equal(p.sweeps.length, 2);
  assert.equal(p.floors[0].elevation_m, 0.1);
  const why = report.lacking.find((l) => l.includes("Property Intelligence"));
  assert.ok(why && why.includes("Enterprise"), report.lacking.join("\n"));
  // ceiling_height then answers unknown with a sentence, not an error.
  const out = await runTool(ceilingHeight, { plans: { [p.id]: loaded }, set: { scan: p.id } });
  assert.equal(out.status, "done");
  if (out.status === "done") assert.equal(out.result.verdict.status, "unknown");
});

Deno.test("errors[] beside partial data: the rest imports, each error is a warning", async () => {
  const { loaded, report } = await importSource(fixture("matterport/partial-errors.json"));
  const p = loaded.plan;
  assert.equal(p.name, "");
  assert.equal(p.rooms.length, 5, "the closet has a null boundary");
  assert.equal(room(p, "rliving001").height_m, undefined, "null dimensionEstimates");
  assert.equal(room(p, "rbedroom01").label, "bedroom", "label, null classifications");
  assert.ok(!p.sweeps.some((s) => s.id === "sw_living"), "null position");
  assert.equal(p.sweeps.length, 4);
  assert.ok(!p.openings.some((o) => o.id === "o_closet_door"), "its hole has no room");
  assert.ok(
    report.warnings.some((w) => w.includes("Boundary unavailable") && w.includes("model.rooms.3")),
    report.warnings.join("\n"),
  );
  assert.equal(report.counts?.graphql_errors, 3);
});

Deno.test("a GraphQL error response is an InputError naming the file and the error", async () => {
  const path = fixture("matterport/error.json");
  const e = await rejectedBy(importSource(path), InputError);
  assert.equal(e.code, "matterport.no_model");
  assert.equal(e.input, path);
  const { errors } = JSON.parse(Deno.readTextFileSync(path));
  assert.deepEqual(
    e.data.errors,
    errors.map((x: GqlError) => ({ message: x.message, path: x.path })),
  );
});

Deno.test("a truncated response is an InputError naming the file", async () => {
  const text = Deno.readTextFileSync(fixture("matterport/metric.json"));
  const e = await rejectedBy(
    matterport.run("cut.json", new TextEncoder().encode(text.slice(0, 500)), { ref: "cut.json" }),
    InputError,
  );
  assert.deepEqual([e.code, e.input], ["matterport.not_json", "cut.json"]);
});

Deno.test("windows get their sill from lowerElevation over the floor", () => {
  const v = (id: string, x: number, y: number) => ({ id, position: { x, y } });
  const e = (id: string, a: ReturnType<typeof v>, b: ReturnType<typeof v>, openings = []) => ({
    id,
    type: "wall",
    openings,
    vertices: [a, b],
  });
  const [a, b, c, d] = [v("a", 0, 0), v("b", 3, 0), v("c", 3, 2), v("d", 0, 2)];
  const win = {
    id: "w1",
    width: 1.2,
    height: 1.1,
    lowerElevation: 3.9,
    relativeCenter: 0.5,
    type: "window",
  };
  const res = {
    data: {
      model: {
        id: "W",
        floors: [{ id: "f", sequence: 0 }],
        rooms: [{
          id: "r",
          label: "Office",
          floor: { id: "f" },
          dimensionEstimates: { height: 2.5, lowerElevation: 3.0, units: "metric" },
          boundary: {
            edges: [e("1", a, b, [win as never]), e("2", c, b), e("3", c, d), e("4", a, d)],
          },
        }],
        locations: [],
      },
    },
  };
  const { plan } = modelToPlan(res, "w.json");
  assert.equal(plan.floors[0].elevation_m, 3);
  assert.deepEqual(plan.openings[0].between, ["r", null]);
  assert.equal(plan.openings[0].kind, "window");
  close(plan.openings[0].sill_m!, 0.9);
  assert.deepEqual(plan.openings[0].at, [1.5, 0]);
  assert.equal(plan.rooms[0].label, "office");
});

// --- the live path, against a local server -----------------------------------------------------

interface Seen {
  auth: string | null;
  body: { query: string; variables: { modelId: string } };
  path: string;
}

async function withServer(
  answer: (seen: Seen) => Response,
  fn: (url: string, seen: Seen[]) => Promise<void>,
) {
  const seen: Seen[] = [];
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (req) => {
    const s = {
      auth: req.headers.get("authorization"),
      body: await req.json(),
      path: new URL(req.url).pathname,
    };
    seen.push(s);
    return answer(s);
  });
  try {
    await fn(`http://127.0.0.1:${server.addr.port}/api/models/graph`, seen);
  } finally {
    await server.shutdown();
  }
}

const envOf = (vars: Record<string, string>) => (k: string) => vars[k];
const TOKENS = { MATTERPORT_TOKEN_ID: "tok-id", MATTERPORT_TOKEN_SECRET: "tok-secret" };

Deno.test("live: matterport://ID posts the documented query with Basic auth, units metric", async () => {
  const saved = Deno.readTextFileSync(fixture("matterport/metric.json"));
  await withServer(
    () => new Response(saved, { headers: { "content-type": "application/json" } }),
    async (url, seen) => {
      const { loaded, report } = await importSource("matterport://SxQL3iGyoDo", {
        env: envOf({ ...TOKENS, MATTERPORT_API_URL: url }),
      });
      assert.equal(seen.length, 1);
      assert.equal(seen[0].auth, `Basic ${btoa("tok-id:tok-secret")}`);
      assert.equal(seen[0].path, "/api/models/graph");
      assert.equal(seen[0].body.variables.modelId, "SxQL3iGyoDo");
      assert.match(seen[0].body.query, /dimensionEstimates\(units: metric\)/);
      assert.match(seen[0].body.query, /boundary \{ \.\.\.BoundedRegionData \}/);
      assert.equal(loaded.plan.rooms.length, 6);
      assert.equal(loaded.plan.source.ref, "matterport://SxQL3iGyoDo");
      assert.ok(report.mapped[0].includes("live Model API"));
    },
  );
});

Deno.test("live: HTTP 401 is an InputError naming the token variables", async () => {
  await withServer(
    () => new Response(JSON.stringify({ message: "Unauthorized" }), { status: 401 }),
    async (url) => {
      const e = await rejectedBy(
        importSource("matterport://SxQL3iGyoDo", {
          env: envOf({ ...TOKENS, MATTERPORT_API_URL: url }),
        }),
        InputError,
      );
      assert.equal(e.code, "matterport.token_refused");
      assert.deepEqual(e.data, {
        input: "matterport://SxQL3iGyoDo",
        status: 401,
        origin: new URL(url).origin,
        env: ["MATTERPORT_TOKEN_ID", "MATTERPORT_TOKEN_SECRET"],
      });
    },
  );
});

Deno.test("live: a GraphQL errors[] answer with null model is an InputError", async () => {
  const saved = Deno.readTextFileSync(fixture("matterport/error.json"));
  await withServer(
    () => new Response(saved, { headers: { "content-type": "application/json" } }),
    async (url) => {
      const e = await rejectedBy(
        importSource("matterport://doesNotExis", {
          env: envOf({ ...TOKENS, MATTERPORT_API_URL: url }),
        }),
        InputError,
      );
      assert.equal(e.code, "matterport.no_model");
      const { errors } = JSON.parse(saved);
      assert.deepEqual(
        e.data.errors,
        errors.map((x: GqlError) => ({ message: x.message, path: x.path })),
      );
    },
  );
});

Deno.test("live: a missing token names both variables and sends nothing", async () => {
  let calls = 0;
  const fakeFetch = (() => {
    calls++;
    throw new Error("must not be called");
  }) as unknown as typeof fetch;
  await assert.rejects(
    importSource("matterport://SxQL3iGyoDo", {
      env: envOf({ MATTERPORT_TOKEN_ID: "only-id" }),
      fetch: fakeFetch,
    }),
    (e: unknown) =>
      e instanceof InputError && e.input === "MATTERPORT_TOKEN_SECRET" &&
      e.message.includes("MATTERPORT_TOKEN_ID") && e.message.includes("MATTERPORT_TOKEN_SECRET"),
  );
  await assert.rejects(
    importSource("matterport://SxQL3iGyoDo", {
      env: envOf({ ...TOKENS, MATTERPORT_API_URL: "http://api.example.com/graph" }),
      fetch: fakeFetch,
    }),
    (e: unknown) => e instanceof InputError && e.input === "MATTERPORT_API_URL",
  );
  assert.equal(calls, 0);
});

// --- a tool on the imported plan -------------------------------------------------------------

Deno.test("ceiling_height runs on an imported Matterport plan with real numbers", async () => {
  const { loaded } = await importSource(fixture("matterport/metric.json"), { id: "mp-fixture" });
  const out = await runTool(ceilingHeight, {
    plans: { "mp-fixture": loaded },
    set: { scan: "mp-fixture" },
  });
  assert.equal(out.status, "done");
  if (out.status !== "done") return;
  // The bedroom is 2.05 m, under the 2.13 m default by more than the scan's tolerance.
  assert.equal(out.result.verdict.status, "fail");
  const bed = out.result.checks.find((c) => c.subject === "rbedroom01");
  assert.equal(bed?.measured, 2.05);
  assert.equal(bed?.status, "fail");
  assert.equal(out.result.checks.find((c) => c.subject === "rkitchen01")?.status, "pass");
});

Deno.test("a plan JSON is not taken for a Matterport response", () => {
  const bytes = new TextEncoder().encode(JSON.stringify({ id: "x", floors: [], rooms: [] }));
  assert.equal(matterport.detect("x.json", bytes), false);
  assert.equal(matterport.detect("matterport://SxQL3iGyoDo", undefined), true);
  assert.equal(matterport.detect("https://example.com/x", undefined), false);
  assert.equal(readJson("matterport/metric.json").data.model.id, "SxQL3iGyoDo");
});
