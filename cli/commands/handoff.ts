/**
 * Handing results on: `threshold export bcf` (findings as BCF for BIM tools), `threshold import
 * bcf` (statuses from a BIM tool back; dispatched from `import`, cli/commands/scans.ts), and
 * `threshold report` (one printable document). The work is in handoff/; this file translates
 * flags and prints.
 * @module
 */
import { InputError } from "../../ground/errors.ts";
import { readRegularFile } from "../../core/files.ts";
import { err, out, type Register, store, tableOf } from "../common.ts";

const list = (v: string | undefined) =>
  v === undefined ? undefined : v.split(",").map((s) => s.trim()).filter(Boolean);

/** `export bcf`: a scan's findings as a BCF file. */
export const exportCommand: Register = (p, { act }) => {
  const exp = p.command("export").description("Hand findings on to other programs (bcf)");
  exp.command("bcf").description(
    "Write a scan's findings as a BCF file (3.0, or 2.1 with --bcf 2.1) for BIM tools",
  )
    .requiredOption("--scan <sid>", "the scan whose findings to export")
    .requiredOption("--out <file>", "the .bcfzip (or .bcf) file to write")
    .option("--tools <ids>", "only these tools' findings (comma-separated)")
    .option(
      "--status <list>",
      "open, resolved, rejected and/or fail, too-close, info (comma-separated; default all)",
    )
    .option("--bcf <version>", "BCF version: 3.0 or 2.1", "3.0")
    .option("--no-snapshots", "leave the plan pictures out")
    .option("--json", "print what was written as JSON")
    .action(act(async (o: {
      scan: string;
      out: string;
      tools?: string;
      status?: string;
      bcf?: string;
      snapshots?: boolean;
      json?: boolean;
    }) => {
      const { bcfVersion, exportBcf } = await import("../../handoff/bcf.ts");
      const { parseStatusFilter } = await import("../../handoff/findings.ts");
      const version = bcfVersion(o.bcf);
      const filter = { ...parseStatusFilter(list(o.status)), tools: list(o.tools) };
      const r = await exportBcf({
        store: store(),
        scan: o.scan,
        filter,
        version,
        snapshots: o.snapshots !== false,
      });
      await Deno.writeFile(o.out, r.bytes);
      if (o.json) {
        return out(JSON.stringify(
          { out: o.out, version: r.version, bytes: r.bytes.length, ...r.counts },
          null,
          2,
        ));
      }
      const c = r.counts;
      out(
        `Wrote ${o.out}: BCF ${r.version}, ${c.topics} topic${
          c.topics === 1 ? "" : "s"
        } from scan ${o.scan} (${c.with_components} with IFC components, ${c.with_camera} with a camera, ${c.with_snapshot} with a snapshot)`,
      );
      if (!c.topics) {
        out(
          `Scan ${o.scan} has no findings${
            filter.tools || filter.statuses || filter.severities ? " that match" : ""
          }: run tools on it first (threshold run <tool> --scan ${o.scan}).`,
        );
      }
    }));
};

/** `report`: one printable document about a scan. */
export const reportCommand: Register = (p, { act }) => {
  p.command("report").description(
    "Write one printable document (HTML or PDF) with every tool's answer on a scan",
  )
    .requiredOption("--scan <sid>", "the scan to report on")
    .requiredOption("--out <file>", "report.html or report.pdf")
    .option("--tools <ids>", "only these tools (comma-separated)")
    .option("--no-run", "report only the stored runs; run no tool that has none")
    .action(act(async (o: { scan: string; out: string; tools?: string; run?: boolean }) => {
      const { writeReport } = await import("../../handoff/report.ts");
      const r = await writeReport({
        store: store(),
        scan: o.scan,
        out: o.out,
        tools: list(o.tools),
        runMissing: o.run !== false,
        step: (s) => err(s),
      });
      out(
        `Wrote ${o.out} (${r.format.toUpperCase()}): ${r.tools} tool${
          r.tools === 1 ? "" : "s"
        }, ${r.findings} finding${r.findings === 1 ? "" : "s"}, ${r.pictures} picture${
          r.pictures === 1 ? "" : "s"
        }${r.not_run.length ? `; not run: ${r.not_run.join("; ")}` : ""}`,
      );
    }));
};

/** `threshold import bcf FILE --scan SID` and `--list` (from the `import` command). */
export async function importBcf(
  file: string | undefined,
  o: { scan?: string; list?: boolean; dryRun?: boolean; json?: boolean },
): Promise<number> {
  if (!file) {
    throw new InputError(
      "file",
      "give the BCF file: threshold import bcf FILE --scan SID (or --list to see its topics)",
    );
  }
  const { readBcf, topicComponents } = await import("../../layers/bcf/mod.ts");
  const bytes = await readRegularFile(file, {
    input: "file",
    max_bytes: 512 * 1024 * 1024,
    what: "BCF file",
  });
  if (o.list) {
    const bcf = readBcf(bytes, file);
    if (o.json) {
      out(JSON.stringify(listJson(bcf, topicComponents), null, 2));
      return 0;
    }
    out(
      `${file}: BCF ${bcf.version}, ${bcf.topics.length} topic${
        bcf.topics.length === 1 ? "" : "s"
      }${bcf.project?.name ? ` (project ${bcf.project.name})` : ""}${
        bcf.model_file ? `, about ${bcf.model_file}` : ""
      }`,
    );
    if (bcf.topics.length) {
      out(tableOf(
        ["Title", "Status", "Type", "Labels", "Components"],
        bcf.topics.map((t) => {
          const comps = topicComponents(t);
          return [
            t.title,
            t.status,
            t.type,
            t.labels.join(", "),
            comps.length ? `${comps.length}: ${comps.join(", ")}` : "none",
          ];
        }),
      ));
    }
    return 0;
  }
  if (!o.scan) {
    throw new InputError(
      "--scan",
      "say which scan the BCF file's topics are about (or use --list)",
    );
  }
  const { importBcf: apply, importSentences } = await import("../../handoff/bcf.ts");
  const r = apply({ store: store(), scan: o.scan, bytes, name: file, dryRun: o.dryRun });
  if (o.json) {
    out(JSON.stringify({ applied: r.applied, ...r.plan }, null, 2));
    return 0;
  }
  for (const line of importSentences(r, o.scan)) out(line);
  return 0;
}

function listJson(
  bcf: import("../../layers/bcf/model.ts").BcfFile,
  components: (t: import("../../layers/bcf/model.ts").BcfTopic) => string[],
) {
  return {
    version: bcf.version,
    project: bcf.project,
    model_file: bcf.model_file,
    topics: bcf.topics.map((t) => ({
      guid: t.guid,
      title: t.title,
      status: t.status,
      type: t.type,
      priority: t.priority,
      labels: t.labels,
      reference_links: t.reference_links,
      components: components(t),
      comments: t.comments.length,
      viewpoints: t.viewpoints.length,
    })),
  };
}
