/**
 * The IFC import's output, byte for byte, against what it was before the speed work of issue 29:
 * the SHA-256 of `JSON.stringify({ plan, report })` for every IFC sample in ../shared/data and
 * fixtures/ifc, and for variants the other IFC tests make (FZK-Haus without space geometry,
 * without storey elevations; the two-room fixture in feet). Hashes, not plans, are kept: the
 * samples are never copied into the repository. Rewritten only with UPDATE_GOLDEN=1, after the
 * difference was looked at (IFC_PLANS_DIR=folder writes each plan and report there to diff).
 */
import assert from "node:assert/strict";
import { ifcPlan } from "../../layers/ifc/mod.ts";
import { fixture } from "../_data.ts";
import { ifcCases } from "./_ifc_cases.ts";

const HASHES = fixture("ifc/import_hashes.json");

async function sha256(text: string): Promise<string> {
  const d = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(d)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

Deno.test("ifc import: every sample's plan and report are byte-identical to before issue 29's speed work", async () => {
  const got: Record<string, string> = {};
  const dir = Deno.env.get("IFC_PLANS_DIR");
  for (const [name, bytes] of ifcCases()) {
    const text = JSON.stringify(await ifcPlan(bytes, name), null, 1);
    got[name] = await sha256(text);
    if (dir) Deno.writeTextFileSync(`${dir}/${name.replace(/[^A-Za-z0-9_.-]+/g, "_")}.json`, text);
  }
  if (Deno.env.get("UPDATE_GOLDEN") === "1") {
    Deno.writeTextFileSync(HASHES, JSON.stringify(got, null, 2) + "\n");
  }
  const want = JSON.parse(Deno.readTextFileSync(HASHES));
  // The variants must differ from the files they were made from, or they test nothing new.
  assert.notEqual(got["FZK-Haus, no storey elevations"], got["AC20-FZK-Haus.ifc"]);
  assert.notEqual(got["FZK-Haus, no space geometry"], got["AC20-FZK-Haus.ifc"]);
  for (const name of Object.keys(got)) assert.equal(got[name], want[name], `${name} differs`);
  assert.deepEqual(Object.keys(got), Object.keys(want));
});
