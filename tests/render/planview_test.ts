import assert from "node:assert/strict";
import sharp from "sharp";
import { BUILTIN_SCANS } from "../../layers/builtin.ts";
import { InputError } from "../../ground/errors.ts";
import { parsePlan, type Plan } from "../../ground/plan.ts";
import type { Overlay, Status } from "../../core/result.ts";
import { lineGeometry, pointGeometry, polygonGeometry } from "../../engines/geometry/geojson.ts";
import { planSvg, scaleBarLength_m, STATUS_COLOURS, svgToPng } from "../../render/planview.ts";
import { XMLValidator } from "fast-xml-parser";
import { assertGolden } from "../_golden.ts";
import { dom, textOf, textsOf } from "../_html.ts";

const demo = BUILTIN_SCANS.demo().plan;

/** Well-formed XML (fast-xml-parser's validator), one <svg> root, only XML's own entities. */
function assertWellFormed(svg: string) {
  const body = svg.trim();
  assert.equal(XMLValidator.validate(body), true, "well-formed XML");
  assert.ok(body.startsWith("<svg "), "starts with the <svg> root");
  assert.ok(body.endsWith("</svg>"), "ends with </svg>");
  const entities = ["amp;", "lt;", "gt;", "quot;", "apos;", "#"];
  for (const after of body.split("&").slice(1)) {
    assert.ok(
      entities.some((e) => after.startsWith(e)),
      `unescaped & before ${after.slice(0, 20)}`,
    );
  }
}

/** The SVG as a document. */
const svgDom = (svg: string) => dom(svg);

/** Screen bbox of a room's polygon, from the SVG. */
function roomBox(svg: string, room: string) {
  const el = svgDom(svg).querySelector(`polygon.room[data-room="${room}"]`);
  assert.ok(el, `room ${room} is drawn`);
  const xy = el.getAttribute("points")!.split(" ").map((p) => p.split(",").map(Number));
  return {
    minx: Math.min(...xy.map((p) => p[0])),
    maxx: Math.max(...xy.map((p) => p[0])),
    miny: Math.min(...xy.map((p) => p[1])),
    maxy: Math.max(...xy.map((p) => p[1])),
  };
}

function roomOverlay(plan: Plan, id: string, status: Status): Overlay {
  const r = plan.rooms.find((x) => x.id === id)!;
  return {
    id: `room:${id}`,
    kind: "room",
    floor: r.floor,
    geometry: polygonGeometry(r.polygon),
    status,
    label: `${r.name} ${status}`,
  };
}

const overlays: Overlay[] = [
  roomOverlay(demo, "u_attic", "fail"),
  roomOverlay(demo, "u_bed1", "pass"),
  roomOverlay(demo, "u_study", "warn"),
  roomOverlay(demo, "g_living", "pass"),
  roomOverlay(demo, "g_kitchen", "fail"),
  {
    id: "route:1",
    kind: "route",
    floor: "f0",
    geometry: lineGeometry([[5, -0.5], [5, 3], [7, 3]]),
    status: "pass",
    label: "route to dining",
  },
  {
    id: "circle:1",
    kind: "circle",
    floor: "f0",
    geometry: pointGeometry([9, 2]),
    radius_m: 0.75,
    status: "warn",
    label: "turning circle",
  },
  { id: "point:1", kind: "point", floor: "f1", geometry: pointGeometry([5, 5]), label: "here" },
  { id: "arrow:1", kind: "arrow", floor: "f1", geometry: lineGeometry([[5, 7], [5, 4]]) },
];

Deno.test("planSvg: the demo is a well-formed SVG with one room polygon per room drawn", () => {
  const all = planSvg(demo, { overlays });
  assertWellFormed(all);
  const doc = svgDom(all);
  assert.equal(doc.querySelectorAll("polygon.room").length, demo.rooms.length);
  // Each floor's panel is headed by the floor's name.
  assert.deepEqual(textsOf(doc, "text.floor-name"), demo.floors.map((f) => f.name));
  for (const fl of ["f0", "f1"]) {
    const svg = planSvg(demo, { floor: fl, overlays });
    assertWellFormed(svg);
    const drawn = [...svgDom(svg).querySelectorAll("polygon.room")].map((e) =>
      e.getAttribute("data-room")
    );
    const want = demo.rooms.filter((r) => r.floor === fl).map((r) => r.id);
    assert.deepEqual(drawn.sort(), want.sort(), `rooms of floor ${fl}`);
    assert.equal(svg.includes('data-floor="f0"'), fl === "f0");
    assert.equal(svg.includes('data-floor="f1"'), fl === "f1");
  }
});

Deno.test("planSvg: the scale bar's drawn length is its labelled metres × px_per_m", () => {
  for (const px_per_m of [50, 73, 20, 140]) {
    const group = svgDom(planSvg(demo, { floor: "f0", px_per_m })).querySelector("g.scale-bar");
    assert.ok(group, "a scale bar is drawn");
    const rect = group.querySelector("rect.scale-bar-length")!;
    const metres = Number(group.getAttribute("data-length-m"));
    // The label says the same length, in metres.
    assert.deepEqual(textOf(group, "text.scale-bar-text")?.split(" "), [String(metres), "m"]);
    assert.ok([0.5, 1, 2, 5, 10].includes(metres), `a round length, got ${metres}`);
    assert.ok(
      Math.abs(Number(rect.getAttribute("width")) - metres * px_per_m) < 0.01,
      `${rect.getAttribute("width")} px for ${metres} m at ${px_per_m} px/m`,
    );
  }
  assert.equal(scaleBarLength_m(50, 160), 2);
  assert.equal(scaleBarLength_m(50, 100), 2);
  assert.equal(scaleBarLength_m(50, 99), 1);
  assert.equal(scaleBarLength_m(10, 160), 10);
});

/** The rotation of the north arrow's needle, or undefined when no arrow is drawn. */
function northRotation(svg: string): string | undefined {
  const arrow = svgDom(svg).querySelector("g.north-arrow");
  if (!arrow) return undefined;
  const turned = [...arrow.querySelectorAll("g[transform]")].map((g) =>
    g.getAttribute("transform")!
  );
  assert.equal(turned.length, 1, "one turned needle");
  assert.equal(textOf(arrow, "text"), "N");
  return turned[0].split(" rotate(")[1]?.split(")")[0];
}

Deno.test("planSvg: the north arrow turns by −north_deg (demo: 15°)", () => {
  assert.equal(demo.site?.north_deg, 15);
  const svg = planSvg(demo);
  assert.equal(northRotation(svg), "-15");
  assert.equal(svgDom(svg).querySelector(".north-unknown"), null);
  const east = { ...demo, site: { ...demo.site!, north_deg: 90 } };
  assert.equal(northRotation(planSvg(east)), "-90");
  const west = { ...demo, site: { ...demo.site!, north_deg: -30 } };
  assert.equal(northRotation(planSvg(west)), "30");
});

Deno.test("planSvg: without a site there is no north arrow, and a note says so", async () => {
  const { site: _site, ...rest } = demo;
  const svg = planSvg(rest as Plan);
  assertWellFormed(svg);
  assert.equal(northRotation(svg), undefined);
  // A site without a north angle is the same.
  const noNorth = planSvg({ ...demo, site: { lat: 1, lon: 2 } });
  assert.equal(northRotation(noNorth), undefined);
  assert.equal(
    textOf(svgDom(noNorth), "text.note.north-unknown"),
    textOf(svgDom(svg), "text.note.north-unknown"),
  );
  await assertGolden("render.planview.notes", {
    no_north: textOf(svgDom(svg), "text.note.north-unknown"),
    no_rooms: textsOf(svgDom(planSvg(parsePlan({ id: "nothing" }).plan)), "text.note"),
    stairs: textsOf(svgDom(planSvg(demo)), "g.vertical-arrow>text"),
  });
});

Deno.test("planSvg: overlays are tinted by status; fail ones in the fail colour", () => {
  const svg = planSvg(demo, { overlays });
  const doc = svgDom(svg);
  const statusOf = (el: Element) =>
    [...el.classList].find((c) => c.startsWith("status-"))!.slice("status-".length);
  const paths = [...doc.querySelectorAll("path.overlay")];
  assert.equal(paths.length, 5, "the five room overlays");
  const fails = paths.filter((el) => statusOf(el) === "fail");
  assert.equal(fails.length, 2);
  for (const el of fails) assert.equal(el.getAttribute("fill"), STATUS_COLOURS.fail);
  for (const el of paths) {
    assert.equal(el.getAttribute("fill"), STATUS_COLOURS[statusOf(el) as Status], el.outerHTML);
  }
  assert.notEqual(STATUS_COLOURS.fail, STATUS_COLOURS.pass);
  // Line, circle, point and arrow overlays, with their labels.
  const route = doc.querySelector("g.overlay.overlay-route.status-pass");
  assert.ok(route && route.innerHTML.includes(`stroke="${STATUS_COLOURS.pass}"`));
  const circle = doc.querySelector("g.overlay.overlay-circle.status-warn>circle");
  assert.ok(circle);
  assert.equal(Number(circle.getAttribute("r")), 0.75 * 50, "radius_m × px_per_m");
  assert.ok(doc.querySelector("g.overlay.overlay-point.status-none"));
  const arrow = doc.querySelector("g.overlay.overlay-arrow.status-none")!;
  assert.deepEqual([...arrow.children].map((e) => e.tagName.toLowerCase()), [
    "polyline",
    "polygon",
  ]);
  // Each label by its anchor, or (no free spot off lines, walls and other labels) as a number
  // there with its words in the key under the picture.
  const anchored = textsOf(doc, "text.overlay-label");
  const keyed = textsOf(doc, "g.label-key>text").map((t) => t.slice(t.indexOf(" ") + 1));
  const drawnLabels = new Set([...anchored, ...keyed]);
  for (const o of overlays.filter((o) => o.kind !== "room" && o.label)) {
    assert.ok(drawnLabels.has(o.label!), o.label);
  }
  // A room overlay's label is shown as that room's label.
  const attic = demo.rooms.find((r) => r.id === "u_attic")!;
  assert.ok(textsOf(doc, "g.room-label").some((t) => t.startsWith(attic.name!)), attic.name);
  // Overlays of the other floor are not drawn on a one-floor picture.
  const f0 = svgDom(planSvg(demo, { floor: "f0", overlays }));
  assert.equal(f0.querySelector(".overlay-point"), null);
  assert.equal(f0.querySelector('[data-overlay="room:u_attic"]'), null);
  assert.ok(f0.querySelector('[data-overlay="room:g_kitchen"]'));
});

Deno.test("planSvg: doors lie along their wall and swing into their first room", () => {
  const doc = svgDom(planSvg(demo, { floor: "f0" }));
  const gap = (id: string) => {
    const g = doc.querySelector(`g.opening[data-opening="${id}"]`)!;
    assert.ok(g, `opening ${id} is drawn`);
    const lines = [...g.querySelectorAll("line")];
    const [x1, y1, x2, y2] = ["x1", "y1", "x2", "y2"].map((a) => Number(lines[0].getAttribute(a)));
    return { x1, y1, x2, y2, lines, g };
  };
  // Front door at (5,0) on the south wall: a horizontal gap 0.9 m long.
  const front = gap("d_front");
  assert.equal(front.y1, front.y2);
  assert.ok(Math.abs(Math.abs(front.x2 - front.x1) - 0.9 * 50) < 0.02);
  // Its leaf (the last line) goes up the screen, into the entrance.
  const leaf = front.lines[front.lines.length - 1];
  assert.ok(Number(leaf.getAttribute("y2")) < Number(leaf.getAttribute("y1")) - 40, leaf.outerHTML);
  // A quarter-circle swing of radius width_m (0.9 m at 50 px/m).
  const swing = front.g.querySelector("path")!.getAttribute("d")!;
  assert.ok(swing.startsWith("M") && swing.includes("A45,45 "), swing);
  // Living-room door at (4,1) on a vertical wall: a vertical gap.
  const living = gap("d_living");
  assert.equal(living.x1, living.x2);
  assert.ok(Math.abs(Math.abs(living.y2 - living.y1) - 0.9 * 50) < 0.02);
  // Windows are a double line; openings a dashed line.
  const win = gap("w_dining_e");
  assert.equal(win.x1, win.x2, "the east window sits on a vertical wall");
  assert.equal(win.lines.filter((l) => l.getAttribute("stroke") === "#2f7fbf").length, 2);
  assert.ok(gap("o_hall_stairs").g.querySelector("[stroke-dasharray]"));
});

Deno.test("planSvg: stairs, objects, names and labels", () => {
  const svg = planSvg(demo);
  const doc = svgDom(svg);
  const stair = doc.querySelector('polygon.stair[data-room="g_stairs"]')!;
  assert.ok(stair.getAttribute("fill")!.startsWith("url(#tp-treads-"));
  for (const o of demo.objects) assert.ok(doc.querySelector(`[data-object="${o.id}"]`), o.id);
  // Rooms by name; a name that does not say the label gets the label beneath.
  const words = new Set(textsOf(doc, "text"));
  const kitchen = demo.rooms.find((r) => r.id === "g_kitchen")!;
  assert.ok(words.has(kitchen.name!), kitchen.name);
  const wc = demo.rooms.find((r) => r.label === "toilet")!;
  assert.ok(words.has(wc.name!) && words.has(wc.label), `${wc.name}: its label beneath`);
  assert.equal(textOf(doc, "svg>title"), demo.name);
  const title = "Ceiling height: pass";
  assert.equal(textOf(svgDom(planSvg(demo, { title })), "svg>title"), title);
});

Deno.test("planSvg: text is escaped for XML, and output is deterministic", () => {
  const plan = structuredClone(demo);
  const name = `Tom & "Jerry's" <den>`;
  plan.rooms.find((r) => r.id === "g_dining")!.name = name;
  const title = "a < b & c";
  const svg = planSvg(plan, { title, overlays });
  assertWellFormed(svg);
  // Read back as XML, the name and the title are what was given.
  const doc = svgDom(svg);
  assert.ok(textsOf(doc, "text").includes(name));
  assert.equal(textOf(doc, "svg>title"), title);
  assert.equal(planSvg(demo, { overlays }), planSvg(demo, { overlays }));
});

Deno.test("planSvg: a plan with no rooms, or no floors, is still a valid SVG with a note", () => {
  const empty = parsePlan({ id: "empty", floors: [{ id: "f0", index: 0, name: "Ground" }] }).plan;
  const svg = planSvg(empty);
  assertWellFormed(svg);
  const doc = svgDom(svg);
  assert.equal(doc.querySelector(".room"), null);
  const none = planSvg(parsePlan({ id: "nothing" }).plan);
  assertWellFormed(none);
  // The same notes as the golden ones (render.planview.notes): no rooms, north unknown.
  assert.deepEqual(textsOf(doc, "text.note"), textsOf(svgDom(none), "text.note"));
  assert.ok(doc.querySelector("text.note.north-unknown"));
});

Deno.test("planSvg: an unknown floor or a bad scale is an InputError naming it", () => {
  assert.throws(() => planSvg(demo, { floor: "f9" }), (e: unknown) => {
    assert.ok(e instanceof InputError);
    assert.equal(e.input, "floor");
    // It names the floor asked for and the floors there are.
    const [asked, ...rest] = ["f9", "f0", "f1"].map((id) => e.message.indexOf(id));
    assert.ok(asked >= 0 && rest.every((i) => i > asked), e.message);
    return true;
  });
  assert.throws(() => planSvg(demo, { px_per_m: 0 }), InputError);
  assert.throws(() => planSvg(demo, { px_per_m: NaN }), InputError);
});

/** RGB at an SVG-unit position of a PNG rendered 1:1. */
async function pixel(png: Uint8Array, x: number, y: number): Promise<[number, number, number]> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const i = (Math.round(y) * info.width + Math.round(x)) * info.channels;
  return [data[i], data[i + 1], data[i + 2]];
}

Deno.test("svgToPng: a PNG of the SVG's size; fail rooms reddish, pass rooms greenish", async () => {
  const svg = planSvg(demo, { overlays });
  const png = await svgToPng(svg);
  assert.deepEqual([...png.slice(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const meta = await sharp(png).metadata();
  assert.equal(meta.format, "png");
  const root = svgDom(svg).querySelector("svg")!;
  assert.equal(meta.width, Number(root.getAttribute("width")));
  assert.equal(meta.height, Number(root.getAttribute("height")));
  // Sample 12 px inside the bottom-left corner of each room (clear of walls, labels, doors).
  const inside = (room: string) => {
    const b = roomBox(svg, room);
    return pixel(png, b.minx + 12, b.maxy - 12);
  };
  for (const room of ["u_attic", "g_kitchen"]) {
    const [r, g, b] = await inside(room);
    assert.ok(r > g + 40 && r > b + 40, `${room} (fail) is reddish: rgb(${r},${g},${b})`);
  }
  for (const room of ["u_bed1", "g_living"]) {
    const [r, g, b] = await inside(room);
    assert.ok(g > r + 25 && g > b + 15, `${room} (pass) is greenish: rgb(${r},${g},${b})`);
  }
  // A room with no overlay stays neutral.
  const [r, g, b] = await inside("u_bed2");
  assert.ok(Math.max(r, g, b) - Math.min(r, g, b) < 12 && r > 230, `neutral: rgb(${r},${g},${b})`);
});

Deno.test("svgToPng: width_px sets the width and keeps the aspect ratio", async () => {
  const svg = planSvg(demo, { floor: "f1" });
  const root = svgDom(svg).querySelector("svg")!;
  const w = Number(root.getAttribute("width")), h = Number(root.getAttribute("height"));
  const png = await svgToPng(svg, { width_px: 400 });
  const meta = await sharp(png).metadata();
  assert.equal(meta.width, 400);
  assert.ok(Math.abs(meta.height! - (h * 400) / w) <= 1, `${meta.height} vs ${(h * 400) / w}`);
  await assert.rejects(() => svgToPng(svg, { width_px: -3 }), InputError);
  // A plan with no rooms renders too.
  const empty = await svgToPng(planSvg(parsePlan({ id: "e" }).plan));
  assert.equal((await sharp(empty).metadata()).format, "png");
});

Deno.test("planSvg: an area with a hole is drawn even-odd and labelled outside the hole", () => {
  const plan = parsePlan({
    id: "h",
    floors: [{ id: "f", index: 0 }],
    rooms: [{ id: "r", floor: "f", label: "other", polygon: [[0, 0], [6, 0], [6, 6], [0, 6]] }],
  }).plan;
  const area: Overlay = {
    id: "a",
    kind: "area",
    floor: "f",
    status: "fail",
    label: "ring",
    geometry: {
      type: "Polygon",
      coordinates: [
        [[1, 1], [5, 1], [5, 5], [1, 5], [1, 1]],
        [[2, 2], [4, 2], [4, 4], [2, 4], [2, 2]],
      ],
    },
  };
  const svg = planSvg(plan, { overlays: [area] });
  const doc = svgDom(svg);
  const path = doc.querySelector("path.overlay.overlay-area.status-fail")!;
  assert.equal(path.getAttribute("fill-rule"), "evenodd");
  assert.equal(path.getAttribute("d")!.split("M").length - 1, 2, "outer ring and hole");
  const label = [...doc.querySelectorAll("text.overlay-label")].find((t) =>
    t.textContent === area.label
  );
  assert.ok(label, "the area's label is drawn");
  const room = roomBox(svg, "r"); // 6 m square: 50 px/m
  const [lx, ly] = [
    Number(label.getAttribute("x")) - room.minx,
    room.maxy - Number(label.getAttribute("y")),
  ].map((v) => v / 50);
  assert.ok(!(lx > 2 && lx < 4 && ly > 2 && ly < 4), `label at (${lx}, ${ly}) m is in the hole`);
  assert.ok(lx > 1 && lx < 5 && ly > 1 && ly < 5, `label at (${lx}, ${ly}) m is on the area`);
});

Deno.test("planSvg: lifts get a cross and the floors they serve; a ramp on one floor its rise", async () => {
  const room = (id: string, floor: string, polygon: [number, number][]) => ({
    id,
    floor,
    label: "other" as const,
    polygon,
  });
  const plan = parsePlan({
    id: "lift",
    floors: ["a", "b", "c"].map((id, index) => ({ id, index, name: `Level ${index}` })),
    rooms: ["a", "b", "c"].map((fl) => room(`${fl}_lift`, fl, [[0, 0], [2, 0], [2, 2], [0, 2]]))
      .concat([room("ramp", "a", [[0, 2], [6, 2], [6, 3.6], [0, 3.6]])]),
    verticals: [
      {
        id: "l1",
        kind: "lift",
        from_floor: "a",
        to_floor: "b",
        rooms: ["a_lift", "b_lift"],
        rise_m: 3,
        width_m: 1,
      },
      {
        id: "l2",
        kind: "lift",
        from_floor: "b",
        to_floor: "c",
        rooms: ["b_lift", "c_lift"],
        rise_m: 3,
        width_m: 1,
      },
      {
        id: "r",
        kind: "ramp",
        from_floor: "a",
        to_floor: "a",
        rooms: ["ramp"],
        rise_m: 0.3,
        width_m: 1.2,
      },
    ],
  }).plan;
  const svg = planSvg(plan);
  assertWellFormed(svg);
  const doc = svgDom(svg);
  const lifts = [...doc.querySelectorAll("g.lift")];
  assert.equal(lifts.length, 3, "one cross per lift room");
  for (const g of lifts) {
    assert.deepEqual([...g.children].map((e) => e.tagName.toLowerCase()), ["line", "line"]);
  }
  const caption = (fl: string) =>
    textOf(doc.querySelector(`[data-floor="${fl}"]`)!, ".vertical-caption");
  // The floors each lift serves, by name; the ramp's rise in the person's units.
  await assertGolden("render.planview.verticals", {
    a: caption("a"),
    b: caption("b"),
    c: caption("c"),
    ramp: textsOf(doc, "text").filter((t) => t.startsWith("ramp")),
  });
  assert.equal(svg.includes("tp-treads"), false, "no treads on a lift or a ramp");
});
