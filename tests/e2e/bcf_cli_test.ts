/**
 * `threshold export bcf` and `threshold import bcf` on the real FZK house: the exported file
 * validates against the shipped BCF 3.0 XSDs, topic GUIDs are the same across exports, a door
 * finding's components are FZK's own IfcDoor GlobalIds, and a round trip (export → import
 * into a fresh store holding the same scan and runs) gives the same statuses; a topic
 * reopened in the BIM tool restores its finding. --list reads the four official test files.
 */
import { unzipSync } from "fflate";
import { join } from "node:path";
import { assert, assertEquals, assertOk } from "../_assert.ts";
import { cli, cliError, tempHome } from "../_cli.ts";
import { assertGolden } from "../_golden.ts";
import { loadRegistry } from "../../core/registry.ts";
import { sharedData } from "../_data.ts";
import { xmllintParts } from "../_xmllint.ts";
import { bcfZip, readBcf } from "../../layers/bcf/mod.ts";

const FZK = sharedData("ifc/AC20-FZK-Haus.ifc");
const DOOR = "1Oms875aH3Wg$9l65H2ZGw"; // IfcDoor 'Innentuer-1' of the FZK house
// Finding ids are shell-safe (issue 24 §4): the GlobalId's `$` is `-` in the id; typed the old
// way, with `$`, it still names the finding.
const TYPED = `door_clearance:door:${DOOR}`;
const REJECT = `door_clearance:door:${DOOR.replaceAll("$", "-")}`;
const REASON = "measured on site: 0.82 m clear with the door stop removed";

/** A home with FZK imported and three tools run on it as a manual wheelchair user. */
async function fzkHome(): Promise<string> {
  const home = tempHome();
  const ok = async (args: string[]) => {
    const r = await cli(home, args);
    assertEquals(r.code, 0, `threshold ${args.join(" ")}: ${r.stderr}`);
    return r;
  };
  await ok(["import", FZK, "--id", "fzk"]);
  await ok(["personas", "use", "manual-wheelchair-user"]);
  for (const tool of ["door_clearance", "step_free_route"]) {
    await ok(["run", tool, "--scan", "fzk"]);
  }
  await ok(["run", "code_check", "--scan", "fzk", "--set", "pack=ada-2010"]);
  return home;
}

async function statuses(home: string): Promise<Record<string, [string, string | null]>> {
  const r = await cli(home, ["findings", "--scan", "fzk", "--all", "--json"]);
  assertEquals(r.code, 0, r.stderr);
  const rows = JSON.parse(r.stdout) as { id: string; status: string; reason?: string | null }[];
  return Object.fromEntries(rows.map((f) => [f.id, [f.status, f.reason ?? null]]));
}

Deno.test("export bcf on FZK: valid 3.0, stable GUIDs, real GlobalIds; import round trip", async () => {
  const home = await fzkHome();
  const dir = Deno.makeTempDirSync();
  try {
    const rej = await cli(home, ["reject", TYPED, "--scan", "fzk", "--reason", REASON]);
    assertEquals(rej.code, 0, rej.stderr);
    const before = await statuses(home);
    assertEquals(before[REJECT], ["rejected", REASON]);
    assertOk(Object.keys(before).length >= 5, `FZK findings: ${Object.keys(before).join(", ")}`);

    const out1 = join(dir, "fzk.bcfzip"), out2 = join(dir, "again.bcfzip");
    const e1 = await cli(home, ["export", "bcf", "--scan", "fzk", "--out", out1]);
    assertEquals(e1.code, 0, e1.stderr);
    const exported = e1.stdout.trim().replaceAll(dir, "<dir>");
    const e2 = await cli(home, ["export", "bcf", "--scan", "fzk", "--out", out2, "--json"]);
    assertEquals(e2.code, 0, e2.stderr);
    assertEquals(JSON.parse(e2.stdout).topics, Object.keys(before).length);

    const bytes = Deno.readFileSync(out1);
    const parts = unzipSync(bytes);
    assertEquals(await xmllintParts(parts), []);
    const one = readBcf(bytes), two = readBcf(Deno.readFileSync(out2));
    assertEquals(one.topics.map((t) => t.guid).sort(), two.topics.map((t) => t.guid).sort());
    assertEquals(new Set(one.topics.map((t) => t.guid)).size, one.topics.length);

    // The door finding's component is FZK's own IfcDoor, with a top-down camera and a picture.
    const ifc = Deno.readTextFileSync(FZK);
    const door = one.topics.find((t) =>
      t.reference_links.includes(`threshold:finding:fzk:${REJECT}`)
    )!;
    assertOk(door, "the rejected door finding is a topic");
    assertEquals(door.status, "Closed");
    assertEquals(door.comments.map((c) => c.text), [REASON]);
    assertEquals(door.viewpoints[0].selection, [DOOR]);
    assertOk(ifc.includes(`IFCDOOR('${DOOR}'`), "the component is an IfcDoor of the FZK file");
    assertEquals(door.viewpoints[0].camera?.direction, [0, 0, -1]);
    const png = parts[`${door.guid}/snapshot.png`];
    assertEquals([...png.subarray(1, 4)].map((c) => String.fromCharCode(c)).join(""), "PNG");
    // Every component of every topic is a GlobalId the FZK file has.
    for (const t of one.topics) {
      for (const g of t.viewpoints.flatMap((v) => v.selection)) {
        assertOk(ifc.includes(`('${g}'`), `${t.title}: ${g}`);
      }
    }
    // Filters: only the open too-close-to-call ones, only one tool.
    const f = join(dir, "door.bcfzip");
    const e3 = await cli(home, [
      "export",
      "bcf",
      "--scan",
      "fzk",
      "--out",
      f,
      "--tools",
      "door_clearance",
      "--status",
      "open",
    ]);
    assertEquals(e3.code, 0, e3.stderr);
    const doorOnly = readBcf(Deno.readFileSync(f)).topics;
    const expected = Object.entries(before).filter(([id, [s]]) =>
      id.startsWith("door_clearance:") && s === "open"
    );
    assertEquals(doorOnly.length, expected.length);
    const doorTitle = (await loadRegistry()).require("door_clearance").title;
    assert.ok(doorOnly.every((t) => t.status === "Open" && t.labels[0] === doorTitle));

    // Round trip: a fresh store with the same scan and runs takes the statuses back.
    const fresh = await fzkHome();
    const im = await cli(fresh, ["import", "bcf", out1, "--scan", "fzk"]);
    assertEquals(im.code, 0, im.stderr);
    assertEquals(await statuses(fresh), before);
    await assertGolden("bcf.cli.export_import", {
      exported,
      imported: im.stdout.trim().split("\n").filter((l) => l.includes(REJECT)),
    });

    // Reopened in the BIM tool: the finding comes back.
    const reopened = readBcf(bytes);
    reopened.topics.find((t) => t.guid === door.guid)!.status = "Open";
    const back = join(dir, "reopened.bcfzip");
    Deno.writeFileSync(back, bcfZip({ ...reopened, version: "3.0" }, "3.0"));
    // --list shows it and changes nothing.
    const listed = await cli(fresh, ["import", "bcf", back, "--list"]);
    assertEquals(listed.code, 0, listed.stderr);
    assertEquals(await statuses(fresh), before);
    const im2 = await cli(fresh, ["import", "bcf", back, "--scan", "fzk"]);
    assertEquals(im2.code, 0, im2.stderr);
    assertEquals((await statuses(fresh))[REJECT], ["open", null]);
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("export bcf --bcf 2.1 reads back as 2.1 (no 2.1 schemas are shipped to validate it)", async () => {
  const home = tempHome();
  const dir = Deno.makeTempDirSync();
  try {
    assertEquals((await cli(home, ["import", FZK, "--id", "fzk"])).code, 0);
    const run = await cli(home, [
      "run",
      "door_clearance",
      "--scan",
      "fzk",
      "--persona",
      "manual-wheelchair-user",
    ]);
    assertEquals(run.code, 0, run.stderr);
    const out = join(dir, "fzk21.bcfzip");
    const r = await cli(home, [
      "export",
      "bcf",
      "--scan",
      "fzk",
      "--out",
      out,
      "--bcf",
      "2.1",
      "--no-snapshots",
    ]);
    assertEquals(r.code, 0, r.stderr);
    const bcf = readBcf(Deno.readFileSync(out));
    assertEquals(bcf.version, "2.1");
    assertOk(bcf.topics.length > 0);
    assertOk(bcf.topics.every((t) => t.viewpoints[0]?.selection.length === 1));
    const bad = await cli(home, ["export", "bcf", "--scan", "fzk", "--out", out, "--bcf", "1.0"]);
    assertEquals(bad.code, 2);
    assertEquals(cliError(bad).input, "--bcf");
    const badStatus = await cli(home, [
      "export",
      "bcf",
      "--scan",
      "fzk",
      "--out",
      out,
      "--status",
      "maybe",
    ]);
    assertEquals(badStatus.code, 2);
    assertEquals(cliError(badStatus).input, "--status");
    await assertGolden("bcf.cli.bad_flags", {
      bcf: cliError(bad).line,
      status: cliError(badStatus).line,
    });
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("import bcf --list reads the four official test files and changes nothing", async () => {
  const home = tempHome();
  const SPACE = "1bbI761TbBCOoIa5Kt6PXt"; // the IfcSpace the single-visible-space case shows
  const listedOf: Record<string, { labels: string[]; components: string[] }> = {};
  const printedOf: Record<string, string> = {};
  for (const n of ["labels", "minimum-information", "orthogonal-camera", "single-visible-space"]) {
    const file = sharedData(`bcf/testcases-3.0/${n}.bcf`);
    const r = await cli(home, ["import", "bcf", file, "--list", "--json"]);
    assertEquals(r.code, 0, `${n}: ${r.stderr}`);
    const listed = JSON.parse(r.stdout);
    assertEquals([listed.version, listed.topics.length], ["3.0", 1], n);
    listedOf[n] = listed.topics[0];
    // The printed list says the same.
    const printed = await cli(home, ["import", "bcf", file, "--list"]);
    printedOf[n] = printed.stdout.split("\n")[0].replace(file, "<file>");
  }
  assertOk(listedOf.labels.labels.includes("Architects"), listedOf.labels.labels.join(", "));
  assertEquals(listedOf["single-visible-space"].components, [SPACE]);
  // Not BCF: refused with a sentence naming the file.
  const notBcf = await cli(home, ["import", "bcf", FZK, "--list"]);
  assertEquals(notBcf.code, 2);
  assertOk(cliError(notBcf).line.includes(FZK), cliError(notBcf).line);
  // Topics about elements the scan does not have are reported.
  assertEquals((await cli(home, ["import", FZK, "--id", "fzk"])).code, 0);
  const im = await cli(home, [
    "import",
    "bcf",
    sharedData("bcf/testcases-3.0/single-visible-space.bcf"),
    "--scan",
    "fzk",
  ]);
  assertEquals(im.code, 0, im.stderr);
  await assertGolden("bcf.cli.foreign_topics", {
    listed: printedOf,
    not_bcf: cliError(notBcf).line.replace(FZK, "<file>"),
    imported: im.stdout.trim().split("\n"),
  });
});
