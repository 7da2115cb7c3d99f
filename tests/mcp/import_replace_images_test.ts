/**
 * MCP import_scan with `replace` (through the real server and its worker) lets go of the
 * replaced scan's web upload folder `<home>/images/<name>/` once no stored scan reads it, as
 * `threshold import --replace` and the web view do (layers/store_scan.ts storeScanReleasing);
 * a folder another stored scan still reads stays, and so does one without `replace`.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { confinedFlags } from "../../host/confine.ts";
import { openStore } from "../../core/store.ts";
import { fixture } from "../_data.ts";
import { importJob } from "../../mcp/import.ts";
import { freshHome, MCP_TS, start } from "./_connect.ts";

const ROOT = fixture("ifc");

/** Stores `id` from `file`, its one sweep's image in `<home>/images/<folder>/` (made). */
async function uploaded(home: string, id: string, file: string, folder: string) {
  const store = openStore(home);
  try {
    await importJob({ store }, { path: join(ROOT, file), id });
    const s = store.getScan(id)!;
    const dir = join(home, "images", folder);
    Deno.mkdirSync(dir, { recursive: true });
    const image = join(dir, "pano.jpg");
    Deno.writeFileSync(image, new Uint8Array([0xff, 0xd8, 0xff, 0xd9]));
    const floor = s.plan.floors[0].id;
    const sweeps = [{ id: "s1", floor, at: [0, 0, 1.5] as [number, number, number], image }];
    store.putScan({ ...s, plan: { ...s.plan, sweeps } }, {});
  } finally {
    store.close();
  }
}

const folders = (home: string) =>
  [...Deno.readDirSync(join(home, "images"))].map((e) => e.name).sort();

Deno.test("mcp import_scan --replace: the replaced upload's images go, another scan's stay", async () => {
  const home = freshHome();
  await uploaded(home, "flat", "two_rooms_ifc2x3.ifc", "up-flat");
  await uploaded(home, "other", "two_rooms_ifc2x3.ifc", "up-other");
  const s = await start("legacy", home, {
    args: ["run", ...confinedFlags(home, [ROOT]), MCP_TS, `--home=${home}`, `--root=${ROOT}`],
  });
  try {
    const call = (id: string, replace: boolean) =>
      s.client.callTool({
        name: "import_scan",
        arguments: { path: "open_plan_ifc4.ifc", id, ...(replace ? { replace } : {}) },
      }) as Promise<Record<string, unknown>>;
    // Without replace: refused, nothing let go.
    const refused = await call("flat", false);
    assert.equal(refused.isError, true, JSON.stringify(refused));
    assert.deepEqual(folders(home), ["up-flat", "up-other"]);
    const replaced = await call("flat", true);
    assert.ok(!replaced.isError, JSON.stringify(replaced));
    assert.deepEqual(folders(home), ["up-other"], "the replaced scan's folder is gone");
  } finally {
    await s.close();
  }
  const store = openStore(home);
  try {
    assert.equal(store.getScan("flat")!.plan.sweeps.length, 0, "the new building is stored");
    assert.equal(store.getScan("other")!.plan.sweeps.length, 1);
  } finally {
    store.close();
  }
});
