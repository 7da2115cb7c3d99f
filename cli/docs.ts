/**
 * The tool reference (`docs/tools.md`), generated from the manifests, and the rule reference
 * (`docs/rules.md`), from the rule packs. Never edited by hand.
 */
import type { ManifestJson } from "../core/catalog.ts";
import { fillLabels, fillsFromSelection } from "../core/fill.ts";
import {
  formatLimit,
  type MeasureDef,
  MEASURES,
  type Rule,
  type RulePack,
  sectionLabel,
} from "../engines/geometry/rules/mod.ts";

/** Where `threshold docs` writes the reference. */
export const DOCS_FILE = new URL("../docs/tools.md", import.meta.url);

type Prop = Record<string, unknown> & { fill?: { from: string; key?: string } };

/**
 * A value for people: a slope as rise over run reads `1:12 (8.3 %)`, other numbers at most 4
 * significant digits; anything else as JSON.
 */
export function peopleValue(v: unknown, unit?: unknown): string {
  if (typeof v !== "number") return JSON.stringify(v);
  if (unit === "rise/run" && v > 0 && v < 1) {
    const run = 1 / v;
    const r = Math.abs(run - Math.round(run)) < 1e-6 ? String(Math.round(run)) : run.toFixed(1);
    return `1:${r} (${(v * 100).toFixed(1)} %)`;
  }
  return String(Number(v.toPrecision(4)));
}

/**
 * Where an input's value may come from, in fill order (core/fill.ts says it once); a default
 * reads as people read numbers ({@link peopleValue}).
 */
export function fillSources(p: Prop, required: boolean): string[] {
  return fillLabels(p, required).map((l) =>
    l.startsWith("default ") && p.default !== undefined
      ? `default ${peopleValue(p.default, p.unit)}`
      : l
  );
}

/** The properties and required list of a manifest's input schema. */
export function inputProps(m: ManifestJson): { name: string; p: Prop; required: boolean }[] {
  const s = m.inputs as { properties?: Record<string, Prop>; required?: string[] };
  return Object.entries(s.properties ?? {}).map(([name, p]) => ({
    name,
    p,
    required: (s.required ?? []).includes(name),
  }));
}

/** The whole reference as Markdown, in id order. */
export function toolsMarkdown(manifests: ManifestJson[]): string {
  const tools = [...manifests].sort((a, b) => String(a.id).localeCompare(String(b.id)));
  const out: string[] = [
    "# Tool reference",
    "",
    "Generated from the tool manifests by `threshold docs`; do not edit by hand.",
    "",
    ...tools.map((t) => `- [\`${t.id}\`](#${t.id}): ${t.summary}`),
    "",
  ];
  for (const t of tools) {
    const requires = t.requires as { layer: string; optional?: boolean }[];
    out.push(`## ${t.id}`, "", `**${t.title}.** ${t.summary}`, "", String(t.model_description), "");
    out.push(`- Audience: ${(t.audience as string[]).join(", ")}`);
    out.push(
      `- Requires: ${
        requires.map((r) => `\`${r.layer}\`${r.optional ? " (optional)" : ""}`).join(", ") ||
        "nothing"
      }`,
    );
    out.push(`- Blocks: ${(t.blocks as string[]).join(", ")}`);
    out.push(`- Draws: ${(t.draws as string[]).join(", ") || "nothing"}`);
    if ((t.subjects as string[] | undefined)?.length) {
      out.push(`- Takes: ${(t.subjects as string[]).join(", ")}`);
    }
    const asked = (t.questions ?? []) as string[];
    if (asked.length) {
      out.push(`- Answers questions such as: ${asked.slice(0, 3).map((q) => `“${q}”`).join(" ")}`);
    }
    for (const ex of (t.examples ?? []) as Record<string, unknown>[]) {
      const args = Object.entries(ex).map(([k, v]) =>
        `--set ${k}=${typeof v === "string" ? v : JSON.stringify(v)}`
      );
      const scan = inputProps(t).some(({ p }) => fillsFromSelection(p)) ? " --scan demo" : "";
      out.push(`- Example: \`threshold run ${t.id}${scan} ${args.join(" ")}\``);
    }
    out.push("");
    out.push("| Input | Type | Default | Unit | Filled from | Asks |", "|---|---|---|---|---|---|");
    for (const { name, p, required } of inputProps(t)) {
      const type = Array.isArray(p.enum)
        ? (p.enum as unknown[]).join(" \\| ")
        : String(p.type ?? "any");
      const range = [
        p.minimum !== undefined ? `≥ ${p.minimum}` : "",
        p.exclusiveMinimum !== undefined ? `> ${p.exclusiveMinimum}` : "",
        p.maximum !== undefined ? `≤ ${p.maximum}` : "",
      ].filter(Boolean).join(", ");
      out.push(
        `| \`${name}\` | ${type}${range ? ` (${range})` : ""} | ${
          p.default === undefined ? "—" : `\`${JSON.stringify(p.default)}\``
        } | ${p.unit ?? ""} | ${fillSources(p, required).join(" → ")} | ${
          String(p.ask ?? "").replaceAll("|", "\\|")
        } |`,
      );
    }
    out.push("");
  }
  return out.join("\n");
}

/** Where `threshold docs` writes the rule reference. */
export const RULES_DOCS_FILE = new URL("../docs/rules.md", import.meta.url);

/** What a rule's status letter means (shared/reference/rules-and-sun.md). */
const STATUS_WORDS: Record<Rule["status"], string> = {
  V: "verified (the value seen verbatim in the source)",
  S: "verified from a secondary source",
  U: "unverified (it warns, never fails alone)",
};

/** A pack's heading in the rule reference. */
const packHeading = (p: RulePack) => `${p.id}: ${p.title}`;

/** A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces to hyphens. */
function anchor(heading: string): string {
  return heading.toLowerCase().replace(/[^\p{L}\p{N} _-]/gu, "").replace(/ /g, "-");
}

/** A pack's rules as Markdown lines: id, paragraph, edition, status, limit, source and quote. */
function packRulesMarkdown(p: RulePack): string[] {
  const out: string[] = [`## ${packHeading(p)}`, "", `${p.edition}. ${p.jurisdiction}.`, ""];
  if (p.scope) out.push(`Scope: ${p.scope.buildings}.`, "");
  if (p.door_leaf_allowance) {
    const la = p.door_leaf_allowance;
    out.push(
      `Door leaf allowance: ${la.printed} (${STATUS_WORDS[la.status]}; ${la.citation}).`,
      "",
    );
  }
  for (const r of p.rules) {
    const unit = (MEASURES[r.measure] as MeasureDef).unit;
    const edition = r.section_edition
      ? `${r.edition} (${r.section_edition} numbering${
        r.source_edition ? `; values checked against ${r.source_edition} text` : ""
      })`
      : r.source_edition
      ? `${r.edition} (values checked against ${r.source_edition} text)`
      : r.edition;
    out.push(
      `### ${r.id}`,
      "",
      `**${r.title}.** ${r.comparator === ">=" ? "At least" : "At most"} ${
        r.limit.printed ?? formatLimit(r.limit, unit)
      }.`,
      "",
      `- Pack: ${p.id}`,
      `- Paragraph: ${sectionLabel(r)}`,
      `- Edition: ${edition}`,
      `- Status: ${STATUS_WORDS[r.status]}`,
      `- Source: ${r.citation}`,
      "",
      ...(r.quote
        ? r.quote.split("\n").map((l) => `> ${l}`)
        : ["No quote of the paragraph is recorded in the pack."]),
      "",
    );
  }
  return out;
}

/**
 * The rule reference (`docs/rules.md`) from the built-in packs' data: every rule with its
 * pack, paragraph, edition, status (verified or not), source and the paragraph quoted.
 */
export function rulesMarkdown(packs: RulePack[]): string {
  const rules = packs.reduce((n, p) => n + p.rules.length, 0);
  const quoted = packs.reduce((n, p) => n + p.rules.filter((r) => r.quote).length, 0);
  const out: string[] = [
    "# Rule reference",
    "",
    "Generated from the rule packs (`engines/geometry/packs/*.json`) by `threshold docs`; do not " +
    "edit by hand.",
    "",
    `${rules} rules in ${packs.length} packs; ${quoted} with the paragraph quoted. Status V: ` +
    "the value seen verbatim in the source; S: in a secondary source; U: unverified, so it " +
    "warns and never makes a fail alone.",
    "",
    ...packs.map((p) =>
      `- [${p.id}](#${anchor(packHeading(p))}): ${p.title}, ${p.rules.length} rules`
    ),
    "",
  ];
  for (const p of packs) out.push(...packRulesMarkdown(p));
  return out.join("\n").replace(/\n+$/, "\n");
}
