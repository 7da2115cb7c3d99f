/**
 * layers/bcf: stable GUIDs (RFC 9562 v5 vectors), findings → topics, write → read round trips
 * in 3.0 and 2.1, every written 3.0 part valid against the shipped XSDs (xmllint), the four
 * official BCF 3.0 test files read, bad files refused with a sentence, and the import plan
 * (closed → rejected with its comment, reopened → restored, strangers reported).
 */
import { strToU8, unzipSync, zipSync } from "fflate";
import { assert, assertEquals, assertMatch, assertOk, thrownBy } from "../_assert.ts";
import { assertGolden } from "../_golden.ts";
import { InputError } from "../../ground/errors.ts";
import { sharedData } from "../_data.ts";
import { xmllintParts } from "../_xmllint.ts";
import { parsePlan, type Plan } from "../../ground/plan.ts";
import {
  bcfFileOf,
  type BcfFindingInput,
  bcfParts,
  bcfZip,
  findingReference,
  findingTopic,
  ifcElementIds,
  parseFindingReference,
  planBcfSync,
  readBcf,
  subjectPlace,
  topDownView,
  topicComponents,
  topicGuids,
  URL_NAMESPACE,
  uuidV5,
} from "../../layers/bcf/mod.ts";

/** Each number within 1e-9 (1e-6 after the 6 decimals written) of the expected. */
function assertClose(actual: number[], expected: number[], tol = 1e-9) {
  assertEquals(actual.length, expected.length);
  actual.forEach((a, i) =>
    assertOk(Math.abs(a - expected[i]) <= tol, `${actual} is not ${expected} (at ${i})`)
  );
}

const DNS_NAMESPACE = "6ba7b810-9dad-11d1-80b4-00c04fd430c8";
const DOOR = "1Oms875aH3Wg$9l65H2ZGw";
const ROOM = "347jFE2yX7IhCEIALmupEH";
const FLOOR = "2eyxpyOx95m90jmsXLOuR0";

/** A hand-made IFC-like plan: one 4 × 5 m room on a floor at 2.7 m, one door at (4, 2). */
function plan(): Plan {
  return parsePlan({
    id: "house",
    name: "Hand-made house",
    source: { format: "ifc", ref: "models/house.ifc" },
    floors: [{ id: FLOOR, name: "Ground", index: 0, elevation_m: 2.7 }],
    rooms: [{
      id: ROOM,
      floor: FLOOR,
      label: "bedroom",
      name: "Bedroom",
      polygon: [[0, 0], [4, 0], [4, 5], [0, 5]],
    }],
    openings: [{
      id: DOOR,
      kind: "door",
      floor: FLOOR,
      between: [ROOM, null],
      at: [4, 2],
      width_m: 0.885,
    }],
    verticals: [],
    objects: [],
    sweeps: [],
  }).plan;
}

function finding(over: Partial<BcfFindingInput> = {}): BcfFindingInput {
  return {
    scan: "house",
    id: `code_check:opening:${DOOR}:ada-404.2.3`,
    tool: "code_check",
    tool_title: "Code check",
    status: "open",
    title: "Door (Bedroom ↔ outside): door clear width 0.785 m fails",
    detail: "Door clear width: the door measures 0.785 m; 404.2.3 sets a minimum of 0.813 m.",
    subject: DOOR,
    first_seen: "2026-12-01T10:00:00.000Z",
    last_seen: "2026-12-01T11:00:00.000Z",
    severity: "fail",
    check: {
      id: `ada-404.2.3:${DOOR}`,
      label: "Door: Door clear width",
      status: "fail",
      measured: 0.785,
      limit: 0.8128,
      unit: "m",
      rule: { pack: "ada-2010", section: "404.2.3", id: "ada-404.2.3" },
      subject: DOOR,
    },
    overlays: [{
      id: `opening:${DOOR}`,
      kind: "opening",
      floor: FLOOR,
      geometry: { type: "Point", coordinates: [4, 2] },
      status: "fail",
    }],
    ...over,
  };
}

function topicOf(f: BcfFindingInput, p = plan()) {
  const place = subjectPlace(p, f.subject, f.overlays)!;
  const view = topDownView(p, place.floor, place.points);
  return findingTopic(f, {
    ifcIds: ifcElementIds(p),
    view,
    snapshot: new Uint8Array([1, 2, 3]),
    roomIds: new Set(p.rooms.map((r) => r.id)),
  });
}

Deno.test("uuidV5: the RFC 9562 / Python uuid5 vectors", () => {
  assertEquals(uuidV5("python.org", DNS_NAMESPACE), "886313e1-3b8a-5372-9b90-0c9aee199e5d");
  assertEquals(uuidV5("www.example.com", DNS_NAMESPACE), "2ed6657d-e927-568b-95e1-2665a8aea6a2");
  assertEquals(uuidV5("http://python.org/", URL_NAMESPACE), "4c565f0d-3f5a-5890-b41b-20cf47701c5e");
});

Deno.test("topic GUIDs: the same finding gives the same GUIDs; another scan or id does not", () => {
  const a = topicGuids("fzk", `door_clearance:door:${DOOR}`);
  assertEquals(a, topicGuids("fzk", `door_clearance:door:${DOOR}`));
  assert.notEqual(a.topic, topicGuids("fzk2", `door_clearance:door:${DOOR}`).topic);
  assert.notEqual(a.topic, topicGuids("fzk", `code_check:opening:${DOOR}`).topic);
  assertEquals(new Set(Object.values(a)).size, 3);
  assertMatch(a.topic, /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  const ref = findingReference("fzk", `door_clearance:door:${DOOR}`);
  assertEquals(parseFindingReference(ref), { scan: "fzk", id: `door_clearance:door:${DOOR}` });
  assertEquals(parseFindingReference("https://example.com/issue/4"), undefined);
});

Deno.test("topDownView: hand-computed frames for a door and a room", () => {
  const p = plan();
  const door = topDownView(p, FLOOR, [[4, 2]])!;
  // A point: the least view, 4 m high, 4 × 4/3 m wide, centred on it; cut 1.2 m above 2.7 m.
  assertEquals(door.height_m, 4);
  assertClose(door.camera.viewpoint, [4, 2, 3.9]);
  assertEquals(door.camera.direction, [0, 0, -1]);
  assertEquals(door.camera.up, [0, 1, 0]);
  assertEquals(door.clipping_plane.direction, [0, 0, 1]);
  assertOk(Math.abs(door.width_m - 16 / 3) < 1e-12);
  // The room: 5 m tall + 2 × 1.5 m margin = 8 m (its width needs (4 + 3) / (4/3) = 5.25 m).
  const room = topDownView(p, FLOOR, p.rooms[0].polygon)!;
  assertEquals(room.height_m, 8);
  assertEquals(room.centre, [2, 2.5]);
  assertEquals(room.camera.view_to_world_scale, 8);
});

Deno.test("findingTopic: status, type, priority, labels, reference, description, components", () => {
  const t = topicOf(finding());
  assertEquals(t.guid, topicGuids("house", finding().id).topic);
  assertEquals([t.status, t.type, t.priority], ["Open", "Error", "High"]);
  assertEquals(t.labels, ["Code check", "ada-2010", "ada-2010 404.2.3"]);
  assertEquals(t.reference_links, [`threshold:finding:house:${finding().id}`]);
  assertMatch(t.description!, /measured 0\.785 m; limit 0\.813 m/);
  assertMatch(t.description!, /Rule: ada-2010 404\.2\.3/);
  assertEquals(t.viewpoints[0].selection, [DOOR]);
  assertEquals(t.viewpoints[0].spaces_visible, undefined);
  assertEquals(t.comments, []);
  // A room is an IfcSpace: the view asks the viewer to show spaces.
  const room = topicOf(finding({ id: `ceiling_height:room:${ROOM}`, subject: ROOM }));
  assertEquals([room.viewpoints[0].selection, room.viewpoints[0].spaces_visible], [[ROOM], true]);
  const onSite = finding({ status: "rejected", reason: "measured on site: 0.82 m" });
  const rejected = topicOf(onSite);
  assertEquals(rejected.status, "Closed");
  assertEquals(rejected.comments.map((c) => c.text), [onSite.reason]);
  assertEquals(topicOf(finding({ status: "resolved" })).status, "Resolved");
  const warn = topicOf(finding({ severity: "warn" }));
  assertEquals([warn.type, warn.priority], ["Warning", "Medium"]);
  // A scan that is not IFC has no model to point into: no components and no camera.
  const notIfc = { ...plan(), source: { ...plan().source, format: "plan-json" } };
  const t2 = topicOf(finding(), notIfc);
  assertEquals(t2.viewpoints.map((v) => [v.selection, v.camera, v.has_visinfo]), [[
    [],
    undefined,
    false,
  ]]);
});

Deno.test("BCF 3.0: every written part validates against the shipped XSDs (xmllint)", async () => {
  const p = plan();
  const topics = [
    topicOf(finding()),
    topicOf(finding({ id: `door_clearance:door:${DOOR}`, status: "rejected", reason: "ok <&>" })),
    topicOf(finding({ id: `ceiling_height:room:${ROOM}`, subject: ROOM, check: undefined })),
    findingTopic(finding({ id: "takeoff:plan:all", subject: undefined, overlays: [] }), {
      ifcIds: ifcElementIds(p),
    }),
  ];
  // A scan that is not IFC: a snapshot and no viewpoint part.
  const notIfc = { ...p, source: { ...p.source, format: "plan-json" } };
  topics.push(topicOf(finding({ id: `turning_space:room:${ROOM}`, subject: ROOM }), notIfc));
  const parts = bcfParts(bcfFileOf(p, "house", topics), "3.0");
  const xml = Object.keys(parts).filter((k) => !k.endsWith(".png"));
  assertEquals(xml.length, 3 + 5 + 3, `bcf.version, extensions, project, 5 markups, 3 viewpoints`);
  assertEquals(await xmllintParts(parts), []);
  // An empty export (a scan with no findings) is valid too.
  assertEquals(await xmllintParts(bcfParts(bcfFileOf(p, "house", []), "3.0")), []);
});

Deno.test("xmllint check can fail: a markup without its Title is refused", async () => {
  const parts = bcfParts(bcfFileOf(plan(), "house", [topicOf(finding())]), "3.0");
  const path = Object.keys(parts).find((k) => k.endsWith("markup.bcf"))!;
  const broken = new TextDecoder().decode(parts[path]).replace(/<Title>[^<]*<\/Title>/, "");
  const bad = await xmllintParts({ [path]: strToU8(broken) });
  assertEquals(bad.length, 1);
  assertMatch(bad[0], /Title|not expected|Missing/i);
});

Deno.test("BCF 3.0 and 2.1: write → read keeps every topic field threshold writes", () => {
  const p = plan();
  const topics = [
    topicOf(finding({ status: "rejected", reason: "measured on site: 0.82 m" })),
    topicOf(finding({ id: `ceiling_height:room:${ROOM}`, subject: ROOM, severity: "warn" })),
  ];
  for (const version of ["3.0", "2.1"] as const) {
    const back = readBcf(bcfZip(bcfFileOf(p, "house", topics), version), `v${version}`);
    assertEquals(back.version, version);
    assertEquals(back.model_file, "house.ifc");
    assertEquals(back.project?.name, p.name);
    assertEquals(back.topics.length, 2);
    for (const t of topics) {
      const b = back.topics.find((x) => x.guid === t.guid)!;
      assertOk(b, `${version}: topic ${t.guid} read back`);
      for (const k of ["title", "status", "type", "priority", "labels", "description"] as const) {
        assertEquals(b[k], t[k], `${version} ${k}`);
      }
      assertEquals(b.reference_links, t.reference_links);
      assertEquals(
        b.comments.map((c) => [c.guid, c.text]),
        t.comments.map((c) => [c.guid, c.text]),
      );
      assertEquals(b.viewpoints.map((v) => v.selection), t.viewpoints.map((v) => v.selection));
      assertEquals(
        b.viewpoints.map((v) => v.spaces_visible ?? false),
        t.viewpoints.map((v) => v.spaces_visible ?? false),
      );
      const cam = b.viewpoints[0].camera!;
      assertEquals(cam.kind, "orthogonal");
      const written = t.viewpoints[0].camera!;
      assertClose(cam.viewpoint, written.viewpoint, 1e-6);
      if (cam.kind === "orthogonal" && written.kind === "orthogonal") {
        assertClose([cam.view_to_world_scale], [written.view_to_world_scale], 1e-6);
        // 2.1 has no AspectRatio: read back as NaN there.
        assertEquals(Number.isNaN(cam.aspect_ratio), version === "2.1");
      }
    }
  }
});

Deno.test("the four official BCF 3.0 test files are read", () => {
  const read = (n: string) =>
    readBcf(Deno.readFileSync(sharedData(`bcf/testcases-3.0/${n}.bcf`)), `${n}.bcf`);
  const labels = read("labels");
  assertEquals(labels.version, "3.0");
  assertEquals(labels.topics.map((t) => [t.title, t.status, t.labels]), [[
    "Labels",
    "Open",
    ["Architects"],
  ]]);
  assertEquals(labels.topics[0].comments.map((c) => c.text), ["Here is a viewpoint also"]);
  assertEquals(read("minimum-information").topics.map((t) => t.title), ["Minimum information"]);
  const ortho = read("orthogonal-camera").topics[0].viewpoints[0].camera!;
  assertEquals(ortho.kind, "orthogonal");
  if (ortho.kind === "orthogonal") {
    assertEquals(ortho.view_to_world_scale, 12.079612252278443);
    assertEquals(ortho.direction, [0, 0, -1]);
  }
  const space = read("single-visible-space").topics[0];
  assertEquals(space.viewpoints[0].camera?.kind, "perspective");
  assertEquals(topicComponents(space), ["1bbI761TbBCOoIa5Kt6PXt"]);
});

Deno.test("readBcf refuses what is not BCF, or of a version it does not read, with a sentence", async () => {
  const ifc = thrownBy(() => readBcf(strToU8("ISO-10303-21;"), "house.ifc"), InputError);
  assertEquals([ifc.code, ifc.data], ["bcf.not_zip", { input: "file", file: "house.ifc" }]);
  const notes = thrownBy(
    () => readBcf(zipSync({ "readme.txt": strToU8("hi") }), "notes.zip"),
    InputError,
  );
  assertEquals([notes.code, notes.data.file], ["bcf.no_version", "notes.zip"]);
  const v4 = zipSync({ "bcf.version": strToU8('<Version VersionId="4.0"/>') });
  const future = thrownBy(() => readBcf(v4, "future.bcf"), InputError);
  assertEquals([future.code, future.data.got, future.data.allowed], [
    "bcf.unknown_version",
    "4.0",
    ["2.0", "2.1", "3.0"],
  ]);
  const broken = zipSync({
    "bcf.version": strToU8('<Version VersionId="3.0"/>'),
    "a/markup.bcf": strToU8("<Markup><Topic></Markup>"),
  });
  const xml = thrownBy(() => readBcf(broken, "broken.bcf"), InputError);
  assertEquals([xml.code, xml.data.file, xml.data.part], [
    "bcf.bad_xml",
    "broken.bcf",
    "a/markup.bcf",
  ]);
  await assertGolden("sentences/bcf_refused", [ifc, notes, future, xml].map((e) => e.message));
});

Deno.test("planBcfSync: closed → rejected with its newest comment, reopened → restored", () => {
  const p = plan();
  const ids = {
    door: `door_clearance:door:${DOOR}`,
    code: `code_check:opening:${DOOR}:ada-404.2.3`,
    room: `ceiling_height:room:${ROOM}`,
  };
  const file = bcfFileOf(p, "house", [
    topicOf(finding({ id: ids.door })),
    topicOf(finding({ id: ids.code })),
    topicOf(finding({ id: ids.room, subject: ROOM })),
  ]);
  const [door, code, room] = file.topics;
  door.status = "Closed";
  door.comments.push(
    { guid: uuidV5("c1"), date: "2026-12-02T09:00:00Z", author: "a@x", text: "older" },
    { guid: uuidV5("c2"), date: "2026-12-03T09:00:00Z", author: "a@x", text: "door is 0.83 m" },
  );
  code.status = "ReOpened";
  room.status = "Resolved";
  // A topic another BIM user added, about an element the scan does not have.
  const stranger = {
    ...structuredClone(room),
    guid: uuidV5("stranger"),
    title: "Clash in the roof",
    reference_links: [],
    viewpoints: [{ guid: uuidV5("v"), selection: ["0000000000000000000000"] }],
  };
  file.topics.push(stranger);
  // A topic of another scan.
  file.topics.push({
    ...structuredClone(room),
    guid: uuidV5("other"),
    title: "Other house",
    reference_links: [findingReference("other", ids.room)],
  });
  const findings = [
    { id: ids.door, status: "open" as const, title: "door" },
    { id: ids.code, status: "rejected" as const, title: "code", reason: "wrong pack" },
    { id: ids.room, status: "open" as const, title: "room" },
  ];
  const s = planBcfSync(file, "house", findings, p);
  assertEquals(s.changes.map((c) => [c.id, c.from, c.to, c.reason]), [
    [ids.door, "open", "rejected", door.comments.at(-1)!.text],
    [ids.code, "rejected", "open", undefined],
  ]);
  assertEquals(s.resolved_there.map((r) => r.id), [ids.room]);
  assertEquals(s.unmatched.map((u) => u.title), [stranger.title]);
  assertEquals(s.other_scan.map((o) => [o.scan, o.id]), [["other", ids.room]]);
  assertEquals(s.unknown_elements, [{
    title: stranger.title,
    guids: ["0000000000000000000000"],
  }]);
  // Matching by GUID alone (a BIM tool that dropped the ReferenceLink).
  door.reference_links = [];
  const again = planBcfSync(file, "house", findings, p);
  assertEquals(again.changes[0].id, ids.door);
  // Already rejected with the same reason: nothing to change.
  const same = planBcfSync(file, "house", [
    { id: ids.door, status: "rejected", title: "door", reason: "door is 0.83 m" },
  ], p);
  assertEquals(same.changes, []);
  assertEquals(same.unchanged.map((u) => u.id), [ids.door]);
});

Deno.test("bcfZip: snapshots are stored as files in the topic folder", () => {
  const t = topicOf(finding());
  const entries = unzipSync(bcfZip(bcfFileOf(plan(), "house", [t]), "3.0"));
  assertEquals(entries[`${t.guid}/snapshot.png`], new Uint8Array([1, 2, 3]));
  assertOk(entries[`${t.guid}/viewpoint.bcfv`]);
});

Deno.test("readBcf: control characters in a file's text are taken out; a zip bomb is not inflated", () => {
  const t = topicOf(finding({ title: "Door \u001b[31mred\u001b[0m \u202eevil" }));
  const back = readBcf(bcfZip(bcfFileOf(plan(), "house", [t]), "3.0"), "hostile.bcf");
  assertEquals(back.topics[0].title, "Door red evil");
  const bomb = zipSync({
    "bcf.version": strToU8('<Version VersionId="3.0"/>'),
    "a/markup.bcf": new Uint8Array(17 * 1024 * 1024),
  });
  assertOk(bomb.length < 100_000, `the bomb is ${bomb.length} bytes zipped`);
  const big = thrownBy(() => readBcf(bomb, "bomb.bcf"), InputError);
  assertEquals([big.code, big.data.file, big.data.parts], ["bcf.too_big", "bomb.bcf", [
    "a/markup.bcf",
  ]]);
});
