/**
 * The registry: finds every folder under `tools/` by itself and loads its `mod.ts`.
 * Adding a folder is all it takes; nothing is listed by hand. Each manifest is checked at
 * load, and a problem is a {@link RegistryError} naming the folder.
 */
import { z } from "npm:zod@4.6.7";
import { RegistryError } from "../ground/errors.ts";
import {
  AUDIENCES,
  DRAWS,
  inputMeta,
  LAYERS,
  type Manifest,
  SUBJECTS,
  TOOL_ID,
} from "./manifest.ts";
import { BLOCKS } from "./result.ts";

/** Loaded tools by id, in id order. */
export interface Registry {
  tools: Manifest[];
  get(id: string): Manifest | undefined;
  /** Like get, but an unknown id is an error listing the known ones. */
  require(id: string): Manifest;
}

import { TOOLS_DIR } from "./paths.ts";
export { TOOLS_DIR };

const cache = new Map<string, Promise<Registry>>();

/**
 * Loads every tool folder under `dir` (default: the project's `tools/`). Folders whose name
 * starts with `_` or `.` are skipped. Cached per folder.
 */
export function loadRegistry(dir: URL = TOOLS_DIR): Promise<Registry> {
  const key = dir.href;
  let p = cache.get(key);
  if (!p) {
    p = loadUncached(dir);
    cache.set(key, p);
    p.catch(() => cache.delete(key));
  }
  return p;
}

async function loadUncached(dir: URL): Promise<Registry> {
  const folders: string[] = [];
  for await (const e of Deno.readDir(dir)) {
    if (e.isDirectory && !e.name.startsWith("_") && !e.name.startsWith(".")) folders.push(e.name);
  }
  folders.sort();
  const loaded = await Promise.all(folders.map(async (folder) => {
    const url = new URL(`${folder}/mod.ts`, dir);
    let mod: { default?: unknown };
    try {
      mod = await import(url.href);
    } catch (e) {
      const msg = (e as Error).message.split("\n")[0];
      throw new RegistryError(folder, `mod.ts could not be loaded: ${msg}`, {
        code: "registry.not_loaded",
        data: { problem: msg },
      });
    }
    return validateManifest(folder, mod.default);
  }));
  return makeRegistry(loaded);
}

/** Builds a registry from manifests already in hand (tests, embedding); checks duplicates. */
export function makeRegistry(manifests: Manifest[]): Registry {
  const byId = new Map<string, Manifest>();
  for (const m of manifests) {
    if (byId.has(m.id)) {
      throw new RegistryError(m.id, `duplicate tool id ${JSON.stringify(m.id)}`, {
        code: "registry.duplicate_id",
        data: { got: m.id },
      });
    }
    byId.set(m.id, m);
  }
  const tools = [...byId.values()].sort((a, b) => a.id.localeCompare(b.id));
  return {
    tools,
    get: (id) => byId.get(id),
    require(id) {
      const m = byId.get(id);
      if (!m) {
        throw new RegistryError(
          id,
          `no tool ${JSON.stringify(id)}; tools: ${tools.map((t) => t.id).join(", ")}`,
          { code: "registry.unknown_tool", data: { got: id, allowed: tools.map((t) => t.id) } },
        );
      }
      return m;
    },
  };
}

const STRING_FIELDS = ["id", "title", "summary", "model_description"] as const;

/** Checks one manifest exported by `tools/<folder>/mod.ts`. */
export function validateManifest(folder: string, m: unknown): Manifest {
  if (!m || typeof m !== "object") {
    throw new RegistryError(folder, "mod.ts has no default export made with tool({...})", {
      code: "registry.no_default_export",
    });
  }
  const r = m as Record<string, unknown>;
  for (const f of STRING_FIELDS) {
    if (typeof r[f] !== "string" || !(r[f] as string).trim()) {
      throw new RegistryError(folder, `manifest field "${f}" is missing or empty`, {
        code: "registry.field_missing",
        data: { field: f },
      });
    }
  }
  const id = r.id as string;
  if (!TOOL_ID.test(id)) {
    throw new RegistryError(
      folder,
      `id ${
        JSON.stringify(id)
      } is not snake_case ([a-z0-9_], starting with a letter, ≤ 64 characters)`,
      { code: "registry.bad_id", data: { got: id } },
    );
  }
  if (id !== folder) {
    throw new RegistryError(folder, `id ${JSON.stringify(id)} differs from its folder's name`, {
      code: "registry.id_not_folder",
      data: { got: id },
    });
  }
  const list = (field: string, allowed: readonly string[], nonEmpty: boolean, noun: string) => {
    const v = r[field];
    if (!Array.isArray(v)) {
      throw new RegistryError(folder, `manifest field "${field}" is missing`, {
        code: "registry.field_missing",
        data: { field },
      });
    }
    if (nonEmpty && v.length === 0) {
      throw new RegistryError(folder, `manifest field "${field}" is empty`, {
        code: "registry.field_empty",
        data: { field },
      });
    }
    for (const x of v) {
      const name = typeof x === "object" && x && "layer" in x ? (x as { layer: unknown }).layer : x;
      if (typeof name !== "string" || !allowed.includes(name)) {
        throw new RegistryError(
          folder,
          `unknown ${noun} ${JSON.stringify(name)} in "${field}"; allowed: ${allowed.join(", ")}`,
          {
            code: `registry.unknown_${noun.replaceAll(" ", "_")}`,
            data: { field, got: name, allowed },
          },
        );
      }
    }
  };
  list("audience", AUDIENCES, true, "audience");
  list("blocks", BLOCKS, true, "block");
  list("draws", DRAWS, false, "overlay kind");
  list("requires", LAYERS, false, "layer");
  if (r.subjects !== undefined) list("subjects", SUBJECTS, false, "subject kind");
  if (
    r.questions !== undefined &&
    (!Array.isArray(r.questions) ||
      !r.questions.every((q: unknown) => typeof q === "string" && q.trim() !== ""))
  ) {
    throw new RegistryError(folder, `manifest field "questions" must be a list of questions`);
  }
  if (!(r.inputs instanceof z.ZodObject)) {
    throw new RegistryError(
      folder,
      `manifest field "inputs" must be a zod object (z.object({...}))`,
    );
  }
  for (const [name, schema] of Object.entries(r.inputs.shape as Record<string, z.ZodType>)) {
    if (!/^[a-z][a-z0-9_]*$/.test(name)) {
      throw new RegistryError(folder, `input ${JSON.stringify(name)} is not snake_case`);
    }
    const meta = inputMeta(schema);
    if (
      meta.fill && meta.fill.from !== "selection" &&
      !/^[a-z0-9_]+(\.[a-z0-9_]+)+$/.test(meta.fill.key)
    ) {
      throw new RegistryError(
        folder,
        `input "${name}": fill key ${
          JSON.stringify(meta.fill.key)
        } is not a dotted key like "space.min_ceiling_m"`,
      );
    }
  }
  if (r.examples !== undefined) {
    if (!Array.isArray(r.examples)) {
      throw new RegistryError(folder, `manifest field "examples" must be a list of input objects`);
    }
    const shape = r.inputs.shape as Record<string, z.ZodType>;
    r.examples.forEach((ex: unknown, i: number) => {
      for (const [k, v] of Object.entries(ex as Record<string, unknown>)) {
        if (!(k in shape)) {
          throw new RegistryError(folder, `examples[${i}]: ${JSON.stringify(k)} is not an input`, {
            code: "registry.example_unknown_input",
            data: { example: i, got: k },
          });
        }
        if (!shape[k].safeParse(v).success) {
          throw new RegistryError(
            folder,
            `examples[${i}].${k}: ${JSON.stringify(v)} is not allowed`,
            { code: "registry.example_bad_value", data: { example: i, input: k, got: v } },
          );
        }
      }
    });
  }
  if (typeof r.run !== "function") {
    throw new RegistryError(folder, `manifest field "run" must be a function run(ctx, inputs)`);
  }
  return m as Manifest;
}
