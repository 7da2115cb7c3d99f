/**
 * `threshold tools`, `show <tool>`, `schema <what>` and `docs`: what the tools are, from the
 * catalog and the manifests.
 * @module
 */
import { termWidth, wrapIndented } from "../layout.ts";
import { InputError } from "../../ground/errors.ts";
import { listManifests } from "../../core/catalog.ts";
import { later } from "../../core/later.ts";
import { err, EXIT, L, out, type Register, registry, tableOf } from "../common.ts";

/** The reference's helpers (`show`, `docs`), loaded when used: `tools` runs from the catalog. */
const docsModule = () => later<typeof import("../docs.ts")>(new URL("../docs.ts", import.meta.url));

/** What each data layer is, in words for people (`show`). */
const LAYER_WORDS: Record<string, string> = {
  "plan.rooms": "rooms",
  "plan.heights": "room heights",
  "plan.openings": "doors, windows and openings",
  "plan.doors": "doors",
  "plan.windows": "windows",
  "plan.verticals": "stairs, ramps and lifts",
  "plan.objects": "furniture",
  "plan.sweeps": "panoramas",
  "plan.nav": "a navigation graph",
  "site.location": "the site's latitude and longitude",
  "site.elevation": "an elevation raster of the site",
  "site.imagery": "aerial imagery of the site",
};

/** An input's allowed values in words, from its JSON Schema: choices, a range, or its type. */
function allowedValues(p: Record<string, unknown>): string {
  if (Array.isArray(p.enum)) return p.enum.map(String).join(" | ");
  if (p.type === "boolean") return "true | false";
  const lo = p.minimum ?? p.exclusiveMinimum, hi = p.maximum ?? p.exclusiveMaximum;
  if (p.type === "number" || p.type === "integer") {
    const kind = p.type === "integer" ? "a whole number" : "a number";
    if (lo !== undefined && hi !== undefined) return `${kind} ${lo} to ${hi}`;
    if (lo !== undefined) return `${kind} from ${lo}`;
    if (hi !== undefined) return `${kind} up to ${hi}`;
    return kind;
  }
  if (p.type === "string") return p.format === "date" ? "a date (YYYY-MM-DD)" : "text";
  if (Array.isArray(p.anyOf)) {
    return (p.anyOf as Record<string, unknown>[]).map(allowedValues).join(", or ");
  }
  return String(p.type ?? "any");
}

/** `tools`: every tool, as a table or as manifests. */
export const tools: Register = (p, { listing }) => {
  p.command("tools").description("List every tool")
    .option("--json", "manifests with input JSON Schemas")
    .action(listing(async (o: { json?: boolean }) => {
      const list = await listManifests();
      if (o.json) return out(JSON.stringify(list, null, 2));
      out(tableOf(
        ["Tool", "Title", "Summary", "For"],
        list.map((t) =>
          [t.id, t.title, t.summary, (t.audience as string[]).join(", ")].map(String)
        ),
      ));
    }));
};

/** `show <tool>`: one tool and where each input comes from. */
export const show: Register = (p, { listing }) => {
  p.command("show <tool>").description("Show one tool and where each input comes from")
    .option("--json", "the manifest as JSON")
    .action(listing(async (id: string, o: { json?: boolean }) => {
      const list = await listManifests();
      const m = list.find((t) => t.id === id);
      if (!m) {
        throw new InputError(
          "tool",
          `no tool ${JSON.stringify(id)}; tools: ${list.map((t) => t.id).join(", ")}`,
        );
      }
      if (o.json) return out(JSON.stringify(m, null, 2));
      const requires = m.requires as { layer: string; optional?: boolean }[];
      const width = termWidth();
      out(`${m.title} (${m.id})\n${wrapIndented(String(m.summary), width, "")}\n`);
      out(`${wrapIndented(String(m.model_description), width, "")}\n`);
      out(wrapIndented((m.audience as string[]).join(", "), width, "For: "));
      out(
        wrapIndented(
          requires.map((r) => (LAYER_WORDS[r.layer] ?? r.layer) + (r.optional ? " (if any)" : ""))
            .join(", ") ||
            "nothing",
          width,
          "Needs from the scan: ",
        ) + "\n",
      );
      // The reference's helpers load only here and in `docs`: `tools` runs from the catalog.
      const { fillSources, inputProps } = await docsModule();
      const rows = inputProps(m).map(({ name, p, required }) => [
        name,
        allowedValues(p),
        String(p.unit ?? ""),
        fillSources(p, required).join(" → "),
        String(p.ask ?? p.description ?? ""),
      ]);
      out(tableOf(["Input", "Allowed values", "Unit", "Filled from (in order)", "Asks"], rows));
    }));
};

/** `schema plan`: the plan's JSON Schema. */
export const schema: Register = (p, { act }) => {
  p.command("schema <what>").description("Print a JSON Schema (plan)").action(
    act((what: string) => {
      if (what !== "plan") {
        throw new InputError("what", `unknown schema ${JSON.stringify(what)}; schemas: plan`);
      }
      out(JSON.stringify(L.planJsonSchema(), null, 2));
    }),
  );
};

/** `docs [--check]`: docs/tools.md from the manifests, docs/rules.md from the rule packs. */
export const docs: Register = (p, { act }) => {
  p.command("docs").description(
    "Write docs/tools.md (the tool reference) from the manifests and docs/rules.md (the rule reference) from the rule packs",
  )
    .option("--check", "exit 1 when docs/tools.md or docs/rules.md is stale")
    .action(act(async (o: { check?: boolean }) => {
      const { DOCS_FILE, RULES_DOCS_FILE, rulesMarkdown, toolsMarkdown } = await docsModule();
      const { BUILTIN_PACK_IDS, builtinPack } = await later<
        typeof import("../../engines/geometry/packs.ts")
      >(new URL("../../engines/geometry/packs.ts", import.meta.url));
      const files: [URL, string][] = [
        [DOCS_FILE, toolsMarkdown((await registry()).tools.map(L.manifestJson))],
        [RULES_DOCS_FILE, rulesMarkdown(BUILTIN_PACK_IDS.map((id) => builtinPack(id)!))],
      ];
      if (o.check) {
        for (const [file, md] of files) {
          if ((await Deno.readTextFile(file).catch(() => "")) !== md) {
            const name = file.pathname.split("/").slice(-2).join("/");
            err(`${name} is stale: run \`threshold docs\` (deno task docs)`);
            return EXIT.error;
          }
        }
        return out("docs/tools.md and docs/rules.md are up to date");
      }
      for (const [file, md] of files) {
        await Deno.writeTextFile(file, md);
        out(`wrote ${file.pathname}`);
      }
    }));
};
