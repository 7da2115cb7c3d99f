/**
 * The USDZ of a RoomPlan scan: a zip (Pixar's USDZ: uncompressed, the first file is the
 * default layer; openusd.org "Usdz File Format Specification") read with npm:fflate, whose
 * text USD layer (`#usda 1.0`, openusd.org "USD file formats: usda") is parsed here for its
 * prims. RoomPlan's export puts each element in a group named by its category and number —
 * `Wall_0_grp` with its `Door_0_grp` / `Window_1_grp` / `Opening_0_grp` children, `Floor_0_grp`,
 * and an object group per object (`Storage_2_grp`, `Table_0_grp`) — each with a
 * `matrix4d xformOp:transform` and a mesh whose extent gives the element's size
 * (shared/reference/data-formats.md §8). A USDZ has no identifiers, confidence or sections.
 *
 * A binary layer (the `usdc` crate format, magic `PXR-USDC`) is not read: the error says so
 * and how to convert it (`usdcat`).
 */
import { unzipSync, zipSync } from "npm:fflate@0.8.3";
import { InputError } from "../../ground/errors.ts";
import type { RpObject, RpScan, RpSurface } from "./model.ts";
import { transform16 } from "./model.ts";
import { OBJECT_LABELS } from "./plan.ts";
import { capitalise, round } from "../../ground/text.ts";

/** Whether the bytes are a zip whose first entry is a USD layer (.usd, .usda, .usdc). */
export function isUsdz(bytes: Uint8Array): boolean {
  if (bytes.length < 30 || bytes[0] !== 0x50 || bytes[1] !== 0x4b || bytes[2] !== 3) return false;
  const n = bytes[26] | (bytes[27] << 8);
  const name = new TextDecoder().decode(bytes.subarray(30, 30 + n)).toLowerCase();
  return /\.usd[ac]?$/.test(name);
}

/** The USDZ's default layer (its first USD file): name and bytes. */
export function usdzLayer(bytes: Uint8Array, ref: string): { name: string; data: Uint8Array } {
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes);
  } catch (e) {
    throw new InputError(ref, `not a readable USDZ (zip): ${(e as Error).message} (truncated?)`, {
      code: "roomplan.bad_usdz",
      data: { error: (e as Error).message },
    });
  }
  const name = Object.keys(files).find((k) => /\.usd[ac]?$/i.test(k));
  if (!name) throw new InputError(ref, "a zip with no USD layer (.usda, .usdc, .usd) in it");
  return { name, data: files[name] };
}

// ------------------------------------------------------------------ usda text

/** A prim of a text USD layer: its specifier, type, name, attributes and children. */
export interface UsdPrim {
  type: string;
  name: string;
  /** Attribute values by name (`xformOp:transform`, `extent`, `points`), as nested arrays. */
  attrs: Record<string, UsdValue>;
  children: UsdPrim[];
}
/** A parsed attribute value: numbers, strings, tokens, nested tuples and arrays. */
export type UsdValue = number | string | boolean | null | UsdValue[];

type Tok = { k: "id" | "str" | "num" | "p" | "nl"; v: string };

function tokenize(text: string, ref: string): Tok[] {
  const out: Tok[] = [];
  let depth = 0;
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text[i];
    if (c === "#") {
      while (i < n && text[i] !== "\n") i++;
      continue;
    }
    if (c === "\n") {
      if (depth === 0 && out.length && out[out.length - 1].k !== "nl") out.push({ k: "nl", v: "" });
      i++;
      continue;
    }
    if (c === " " || c === "\t" || c === "\r" || c === ";") {
      i++;
      continue;
    }
    if (c === '"' || c === "'") {
      const triple = text.startsWith(c.repeat(3), i);
      const end = triple ? c.repeat(3) : c;
      let j = i + end.length;
      let s = "";
      while (j < n && !text.startsWith(end, j)) {
        if (text[j] === "\\" && j + 1 < n) {
          s += text[j + 1];
          j += 2;
        } else s += text[j++];
      }
      if (j >= n) throw new InputError(ref, "its USD layer ends inside a string (truncated?)");
      out.push({ k: "str", v: s });
      i = j + end.length;
      continue;
    }
    if (c === "@") {
      const j = text.indexOf("@", i + 1);
      if (j < 0) throw new InputError(ref, "its USD layer ends inside an @asset@ path");
      out.push({ k: "str", v: text.slice(i + 1, j) });
      i = j + 1;
      continue;
    }
    if ("()[]{}=,<>".includes(c)) {
      if (c === "(" || c === "[") depth++;
      if (c === ")" || c === "]") depth = Math.max(0, depth - 1);
      out.push({ k: "p", v: c });
      i++;
      continue;
    }
    const m = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?/.exec(text.slice(i, i + 40));
    if (m && (c !== "-" && c !== "+" || /\d|\./.test(text[i + 1] ?? ""))) {
      out.push({ k: "num", v: m[0] });
      i += m[0].length;
      continue;
    }
    let j = i;
    while (j < n && /[A-Za-z0-9_:.\-|]/.test(text[j])) j++;
    if (j === i) j = i + 1;
    out.push({ k: "id", v: text.slice(i, j) });
    i = j;
  }
  return out;
}

/**
 * Parses a text USD layer into its root prims. Only what an element needs is kept:
 * prims (def/over/class), their attribute values; metadata, relationships, variant sets and
 * time samples are skipped. A malformed layer is an InputError naming `ref`.
 */
export function parseUsda(text: string, ref: string): UsdPrim[] {
  if (!text.startsWith("#usda")) {
    throw new InputError(ref, `its USD layer is not text USD: it does not start with "#usda"`);
  }
  const t = tokenize(text.slice(text.indexOf("\n") + 1), ref);
  let i = 0;
  const peek = () => t[i];
  const fail = (what: string): never => {
    throw new InputError(ref, `its USD layer is malformed: ${what} (truncated?)`);
  };
  const skipNl = () => {
    while (t[i]?.k === "nl") i++;
  };
  const skipBalanced = () => {
    const open = t[i].v, close = open === "(" ? ")" : open === "[" ? "]" : "}";
    let d = 0;
    do {
      if (i >= t.length) fail(`an unclosed "${open}"`);
      if (t[i].k === "p" && t[i].v === open) d++;
      else if (t[i].k === "p" && t[i].v === close) d--;
      i++;
    } while (d > 0);
  };
  const value = (): UsdValue => {
    const tok = t[i];
    if (!tok) return fail("a value is missing");
    if (tok.k === "num") {
      i++;
      return Number(tok.v);
    }
    if (tok.k === "str") {
      i++;
      return tok.v;
    }
    if (tok.k === "p" && (tok.v === "(" || tok.v === "[")) {
      const close = tok.v === "(" ? ")" : "]";
      i++;
      const items: UsdValue[] = [];
      while (!(t[i]?.k === "p" && t[i].v === close)) {
        if (i >= t.length) fail(`an unclosed "${tok.v}"`);
        if (t[i].k === "p" && t[i].v === ",") {
          i++;
          continue;
        }
        items.push(value());
      }
      i++;
      return items;
    }
    if (tok.k === "p" && tok.v === "{") {
      skipBalanced();
      return null;
    }
    if (tok.k === "p" && tok.v === "<") {
      while (i < t.length && !(t[i].k === "p" && t[i].v === ">")) i++;
      i++;
      return null;
    }
    i++;
    if (tok.v === "true") return true;
    if (tok.v === "false") return false;
    if (tok.v === "None") return null;
    const num = Number(tok.v);
    return tok.v === "nan" || tok.v === "inf" || tok.v === "-inf" ? num : tok.v;
  };
  const prim = (): UsdPrim => {
    i++; // def | over | class
    let type = "";
    if (peek()?.k === "id") type = t[i++].v;
    if (peek()?.k !== "str") fail("a prim has no quoted name");
    const name = t[i++].v;
    if (peek()?.k === "p" && peek().v === "(") skipBalanced();
    skipNl();
    if (!(peek()?.k === "p" && peek().v === "{")) fail(`prim "${name}" has no body`);
    i++;
    const p: UsdPrim = { type, name, attrs: {}, children: [] };
    body(p);
    return p;
  };
  const body = (p: UsdPrim | undefined, roots?: UsdPrim[]) => {
    for (;;) {
      skipNl();
      const tok = peek();
      if (!tok) {
        if (p) fail(`prim "${p.name}" is not closed`);
        return;
      }
      if (tok.k === "p" && tok.v === "}") {
        if (!p) fail('an unmatched "}"');
        i++;
        return;
      }
      if (tok.k === "id" && (tok.v === "def" || tok.v === "over" || tok.v === "class")) {
        const child = prim();
        (p ? p.children : roots!).push(child);
        continue;
      }
      if (tok.k === "id" && tok.v === "variantSet") {
        while (i < t.length && !(t[i].k === "p" && t[i].v === "{")) i++;
        if (i < t.length) skipBalanced();
        continue;
      }
      // An attribute or relationship: words up to "=", "(" or the end of the line.
      const words: string[] = [];
      while (i < t.length && t[i].k !== "nl" && !(t[i].k === "p" && "=({}".includes(t[i].v))) {
        words.push(t[i].v);
        i++;
      }
      let v: UsdValue | undefined;
      if (t[i]?.k === "p" && t[i].v === "=") {
        i++;
        v = value();
      }
      if (t[i]?.k === "p" && t[i].v === "(") skipBalanced();
      // Anything else on the line (a malformed statement) is passed over.
      while (i < t.length && t[i].k !== "nl" && !(t[i].k === "p" && t[i].v === "}")) i++;
      const name = words[words.length - 1];
      if (p && name && v !== undefined && !name.endsWith(".timeSamples")) {
        p.attrs[name.replace(/\.connect$/, "")] = v;
      }
    }
  };
  // The layer's own metadata "( … )" first.
  skipNl();
  if (peek()?.k === "p" && peek().v === "(") skipBalanced();
  const roots: UsdPrim[] = [];
  body(undefined, roots);
  return roots;
}

// ------------------------------------------------------------ prims -> scan

const ARCH: Record<string, string> = {
  wall: "wall",
  door: "door",
  window: "window",
  opening: "opening",
  floor: "floor",
};

/** The category a group name says (`Wall_0_grp` → wall, `WasherDryer_1_grp` → washerDryer). */
function groupCategory(name: string): string | undefined {
  const m = /^([A-Za-z]+?)_?(\d+)?_grp$/.exec(name);
  if (!m) return undefined;
  const word = m[1].toLowerCase();
  if (word in ARCH) return ARCH[word];
  return OBJECT_LABELS.find((o) => o.toLowerCase() === word);
}

/** Column-major 4×4 product a·b. */
function mul(a: number[], b: number[]): number[] {
  const out = new Array(16).fill(0);
  for (let c = 0; c < 4; c++) {
    for (let r = 0; r < 4; r++) {
      let s = 0;
      for (let k = 0; k < 4; k++) s += a[k * 4 + r] * b[c * 4 + k];
      out[c * 4 + r] = s;
    }
  }
  return out;
}
const IDENTITY = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];

/**
 * A prim's local transform: `xformOp:transform` (USD's row-vector matrix, whose 16 numbers
 * in order are the column-major matrix RoomPlan writes), else `xformOp:translate`.
 */
function localTransform(p: UsdPrim, ref: string, path: string): number[] {
  const m = p.attrs["xformOp:transform"];
  if (m !== undefined) {
    const flat = Array.isArray(m) ? (m as UsdValue[]).flat(2) : m;
    return transform16(ref, `${path} xformOp:transform`, flat);
  }
  const tr = p.attrs["xformOp:translate"];
  if (Array.isArray(tr) && tr.length === 3 && tr.every((x) => typeof x === "number")) {
    const [x, y, z] = tr as number[];
    return [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, x, y, z, 1];
  }
  return IDENTITY;
}

/** The first mesh below a group (not inside another element group), with its transform. */
function meshOf(
  g: UsdPrim,
  at: number[],
  ref: string,
  path: string,
): { mesh: UsdPrim; t: number[] } | undefined {
  for (const c of g.children) {
    if (groupCategory(c.name)) continue;
    const t = mul(at, localTransform(c, ref, `${path}/${c.name}`));
    if (c.type === "Mesh" || c.type === "Cube") return { mesh: c, t };
    const deeper = meshOf(c, t, ref, `${path}/${c.name}`);
    if (deeper) return deeper;
  }
  return undefined;
}

/** A mesh's local points, finite. */
function points(mesh: UsdPrim, ref: string, path: string): [number, number, number][] {
  const pts = mesh.attrs["points"];
  if (!Array.isArray(pts)) return [];
  return pts.map((p, i) => {
    if (!Array.isArray(p) || p.length !== 3 || !p.every((x) => typeof x === "number")) {
      throw new InputError(ref, `${path}.points[${i}] must be (x, y, z)`);
    }
    if (!(p as number[]).every(Number.isFinite)) {
      throw new InputError(
        ref,
        `${path}.points[${i}] must be finite numbers, got (${p.join(", ")})`,
      );
    }
    return p as [number, number, number];
  });
}

/** A mesh's extent: its `extent` attribute, else its points' bounds. */
function extentOf(mesh: UsdPrim, ref: string, path: string): [number[], number[]] | undefined {
  const e = mesh.attrs["extent"];
  if (Array.isArray(e) && e.length === 2 && e.every((p) => Array.isArray(p) && p.length === 3)) {
    const [lo, hi] = e as number[][];
    if (![...lo, ...hi].every((x) => typeof x === "number" && Number.isFinite(x))) {
      throw new InputError(ref, `${path}.extent must be finite numbers`);
    }
    return [lo, hi];
  }
  if (mesh.type === "Cube") {
    const s = typeof mesh.attrs["size"] === "number" ? mesh.attrs["size"] as number : 2;
    return [[-s / 2, -s / 2, -s / 2], [s / 2, s / 2, s / 2]];
  }
  const pts = points(mesh, ref, path);
  if (!pts.length) return undefined;
  const lo = [0, 1, 2].map((k) => Math.min(...pts.map((p) => p[k])));
  const hi = [0, 1, 2].map((k) => Math.max(...pts.map((p) => p[k])));
  return [lo, hi];
}

/**
 * The scan a USD layer holds: every element group with its world transform (composed down
 * the hierarchy) moved to its mesh's centre, and its size from the mesh's extent. Doors,
 * windows and openings inside a wall's group have that wall as parent.
 */
export function usdaModel(roots: UsdPrim[], ref: string): RpScan {
  const scan: RpScan = {
    kind: "USDZ",
    walls: [],
    doors: [],
    windows: [],
    openings: [],
    floors: [],
    objects: [],
    sections: [],
    ignored: [],
    has: { floors: false, sections: false, parents: false },
  };
  const counters = new Map<string, number>();
  const walk = (p: UsdPrim, at: number[], path: string, wall?: string) => {
    const here = `${path}/${p.name}`;
    const t = mul(at, localTransform(p, ref, here));
    const cat = groupCategory(p.name);
    let parentWall = wall;
    if (cat) {
      const found = meshOf(p, t, ref, here);
      const ext = found && extentOf(found.mesh, ref, `${here}/${found.mesh.name}`);
      if (!found || !ext) {
        throw new InputError(ref, `${here} has no mesh with an extent, so its size is unknown`);
      }
      const [lo, hi] = ext;
      const c = [0, 1, 2].map((k) => (lo[k] + hi[k]) / 2);
      const m = found.t;
      // The element's frame: the mesh's, moved to the centre of its extent.
      const tr = [...m];
      for (let r = 0; r < 3; r++) {
        tr[12 + r] = m[r] * c[0] + m[4 + r] * c[1] + m[8 + r] * c[2] + m[12 + r];
      }
      const dimensions = [0, 1, 2].map((k) => hi[k] - lo[k]) as [number, number, number];
      const n = counters.get(cat) ?? 0;
      counters.set(cat, n + 1);
      const id = here.slice(1);
      if (cat in ARCH) {
        const pts = cat === "floor" ? points(found.mesh, ref, `${here}/${found.mesh.name}`) : [];
        const s: RpSurface = {
          path: here,
          id,
          category: cat,
          dimensions: cat === "floor" ? dimensions : [dimensions[0], dimensions[1], 0],
          transform: cat === "floor" ? found.t : tr,
          ...(wall && cat !== "wall" && cat !== "floor" ? { parent: wall } : {}),
          corners: pts,
          story: 0,
          curved: false,
        };
        if (cat === "wall") {
          scan.walls.push(s);
          parentWall = id;
        } else if (cat === "door") scan.doors.push(s);
        else if (cat === "window") scan.windows.push(s);
        else if (cat === "opening") scan.openings.push(s);
        else scan.floors.push(s);
      } else {
        const o: RpObject = { path: here, id, category: cat, dimensions, transform: tr, story: 0 };
        scan.objects.push(o);
      }
    }
    for (const c of p.children) walk(c, t, here, parentWall);
  };
  for (const r of roots) walk(r, IDENTITY, "", undefined);
  if (!scan.walls.length) {
    throw new InputError(
      ref,
      "its USD layer has no wall groups (Wall_0_grp …): not a RoomPlan USDZ, or a scan with no walls",
    );
  }
  assignStories(scan);
  scan.has.floors = scan.floors.length > 0;
  scan.has.parents = [...scan.doors, ...scan.windows, ...scan.openings].some((s) => s.parent);
  return scan;
}

/** Floor levels more than this apart are different stories (m): well under a storey height. */
export const STORY_GAP_M = 1.5;

/**
 * USD has no `story`: stories are found from the levels walls stand on (a wall's bottom, a
 * floor's plane), a new story where two levels are more than {@link STORY_GAP_M} apart; each
 * element takes the highest level at or below its bottom (+0.3 m, for a sill or a scan's
 * noise), doors and windows their wall's.
 */
function assignStories(scan: RpScan): void {
  const bottom = (t: number[], h: number) => t[13] - h / 2;
  const levels = [
    ...scan.walls.map((w) => bottom(w.transform, w.dimensions[1])),
    ...scan.floors.map((f) => f.transform[13]),
  ].sort((a, b) => a - b);
  const starts: number[] = [];
  for (const y of levels) {
    if (!starts.length || y - starts[starts.length - 1] > STORY_GAP_M) starts.push(y);
  }
  if (starts.length < 2) return;
  const storyAt = (y: number) => {
    let k = 0;
    starts.forEach((s, i) => {
      if (s <= y + 0.3) k = i;
    });
    return k;
  };
  for (const w of scan.walls) w.story = storyAt(bottom(w.transform, w.dimensions[1]));
  for (const f of scan.floors) f.story = storyAt(f.transform[13]);
  const wallStory = new Map(scan.walls.map((w) => [w.id, w.story]));
  for (const o of [...scan.doors, ...scan.windows, ...scan.openings]) {
    o.story = (o.parent !== undefined ? wallStory.get(o.parent) : undefined) ??
      storyAt(bottom(o.transform, o.dimensions[1]));
  }
  for (const o of scan.objects) o.story = storyAt(bottom(o.transform, o.dimensions[1]));
}

// ------------------------------------------------------------ writing usda

const num = (v: number) => Number.isInteger(v) ? String(v) : String(round(v, 7));
const matrix = (t: number[]) =>
  `( ${[0, 1, 2, 3].map((c) => `(${t.slice(c * 4, c * 4 + 4).map(num).join(", ")})`).join(", ")} )`;

/** A box mesh of the given size centred on its group's origin, in usda. */
function boxMesh(name: string, d: [number, number, number], pad: string): string {
  const [w, h, z] = d.map((v) => v / 2);
  const pts = [-1, 1].flatMap((sx) =>
    [-1, 1].flatMap((sy) => [-1, 1].map((sz) => `(${num(sx * w)}, ${num(sy * h)}, ${num(sz * z)})`))
  );
  return `${pad}def Mesh "${name}"\n${pad}{\n${pad}    float3[] extent = [(${num(-w)}, ${
    num(-h)
  }, ${num(-z)}), (${num(w)}, ${num(h)}, ${num(z)})]\n${pad}    point3f[] points = [${
    pts.join(", ")
  }]\n${pad}}\n`;
}

/** Column-major inverse of a rigid transform (rotation + translation). */
function invertRigid(t: number[]): number[] {
  const r = [t[0], t[1], t[2], t[4], t[5], t[6], t[8], t[9], t[10]];
  // Transpose of the 3×3 rotation (columns become rows).
  const inv = [r[0], r[3], r[6], 0, r[1], r[4], r[7], 0, r[2], r[5], r[8], 0, 0, 0, 0, 1];
  for (let k = 0; k < 3; k++) {
    inv[12 + k] = -(inv[k] * t[12] + inv[4 + k] * t[13] + inv[8 + k] * t[14]);
  }
  return inv;
}

/**
 * A scan written as a RoomPlan-style text USD layer (the groups `usdaModel` reads back):
 * walls with their doors, windows and openings as child groups (transforms relative to the
 * wall), floors with their outline as mesh points, objects under `Object_grp`. For tests
 * and for converting a JSON export; rigid transforms only.
 */
export function writeUsda(scan: RpScan): string {
  let out =
    `#usda 1.0\n(\n    defaultPrim = "Room"\n    metersPerUnit = 1\n    upAxis = "Y"\n)\n\ndef Xform "Room"\n{\n    def Xform "Parametric_grp"\n    {\n        def Xform "Arch_grp"\n        {\n`;
  const children = [...scan.doors, ...scan.windows, ...scan.openings];
  const pad3 = " ".repeat(12);
  scan.walls.forEach((w, i) => {
    out += `${pad3}def Xform "Wall_${i}_grp"\n${pad3}{\n${pad3}    matrix4d xformOp:transform = ${
      matrix(w.transform)
    }\n${pad3}    uniform token[] xformOpOrder = ["xformOp:transform"]\n`;
    out += boxMesh(`Wall${i}`, [w.dimensions[0], w.dimensions[1], 0], `${pad3}    `);
    const inv = invertRigid(w.transform);
    children.filter((c) => c.parent === w.id).forEach((c, k) => {
      const name = `${capitalise(c.category)}_${k}_grp`;
      const p = `${pad3}    `;
      out += `${p}def Xform "${name}"\n${p}{\n${p}    matrix4d xformOp:transform = ${
        matrix(mul(inv, c.transform))
      }\n`;
      out += boxMesh(
        `${capitalise(c.category)}${k}`,
        [c.dimensions[0], c.dimensions[1], 0],
        `${p}    `,
      );
      out += `${p}}\n`;
    });
    out += `${pad3}}\n`;
  });
  // Doors, windows and openings that name no wall (iOS 16) stand on their own in Arch_grp.
  const wallIds = new Set(scan.walls.map((w) => w.id));
  children.filter((c) => c.parent === undefined || !wallIds.has(c.parent)).forEach((c, k) => {
    const name = `${capitalise(c.category)}_${k}_grp`;
    out += `${pad3}def Xform "${name}"\n${pad3}{\n${pad3}    matrix4d xformOp:transform = ${
      matrix(c.transform)
    }\n`;
    out += boxMesh(
      `${capitalise(c.category)}${k}`,
      [c.dimensions[0], c.dimensions[1], 0],
      `${pad3}    `,
    );
    out += `${pad3}}\n`;
  });
  scan.floors.forEach((f, i) => {
    const pts = f.corners.map((c) => `(${c.map(num).join(", ")})`).join(", ");
    const xs = f.corners.map((c) => c[0]), ys = f.corners.map((c) => c[1]);
    out += `${pad3}def Xform "Floor_${i}_grp"\n${pad3}{\n${pad3}    matrix4d xformOp:transform = ${
      matrix(f.transform)
    }\n${pad3}    def Mesh "Floor${i}"\n${pad3}    {\n${pad3}        float3[] extent = [(${
      num(Math.min(...xs))
    }, ${num(Math.min(...ys))}, 0), (${num(Math.max(...xs))}, ${
      num(Math.max(...ys))
    }, 0)]\n${pad3}        point3f[] points = [${pts}]\n${pad3}    }\n${pad3}}\n`;
  });
  out += `        }\n        def Xform "Object_grp"\n        {\n`;
  scan.objects.forEach((o, i) => {
    out += `${pad3}def Xform "${
      capitalise(o.category)
    }_${i}_grp"\n${pad3}{\n${pad3}    matrix4d xformOp:transform = ${matrix(o.transform)}\n`;
    out += boxMesh(`${capitalise(o.category)}${i}`, o.dimensions, `${pad3}    `);
    out += `${pad3}}\n`;
  });
  out += `        }\n    }\n}\n`;
  return out;
}

/** A USDZ (stored, uncompressed zip) holding one text layer. */
export function zipUsdz(usda: string, name = "scan.usda"): Uint8Array {
  return zipSync({ [name]: [new TextEncoder().encode(usda), { level: 0 }] });
}
