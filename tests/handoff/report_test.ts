/**
 * `threshold report`: the demo's report holds every tool's verdict (as `threshold demo` gave
 * it), a rejected finding apart with its reason, alt text on every picture, one h1 and no
 * skipped heading level; the PDF comes from headless Chromium; bad --out is refused.
 */
import { join } from "node:path";
import { assert, assertEquals, assertMatch, assertOk } from "../_assert.ts";
import { cli, tempHome } from "../_cli.ts";
import { planAlt } from "../../render/report.tsx";
import { BUILTIN_SCANS } from "../../layers/builtin.ts";

/** Text as preact-render-to-string writes it in element content: & and < escaped. */
const escape = (s: string) => s.replaceAll("&", "&amp;").replaceAll("<", "&lt;");

Deno.test("report of the demo: every tool's verdict, rejected findings apart, alt text, headings", async () => {
  const home = tempHome();
  const dir = Deno.makeTempDirSync();
  try {
    assertEquals((await cli(home, ["personas", "use", "manual-wheelchair-user"])).code, 0);
    const demo = await cli(home, ["demo", "--out", join(dir, "pics"), "--json"]);
    assertEquals(demo.code, 0, demo.stderr);
    // `demo --json` prints its heading lines, then the JSON.
    const runs = JSON.parse(demo.stdout.slice(demo.stdout.indexOf("\n{") + 1)).runs as {
      result: { tool: string; verdict: { status: string; text: string } };
    }[];
    assertOk(runs.length >= 10, `demo ran ${runs.length} tools`);
    const findings = JSON.parse((await cli(home, ["findings", "--scan", "demo", "--json"])).stdout);
    const rejected = findings[0] as { id: string; title: string };
    const reason = "the attic is storage, not a room <measured>";
    const rej = await cli(home, ["reject", rejected.id, "--scan", "demo", "--reason", reason]);
    assertEquals(rej.code, 0, rej.stderr);

    const out = join(dir, "report.html");
    const r = await cli(home, ["report", "--scan", "demo", "--out", out]);
    assertEquals(r.code, 0, r.stderr);
    const html = Deno.readTextFileSync(out);
    for (const run of runs) {
      assertOk(
        html.includes(escape(run.result.verdict.text)),
        `${run.result.tool}: its verdict "${run.result.verdict.text}" is in the report`,
      );
    }
    // Self-contained: no outside resource.
    assertEquals(html.match(/\s(src|href)="(https?:)?\/\//g), null);
    // Every picture has alt text, and there are pictures.
    const imgs = [...html.matchAll(/<img\b[^>]*>/g)].map((m) => m[0]);
    assertOk(imgs.length >= 5, `${imgs.length} pictures`);
    for (const img of imgs) assertMatch(img, /\salt="(Plan of|Sun-path chart: )[^"]{20,}"/);
    assertOk(imgs.some((i) => i.includes('alt="Sun-path chart: ')), "the sun-path chart is in");
    assert.ok(imgs.every((i) => i.includes('src="data:image/svg+xml;base64,')));
    // Headings: one h1, and no level skipped on the way down.
    const levels = [...html.matchAll(/<h([1-6])\b/g)].map((m) => Number(m[1]));
    assertEquals(levels.filter((l) => l === 1).length, 1);
    levels.forEach((l, i) =>
      assertOk(i === 0 || l <= levels[i - 1] + 1, `h${levels[i - 1]} → h${l}`)
    );
    // The rejected finding is listed apart, with its reason.
    const apart = html.slice(html.indexOf('id="h-rejected"'));
    assertOk(apart.includes(escape(rejected.title)), "the rejected finding is in its section");
    assertOk(apart.includes(escape(reason)), "with its reason");
    // …and no longer among its tool's open findings.
    const before = html.slice(0, html.indexOf('id="h-rejected"'));
    assertEquals(before.split(`Finding ${rejected.id}<`).length - 1, 0);
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("report as PDF through headless Chromium; a bad --out is refused", async () => {
  const home = tempHome();
  const dir = Deno.makeTempDirSync();
  try {
    const out = join(dir, "report.pdf");
    const r = await cli(home, [
      "report",
      "--scan",
      "demo",
      "--tools",
      "ceiling_height",
      "--out",
      out,
    ]);
    assertEquals(r.code, 0, r.stderr);
    const pdf = Deno.readFileSync(out);
    assertEquals(new TextDecoder().decode(pdf.subarray(0, 5)), "%PDF-");
    assertOk(pdf.length > 10_000, `${pdf.length} bytes`);
    const bad = await cli(home, ["report", "--scan", "demo", "--out", join(dir, "report.docx")]);
    assertEquals(bad.code, 2);
    assertMatch(bad.stderr, /--out: must end in \.html or \.pdf/);
    const badTool = await cli(home, ["report", "--scan", "demo", "--tools", "nope", "--out", out]);
    assertEquals(badTool.code, 2);
    assertMatch(badTool.stderr, /--tools: unknown tool "nope"/);
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("planAlt: counts what is marked, by status, and names what fails", () => {
  const plan = BUILTIN_SCANS.demo().plan;
  const room = plan.rooms[0];
  const alt = planAlt(plan, "Ceiling height", [
    {
      id: "a",
      kind: "room",
      floor: room.floor,
      geometry: { type: "Point", coordinates: [0, 0] },
      status: "fail",
      label: "Attic",
    },
    {
      id: "b",
      kind: "room",
      floor: room.floor,
      geometry: { type: "Point", coordinates: [0, 0] },
      status: "pass",
      label: "Hall",
    },
    {
      id: "c",
      kind: "room",
      floor: room.floor,
      geometry: { type: "Point", coordinates: [0, 0] },
      status: "pass",
    },
  ]);
  assertMatch(alt, /Ceiling height marks 3 things: 1 fail, 2 pass\./);
  assertMatch(alt, /Failing or too close to call: Attic \(fail\)\./);
  assertMatch(planAlt(plan, "Takeoff", []), /Takeoff marks nothing on it\.$/);
});
