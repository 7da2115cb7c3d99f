/**
 * `threshold report`: the demo's report holds every tool's verdict (as `threshold demo` gave
 * it), a rejected finding apart with its reason, alt text on every picture, one h1 and no
 * skipped heading level; the PDF comes from headless Chromium; bad --out is refused.
 */
import { join } from "node:path";
import { assert, assertEquals, assertOk } from "../_assert.ts";
import { cli, cliError, tempHome } from "../_cli.ts";
import { assertGolden } from "../_golden.ts";
import { dom } from "../_html.ts";
import { planAlt } from "../../render/report.tsx";
import { BUILTIN_SCANS } from "../../layers/builtin.ts";

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
    const doc = dom(html);
    // Each tool's section holds its verdict, with its status, as `threshold demo` gave it.
    for (const run of runs) {
      const section = doc.querySelector(`section#tool-${run.result.tool}`)!;
      const verdict = section.querySelector(`p.verdict.s-${run.result.verdict.status}`);
      assertOk(verdict, `${run.result.tool}: a ${run.result.verdict.status} verdict`);
      // Its status word (the span), then ": " and the verdict's own words.
      const words = [...verdict!.childNodes].filter((n) => n.nodeType === 3);
      assertEquals(words.map((n) => n.textContent).join(""), `: ${run.result.verdict.text}`);
    }
    // Self-contained: no outside resource.
    const outside = [...doc.querySelectorAll("[src],[href]")].map((e) =>
      e.getAttribute("src") ?? e.getAttribute("href")!
    ).filter((u) => u.startsWith("//") || u.startsWith("http:") || u.startsWith("https:"));
    assertEquals(outside, []);
    // Every picture has alt text, and there are pictures.
    const imgs = [...doc.querySelectorAll("img")];
    assertOk(imgs.length >= 5, `${imgs.length} pictures`);
    const alts = imgs.map((i) => i.getAttribute("alt") ?? "");
    assertOk(alts.every((a) => a.length > 30), alts.join(" | "));
    assert.ok(imgs.every((i) => i.getAttribute("src")!.startsWith("data:image/svg+xml;base64,")));
    // The words: each picture's alt text starts by saying what it is (golden file).
    await assertGolden("report.demo.alt_starts", [
      ...new Set(alts.map((a) => a.split(":")[0].split(" of ")[0])),
    ]);
    // Headings: one h1, and no level skipped on the way down.
    const levels = [...doc.querySelectorAll("h1,h2,h3,h4,h5,h6")].map((h) => Number(h.tagName[1]));
    assertEquals(levels.filter((l) => l === 1).length, 1);
    levels.forEach((l, i) =>
      assertOk(i === 0 || l <= levels[i - 1] + 1, `h${levels[i - 1]} → h${l}`)
    );
    // The rejected finding is listed apart, with its reason (read back as the text it was).
    const apart = doc.querySelector('section[aria-labelledby="h-rejected"]')!;
    const rows = [...apart.querySelectorAll("tbody>tr")];
    assertEquals(rows.length, 1);
    assertEquals(rows[0].querySelector("th")!.firstChild!.textContent, rejected.title);
    assertEquals(rows[0].querySelectorAll("td")[1].textContent, reason);
    // …and no longer among its tool's open findings.
    const ids = [...doc.querySelectorAll("small")].map((e) => e.textContent);
    assertEquals(ids.filter((t) => t?.endsWith(rejected.id)).length, 1, "only apart");
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
    assertEquals(cliError(bad).input, "--out");
    const badTool = await cli(home, ["report", "--scan", "demo", "--tools", "nope", "--out", out]);
    assertEquals(badTool.code, 2);
    assertEquals(cliError(badTool).input, "--tools");
    await assertGolden("report.bad_flags", {
      out: cliError(bad).line.replace(dir, "<dir>"),
      tools: cliError(badTool).line.split("; ")[0],
    });
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("planAlt: counts what is marked, by status, and names what fails", async () => {
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
  // The alt text is wording through and through: its sentences are the golden file.
  await assertGolden("report.plan_alt", { marked: alt, nothing: planAlt(plan, "Takeoff", []) });
});
