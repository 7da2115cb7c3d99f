/** The tool reference (`docs/tools.md`), generated from the manifests. Never edited by hand. */
import type { ManifestJson } from "../core/catalog.ts";
import { fillLabels, fillsFromSelection } from "../core/fill.ts";

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
