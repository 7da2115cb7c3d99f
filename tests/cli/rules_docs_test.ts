/**
 * docs/rules.md (the rule reference) is generated from the rule packs' data (cli/docs.ts
 * rulesMarkdown, written by `threshold docs`): it is up to date with the packs, lists every
 * rule with its pack, paragraph, edition, status and source, and quotes the paragraph of
 * every rule issue 25 changed or added, unless the rule is unverified (no text found).
 */
import { assert, assertEquals } from "../_assert.ts";
import { BUILTIN_PACK_IDS, builtinPack } from "../../engines/geometry/packs.ts";
import { RULES_DOCS_FILE, rulesMarkdown } from "../../cli/docs.ts";

const packs = BUILTIN_PACK_IDS.map((id) => builtinPack(id)!);

/**
 * The rules issue 25 changed or added: the 30 added and the 7 mended in its first session,
 * and those its second session added (ADA 403.5.2–3, FHA 7(2)(b)(iv), ADK guarding, M4(3)
 * ramps and bedroom zones, the M4(2) WC zone).
 */
export const ISSUE_25_RULES = [
  // added, first session
  "ada-404.2.6",
  "ada-405.3",
  "ada-405.7.4",
  "ada-405.8",
  "ada-604.3.1",
  "adk-1-stair-handrail",
  "adk-2-ramp-handrail",
  "adm1-m4-1-wc",
  "adm1-m4-2-bedroom",
  "adm1-m4-2-nib",
  "adm1-m4-2-switches",
  "adm1-m4-2-switches-max",
  "adm1-m4-3-kitchen",
  "adm2-1.26-landing",
  "fha-req3-exterior",
  "fha-req5-controls",
  "fha-req5-controls-max",
  "fha-req6-grab-bar",
  "fha-req7a-range",
  "fha-req7a-u-kitchen",
  "irc-R310.1-attic",
  "irc-R310.1-attic-grade",
  "irc-R310.2.3",
  "irc-R311.7.5-uniformity",
  "irc-R311.7.6",
  "irc-R311.7.8",
  "irc-R311.8.2",
  "irc-R311.8.3",
  "irc-R312.1",
  "irc-R312.2",
  // mended, first session
  "irc-R310.1-basement",
  "irc-R310.1-basement-grade",
  "adm1-m4-2-kitchen",
  "adk-2-ramp",
  "adm2-1.26-slope",
  "adm1-m4-3-entrance",
  "adm1-m4-2-threshold",
  "ada-404.2.4.1",
  "adm1-m4-3-door",
  "adm1-m4-3-hallway",
  "adm2-3.14",
  "fha-req7a-kitchen-40",
  "fha-req7b-clear-floor",
  // added, second session
  "ada-403.5.2",
  "ada-403.5.3",
  "fha-req7b-wc-grab-side",
  "fha-req7b-wc-other-side",
  "adk-3.2-balcony-guard",
  "adk-3.2-landing-guard",
  "adk-3.3-guard-openings",
  "adk-1.41-stair-guard",
  "adm1-m4-3-ramp",
  "adm1-m4-3-ramp-width",
  "adm1-m4-3-bedroom",
  "adm1-m4-2-wc-zone",
];

Deno.test("docs/rules.md is up to date with the packs (run `deno task docs`)", async () => {
  const md = await Deno.readTextFile(RULES_DOCS_FILE);
  assert(md === rulesMarkdown(packs), "docs/rules.md is stale: run `deno task docs`");
});

Deno.test("docs/rules.md lists every rule with its pack, paragraph, edition and status", () => {
  const md = rulesMarkdown(packs);
  const sections = md.split(/^### /m).slice(1);
  const all = packs.flatMap((p) => p.rules.map((r) => ({ p, r })));
  assertEquals(sections.length, all.length);
  all.forEach(({ p, r }, i) => {
    const s = sections[i];
    assertEquals(s.split("\n")[0], r.id);
    // Its "- Key: value" lines, as data.
    const fields = new Map(
      s.split("\n").filter((l) => l.startsWith("- ") && l.includes(": ")).map((l) => [
        l.slice(2, l.indexOf(": ")),
        l.slice(l.indexOf(": ") + 2),
      ]),
    );
    assertEquals(fields.get("Pack"), p.id, `${r.id}: its pack`);
    assert(fields.get("Paragraph")?.startsWith(r.section), `${r.id}: its paragraph`);
    assert(fields.get("Edition")?.startsWith(r.edition), `${r.id}: its edition`);
    assertEquals(fields.get("Source"), r.citation, `${r.id}: its source`);
    assertEquals(
      fields.get("Status")?.startsWith("unverified"),
      r.status === "U",
      `${r.id}: its status`,
    );
    if (r.quote) assert(s.includes(`> ${r.quote.split("\n")[0]}`), `${r.id}: its quote`);
    // The IRC pack's values are 2018 text and its sections 2018 numbering, said per rule.
    if (p.id === "irc-2021") assert(s.includes("(2018 numbering"), `${r.id}: 2018 numbering`);
  });
});

Deno.test("every rule issue 25 changed or added quotes its paragraph, or is unverified", () => {
  const byId = new Map(packs.flatMap((p) => p.rules.map((r) => [r.id, r] as const)));
  const missing = ISSUE_25_RULES.filter((id) => !byId.has(id));
  assertEquals(missing, [], "every listed rule is in a pack");
  const unquoted = ISSUE_25_RULES.filter((id) =>
    !byId.get(id)!.quote && byId.get(id)!.status !== "U"
  );
  assertEquals(unquoted, [], "a verified rule changed or added in issue 25 carries its quote");
});
