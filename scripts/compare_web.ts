/**
 * The web view's pages as served, written to a folder, so a refactor of routes and islands can be
 * checked to change none of them (issue 22: outputs identical before and after, compared as text).
 *
 *   deno run -A scripts/compare_web.ts OUT_DIR
 *
 * A fresh private store; the home page (plain, after a note, with a preference set), the tools
 * and ask pages, the demo's scan page, every tool's page, and each tool's result page after a
 * POST run on the demo (with the inputs that would be asked given). Run ids, the bundle's hashed
 * asset names and timestamps are replaced by placeholders: the bundle changes whenever an island's
 * source does.
 */
import { join } from "node:path";
import { startWeb } from "../web/mod.ts";

const out = Deno.args[0];
if (!out) throw new Error("usage: deno run -A scripts/compare_web.ts OUT_DIR");
Deno.mkdirSync(out, { recursive: true });
const home = Deno.makeTempDirSync();
Deno.env.set("THRESHOLD_HOME", home);
const web = await startWeb({ port: 0, home });
const origin = web.url.replace(/\/$/, "");

function normalize(text: string): string {
  return text
    .replace(/\b([a-z_]+)-[0-9a-z]{8}-[0-9a-z]{5,12}\b/g, "$1-RUNID")
    .replace(/\/(assets|static)\/[^"' )]+\.(js|css)/g, "/$1/ASSET.$2")
    .replace(/\b[a-z]+\.[0-9a-f]{8,}\.(js|css)\b/g, "ASSET.$1")
    .replace(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z?/g, "TIMESTAMP")
    .replaceAll(home, "HOME");
}

let count = 0;
async function save(name: string, res: Response) {
  const body = await res.text();
  const head = `${res.status} ${res.headers.get("location") ?? ""}\n`;
  Deno.writeTextFileSync(join(out, name), normalize(head + body));
  count++;
}
const get = (path: string) => fetch(origin + path, { redirect: "manual" });
const post = (path: string, form: Record<string, string>) =>
  fetch(origin + path, {
    method: "POST",
    body: new URLSearchParams(form),
    headers: { origin },
    redirect: "manual",
  });

const GIVEN: Record<string, Record<string, string>> = {
  code_check: { pack: "ada-2010" },
  door_clearance: { chair_width_m: "0.76" },
  step_free_route: { chair_width_m: "0.76" },
  turning_space: { turning_diameter_m: "1.525" },
  will_it_fit: { item: "sofa", to: "kitchen" },
  site_facts: { place: "demo" },
};

try {
  await save("home.html", await get("/"));
  await save("home.note.html", await get("/?note=selected"));
  await save("tools.html", await get("/tools"));
  await save("ask.html", await get("/ask"));
  await save("scan.demo.html", await get("/scans/demo"));
  const tools = [...Deno.readDirSync(new URL("../tools/", import.meta.url))]
    .filter((e) => e.isDirectory && !e.name.startsWith("_")).map((e) => e.name).sort();
  for (const t of tools) {
    await save(`tool.${t}.html`, await get(`/tools/${t}`));
    const given = { scan: "demo", ...GIVEN[t] };
    const form = Object.fromEntries(Object.entries(given).map(([k, v]) => [`in.${k}`, v]));
    const res = await post(`/tools/${t}/run`, form);
    const loc = res.headers.get("location");
    await save(`run.${t}.post.html`, res);
    if (loc) await save(`run.${t}.html`, await get(loc));
  }
  await save(
    "pref.post.html",
    await post("/prefs", { key: "access.chair_width_m", value: "0.7", action: "save" }),
  );
  await save("home.pref.html", await get("/?note=pref"));
  await save(
    "home.bad.html",
    await post("/prefs", { key: "access.chair_width_m", value: "x", action: "save" }),
  );
} finally {
  await web.close();
  Deno.removeSync(home, { recursive: true });
}
console.log(`${count} pages in ${out}`);
