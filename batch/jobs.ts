/**
 * Batch jobs: one per scan × tool, each with a key that names exactly what it computes —
 * SHA-256 over the plan, the filled inputs and the tool's version — so a resumed batch, a
 * retried queue job or a second worker never does a row twice, and a changed plan, preference
 * or tool makes a new row.
 */
import { createHash } from "node:crypto";
import { fileURLToPath } from "node:url";
import { join, relative } from "node:path";
import type { Manifest } from "../core/manifest.ts";
import { createSession, scanInputName } from "../core/session.ts";
import type { PersonaPresets } from "../core/inputs.ts";
import type { Store } from "../core/store.ts";
import { InputError } from "../ground/errors.ts";

/** What a batch was asked to do (kept in the store so `--resume` can continue it). */
export interface BatchSpec {
  id: string;
  /** Scan ids, in order (globs and folders are resolved to ids before the spec is kept). */
  scans: string[];
  tools: string[];
  /** Inputs given explicitly for every row (`--set`). */
  set: Record<string, unknown>;
  /** The persona applied to every row (its id), if any. */
  persona?: string;
  /** Per-row time limit, seconds. */
  timeout_s: number;
}

/** One row to compute: a scan × tool with its key. Plans are not shipped in jobs. */
export interface BatchJob {
  batch: string;
  key: string;
  scan: string;
  tool: string;
  /** Explicit inputs (the spec's --set with the scan input). */
  set: Record<string, unknown>;
  persona?: string;
  timeout_s: number;
  /** The scan this one re-scans (same `plan.building`, imported just before), if any. */
  previous?: string;
  /** Set when the row cannot run at all (its sentence); the executor fails the row with it. */
  fails?: string;
}

const ROOT = fileURLToPath(new URL("../", import.meta.url)).replace(/[\\/]$/, "");
const versionCache = new Map<string, string>();

/**
 * A tool's version: SHA-256 (hex, 16 characters) of the project version and the contents of
 * every source file that can change its answers: its own folder, the shared `tools/_*`
 * folders, `engines/` and `core/`. A content hash, so a checkout (new mtimes) changes nothing.
 */
export function toolVersion(toolId: string): string {
  const hit = versionCache.get(toolId);
  if (hit) return hit;
  const h = createHash("sha256");
  const meta = JSON.parse(Deno.readTextFileSync(join(ROOT, "deno.json")));
  h.update(String(meta.version ?? "0"));
  const walk = (dir: string) => {
    let entries: Deno.DirEntry[];
    try {
      entries = [...Deno.readDirSync(dir)].sort((a, b) => a.name < b.name ? -1 : 1);
    } catch {
      return;
    }
    for (const e of entries) {
      const p = join(dir, e.name);
      if (e.isDirectory) walk(p);
      else if (/\.(ts|json)$/.test(e.name)) {
        h.update(relative(ROOT, p));
        h.update(Deno.readFileSync(p));
      }
    }
  };
  const tools = join(ROOT, "tools");
  walk(join(tools, toolId));
  for (const e of [...Deno.readDirSync(tools)].sort((a, b) => a.name < b.name ? -1 : 1)) {
    if (e.isDirectory && e.name.startsWith("_")) walk(join(tools, e.name));
  }
  walk(join(ROOT, "engines"));
  walk(join(ROOT, "core"));
  const v = h.digest("hex").slice(0, 16);
  versionCache.set(toolId, v);
  return v;
}

/**
 * JSON with object keys sorted, so equal values hash equally. Written out rather than as
 * `JSON.stringify` with a replacer that copies every object with its keys sorted (a batch of
 * 2,000 plans spent 0.9 s there, issue 29); the text is the same, character for character
 * (tests/batch/canonical_json_test.ts holds the replacer as the reference), keys whose names
 * are array indices included: those come first, in numeric order, as in any object.
 */
export function canonicalJson(v: unknown): string {
  return canonical(v) ?? (undefined as unknown as string);
}

/** Keys as JSON, with the colon (plans use the same few hundred names). */
const QUOTED = new Map<string, string>();

function canonical(x: unknown): string | undefined {
  if (
    x !== null && typeof x === "object" && typeof (x as { toJSON?: unknown }).toJSON === "function"
  ) {
    x = (x as { toJSON(): unknown }).toJSON();
  }
  switch (typeof x) {
    case "string":
      return JSON.stringify(x);
    case "number":
      return Number.isFinite(x) ? String(x) : "null";
    case "boolean":
      return x ? "true" : "false";
    case "object": {
      if (x === null) return "null";
      if (Array.isArray(x)) {
        // An array of plain values (a polygon's coordinates) has no keys to sort.
        if (x.every((e) => e === null || typeof e !== "object")) return JSON.stringify(x);
        let out = "[";
        for (let i = 0; i < x.length; i++) out += (i ? "," : "") + (canonical(x[i]) ?? "null");
        return out + "]";
      }
      let keys = Object.keys(x).sort();
      // An object puts array-index keys first, in numeric order, whatever the order they came.
      if (keys.some((k) => k.charCodeAt(0) >= 48 && k.charCodeAt(0) <= 57)) {
        keys = Object.keys(Object.fromEntries(keys.map((k) => [k, 0])));
      }
      let out = "{", first = true;
      for (const k of keys) {
        const s = canonical((x as Record<string, unknown>)[k]);
        if (s === undefined) continue;
        let q = QUOTED.get(k);
        if (q === undefined) {
          if (QUOTED.size > 10_000) QUOTED.clear();
          QUOTED.set(k, q = JSON.stringify(k) + ":");
        }
        out += (first ? "" : ",") + q + s;
        first = false;
      }
      return out + "}";
    }
    case "bigint":
      return JSON.stringify(x); // throws, as JSON.stringify does
    default:
      return undefined; // undefined, functions and symbols are left out
  }
}

/** The row key: SHA-256 (hex, 32 characters) of plan, filled input values and tool version. */
export function rowKey(
  planJson: string,
  tool: string,
  version: string,
  filled: Record<string, unknown>,
): string {
  return createHash("sha256").update(tool).update("\0").update(version).update("\0")
    .update(planJson).update("\0").update(canonicalJson(filled)).digest("hex").slice(0, 32);
}

/**
 * Plans the jobs of a batch: for each scan and tool, fills the inputs the way the run will
 * (selection = the scan, --set, preferences, persona, defaults) and keys the row. A scan that
 * is not in the store, or a tool that takes no scan, still makes a row, one that fails with
 * its sentence — never a silent gap.
 */
export function planJobs(
  store: Store,
  spec: BatchSpec,
  manifests: Map<string, Manifest>,
  persona?: PersonaPresets,
): BatchJob[] {
  return [...planJobsOf(store, spec, manifests, persona)];
}

/**
 * {@link planJobs} one job at a time, scan by scan in the spec's order, so that a pool can run
 * the first rows while the rest are planned (issue 29: planning 6,000 rows took seconds).
 */
export function* planJobsOf(
  store: Store,
  spec: BatchSpec,
  manifests: Map<string, Manifest>,
  persona?: PersonaPresets,
): Generator<BatchJob, void, undefined> {
  // Re-scans: each scan of a building follows the one imported before it.
  const previous = new Map<string, string>();
  const lastOf = new Map<string, string>();
  for (const b of store.scanBuildings()) {
    const before = lastOf.get(b.building);
    if (before) previous.set(b.id, before);
    lastOf.set(b.building, b.id);
  }
  // What each tool's rows share: its manifest, its scan input and its version, read once.
  const tools = spec.tools.map((tool) => {
    const m = manifests.get(tool);
    if (!m) {
      throw new InputError("--tools", `no tool ${JSON.stringify(tool)}`, {
        code: "batch.unknown_tool",
        data: { got: tool },
      });
    }
    return {
      tool,
      m,
      scanInput: scanInputName(m),
      version: toolVersion(tool),
      filled: undefined as Record<string, unknown> | undefined,
    };
  });
  for (const scan of spec.scans) {
    const loaded = store.getScan(scan);
    const planJson = loaded ? canonicalJson(loaded.plan) : "";
    for (const t of tools) {
      const { tool, m, scanInput, version } = t;
      const base = { batch: spec.id, scan, tool, persona: spec.persona, timeout_s: spec.timeout_s };
      if (!scanInput) {
        yield {
          ...base,
          key: rowKey(planJson, tool, version, { scan }),
          set: spec.set,
          fails: `${tool} takes no scan, so it cannot run over a portfolio`,
        };
        continue;
      }
      const set = { ...spec.set, [scanInput]: scan };
      if (!loaded) {
        yield {
          ...base,
          key: rowKey("", tool, version, set),
          set,
          fails: `no stored scan ${JSON.stringify(scan)}`,
        };
        continue;
      }
      const filled = t.filled ? { ...t.filled, [scanInput]: scan } : filledInputs(m, {
        store,
        set,
        persona,
      });
      // Every input is filled on its own, and none from the plan (core/inputs.ts fill): the
      // values but the scan's are the same on every scan, so they are filled once per tool
      // (issue 29: the fill was a quarter of planning), once the scan's is seen taken as given.
      if (!t.filled && filled[scanInput] === scan) t.filled = filled;
      const prev = previous.get(scan);
      yield {
        ...base,
        key: rowKey(planJson, tool, version, filled),
        set,
        ...(prev ? { previous: prev } : {}),
      };
    }
  }
}

/** The values a run of `m` would be filled with (its session's preview). */
function filledInputs(
  m: Manifest,
  opts: { store: Store; set: Record<string, unknown>; persona?: PersonaPresets },
): Record<string, unknown> {
  const preview = createSession(m, { ...opts, persist: false }).preview();
  return Object.fromEntries(Object.entries(preview.filled).map(([k, v]) => [k, v.value]));
}

/** True when a scan argument is a glob over stored scan ids (`*`, `?` or `[…]`). */
export function isGlob(s: string): boolean {
  return /[*?[]/.test(s);
}

/** A glob (`*` any run, `?` one character, `[abc]` a class) as an anchored RegExp. */
export function globRegExp(glob: string): RegExp {
  let re = "";
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === "*") re += ".*";
    else if (c === "?") re += ".";
    else if (c === "[") {
      const end = glob.indexOf("]", i + 1);
      if (end < 0) re += "\\[";
      else {
        re += `[${glob.slice(i + 1, end).replace(/\\/g, "\\\\")}]`;
        i = end;
      }
    } else re += c.replace(/[.+^${}()|\\]/g, "\\$&");
  }
  return new RegExp(`^${re}$`);
}
