/**
 * The printable report of a scan, for every surface: each tool's latest stored run on the
 * scan (a tool with none is run now, as the person's active persona; one that would need
 * answers is listed as not run, with what it needs), the stored findings with their statuses
 * and reasons, drawn by render/report.tsx as HTML, and as PDF through headless Chromium
 * (handoff/pdf.ts).
 */
import { InputError } from "../ground/errors.ts";
import { listWords } from "../ground/text.ts";
import { requirePlan } from "../core/context.ts";
import { listManifests, loadTool } from "../core/catalog.ts";
import type { ToolResult } from "../core/result.ts";
import type { Store } from "../core/store.ts";
import { BUILTIN_SCANS } from "../layers/builtin.ts";
import { reportHtml, type ReportInput, type ReportTool } from "../render/report.tsx";

type ManifestJson = Awaited<ReturnType<typeof listManifests>>[number];

/** The scan a run was on: its scan input, else its place (site tools), else none. */
function runScan(r: { scan?: string; inputs: Record<string, unknown> }): string | undefined {
  if (r.scan) return r.scan;
  const place = r.inputs.place as { value?: unknown } | string | undefined;
  const v = typeof place === "object" ? place?.value : place;
  return typeof v === "string" ? v : undefined;
}

/** The input a tool takes its building from: a scan input, else `place`. */
function targetInput(m: ManifestJson): string | undefined {
  const props = ((m.inputs as { properties?: Record<string, Record<string, unknown>> })
    ?.properties) ?? {};
  const scan = Object.entries(props).find(([, p]) =>
    (p["x-fill"] as { from?: string } | undefined)?.from === "selection" ||
    (p.fill as { from?: string } | undefined)?.from === "selection"
  )?.[0];
  if (scan) return scan;
  if ("scan" in props) return "scan";
  if ("place" in props) return "place";
  return undefined;
}

/**
 * What the report says about a scan. `tools` limits it (unknown ids are an InputError naming
 * `--tools`); `runMissing` runs the tools that have no stored run on the scan.
 */
export async function reportInput(opts: {
  store: Store;
  scan: string;
  tools?: string[];
  runMissing?: boolean;
  step?: (s: string) => void;
  /** Where the manifest listing is cached, and the tools folder (the web view's own). */
  home?: string;
  toolsDir?: URL;
}): Promise<ReportInput> {
  const { store, scan } = opts;
  const { plan } = requirePlan({ store, builtins: BUILTIN_SCANS }, scan, "--scan");
  let manifests = await listManifests({
    ...(opts.home ? { home: opts.home } : {}),
    ...(opts.toolsDir ? { dir: opts.toolsDir } : {}),
  });
  if (opts.tools) {
    const bad = opts.tools.filter((t) => !manifests.some((m) => m.id === t));
    if (bad.length) {
      throw new InputError(
        "--tools",
        `unknown tool ${bad.map((b) => JSON.stringify(b)).join(", ")}; tools: ${
          manifests.map((m) => m.id).join(", ")
        }`,
      );
    }
    manifests = opts.tools.map((t) => manifests.find((m) => m.id === t)!);
  }
  const tools: ReportTool[] = [];
  for (const m of manifests) {
    const id = String(m.id);
    const base = {
      id,
      title: String(m.title),
      summary: String(m.summary),
      plan_view: (m.blocks as string[]).includes("PlanView"),
    };
    const target = targetInput(m);
    if (!target) {
      tools.push({ ...base, not_run: "this tool takes no building", findings: [] });
      continue;
    }
    const last = store.listRuns({ tool: id }).find((r) => runScan(r) === scan);
    let result: ToolResult | undefined;
    let ran_at: string | undefined;
    let not_run: string | undefined;
    if (last) {
      result = store.getRun(last.id)?.result;
      ran_at = last.started_at;
    } else if (opts.runMissing) {
      opts.step?.(`running ${id} on ${scan} (no stored run)`);
      const outcome = await runNow(store, id, target, scan);
      if (outcome.result) {
        result = outcome.result;
        ran_at = new Date().toISOString();
      } else not_run = outcome.why;
    } else not_run = `no stored run on this scan (threshold run ${id} --scan ${scan})`;
    const findings = store.listFindings({ scan, tool: id, all: true }).map((f) => ({
      id: f.id,
      title: f.title,
      status: f.status,
      ...(f.detail ? { detail: f.detail } : {}),
      ...(f.reason ? { reason: f.reason } : {}),
      ...(() => {
        const sev = result?.findings.find((x) => x.id === f.id)?.severity;
        return sev ? { severity: sev } : {};
      })(),
    }));
    tools.push({
      ...base,
      ...(result ? { result } : {}),
      ...(ran_at ? { ran_at } : {}),
      ...(not_run ? { not_run } : {}),
      findings,
    });
  }
  const row = store.listScans().find((s) => s.id === scan);
  return {
    scan,
    plan,
    generated_at: new Date().toISOString(),
    ...(row ? { imported_at: row.imported_at } : {}),
    tools,
  };
}

/** Runs one tool on the scan as the active persona; a result, or why there is none. */
async function runNow(
  store: Store,
  id: string,
  input: string,
  scan: string,
): Promise<{ result?: ToolResult; why?: string }> {
  const [{ createSession }, { activePersona }] = await Promise.all([
    import("../core/session.ts"),
    import("../presets/personas.ts"),
  ]);
  const m = await loadTool(id);
  const persona = activePersona(store);
  try {
    const s = await createSession(m, {
      store,
      builtins: BUILTIN_SCANS,
      ...(persona ? { persona } : {}),
      set: { [input]: scan },
    }).run();
    if (s.status === "done") return { result: s.result };
    return {
      why: `it needs ${
        listWords(s.questions.map((q) => q.label))
      }, which nothing fills: threshold run ${id} --scan ${scan} asks for ${
        s.questions.length === 1 ? "it" : "them"
      }`,
    };
  } catch (e) {
    return { why: `could not run: ${(e as Error).message}` };
  }
}

/** The output format a file name asks for. */
export function reportFormat(out: string): "html" | "pdf" {
  const ext = out.toLowerCase().split(".").pop();
  if (ext === "html" || ext === "htm") return "html";
  if (ext === "pdf") return "pdf";
  throw new InputError("--out", `must end in .html or .pdf, got ${JSON.stringify(out)}`);
}

/** Writes the report to `out` (.html or .pdf); returns what it holds. */
export async function writeReport(opts: {
  store: Store;
  scan: string;
  out: string;
  tools?: string[];
  runMissing?: boolean;
  step?: (s: string) => void;
}): Promise<
  { format: "html" | "pdf"; tools: number; findings: number; pictures: number; not_run: string[] }
> {
  const format = reportFormat(opts.out);
  const input = await reportInput(opts);
  const html = reportHtml(input);
  if (format === "pdf") {
    const { htmlToPdf } = await import("./pdf.ts");
    await Deno.writeFile(opts.out, await htmlToPdf(html));
  } else await Deno.writeTextFile(opts.out, html);
  return {
    format,
    tools: input.tools.filter((t) => t.result).length,
    findings: input.tools.reduce((n, t) => n + t.findings.length, 0),
    pictures: (html.match(/<img /g) ?? []).length,
    not_run: input.tools.filter((t) => t.not_run).map((t) => `${t.id} (${t.not_run})`),
  };
}

/** The report as bytes in a format (the web's downloads). */
export async function reportBytes(
  opts: {
    store: Store;
    scan: string;
    tools?: string[];
    runMissing?: boolean;
    home?: string;
    toolsDir?: URL;
  },
  format: "html" | "pdf",
): Promise<Uint8Array> {
  const html = reportHtml(await reportInput(opts));
  if (format === "html") return new TextEncoder().encode(html);
  const { htmlToPdf } = await import("./pdf.ts");
  return await htmlToPdf(html);
}
