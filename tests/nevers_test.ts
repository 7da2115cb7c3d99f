/**
 * The design's nevers (design.md § "Nevers"), checked from the imports themselves, as Home
 * Assistant's hassfest checks integrations: every `import`/`export … from`/`import(…)` of
 * every source file is read and resolved, and each rule is a test.
 *
 * - no file of `tools/` imports `layers/`, `render/`, `cli/`, `mcp/` (nor anything but
 *   `core/` and `engines/`);
 * - no file of `engines/` imports outside `engines/` except the plan module `ground/plan.ts`;
 * - `core/` imports no surface (cli, mcp, web, agent, render) and no tool, and names no tool id;
 * - `layers/` and `render/` import no tool and no surface.
 */
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { assert, assertEquals } from "./_assert.ts";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");

/** Every .ts file under a folder of the repository, as repository-relative paths. */
function filesUnder(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of Deno.readDirSync(join(ROOT, d))) {
      const p = `${d}/${e.name}`;
      if (e.isDirectory) walk(p);
      else if (e.isFile && e.name.endsWith(".ts")) out.push(p);
    }
  };
  walk(dir);
  return out.sort();
}

const SPECIFIER =
  /(?:^|[\s;}])(?:import|export)\s[^"'`;]*?from\s*["']([^"']+)["']|(?:^|[\s;(=])import\s*\(\s*["']([^"']+)["']\s*\)|(?:^|\n)\s*import\s*["']([^"']+)["']/g;

/** The import specifiers of a source text (static, re-exports, side-effect and dynamic). */
export function importsOf(text: string): string[] {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
  return [...code.matchAll(SPECIFIER)].map((m) => m[1] ?? m[2] ?? m[3]);
}

/** A file's local imports, resolved to repository-relative paths (packages left out). */
function localImports(file: string): string[] {
  const text = Deno.readTextFileSync(join(ROOT, file));
  return importsOf(text)
    .filter((s) => s.startsWith("."))
    .map((s) => relative(ROOT, resolve(ROOT, dirname(file), s)));
}

function top(path: string): string {
  return path.split("/")[0];
}

function violations(dir: string, allowed: (target: string) => boolean): string[] {
  const bad: string[] = [];
  for (const f of filesUnder(dir)) {
    for (const t of localImports(f)) if (!allowed(t)) bad.push(`${f} imports ${t}`);
  }
  return bad;
}

const SURFACES = ["cli", "cli.ts", "mcp", "mcp.ts", "web", "agent", "render"];

Deno.test("nevers: the import reader sees static, re-export, side-effect and dynamic imports", () => {
  const src = [
    'import { a } from "./a.ts";',
    'import type {\n  B,\n} from "../b.ts";',
    'export { c } from "./c.ts";',
    'import "./d.ts";',
    'const e = await import("./e.ts");',
    '// import { x } from "./commented.ts";',
    '/* import { y } from "./block.ts"; */',
    'import { z } from "zod";',
  ].join("\n");
  assertEquals(importsOf(src), ["./a.ts", "../b.ts", "./c.ts", "./d.ts", "./e.ts", "zod"]);
});

Deno.test("nevers: tools import core/ and engines/ only (no layers/, render/, cli/, mcp/)", () => {
  const bad = violations("tools", (t) => ["ground", "core", "engines", "tools"].includes(top(t)));
  assertEquals(bad, []);
});

Deno.test("nevers: engines import nothing outside engines/ but the ground tier", () => {
  const bad = violations("engines", (t) => top(t) === "engines" || top(t) === "ground");
  assertEquals(bad, []);
});

Deno.test("nevers: core imports no surface and no tool", () => {
  const bad = violations("core", (t) => !SURFACES.includes(top(t)) && top(t) !== "tools");
  assertEquals(bad, []);
});

Deno.test("nevers: layers and render import no tool and no surface", () => {
  const bad = [
    ...violations("layers", (t) => !SURFACES.includes(top(t)) && top(t) !== "tools"),
    ...violations(
      "render",
      (t) => top(t) !== "tools" && (top(t) === "render" || !SURFACES.includes(top(t))),
    ),
  ];
  assertEquals(bad, []);
});

Deno.test("nevers: core names no tool id in its code", () => {
  const ids = [...Deno.readDirSync(join(ROOT, "tools"))]
    .filter((e) => e.isDirectory && !e.name.startsWith("_")).map((e) => e.name);
  assert(ids.length >= 10, `expected the tool folders, found ${ids.join(", ")}`);
  const bad: string[] = [];
  for (const f of filesUnder("core")) {
    const code = Deno.readTextFileSync(join(ROOT, f))
      .replace(/\/\*[\s\S]*?\*\//g, "").replace(/\/\/.*$/gm, "");
    for (const id of ids) {
      if (new RegExp(`["'\`]${id}["'\`:]`).test(code)) bad.push(`${f} names ${id}`);
    }
  }
  assertEquals(bad, []);
});

Deno.test("nevers: handoff/ (BCF, reports) imports no tool and no surface but render/", () => {
  const bad = violations(
    "handoff",
    (t) => top(t) !== "tools" && (top(t) === "render" || !SURFACES.includes(top(t))),
  );
  assertEquals(bad, []);
});
