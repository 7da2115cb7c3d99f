/** The tool reference (`docs/tools.md`), generated from the manifests. Never edited by hand. */
import { inputMeta, inputsJsonSchema, type Manifest } from "../core/manifest.ts";
import type { Registry } from "../core/registry.ts";

/** Where `threshold docs` writes the reference. */
export const DOCS_FILE = new URL("../docs/tools.md", import.meta.url);

function fillText(m: Manifest, name: string): string {
  const meta = inputMeta((m.inputs.shape as Record<string, never>)[name]);
  const f = meta.fill;
  const sources = ["`--set`"];
  if (f?.from === "selection") sources.push("selected scan (`threshold use`, `--scan`)");
  if (f?.from === "preference") sources.push(`preference \`${f.key}\``, `persona \`${f.key}\``);
  if (f?.from === "persona") sources.push(`persona \`${f.key}\``);
  return sources.join(" → ");
}

/** The whole reference as Markdown, in registry (id) order. */
export function toolsMarkdown(reg: Registry): string {
  const out: string[] = [
    "# Tool reference",
    "",
    "Generated from the tool manifests by `threshold docs`; do not edit by hand.",
    "",
    ...reg.tools.map((t) => `- [\`${t.id}\`](#${t.id}): ${t.summary}`),
    "",
  ];
  for (const t of reg.tools) {
    const schema = inputsJsonSchema(t) as {
      properties?: Record<string, Record<string, unknown>>;
      required?: string[];
    };
    out.push(`## ${t.id}`, "", `**${t.title}.** ${t.summary}`, "", t.model_description, "");
    out.push(`- Audience: ${t.audience.join(", ")}`);
    out.push(
      `- Requires: ${
        t.requires.map((r) => `\`${r.layer}\`${r.optional ? " (optional)" : ""}`).join(", ") ||
        "nothing"
      }`,
    );
    out.push(`- Blocks: ${t.blocks.join(", ")}`);
    out.push(`- Draws: ${t.draws.join(", ") || "nothing"}`, "");
    out.push("| Input | Type | Default | Unit | Filled from | Asks |", "|---|---|---|---|---|---|");
    for (const [name, p] of Object.entries(schema.properties ?? {})) {
      const type = Array.isArray(p.enum)
        ? (p.enum as unknown[]).join(" \\| ")
        : String(p.type ?? "any");
      const range = [
        p.minimum !== undefined ? `≥ ${p.minimum}` : "",
        p.maximum !== undefined ? `≤ ${p.maximum}` : "",
      ].filter(Boolean).join(", ");
      out.push(
        `| \`${name}\` | ${type}${range ? ` (${range})` : ""} | ${
          p.default === undefined ? "—" : `\`${JSON.stringify(p.default)}\``
        } | ${p.unit ?? ""} | ${fillText(t, name)} | ${
          String(p.ask ?? "").replaceAll("|", "\\|")
        } |`,
      );
    }
    out.push("");
  }
  return out.join("\n");
}
