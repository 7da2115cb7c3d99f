/**
 * The design's nevers (design.md § "Nevers", ARCHITECTURE.md § "What may import what"),
 * checked from the imports themselves, as Home Assistant's hassfest checks integrations:
 * every `import`/`export … from`/`import(…)` and every module URL (`new URL("./x.ts",
 * import.meta.url)`, how workers and child processes are started) of every source file of the
 * project is read and resolved, and each rule is a test:
 *
 * - each tier imports only the tiers below it ({@link MAY}): `ground/` nothing of the project;
 *   `core/` only ground (no engine, no layer, no surface, no tool); `engines/` only ground and
 *   engines; `tools/` only ground, core and engines; `layers/`, `render/` and `handoff/` no
 *   tool and no surface; a surface (cli, mcp, web, agent) no other surface, except the named edges of
 *   {@link ALLOWED} (`threshold mcp` starts the MCP server …), each with its reason;
 * - the engine packages (geometry, aerial, vision) import each other one way only: no two
 *   stand on each other, what both need is in the ground tier;
 * - a dynamic import's path is a literal the reader can follow; a computed one is itself a
 *   failure unless {@link COMPUTED} names the file and why;
 * - no import cycle in the whole project (static and dynamic imports, types included);
 * - `ground/`, `engines/` and `tools/` do no I/O (no file, network or process calls): plans,
 *   rasters, panoramas and the detector's weights are read outside and handed in;
 * - `core/` names no tool id.
 *
 * Every rule is also run on made-up imports that break it, so none can pass by matching
 * nothing.
 */
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { assert, assertEquals } from "./_assert.ts";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");

/** Folders that are not the project's source (generated docs, packages, dot folders). */
const NOT_SOURCE = new Set(["node_modules", "docs", "test-artifacts"]);

/** Every .ts/.tsx file under a folder of the repository ("" for all), repository-relative. */
function filesUnder(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of Deno.readDirSync(join(ROOT, d))) {
      if (e.name.startsWith(".") || NOT_SOURCE.has(e.name)) continue;
      const p = d ? `${d}/${e.name}` : e.name;
      if (e.isDirectory) walk(p);
      else if (e.isFile && /\.tsx?$/.test(e.name)) out.push(p);
    }
  };
  walk(dir);
  return out.sort();
}

/** Source text without comments (block, then line comments that start a line). */
function code(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
}

const SPECIFIER =
  /(?:^|[\s;}])(?:import|export)\s[^"'`;]*?from\s*["']([^"']+)["']|(?:^|[\s;(=?])import\(\s*(?:["']([^"']+)["']|`([^`$]+)`)\s*[,)]|(?:^|\n)\s*import\s*["']([^"']+)["']/g;

/** The import specifiers of a source text (static, re-exports, side-effect and dynamic). */
export function importsOf(text: string): string[] {
  return [...code(text).matchAll(SPECIFIER)].map((m) => m[1] ?? m[2] ?? m[3] ?? m[4]);
}

/** Every dynamic import; those whose path is a literal are followed by {@link importsOf}. */
const DYNAMIC = /(?:^|[^\w$.])import\((?!\s*(?:["'][^"']*["']|`[^`$]*`)\s*[,)])([^\n]*)/g;

/** The dynamic imports of a source text whose path is computed (not a literal), as written. */
export function computedImportsOf(text: string): string[] {
  return [...code(text).matchAll(DYNAMIC)].map((m) => `import(${m[1].trim()}`);
}

const MODULE_URL = /new URL\(\s*["'](\.{1,2}\/[^"']+\.tsx?)["']\s*,\s*import\.meta\.url\s*\)/g;

/** Modules a file starts by URL (workers, child processes): `new URL("./x.ts", import.meta.url)`. */
export function moduleUrlsOf(text: string): string[] {
  return [...code(text).matchAll(MODULE_URL)].map((m) => m[1]);
}

/** One import between two project files. */
interface Edge {
  from: string;
  to: string;
  /** `url`: a module started by URL (a worker, a child process), not imported. */
  kind: "import" | "url";
}

function edgesOf(file: string): Edge[] {
  const text = Deno.readTextFileSync(join(ROOT, file));
  const to = (s: string) => relative(ROOT, resolve(ROOT, dirname(file), s));
  return [
    ...importsOf(text).filter((s) => s.startsWith(".")).map((s) => ({
      from: file,
      to: to(s),
      kind: "import" as const,
    })),
    ...moduleUrlsOf(text).map((s) => ({ from: file, to: to(s), kind: "url" as const })),
  ];
}

/** The tier a file belongs to (ARCHITECTURE.md § "The tiers"). */
export function tierOf(path: string): string {
  const top = path.split("/")[0];
  if (top === "cli.ts") return "cli";
  if (top === "mcp.ts") return "mcp";
  if (top === "mod.ts") return "library";
  if (["tests", "bench", "fixtures"].includes(top)) return top;
  return top;
}

/** What each tier may import (itself included); tests, benches and fixtures are not bound. */
export const MAY: Record<string, string[]> = {
  ground: ["ground"],
  core: ["ground", "core"],
  engines: ["ground", "engines"],
  presets: ["ground", "core", "presets"],
  layers: ["ground", "core", "engines", "layers"],
  tools: ["ground", "core", "engines", "tools"],
  render: ["ground", "core", "engines", "render"],
  host: ["ground", "core", "engines", "layers", "presets", "host"],
  batch: ["ground", "core", "engines", "layers", "presets", "batch"],
  handoff: ["ground", "core", "engines", "layers", "presets", "render", "handoff"],
  agent: ["ground", "core", "layers", "presets", "agent"],
  cli: [
    "ground",
    "core",
    "engines",
    "layers",
    "presets",
    "render",
    "handoff",
    "host",
    "batch",
    "cli",
  ],
  mcp: [
    "ground",
    "core",
    "engines",
    "layers",
    "presets",
    "render",
    "handoff",
    "host",
    "batch",
    "mcp",
  ],
  web: [
    "ground",
    "core",
    "engines",
    "layers",
    "presets",
    "render",
    "handoff",
    "host",
    "batch",
    "web",
  ],
  library: [
    "ground",
    "core",
    "engines",
    "layers",
    "presets",
    "render",
    "host",
    "agent",
    "mcp",
  ],
};

/** The surfaces: each translates in and renders out, and imports no other. */
export const SURFACES = ["cli", "mcp", "web", "agent"];

/** Edges past the tier rules, each with its reason: [from (file), to (file or folder/), why]. */
export const ALLOWED: [string, string, string][] = [
  ["cli/commands/serve.ts", "mcp.ts", "`threshold mcp` starts the MCP server"],
  ["cli/commands/serve.ts", "web/", "`threshold web` starts the web view"],
  ["cli/ask.ts", "agent/", "`threshold ask` is the agent at the terminal"],
  ["web/routes/ask.tsx", "agent/", "the web view's ask page is the agent in a browser"],
  ["layers/builtin.ts", "fixtures/demo/", "the built-in demo building is the hand-made demo plan"],
];

/** Files whose dynamic imports are computed, and why (every other computed import fails). */
export const COMPUTED: [string, string][] = [
  ["core/registry.ts", "each tool folder's mod.ts, found by listing tools/ (a folder is a tool)"],
  ["core/catalog.ts", "a listed tool's mod.ts, by its folder name"],
  [
    "core/later.ts",
    'a module imported only when called, so Deno does not load its graph at start-up (issue 29); each caller names it by new URL("./x.ts", import.meta.url) and types it by typeof import("./x.ts"), so the edge is still read',
  ],
  [
    "engines/vision/centernet.ts",
    "tfjs and its wasm backend by the pinned specifiers in DETECTOR_PACKAGES, through a constant so that type checking does not pull tfjs's types",
  ],
  ["layers/detector.ts", "the model package's package.json, by its pinned specifier"],
  [
    "host/tool_worker.ts",
    "the job a caller names by module URL, run after a tool in the pool (web/render_job.tsx)",
  ],
  [
    "bench/batch_figures.ts",
    "the batch modules of the checkout a case runs on (--before: a worktree of the commit before a change), so before and after are timed in one run",
  ],
  [
    "bench/_room_labels_cold_once.ts",
    "the modules of the checkout a run times (--root: a worktree of main as the before of bench/vision_cold_ab.ts), so before and after are timed in one run",
  ],
  [
    "bench/import_figures.ts",
    "the IFC importer of the checkout IFC_BEFORE names (a worktree of the commit before a change), so before and after are timed in one run",
  ],
  [
    "bench/mcp_call_ab.ts",
    "each checkout's own confinedFlags (host/confine.ts), so each server runs under its own V8 flags and a change of flags shows in the A/B",
  ],
  [
    "bench/mcp_replies.ts",
    "the confinedFlags of the checkout whose replies are dumped (host/confine.ts), so before and after are started as their own servers are",
  ],
];

/** Why an edge breaks a tier rule, or undefined when it keeps them. */
export function tierViolation(e: Edge): string | undefined {
  const from = tierOf(e.from), to = tierOf(e.to);
  const may = MAY[from];
  if (!may) return undefined; // tests, benches, fixtures
  if (
    ALLOWED.some(([f, t]) => e.from === f && (t.endsWith("/") ? e.to.startsWith(t) : e.to === t))
  ) {
    return undefined;
  }
  if (may.includes(to)) return undefined;
  const what = SURFACES.includes(from) && SURFACES.includes(to)
    ? "surface -> surface"
    : `${from} -> ${to}`;
  return `${e.from} ${e.kind === "url" ? "starts" : "imports"} ${e.to} (${what})`;
}

/** The engine packages' own graph: `geometry -> aerial` when a geometry file imports aerial. */
export function enginePackageEdges(edges: Edge[]): [string, string][] {
  const pkg = (p: string) => p.split("/")[1];
  const out = new Set<string>();
  for (const e of edges) {
    if (tierOf(e.from) !== "engines" || tierOf(e.to) !== "engines") continue;
    const [a, b] = [pkg(e.from), pkg(e.to)];
    // engines/*.ts at the top (none now) would be a package of their own, by file name.
    if (a !== b) out.add(`${a}\u0000${b}`);
  }
  return [...out].map((s) => s.split("\u0000") as [string, string]).sort();
}

/** Every cycle of a directed graph, as the strongly connected components with > 1 node (Tarjan). */
export function cyclesOf(edges: [string, string][]): string[][] {
  const next = new Map<string, string[]>();
  for (const [a, b] of edges) {
    if (!next.has(a)) next.set(a, []);
    if (!next.has(b)) next.set(b, []);
    next.get(a)!.push(b);
  }
  let counter = 0;
  const index = new Map<string, number>(), low = new Map<string, number>();
  const stack: string[] = [], onStack = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string) => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v)!) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const scc: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1 || next.get(v)!.includes(v)) out.push(scc.sort());
    }
  };
  for (const v of [...next.keys()].sort()) if (!index.has(v)) visit(v);
  return out.sort();
}

/** Calls that do I/O (files, folders, network, processes), each with a line it must match. */
export const IO: [string, RegExp, string][] = [
  [
    "reads or writes a file",
    /\bDeno\.(read|write)(Text)?File(Sync)?\s*\(/,
    "const b = await Deno.readFile(path);",
  ],
  ["opens a file", /\bDeno\.(open|create)(Sync)?\s*\(/, "using f = Deno.openSync(path);"],
  [
    "lists or stats a folder or file",
    /\bDeno\.(readDir|stat|lstat|realPath)(Sync)?\s*\(/,
    "for await (const e of Deno.readDir(dir)) {}",
  ],
  ["starts a process", /\bnew\s+Deno\.Command\s*\(/, 'new Deno.Command("gdalinfo", { args })'],
  ["serves or connects", /\bDeno\.(serve|listen|connect)\s*\(/, "Deno.serve({ port }, h);"],
  ["fetches from the network", /(?:^|[^\w.$])fetch\s*\(/, "const r = await fetch(url);"],
  [
    "imports the file system, processes or sockets",
    /["']node:(fs|fs\/promises|child_process|net|http|https)["']/,
    'import { readFileSync } from "node:fs";',
  ],
];

function ioHits(files: string[]): string[] {
  const found: string[] = [];
  for (const f of files) {
    code(Deno.readTextFileSync(join(ROOT, f))).split("\n").forEach((line, i) => {
      for (const [what, re] of IO) if (re.test(line)) found.push(`${f}:${i + 1} ${what}`);
    });
  }
  return found;
}

/** This file: its made-up sources (in strings) are not the project's imports. */
const SELF = "tests/nevers_test.ts";
const FILES = filesUnder("").filter((f) => f !== SELF);
const EDGES = FILES.flatMap(edgesOf);

// ---------------------------------------------------------------- the reader reads

Deno.test("nevers: the import reader sees static, re-export, side-effect and dynamic imports", () => {
  const src = [
    'import { a } from "./a.ts";',
    'import type {\n  B,\n} from "../b.ts";',
    'export { c } from "./c.ts";',
    'import "./d.ts";',
    'const e = await import("./e.ts");',
    "const f = await import(\n  './f.ts'\n);",
    "const g = await import(`./g.ts`);",
    'const h = await import("./h.json", { with: { type: "json" } });',
    '// import { x } from "./commented.ts";',
    '/* import { y } from "./block.ts"; */',
    'import { z } from "zod";',
  ].join("\n");
  assertEquals(importsOf(src), [
    "./a.ts",
    "../b.ts",
    "./c.ts",
    "./d.ts",
    "./e.ts",
    "./f.ts",
    "./g.ts",
    "./h.json",
    "zod",
  ]);
  assertEquals(computedImportsOf(src), []);
});

Deno.test("nevers: a dynamic import with a computed path is seen, a literal one is not", () => {
  const src = [
    "await import(spec);",
    "await import(`${dir}/mod.ts`);",
    'await import("./a" + name);',
    "await import(new URL(`${id}/mod.ts`, base).href);",
    'await import("./literal.ts");',
    "const t = import.meta.url;",
    "// await import(commented);",
  ].join("\n");
  assertEquals(computedImportsOf(src), [
    "import(spec);",
    "import(`${dir}/mod.ts`);",
    'import("./a" + name);',
    "import(new URL(`${id}/mod.ts`, base).href);",
  ]);
});

Deno.test("nevers: a module started by URL (a worker, a child process) is an edge", () => {
  const src = 'new Worker(new URL("./worker.ts", import.meta.url));\n' +
    'const MAIN = fileURLToPath(new URL("../web/main.ts", import.meta.url));\n' +
    'const DIR = new URL("./tools/", import.meta.url);';
  assertEquals(moduleUrlsOf(src), ["./worker.ts", "../web/main.ts"]);
});

Deno.test("nevers: the reader found the project (files, imports, every tier)", () => {
  assert(FILES.length > 300, `only ${FILES.length} files`);
  assert(EDGES.length > 1000, `only ${EDGES.length} imports`);
  const tiers = new Set(FILES.map(tierOf));
  for (const t of Object.keys(MAY)) assert(tiers.has(t), `no file in tier ${t}`);
  // Every tier of the project is bound by a rule, or is tests, benches or fixtures.
  const unbound = [...tiers].filter((t) =>
    !MAY[t] && !["tests", "bench", "fixtures", "scripts"].includes(t)
  );
  assertEquals(unbound, [], "a top-level folder with no import rule: add it to MAY");
  // Every import resolves to a file: a reader that resolves wrongly would check nothing.
  const missing = EDGES.filter((e) => {
    try {
      return !Deno.statSync(join(ROOT, e.to)).isFile;
    } catch {
      return true;
    }
  }).map((e) => `${e.from} -> ${e.to}`);
  assertEquals(missing, []);
});

// ---------------------------------------------------------------- the rules can fail

Deno.test("nevers: each rule flags a made-up import that breaks it", () => {
  const e = (from: string, to: string): Edge => ({ from, to, kind: "import" });
  const bad: [string, string][] = [
    ["core/run.ts", "engines/budget.ts"], // core -> engines
    ["core/run.ts", "layers/rasters.ts"], // core -> layers
    ["core/context.ts", "web/app.ts"], // core -> surface
    ["core/run.ts", "tools/takeoff/mod.ts"], // core -> tool
    ["ground/plan.ts", "core/errors.ts"], // ground imports the project
    ["engines/geometry/fit.ts", "core/plan.ts"], // engines -> core
    ["engines/geometry/fit.ts", "tools/_shared/refs.ts"], // engines -> tool
    ["tools/takeoff/mod.ts", "layers/mod.ts"], // tool -> layers
    ["tools/takeoff/mod.ts", "render/planview.ts"], // tool -> render
    ["layers/mod.ts", "tools/takeoff/mod.ts"], // layers -> tool
    ["layers/mod.ts", "cli.ts"], // layers -> surface
    ["render/planview.ts", "tools/takeoff/mod.ts"], // render -> tool
    ["render/planview.ts", "web/app.ts"], // render -> surface
    ["handoff/bcf.ts", "tools/takeoff/mod.ts"], // handoff -> tool
    ["handoff/report.ts", "cli/render.ts"], // handoff -> surface
    ["cli/render.ts", "mcp/call.ts"], // surface -> surface
    ["web/confine.ts", "mcp.ts"], // surface -> surface
    ["web/blocks/Table.tsx", "cli/render.ts"], // surface -> surface
    ["mcp/call.ts", "agent/ask.ts"], // surface -> surface
    ["agent/ask.ts", "cli/render.ts"], // surface -> surface
  ];
  for (const [from, to] of bad) {
    assert(tierViolation(e(from, to)), `${from} -> ${to} should break a rule`);
  }
  assert(tierViolation({ from: "core/store.ts", to: "web/main.ts", kind: "url" }));
  const good: [string, string][] = [
    ["core/run.ts", "ground/budget.ts"],
    ["engines/geometry/fit.ts", "ground/plan.ts"],
    ["tools/takeoff/mod.ts", "engines/geometry/takeoff.ts"],
    ["cli/commands/serve.ts", "mcp.ts"], // allowed, with its reason
    ["cli/ask.ts", "agent/ask.ts"],
    ["tests/x_test.ts", "cli.ts"],
  ];
  for (const [from, to] of good) assertEquals(tierViolation(e(from, to)), undefined, from);
  const pk = enginePackageEdges([
    e("engines/geometry/drainage.ts", "engines/aerial/sample.ts"),
    e("engines/aerial/imagery.ts", "engines/geometry/footprint.ts"),
    e("engines/geometry/fit.ts", "engines/geometry/polygon.ts"),
  ]);
  assertEquals(pk, [["aerial", "geometry"], ["geometry", "aerial"]]);
  assertEquals(cyclesOf(pk), [["aerial", "geometry"]]);
});

Deno.test("nevers: the cycle finder finds a loop through three files and a self-import, and none in a tree", () => {
  assertEquals(
    cyclesOf([["a", "b"], ["b", "c"], ["c", "a"], ["c", "d"], ["e", "e"], ["d", "f"]]),
    [["a", "b", "c"], ["e"]],
  );
  assertEquals(cyclesOf([["a", "b"], ["a", "c"], ["b", "d"], ["c", "d"]]), []);
});

const READERS = [
  "layers/rasters.ts",
  "layers/panoramas.ts",
  "layers/detector.ts",
  "core/files.ts",
  "core/registry.ts",
];

Deno.test("nevers: each I/O pattern matches its example; the scan finds I/O where it lives", () => {
  for (const [what, re, example] of IO) assert(re.test(example), `"${what}" misses ${example}`);
  const quiet = "const n = prefetch(x); obj.fetch(y); Deno.env.get(k); Deno.stdout.isTerminal();";
  assert(!IO.some(([, re]) => re.test(quiet)), quiet);
  const where = ioHits(READERS);
  for (const f of READERS) {
    assert(where.some((h) => h.startsWith(`${f}:`)), `no I/O found in ${f}, which reads files`);
  }
});

Deno.test("nevers: every allowed edge and computed import is still used", () => {
  for (const [from, to, why] of ALLOWED) {
    const used = EDGES.some((e) =>
      e.from === from && (to.endsWith("/") ? e.to.startsWith(to) : e.to === to) &&
      MAY[tierOf(from)] && !MAY[tierOf(from)].includes(tierOf(e.to))
    );
    assert(used, `ALLOWED ${from} -> ${to} (${why}) is not needed any more: remove it`);
  }
  for (const [file, why] of COMPUTED) {
    const text = Deno.readTextFileSync(join(ROOT, file));
    assert(computedImportsOf(text).length, `COMPUTED ${file} (${why}) has none: remove it`);
  }
});

// ---------------------------------------------------------------- the project keeps them

Deno.test("nevers: each tier imports only the tiers below it (surfaces no other surface)", () => {
  assertEquals(EDGES.map(tierViolation).filter(Boolean), []);
});

Deno.test("nevers: core imports no engine, no layer, no surface and no tool", () => {
  // Said again on its own: the tier table above gives core only the ground tier.
  const bad = EDGES.filter((e) =>
    tierOf(e.from) === "core" && !["core", "ground"].includes(tierOf(e.to))
  );
  assertEquals(bad.map((e) => `${e.from} -> ${e.to}`), []);
});

Deno.test("nevers: the engine packages stand on each other one way only (no geometry <-> aerial)", () => {
  const pk = enginePackageEdges(EDGES);
  assert(pk.length > 0, "expected engines that build on geometry");
  assertEquals(cyclesOf(pk), []);
});

Deno.test("nevers: no dynamic import has a computed path, but those named with a reason", () => {
  const known = new Set(COMPUTED.map(([f]) => f));
  const bad = FILES.filter((f) => !known.has(f)).flatMap((f) =>
    computedImportsOf(Deno.readTextFileSync(join(ROOT, f))).map((s) => `${f}: ${s}`)
  );
  assertEquals(bad, []);
});

Deno.test("nevers: no import cycle in the project (static and dynamic imports, types included)", () => {
  const imports = EDGES.filter((e) => e.kind === "import").map((e) =>
    [e.from, e.to] as [
      string,
      string,
    ]
  );
  assertEquals(cyclesOf(imports), []);
});

Deno.test("nevers: ground/, engines/ and tools/ read no file and touch no network or process", () => {
  const files = FILES.filter((f) => /^(ground|engines|tools)\//.test(f));
  assert(files.length > 100, `only ${files.length} files`);
  assertEquals(ioHits(files), []);
});

Deno.test("nevers: core names no tool id in its code", () => {
  const ids = [...Deno.readDirSync(join(ROOT, "tools"))]
    .filter((e) => e.isDirectory && !e.name.startsWith("_")).map((e) => e.name);
  assert(ids.length >= 10, `expected the tool folders, found ${ids.join(", ")}`);
  const bad: string[] = [];
  for (const f of filesUnder("core")) {
    const text = Deno.readTextFileSync(join(ROOT, f))
      .replace(/\/\*[\s\S]*?\*\//g, "").replace(/\/\/.*$/gm, "");
    for (const id of ids) {
      if (new RegExp(`["'\`]${id}["'\`:]`).test(text)) bad.push(`${f} names ${id}`);
    }
  }
  assertEquals(bad, []);
});
