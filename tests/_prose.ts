/**
 * Counts test assertions and the share of them that match prose (issue 22: tests read codes and
 * data, with a few golden sentences per tool). Run: `deno run -A tests/_prose.ts [--list]`.
 *
 * What counts (a textual count over tests/**\/*.ts, not a type-aware one):
 * - An **assertion** is a call `assert(…)`, `assert.<name>(…)`, `assert<Name>(…)` or
 *   `expect(…)`, not a function's own definition (`function assertX(`).
 * - A **prose assertion** is one that compares against English:
 *   1. `assert.match`, `assert.doesNotMatch`, `assertMatch`, `assertStringIncludes`; or
 *   2. its arguments hold a regular-expression literal; or
 *   3. its compared arguments (not the failure message) hold a string literal of two or more
 *      words, unless what is compared reads `.data` or `.code` (a name in asserted data is
 *      data); or
 *   4. its arguments read a sentence field (`.text`, `.title`, `.detail`, `.label`, `.note`,
 *      `.steps`) through `.includes(`, `.startsWith(`, `.endsWith(`, `.indexOf(`, or parse a
 *      number back out of one (`parseFloat(`, `Number(`).
 * Not prose: an id matched against its pattern (`assertMatch(f.id, /^tool:kind:/)`).
 * Tests of the wording itself (golden sentences) are prose by this count too: the target is a
 * share, not zero.
 */

const PROSE_CALLEES = new Set([
  "assert.match",
  "assert.doesNotMatch",
  "assertMatch",
  "assertStringIncludes",
]);
const CALL = /(?<![\w.])(assert(?:\.[a-zA-Z]+|[A-Z][a-zA-Z]*)?|expect)\s*\(/g;
const FIELD = /\.(text|title|detail|label|note|steps)\b/;
const SEARCH = /\.(includes|startsWith|endsWith|indexOf)\(/;

/** The text between the parenthesis at `open` and its match, skipping strings. */
function argsAt(src: string, open: number): string {
  let depth = 0;
  let quote = "";
  for (let i = open; i < src.length && i - open < 4000; i++) {
    const c = src[i];
    if (quote) {
      if (c === "\\") i++;
      else if (c === quote) quote = "";
      continue;
    }
    if (c === '"' || c === "'" || c === "`") quote = c;
    else if (c === "(") depth++;
    else if (c === ")" && --depth === 0) return src.slice(open + 1, i);
  }
  return src.slice(open + 1, open + 4000);
}

/** Arguments split at top-level commas (strings, brackets and braces kept whole). */
function splitArgs(args: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let quote = "";
  let start = 0;
  for (let i = 0; i < args.length; i++) {
    const c = args[i];
    if (quote) {
      if (c === "\\") i++;
      else if (c === quote) quote = "";
      continue;
    }
    if (c === '"' || c === "'" || c === "`") quote = c;
    else if ("([{".includes(c)) depth++;
    else if (")]}".includes(c)) depth--;
    else if (c === "," && depth === 0) {
      out.push(args.slice(start, i));
      start = i + 1;
    }
  }
  out.push(args.slice(start));
  return out.filter((a) => a.trim() !== "");
}

/** How many leading arguments are compared; the rest is the failure message. */
function compared(callee: string): number {
  if (/^(assert|assert\.ok|assertOk|expect)$/.test(callee)) return 1;
  if (/^(assert\.(rejects|throws)|assertThrows|assertRejects)$/.test(callee)) return 3;
  return 2;
}

/** A regular-expression literal: `/…/flags` after a character that cannot end an expression. */
const REGEX =
  /(?:^|[(,=:!&|?{};\[]|\breturn)\s*\/(?![/*])(?:\\.|\[(?:\\.|[^\]])*\]|[^/\n\\])+\/[dgimsuy]*/;
const STRING = /"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*'|`(?:\\.|[^`\\])*`/g;
/** A string literal of two or more words. */
const hasWords = (args: string) =>
  [...args.matchAll(STRING)].some((m) => /[A-Za-z]\S*\s+\S*[A-Za-z]/.test(m[0]));

export interface Count {
  file: string;
  line: number;
  callee: string;
  prose: boolean;
  why?: string;
}

/** Every assertion in one file's source. */
export function countSource(file: string, src: string): Count[] {
  const out: Count[] = [];
  // Comments out (line comments only where they start a line or follow code after a space).
  const text = src.replace(/\/\*[\s\S]*?\*\//g, (m) => m.replace(/[^\n]/g, " "))
    .replace(/(^|\s)\/\/[^\n]*/g, (m, p) => p + " ".repeat(m.length - p.length));
  for (const m of text.matchAll(CALL)) {
    const before = text.slice(Math.max(0, m.index - 12), m.index);
    if (/function\s+$/.test(before) || /const\s+$/.test(before)) continue;
    const callee = m[1];
    const parts = splitArgs(argsAt(text, m.index + m[0].length - 1)).slice(0, compared(callee));
    const args = parts.join(",");
    // A name inside asserted data or codes ("door (Hall ↔ Kitchen)") is data, not prose.
    const readsCodes = /\.(data|code)\b/.test(parts[0] ?? "");
    const line = text.slice(0, m.index).split("\n").length;
    let why: string | undefined;
    // An id matched against its pattern (tool:kind:subject) is not English.
    const readsId = /(^|\.)id!?\s*$/.test((parts[0] ?? "").trim());
    if (readsId) why = undefined;
    else if (PROSE_CALLEES.has(callee)) why = "matcher";
    else if (REGEX.test(args)) why = "regex";
    else if (!readsCodes && hasWords(args)) why = "sentence literal";
    else if (FIELD.test(args) && SEARCH.test(args)) why = "search in a sentence field";
    else if (FIELD.test(args) && /parseFloat\(|Number\(/.test(args)) why = "number from a sentence";
    out.push({ file, line, callee, prose: why !== undefined, ...(why ? { why } : {}) });
  }
  return out;
}

/** Every assertion under a folder. */
export async function countTree(dir: string): Promise<Count[]> {
  const out: Count[] = [];
  const walk = async (d: string) => {
    for await (const e of Deno.readDir(d)) {
      const p = `${d}/${e.name}`;
      if (e.isDirectory) await walk(p);
      else if (e.name.endsWith(".ts") && p !== `${dir}/_prose.ts`) {
        out.push(...countSource(p, await Deno.readTextFile(p)));
      }
    }
  };
  await walk(dir);
  return out;
}

if (import.meta.main) {
  const dir = new URL(".", import.meta.url).pathname.replace(/\/$/, "");
  const all = await countTree(dir);
  const prose = all.filter((c) => c.prose);
  if (Deno.args.includes("--list")) {
    for (const c of prose) console.log(`${c.file.slice(dir.length + 1)}:${c.line} ${c.why}`);
  }
  const byFile = new Map<string, [number, number]>();
  for (const c of all) {
    const k = c.file.slice(dir.length + 1);
    const v = byFile.get(k) ?? [0, 0];
    v[0]++;
    if (c.prose) v[1]++;
    byFile.set(k, v);
  }
  if (Deno.args.includes("--files")) {
    for (const [f, [n, p]] of [...byFile].sort((a, b) => b[1][1] - a[1][1])) {
      if (p) console.log(`${String(p).padStart(4)} / ${String(n).padStart(4)}  ${f}`);
    }
  }
  const tiers = new Map<string, [number, number]>();
  for (const [f, [n, p]] of byFile) {
    const tier = f.includes("/") ? f.split("/")[0] : "(top)";
    const v = tiers.get(tier) ?? [0, 0];
    tiers.set(tier, [v[0] + n, v[1] + p]);
  }
  for (const [t, [n, p]] of [...tiers].sort()) {
    console.log(`${t.padEnd(10)} ${String(p).padStart(4)} / ${String(n).padStart(4)} prose`);
  }
  console.log(
    `${all.length} assertions, ${prose.length} match prose (${
      (100 * prose.length / all.length).toFixed(1)
    } %)`,
  );
}
