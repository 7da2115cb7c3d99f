/**
 * Golden images: a few pictures rendered to PNG and compared with `fixtures/golden/pictures/`
 * within a tolerance (a pixel differs when a channel moves by more than 48 of 255; at most
 * 0.5 % of pixels may differ, and the size must match), so fonts and anti-aliasing on another
 * machine pass while a moved label, a lost legend row or a changed colour fails. The files are
 * rewritten only with UPDATE_GOLDEN=1.
 */
import { fileURLToPath } from "node:url";
import { BUILTIN_SCANS } from "../../layers/builtin.ts";
import { importSource } from "../../layers/mod.ts";
import { loadRegistry } from "../../core/registry.ts";
import { runTool } from "../../core/run.ts";
import type { LoadedPlan } from "../../ground/plan.ts";
import { getPersona } from "../../presets/personas.ts";
import { planSvg, svgToPng } from "../../render/planview.ts";
import { sharedData } from "../_data.ts";
import { assert } from "../_assert.ts";

const DIR = fileURLToPath(new URL("../../fixtures/golden/pictures/", import.meta.url));
const CHANNEL_TOLERANCE = 48;
const MAX_DIFFERING = 0.005;

async function raw(png: Uint8Array) {
  const { default: sharp } = await import("npm:sharp@0.35.5");
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({
    resolveWithObject: true,
  });
  return { data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), ...info };
}

/** The share of pixels that differ beyond the channel tolerance (1 when the sizes differ). */
export async function pictureDifference(a: Uint8Array, b: Uint8Array): Promise<number> {
  const [x, y] = [await raw(a), await raw(b)];
  if (x.width !== y.width || x.height !== y.height) return 1;
  let differ = 0;
  for (let i = 0; i < x.data.length; i += 4) {
    for (let c = 0; c < 4; c++) {
      if (Math.abs(x.data[i + c] - y.data[i + c]) > CHANNEL_TOLERANCE) {
        differ++;
        break;
      }
    }
  }
  return differ / (x.width * x.height);
}

async function assertPicture(name: string, png: Uint8Array) {
  const path = `${DIR}${name}.png`;
  if (Deno.env.get("UPDATE_GOLDEN") === "1") {
    await Deno.mkdir(DIR, { recursive: true });
    await Deno.writeFile(path, png);
    return;
  }
  let want: Uint8Array;
  try {
    want = await Deno.readFile(path);
  } catch {
    throw new Error(`golden picture ${path} is missing; run with UPDATE_GOLDEN=1 to write it`);
  }
  const d = await pictureDifference(png, want);
  assert(
    d <= MAX_DIFFERING,
    `picture ${name} differs from its golden file in ${(d * 100).toFixed(2)} % of pixels ` +
      `(at most ${MAX_DIFFERING * 100} %; UPDATE_GOLDEN=1 rewrites it)`,
  );
}

const registry = await loadRegistry();
let fzk: LoadedPlan | undefined;
async function picture(tool: string, scan: string, set: Record<string, unknown> = {}) {
  fzk ??= (await importSource(sharedData("ifc/AC20-FZK-Haus.ifc"), { id: "fzk" })).loaded;
  const plans = { fzk };
  const out = await runTool(registry.require(tool), {
    builtins: BUILTIN_SCANS,
    plans,
    persona: getPersona("manual-wheelchair-user"),
    set: { scan, ...set },
  });
  if (out.status !== "done") throw new Error(`${tool} asked for input`);
  const plan = scan === "fzk" ? fzk.plan : BUILTIN_SCANS.demo().plan;
  const svg = planSvg(plan, {
    overlays: out.result.overlays,
    title: `${registry.require(tool).title}: ${out.result.verdict.text}`,
  });
  return { svg, png: await svgToPng(svg) };
}

for (
  const [name, tool, scan, set] of [
    ["step_free_route.demo", "step_free_route", "demo", {}],
    ["step_free_route.fzk", "step_free_route", "fzk", {}],
    ["door_clearance.fzk", "door_clearance", "fzk", {}],
    ["ceiling_height.demo", "ceiling_height", "demo", {}],
    // The code_check plan and the sun plan: window and door labels kept off lines and walls.
    ["code_check.fzk", "code_check", "fzk", { pack: "irc-2021" }],
    ["sun_hours.demo", "sun_hours", "demo", {}],
  ] as const
) {
  Deno.test(`golden picture: ${name}`, async () => {
    const { png } = await picture(tool, scan, set);
    await assertPicture(name, png);
  });
}

Deno.test("golden pictures: the comparison does fail on a changed picture", async () => {
  const { svg, png } = await picture("door_clearance", "fzk");
  // The same picture with its legend dropped and a room recoloured.
  const changed = await svgToPng(
    svg.replace(/<g class="legend">[\s\S]*?<\/g><\/g>/, "").replaceAll("#faf8f3", "#ff00ff"),
  );
  assert((await pictureDifference(png, changed)) > MAX_DIFFERING);
  assert((await pictureDifference(png, png)) === 0);
});

Deno.test("svgToPng: --scale and --width set the PNG's size", async () => {
  const { svg } = await picture("ceiling_height", "demo");
  const w = Number(/<svg\b[^>]*\bwidth="([\d.]+)"/.exec(svg)![1]);
  const h = Number(/<svg\b[^>]*\bheight="([\d.]+)"/.exec(svg)![1]);
  const x2 = await raw(await svgToPng(svg, { scale: 2 }));
  assert(x2.width === 2 * w && Math.abs(x2.height - 2 * h) <= 1, `${x2.width}×${x2.height}`);
  const w800 = await raw(await svgToPng(svg, { width_px: 800 }));
  assert(w800.width === 800 && Math.abs(w800.height - Math.round((800 * h) / w)) <= 1);
});
