/**
 * Golden files: `fixtures/golden/<name>.json`. A mismatch fails; the files are rewritten only
 * when the run is started with UPDATE_GOLDEN=1 (`deno task test:update`).
 */
import { fileURLToPath } from "node:url";
import { assertEquals } from "./_assert.ts";

const DIR = new URL("../fixtures/golden/", import.meta.url);

/**
 * Where this checkout and `../shared` happen to lie: a result that names a file (a panorama that
 * could not be read) holds an absolute path, which differs between machines (CI checks out under
 * another folder). Golden text holds `<shared>/` and `<repo>/` in their place.
 */
const PLACES: [string, string][] = [
  [fileURLToPath(new URL("../../shared/", import.meta.url)), "<shared>/"],
  [fileURLToPath(new URL("../", import.meta.url)), "<repo>/"],
];

/** `text` with this machine's checkout and shared-data folders written as placeholders. */
export function placeless(text: string): string {
  let out = text;
  for (const [path, mark] of PLACES) out = out.replaceAll(path, mark);
  return out;
}

/** Compares `value` (as JSON) with the golden file `name`.json. */
export async function assertGolden(name: string, value: unknown): Promise<void> {
  const url = new URL(`${name}.json`, DIR);
  const text = placeless(JSON.stringify(value, null, 2)) + "\n";
  if (Deno.env.get("UPDATE_GOLDEN") === "1") {
    await Deno.mkdir(new URL(".", url), { recursive: true });
    await Deno.writeTextFile(url, text);
    return;
  }
  let want: string;
  try {
    want = await Deno.readTextFile(url);
  } catch {
    throw new Error(
      `golden file fixtures/golden/${name}.json is missing; run with UPDATE_GOLDEN=1 to write it`,
    );
  }
  assertEquals(
    JSON.parse(text),
    JSON.parse(want),
    `golden ${name} differs (UPDATE_GOLDEN=1 rewrites it)`,
  );
}

/**
 * A result without the codes and data of its verdict, checks, findings, assumptions and steps:
 * golden files written before results carried codes hold the words and numbers, and stay as they
 * were; codes and data are asserted beside them.
 */
export function withoutCodes<T>(result: T): T {
  const r = structuredClone(result) as Record<string, unknown>;
  const drop = (o: unknown) => {
    if (o && typeof o === "object") {
      delete (o as Record<string, unknown>).code;
      delete (o as Record<string, unknown>).data;
    }
  };
  drop(r.verdict);
  for (const c of (r.checks as unknown[] | undefined) ?? []) drop(c);
  for (const f of (r.findings as unknown[] | undefined) ?? []) drop(f);
  for (const a of (r.assumptions as unknown[] | undefined) ?? []) drop(a);
  delete r.step_codes;
  return r as T;
}

/**
 * Golden sentences (issue 22 §2): a test asserts codes and data, and hands the sentences made
 * from them to `add`; `check()` at the test's end compares them all, in order, with
 * `fixtures/golden/sentences/<name>.json`, so the wording is checked once per test as a file
 * instead of by many matches over English.
 */
export function goldenSentences(name: string): {
  add: (text: string) => string;
  check: () => Promise<void>;
} {
  const said: string[] = [];
  return {
    add: (text) => {
      said.push(placeless(text));
      return text;
    },
    check: () => assertGolden(`sentences/${name}`, said),
  };
}

/**
 * Golden sentences kept by test name in one file per test file
 * (`fixtures/golden/sentences/<file>.json`, an object from test name to its sentences): a test
 * hands its sentences to `add` and compares them with `check()` at its end. UPDATE_GOLDEN=1
 * rewrites only that test's entry.
 */
export function goldenEntries(file: string, t: { name: string }): {
  add: (text: string) => string;
  check: () => Promise<void>;
} {
  const said: string[] = [];
  const url = new URL(`sentences/${file}.json`, DIR);
  const read = async (): Promise<Record<string, string[]>> => {
    try {
      return JSON.parse(await Deno.readTextFile(url));
    } catch (e) {
      if (e instanceof Deno.errors.NotFound) return {};
      throw e;
    }
  };
  return {
    add: (text) => {
      said.push(placeless(text));
      return text;
    },
    check: async () => {
      const all = await read();
      if (Deno.env.get("UPDATE_GOLDEN") === "1") {
        all[t.name] = said;
        await Deno.mkdir(new URL(".", url), { recursive: true });
        await Deno.writeTextFile(url, JSON.stringify(all, null, 2) + "\n");
        return;
      }
      if (!(t.name in all)) {
        throw new Error(
          `golden sentences/${file}.json has no entry for "${t.name}"; run with UPDATE_GOLDEN=1 to write it`,
        );
      }
      assertEquals(said, all[t.name], `golden sentences/${file} "${t.name}" differs`);
    },
  };
}
