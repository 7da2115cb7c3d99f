/**
 * The surfaces only translate (design.md § "Surfaces"): no fill, ask-validation or judge logic
 * of their own. A grep over the command line and MCP sources for the names and patterns that
 * implement it in core: filling inputs, reading an input's fill metadata or default, checking
 * a value against a schema, judging a measure. Each is asserted absent, and the patterns are
 * checked to match where the logic lives (core), so the grep cannot pass by matching nothing.
 */
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { assertEquals, assertOk } from "./_assert.ts";

const ROOT = fileURLToPath(new URL("../", import.meta.url));

const FORBIDDEN: [string, RegExp][] = [
  ["fills inputs", /\bfillInputs\s*\(/],
  ["checks a value against an input's schema", /\bcheckValue\s*\(/],
  ["reads fill metadata", /\.fill\??\.from\b/],
  ["reads input metadata", /\binputMeta\s*\(/],
  ["reads an input's default", /\binputDefault\s*\(/],
  ["builds questions", /\bdescribeQuestions\s*\(/],
  ["validates with a schema", /\.safeParse\s*\(/],
  ["judges a measure", /\b(judge|worstStatus)\s*\(/],
  ["decides where an answer is saved", /\bsetSelection\(\s*["']scan["']/],
  ["stores a site by its own rules", /\.putSite\(/],
  ["changes a finding's status by its own rules", /\.setFindingStatus\(/],
];

function sources(paths: string[]): string[] {
  const out: string[] = [];
  for (const p of paths) {
    const abs = join(ROOT, p);
    if (Deno.statSync(abs).isFile) {
      out.push(p);
      continue;
    }
    for (const e of Deno.readDirSync(abs)) {
      if (e.isFile && e.name.endsWith(".ts")) out.push(`${p}/${e.name}`);
    }
  }
  return out.sort();
}

function hits(files: string[]): string[] {
  const found: string[] = [];
  for (const f of files) {
    const code = Deno.readTextFileSync(join(ROOT, f))
      .replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
    code.split("\n").forEach((line, i) => {
      for (const [what, re] of FORBIDDEN) {
        if (re.test(line)) found.push(`${relative(ROOT, join(ROOT, f))}:${i + 1} ${what}`);
      }
    });
  }
  return found;
}

Deno.test("surfaces: cli.ts, cli/, mcp.ts and mcp/ hold no fill, ask or judge logic", () => {
  const files = sources(["cli.ts", "cli", "mcp.ts", "mcp"]);
  assertOk(files.length >= 8, files.join(", "));
  assertEquals(hits(files), []);
});

Deno.test("surfaces: the grep's patterns find that logic where it lives, in core/", () => {
  const found = hits(sources(["core"]));
  for (const [what] of FORBIDDEN) {
    assertOk(found.some((h) => h.endsWith(what)), `no line of core/ ${what}`);
  }
});

/** Every .ts and .tsx file under `dir`, at any depth. */
function sourcesDeep(dir: string): string[] {
  const out: string[] = [];
  for (const e of Deno.readDirSync(join(ROOT, dir))) {
    const p = `${dir}/${e.name}`;
    if (e.isDirectory) out.push(...sourcesDeep(p));
    else if (e.isFile && /\.tsx?$/.test(e.name)) out.push(p);
  }
  return out.sort();
}

Deno.test("surfaces: web/ (routes, islands, blocks) holds no fill, ask or judge logic", () => {
  const files = sourcesDeep("web");
  assertOk(files.length >= 20, files.join(", "));
  assertEquals(hits(files), []);
});

/** The agent's own logic: routing a question, reading what it states, binding it to inputs. */
const AGENT_LOGIC: [string, RegExp][] = [
  ["routes a question", /\b(decideRoute|buildIndex|rank|whyOf)\s*\(/],
  ["reads what a question states", /\bextract\s*\(/],
  ["binds stated values to inputs", /\bbindInputs\s*\(/],
];

function agentHits(files: string[]): string[] {
  const found: string[] = [];
  for (const f of files) {
    const code = Deno.readTextFileSync(join(ROOT, f))
      .replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
    code.split("\n").forEach((line, i) => {
      for (const [what, re] of AGENT_LOGIC) if (re.test(line)) found.push(`${f}:${i + 1} ${what}`);
    });
  }
  return found;
}

Deno.test("surfaces: web/ (the ask page included) and the command line hold no routing, reading or binding of questions; agent/ does", () => {
  const files = [...sourcesDeep("web"), ...sources(["cli.ts", "cli", "mcp.ts", "mcp"])];
  assertOk(files.includes("web/routes/ask.tsx"), "the ask page is checked");
  assertEquals(agentHits(files), []);
  const inAgent = agentHits(sources(["agent"]));
  for (const [what] of AGENT_LOGIC) {
    assertOk(inAgent.some((h) => h.endsWith(what)), `no line of agent/ ${what}`);
  }
});
