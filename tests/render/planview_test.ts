import assert from "node:assert/strict";
import sharp from "sharp";
import { BUILTIN_SCANS } from "../../layers/builtin.ts";
import { InputError } from "../../ground/errors.ts";
import { parsePlan, type Plan } from "../../ground/plan.ts";
import type { Overlay, Status } from "../../core/result.ts";
import { lineGeometry, pointGeometry, polygonGeometry } from "../../engines/geometry/geojson.ts";
import { planSvg, scaleBarLength_m, STATUS_COLOURS, svgToPng } from "../../render/planview.ts";

const demo = BUILTIN_SCANS.demo().plan;

/** Well-formed enough: one root <svg>, every tag closed in order, attributes quoted, & escaped. */
function assertWellFormed(svg: string) {
  const body = svg.trim();
  assert.ok(body.startsWith("<svg "), "starts with the <svg> root");
  assert.ok(body.endsWith("</svg>"), "ends with </svg>");
  const stack: string[] = [];
  let roots = 0;
  const tag = /<(\/?)([A-Za-z][\w:-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>/g;
  let last = 0;
  for (let m; (m = tag.exec(body));) {
    const between = body.slice(last, m.index);
    assert.ok(!/[<>]/.test(between), `stray angle bracket before ${m[0]}: ${between.slice(0, 80)}`);
    assert.ok(
      !/&(?!(amp|lt|gt|quot|apos|#\d+);)/.test(between + m[3]),
      `unescaped & near ${m[0]}`,
    );
    last = m.index + m[0].length;
    const [, close, name, , self] = m;
    if (close) {
      assert.equal(stack.pop(), name, `</${name}> closes the wrong element`);
      if (!stack.length) roots++;
    } else if (!self) stack.push(name);
    else if (!stack.length) roots++;
  }
  assert.equal(body.slice(last).trim(), "", "nothing after the last tag");
  assert.deepEqual(stack, [], "every element is closed");
  assert.equal(roots, 1, "exactly one root element");
}

function attr(el: string, name: string): string | undefined {
  return new RegExp(`\\s${name}="([^"]*)"`).exec(el)?.[1];
}

/** Screen bbox of a room's polygon, from the SVG. */
function roomBox(svg: string, room: string) {
  const el = new RegExp(`<polygon class="room" data-room="${room}"[^>]*>`).exec(svg)?.[0];
  assert.ok(el, `room ${room} is drawn`);
  const xy = attr(el, "points")!.split(" ").map((p) => p.split(",").map(Number));
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
  assert.equal([...all.matchAll(/<polygon class="room"/g)].length, demo.rooms.length);
  assert.match(all, />Ground floor</);
  assert.match(all, />First floor</);
  for (const fl of ["f0", "f1"]) {
    const svg = planSvg(demo, { floor: fl, overlays });
    assertWellFormed(svg);
    const drawn = [...svg.matchAll(/<polygon class="room" data-room="([^"]+)"/g)].map((m) => m[1]);
    const want = demo.rooms.filter((r) => r.floor === fl).map((r) => r.id);
    assert.deepEqual(drawn.sort(), want.sort(), `rooms of floor ${fl}`);
    assert.equal(svg.includes('data-floor="f0"'), fl === "f0");
    assert.equal(svg.includes('data-floor="f1"'), fl === "f1");
  }
});

Deno.test("planSvg: the scale bar's drawn length is its labelled metres × px_per_m", () => {
  for (const px_per_m of [50, 73, 20, 140]) {
    const svg = planSvg(demo, { floor: "f0", px_per_m });
    const group = /<g class="scale-bar"[\s\S]*?<\/g>/.exec(svg)?.[0];
    assert.ok(group, "a scale bar is drawn");
    const rect = /<rect class="scale-bar-length"[^>]*>/.exec(group)![0];
    const label = /class="scale-bar-text"[^>]*>([\d.]+) m</.exec(group);
    assert.ok(label, "the scale bar has a length in metres");
    const metres = Number(label[1]);
    assert.ok([0.5, 1, 2, 5, 10].includes(metres), `a round length, got ${metres}`);
    assert.ok(
      Math.abs(Number(attr(rect, "width")) - metres * px_per_m) < 0.01,
      `${attr(rect, "width")} px for ${metres} m at ${px_per_m} px/m`,
    );
  }
  assert.equal(scaleBarLength_m(50, 160), 2);
  assert.equal(scaleBarLength_m(50, 100), 2);
  assert.equal(scaleBarLength_m(50, 99), 1);
  assert.equal(scaleBarLength_m(10, 160), 10);
});

Deno.test("planSvg: the north arrow turns by −north_deg (demo: 15°)", () => {
  assert.equal(demo.site?.north_deg, 15);
  const svg = planSvg(demo);
  const group = /<g class="north-arrow"[\s\S]*?<\/g><text[^>]*>N<\/text><\/g>/.exec(svg)?.[0];
  assert.ok(group, "a north arrow is drawn");
  assert.match(group, /rotate\(-15\)/);
  assert.doesNotMatch(svg, /north unknown/);
  const east = { ...demo, site: { ...demo.site!, north_deg: 90 } };
  assert.match(planSvg(east), /<g class="north-arrow"[^>]*>.*?rotate\(-90\)/s);
  const west = { ...demo, site: { ...demo.site!, north_deg: -30 } };
  assert.match(planSvg(west), /<g class="north-arrow"[^>]*>.*?rotate\(30\)/s);
});

Deno.test("planSvg: without a site there is no north arrow, and a note says so", () => {
  const { site: _site, ...rest } = demo;
  const svg = planSvg(rest as Plan);
  assertWellFormed(svg);
  assert.doesNotMatch(svg, /north-arrow/);
  assert.match(svg, /class="note north-unknown"[^>]*>north unknown</);
  // A site without a north angle is the same.
  const noNorth = planSvg({ ...demo, site: { lat: 1, lon: 2 } });
  assert.doesNotMatch(noNorth, /north-arrow/);
  assert.match(noNorth, />north unknown</);
});

Deno.test("planSvg: overlays are tinted by status; fail ones in the fail colour", () => {
  const svg = planSvg(demo, { overlays });
  const paths = [...svg.matchAll(/<path class="overlay [^"]*status-(\w+)"[^>]*>/g)];
  assert.equal(paths.length, 5, "the five room overlays");
  const fails = paths.filter((m) => m[1] === "fail");
  assert.equal(fails.length, 2);
  for (const [el] of fails) assert.equal(attr(el, "fill"), STATUS_COLOURS.fail);
  for (const [el, s] of paths) {
    assert.equal(attr(el, "fill"), STATUS_COLOURS[s as Status], el);
  }
  assert.notEqual(STATUS_COLOURS.fail, STATUS_COLOURS.pass);
  // Line, circle, point and arrow overlays, with their labels.
  const route = /<g class="overlay overlay-route status-pass"[^>]*>(.*?)<\/g>/.exec(svg)?.[1];
  assert.ok(route && route.includes(`stroke="${STATUS_COLOURS.pass}"`));
  const circle = /<g class="overlay overlay-circle status-warn"[^>]*><circle [^>]*>/.exec(svg)?.[0];
  assert.ok(circle);
  assert.equal(Number(attr(circle, "r")), 0.75 * 50, "radius_m × px_per_m");
  assert.match(svg, /class="overlay overlay-point status-none"/);
  assert.match(svg, /class="overlay overlay-arrow status-none"[^>]*><polyline[^>]*\/><polygon/);
  // Each label by its anchor, or (no free spot off lines, walls and other labels) as a number
  // there with its words in the key under the picture.
  const key = svg.slice(svg.indexOf('<g class="label-key">'));
  for (const label of ["route to dining", "turning circle", "here"]) {
    assert.ok(
      new RegExp(`class="overlay-label"[^>]*>${label}<`).test(svg) ||
        (svg.includes('<g class="label-key">') && new RegExp(`>\\d+ ${label}<`).test(key)),
      label,
    );
  }
  // A room overlay's label is shown as that room's label.
  assert.match(svg, /class="room-label">(?:(?!<\/g>).)*>Attic room under/s);
  // Overlays of the other floor are not drawn on a one-floor picture.
  const f0 = planSvg(demo, { floor: "f0", overlays });
  assert.doesNotMatch(f0, /overlay-point/);
  assert.doesNotMatch(f0, /data-overlay="room:u_attic"/);
  assert.match(f0, /data-overlay="room:g_kitchen"/);
});

Deno.test("planSvg: doors lie along their wall and swing into their first room", () => {
  const svg = planSvg(demo, { floor: "f0" });
  const gap = (id: string) => {
    const g = new RegExp(`<g class="opening opening-\\w+" data-opening="${id}">(.*?)</g>`).exec(
      svg,
    )?.[1];
    assert.ok(g, `opening ${id} is drawn`);
    const lines = [...g.matchAll(/<line [^>]*>/g)].map((m) => m[0]);
    const [x1, y1, x2, y2] = ["x1", "y1", "x2", "y2"].map((a) => Number(attr(lines[0], a)));
    return { x1, y1, x2, y2, lines, g };
  };
  // Front door at (5,0) on the south wall: a horizontal gap 0.9 m long.
  const front = gap("d_front");
  assert.equal(front.y1, front.y2);
  assert.ok(Math.abs(Math.abs(front.x2 - front.x1) - 0.9 * 50) < 0.02);
  // Its leaf (the last line) goes up the screen, into the entrance.
  const leaf = front.lines[front.lines.length - 1];
  assert.ok(Number(attr(leaf, "y2")) < Number(attr(leaf, "y1")) - 40, leaf);
  assert.match(front.g, /<path d="M[^"]*A45,45 /, "a quarter-circle swing of radius width_m");
  // Living-room door at (4,1) on a vertical wall: a vertical gap.
  const living = gap("d_living");
  assert.equal(living.x1, living.x2);
  assert.ok(Math.abs(Math.abs(living.y2 - living.y1) - 0.9 * 50) < 0.02);
  // Windows are a double line; openings a dashed line.
  const win = gap("w_dining_e");
  assert.equal(win.x1, win.x2, "the east window sits on a vertical wall");
  assert.equal([...win.g.matchAll(/stroke="#2f7fbf"/g)].length, 2);
  assert.match(gap("o_hall_stairs").g, /stroke-dasharray/);
});

Deno.test("planSvg: stairs, objects, names and labels", () => {
  const svg = planSvg(demo);
  assert.match(svg, /<polygon class="stair" data-room="g_stairs"[^>]*fill="url\(#tp-treads-/);
  assert.match(svg, />up to First floor</);
  assert.match(svg, />down to Ground floor</);
  for (const o of demo.objects) assert.match(svg, new RegExp(`data-object="${o.id}"`));
  assert.match(svg, />Kitchen</);
  assert.match(svg, />toilet</, "a name that does not say the label gets it beneath");
  assert.match(svg, /<title>Demo house/);
  assert.match(planSvg(demo, { title: "Ceiling height: pass" }), /<title>Ceiling height: pass</);
});

Deno.test("planSvg: text is escaped for XML, and output is deterministic", () => {
  const plan = structuredClone(demo);
  plan.rooms.find((r) => r.id === "g_dining")!.name = `Tom & "Jerry's" <den>`;
  const svg = planSvg(plan, { title: "a < b & c", overlays });
  assertWellFormed(svg);
  assert.match(svg, /Tom &amp; &quot;Jerry&apos;s&quot; &lt;den&gt;/);
  assert.match(svg, /a &lt; b &amp; c/);
  assert.equal(planSvg(demo, { overlays }), planSvg(demo, { overlays }));
});

Deno.test("planSvg: a plan with no rooms, or no floors, is still a valid SVG with a note", () => {
  const empty = parsePlan({ id: "empty", floors: [{ id: "f0", index: 0, name: "Ground" }] }).plan;
  const svg = planSvg(empty);
  assertWellFormed(svg);
  assert.match(svg, /No rooms in this plan/);
  assert.match(svg, /north unknown/);
  assert.doesNotMatch(svg, /class="room"/);
  const none = planSvg(parsePlan({ id: "nothing" }).plan);
  assertWellFormed(none);
  assert.match(none, /No rooms in this plan/);
});

Deno.test("planSvg: an unknown floor or a bad scale is an InputError naming it", () => {
  assert.throws(() => planSvg(demo, { floor: "f9" }), (e: unknown) => {
    assert.ok(e instanceof InputError);
    assert.equal(e.input, "floor");
    assert.match(e.message, /f9.*f0, f1/);
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
  assert.equal(meta.width, Number(attr(svg, "width")));
  assert.equal(meta.height, Number(attr(svg, "height")));
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
  const w = Number(attr(svg, "width")), h = Number(attr(svg, "height"));
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
  const path = /<path class="overlay overlay-area status-fail"[^>]*>/.exec(svg)![0];
  assert.equal(attr(path, "fill-rule"), "evenodd");
  assert.equal([...attr(path, "d")!.matchAll(/M/g)].length, 2, "outer ring and hole");
  const label = /<text class="overlay-label" x="([\d.]+)" y="([\d.]+)"[^>]*>ring</.exec(svg);
  assert.ok(label, "the area's label is drawn");
  const room = roomBox(svg, "r"); // 6 m square: 50 px/m
  const [lx, ly] = [Number(label[1]) - room.minx, room.maxy - Number(label[2])].map((v) => v / 50);
  assert.ok(!(lx > 2 && lx < 4 && ly > 2 && ly < 4), `label at (${lx}, ${ly}) m is in the hole`);
  assert.ok(lx > 1 && lx < 5 && ly > 1 && ly < 5, `label at (${lx}, ${ly}) m is on the area`);
});

Deno.test("planSvg: lifts get a cross and the floors they serve; a ramp on one floor its rise", () => {
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
  assert.equal(
    [...svg.matchAll(/<g class="lift"[^>]*><line[^>]*\/><line[^>]*\/><\/g>/g)].length,
    3,
  );
  const caption = (fl: string) =>
    new RegExp(`data-floor="${fl}"[\\s\\S]*?class="vertical-caption">(.*?)</g>`).exec(svg)?.[1]
      .replace(/<[^>]+>/g, " ").replace(/\s+/g, " ").trim();
  assert.equal(caption("a"), "lift to Level 1");
  assert.equal(caption("b"), "lift to Level 2, Level 0");
  assert.equal(caption("c"), "lift to Level 1");
  assert.match(svg, />ramp, rise 0\.30 m</);
  assert.doesNotMatch(svg, /tp-treads/, "no treads on a lift or a ramp");
});
