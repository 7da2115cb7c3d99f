#!/usr/bin/env -S deno run -A
/**
 * The `threshold` command. Exit codes: 0 ran, 1 error, 2 usage (bad input), 3 needs input.
 * `deno run -A cli.ts …` behaves exactly like the installed command.
 * @module
 */
import { Command, CommanderError } from "npm:commander@15.1.0";
import { fitTable, termWidth, wrapIndented } from "./cli/layout.ts";
import { join, resolve } from "node:path";
import { CancelledError, InputError, RegistryError, StoreError } from "./ground/errors.ts";
import type { Manifest } from "./core/manifest.ts";
import type { Registry } from "./core/registry.ts";
import { listManifests, loadTool } from "./core/catalog.ts";
import type { Plan } from "./ground/plan.ts";
import type { Session, SessionQuestion, SessionState } from "./core/session.ts";
import type { ToolResult } from "./core/result.ts";
import type { SiteInfo } from "./ground/site.ts";
import { defaultHome, openStoreAt, type Store, storeLocation } from "./core/store.ts";
import { printable, printableDeep, printableLine } from "./core/printable.ts";
import type * as Lib from "./cli/lib.ts";
import type { AskFlags } from "./cli/ask.ts";
import { paint, renderResult, useColor } from "./cli/render.ts";
import { fmtNumber } from "./ground/text.ts";
import { resultTable, toCsv } from "./render/table.ts";
import { DOCS_FILE, fillSources, inputProps, toolsMarkdown } from "./cli/docs.ts";
import type { BatchFlags, CliParts } from "./cli/batch.ts";

/** The heavy part of the command line, loaded by every command but the listings. */
let L: typeof Lib;
async function loadLib(): Promise<typeof Lib> {
  return (L ??= await import("./cli/lib.ts"));
}

/** Exit codes, documented in the README. */
export const EXIT = { ok: 0, error: 1, usage: 2, needsInput: 3 } as const;

class Exit extends Error {
  constructor(readonly code: number, message = "") {
    super(message);
  }
}

const out = (s: string) => console.log(s);
const err = (s: string) => console.error(s);

let storeCache: Store | undefined;
function store(): Store {
  return (storeCache ??= openStoreAt(storeLocation()));
}

function tableOf(head: string[], rows: (string | number)[][], noteColumns?: number[]): string {
  return fitTable(
    head,
    rows.map((r) =>
      r.map((c) => (typeof c === "number" ? fmtNumber(c) : printableLine(String(c))))
    ),
    { noteColumns },
  );
}

/** A site as rows for people: place, where it came from, then each stored fact. */
function siteRows(info: SiteInfo): string[][] {
  const from = {
    scan: "the scan's own site",
    coordinates: "coordinates given",
    store: "stored site",
  };
  const rows: string[][] = [
    ["Latitude", `${info.lat}°`],
    ["Longitude", `${info.lon}°`],
  ];
  if (info.address) rows.push(["Address", info.address]);
  if (info.elevation_m !== undefined) rows.push(["Elevation", `${info.elevation_m} m`]);
  if (info.north_deg !== undefined) {
    rows.push(["North", `the plan's +y axis points ${info.north_deg}° clockwise from true north`]);
  }
  if (info.id) rows.push(["Stored as", info.id]);
  if (info.scan) rows.push(["Scan", info.scan]);
  rows.push(["From", from[info.from] ?? info.from]);
  for (const [k, v] of Object.entries(info.record)) {
    rows.push([k, typeof v === "string" ? v : JSON.stringify(v)]);
  }
  return rows;
}

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

/** `key=value`: the value is JSON when it parses, else the plain string. */
function parseKv(kv: string, flag = "--set"): [string, unknown] {
  const i = kv.indexOf("=");
  if (i <= 0) throw new InputError(flag, `expected key=value, got ${JSON.stringify(kv)}`);
  const k = kv.slice(0, i).trim(), raw = kv.slice(i + 1);
  const v = parseValue(raw);
  if (typeof v === "number" && !Number.isFinite(v)) {
    throw new InputError(
      `${flag} ${k}`,
      `${raw} is too large to be a number (the largest is about 1.8e308)`,
    );
  }
  return [k, v];
}
function parseValue(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}
const collect = (v: string, prev: string[]) => [...prev, v];
/** A number flag's value, or an InputError naming the flag (core says which range is allowed). */
function numberFlag(flag: string, v: string): number {
  const n = v.trim() === "" ? NaN : Number(v);
  if (!Number.isFinite(n)) throw new InputError(flag, `must be a number, got ${JSON.stringify(v)}`);
  return n;
}

async function registry(): Promise<Registry> {
  return await L.loadRegistry();
}

// ---------------------------------------------------------------- run

interface RunFlags {
  scan?: string;
  place?: string;
  set: string[];
  persona?: string;
  json?: boolean;
  svg?: string;
  png?: string;
  csv?: string;
  chart?: string;
  pack?: string;
  /** PNG size: a scale (2 for twice the screen size, 4.17 for 300 dpi print) or a width. */
  scale?: string;
  width?: string;
}

/** `--scale` / `--width` as svgToPng options; bad values are errors naming the flag. */
function pngSize(f: { scale?: string; width?: string }): { scale?: number; width_px?: number } {
  if (f.scale !== undefined && f.width !== undefined) {
    throw new InputError("--scale", "give --scale or --width, not both");
  }
  if (f.scale !== undefined) {
    const v = Number(f.scale);
    if (!(v > 0 && v <= 20)) {
      throw new InputError(
        "--scale",
        `must be a number above 0 and at most 20 (2: twice the screen size; 4.17: 300 dpi print), got ${
          JSON.stringify(f.scale)
        }`,
      );
    }
    return { scale: v };
  }
  if (f.width !== undefined) {
    const v = Number(f.width);
    if (!Number.isInteger(v) || v < 16 || v > 20000) {
      throw new InputError(
        "--width",
        `must be a whole number of pixels from 16 to 20000, got ${JSON.stringify(f.width)}`,
      );
    }
    return { width_px: v };
  }
  return {};
}

/**
 * Asks a session's questions on the terminal: the sentence, unit, choices (numbered) and
 * default come from the question; reading and checking the answer, and saving it, are the
 * session's. Returns the answers and the inputs to save.
 */
function askOnTerminal(questions: SessionQuestion[], session: Session) {
  const answers: Record<string, unknown> = {};
  const save: string[] = [];
  for (const q of questions) {
    if (q.choices?.length) {
      err(q.choices.map((c, i) => `  ${i + 1}. ${printableLine(c.label)}`).join("\n"));
    }
    for (;;) {
      const raw = prompt(`${q.ask}${q.unit ? ` (${q.unit})` : ""}`);
      if (raw === null) throw new Exit(EXIT.needsInput, `no answer for ${q.input}`);
      let value: unknown;
      try {
        value = L.parseAnswer(session.manifest, q, raw);
      } catch (e) {
        if (!(e instanceof InputError)) throw e;
        err(`  ${printable(e.message)}`);
        continue;
      }
      answers[q.input] = value;
      const shown = printableLine(
        q.choices?.find((c) => c.value === value)?.label ?? raw.trim(),
      );
      if (
        q.save && confirm(
          q.save.as === "selection"
            ? `Select ${shown} for later runs?`
            : `Save ${shown} as your preference ${q.save.key}?`,
        )
      ) save.push(q.input);
      break;
    }
  }
  return { answers, save };
}

async function cmdRun(toolId: string, f: RunFlags): Promise<number> {
  const ids = (await listManifests()).map((t) => String(t.id));
  if (!ids.includes(toolId)) {
    throw new InputError("tool", `no tool ${JSON.stringify(toolId)}; tools: ${ids.join(", ")}`);
  }
  const m = await loadTool(toolId);
  const s = store();
  const set = L.targetInputs(m, Object.fromEntries(f.set.map((kv) => parseKv(kv))), {
    scan: f.scan,
    place: f.place,
    pack: f.pack === undefined ? undefined : resolve(f.pack),
  });
  if (f.pack !== undefined) {
    // A pack is a regular file of at most 10 MB: `--pack /dev/zero` is refused, not read.
    L.readRegularFileSync(resolve(f.pack), {
      input: "--pack",
      what: "pack file",
      max_bytes: L.DEFAULT_SMALL_FILE_MAX_MB * 1e6,
    });
  }
  const persona = L.activePersona(s, f.persona);
  const live = !f.json;
  const color = useColor();
  const session = L.createSession(m, {
    ...L.RUN_IO,
    store: s,
    builtins: L.BUILTIN_SCANS,
    set,
    persona,
  });
  session.subscribe((e) => {
    if (e.type === "step" && live) {
      err(paint(
        wrapIndented(
          printableLine(e.text),
          termWidth(),
          `  [${(e.elapsed_ms / 1000).toFixed(2)} s] `,
        ),
        "dim",
        color,
      ));
    }
  });
  let state = await session.run();
  if (state.status === "needs_input" && Deno.stdin.isTerminal() && !f.json) {
    const { answers, save } = askOnTerminal(state.questions, session);
    state = await session.answer(answers, { save });
  }
  if (state.status === "needs_input") {
    out(
      JSON.stringify({ status: "needs_input", tool: m.id, questions: state.questions }, null, 2),
    );
    return EXIT.needsInput;
  }
  const { result, run_id } = state;
  await writeFiles(m, result, f);
  if (f.json) {
    out(JSON.stringify({ run_id, result, for_model: L.forModel(result) }, null, 2));
  } else {
    out(renderResult(m, printableDeep(result), color));
    out(paint(`\nrun ${run_id}`, "dim", color));
  }
  return result.verdict.status === "error" ? EXIT.error : EXIT.ok;
}

/** The charts a result carries (`data.charts`, typed), drawn as SVG: [name, svg]. */
async function resultCharts(r: ToolResult): Promise<[string, string][]> {
  const charts = Object.entries(r.data?.charts ?? {});
  if (!charts.length) return [];
  const { chartSvg } = await import("./render/charts.ts");
  return charts.map(([name, chart]) => [name, chartSvg(chart)]);
}

async function writeFiles(
  m: Manifest,
  result: ToolResult,
  f: { svg?: string; png?: string; csv?: string; chart?: string; scale?: string; width?: string },
) {
  const size = pngSize(f);
  if (f.svg || f.png) {
    const plan = result.scan
      ? L.requirePlan({ store: store(), builtins: L.BUILTIN_SCANS }, result.scan).plan
      : undefined;
    if (!plan) throw new InputError("--svg", `${m.id} ran on no scan, so there is no plan to draw`);
    const { planSvg, svgToPng } = await import("./render/planview.ts");
    const svg = planSvg(plan, {
      overlays: result.overlays,
      title: `${m.title}: ${result.verdict.text}`,
    });
    if (f.svg) {
      await Deno.writeTextFile(f.svg, svg);
      err(`wrote ${f.svg}`);
    }
    if (f.png) {
      await Deno.writeFile(f.png, await svgToPng(svg, size));
      err(`wrote ${f.png}`);
    }
  }
  if (f.chart) {
    const charts = await resultCharts(result);
    if (!charts.length) throw new InputError("--chart", `${m.id} draws no chart`);
    const { svgToPng } = await import("./render/planview.ts");
    const svg = charts[0][1];
    if (f.chart.toLowerCase().endsWith(".png")) {
      await Deno.writeFile(f.chart, await svgToPng(svg, size));
    } else await Deno.writeTextFile(f.chart, svg);
    err(`wrote ${f.chart}`);
  }
  if (f.csv) {
    const t = resultTable(result);
    if (!t) throw new InputError("--csv", `${m.id} gives no table to write`);
    await Deno.writeTextFile(f.csv, toCsv(t));
    err(`wrote ${f.csv}`);
  }
}

// ---------------------------------------------------------------- demo

async function cmdDemo(o: { out: string; json?: boolean }): Promise<number> {
  const reg = await registry();
  const s = store();
  const color = useColor();
  const dir = resolve(o.out);
  await Deno.mkdir(dir, { recursive: true });
  const plan = L.BUILTIN_SCANS.demo().plan;
  out(
    paint(`threshold demo: every tool on the built-in demo building "${plan.name}"`, "bold", color),
  );
  out(
    `${plan.floors.length} floors, ${plan.rooms.length} rooms, ${plan.openings.length} openings\n`,
  );
  // A person's own measurements have no defaults: the demo runs as the active persona, or as
  // a manual wheelchair user when none is active, so every tool runs without a question.
  const persona = L.activePersona(s) ?? L.getPersona("manual-wheelchair-user", s);
  out(`As the persona "${persona.title}" (threshold personas show ${persona.id})\n`);
  const summary: (string | number)[][] = [];
  const { planSvg, svgToPng } = await import("./render/planview.ts");
  const jsonOut: unknown[] = [];
  for (const m of reg.tools) {
    const scanInput = L.scanInputName(m);
    const example = m.examples?.[0] ?? {};
    if (!scanInput && !Object.keys(example).length) {
      summary.push([m.id, "skipped", "takes no scan and has no example"]);
      continue;
    }
    const set = { ...(scanInput ? { [scanInput]: "demo" } : {}), ...example };
    let outcome: SessionState;
    try {
      outcome = await L.createSession(m, {
        ...L.RUN_IO,
        store: s,
        builtins: L.BUILTIN_SCANS,
        persona,
        set,
      }).run();
    } catch (e) {
      summary.push([m.id, "skipped", (e as Error).message]);
      continue;
    }
    if (outcome.status === "needs_input") {
      summary.push([m.id, "needs input", outcome.questions.map((q) => q.input).join(", ")]);
      continue;
    }
    const r = outcome.result;
    jsonOut.push({ run_id: outcome.run_id, result: r, for_model: L.forModel(r) });
    if (!o.json) {
      out("─".repeat(72));
      if (Object.keys(example).length) {
        out(paint(
          `example inputs: ${
            Object.entries(example).map(([k, v]) => `${k}=${JSON.stringify(v)}`).join(" ")
          }`,
          "dim",
          color,
        ));
      }
      out(renderResult(m, printableDeep(r), color));
      out("");
    }
    let pics = "";
    if (m.blocks.includes("PlanView")) {
      const svg = planSvg(plan, { overlays: r.overlays, title: `${m.title}: ${r.verdict.text}` });
      await Deno.writeTextFile(join(dir, `${m.id}.svg`), svg);
      await Deno.writeFile(join(dir, `${m.id}.png`), await svgToPng(svg));
      pics = `${m.id}.svg, ${m.id}.png`;
    }
    for (const [name, svg] of await resultCharts(r)) {
      await Deno.writeTextFile(join(dir, `${m.id}.${name}.svg`), svg);
      await Deno.writeFile(join(dir, `${m.id}.${name}.png`), await svgToPng(svg));
      pics += `${pics ? ", " : ""}${m.id}.${name}.svg, ${m.id}.${name}.png`;
    }
    summary.push([m.id, r.verdict.status, pics]);
  }
  if (o.json) {
    out(JSON.stringify({ out_dir: dir, runs: jsonOut }, null, 2));
  } else {
    out("─".repeat(72));
    out(tableOf(["Tool", "Verdict", "Pictures"], summary));
    out(`PlanView pictures are in ${dir}`);
  }
  return EXIT.ok;
}

// ---------------------------------------------------------------- batch

function batchParts(): CliParts {
  return {
    store,
    location: storeLocation,
    out,
    err,
    table: tableOf,
    parseKv: (kv) => parseKv(kv),
  };
}

// ---------------------------------------------------------------- program

function program(): Command {
  const p = new Command("threshold")
    .description("Practical answers about a real building from its scan.")
    .version("0.1.0")
    .showHelpAfterError()
    .exitOverride()
    .configureOutput({ writeErr: (s) => Deno.stderr.writeSync(new TextEncoder().encode(s)) });
  let code = 0;
  // `act` loads the heavy part first; `listing` (tools, show) runs from the catalog alone.
  const listing =
    <A extends unknown[]>(fn: (...a: A) => Promise<number | void> | number | void) =>
    async (...a: A) => {
      code = (await fn(...a)) ?? 0;
    };
  const act =
    <A extends unknown[]>(fn: (...a: A) => Promise<number | void> | number | void) =>
    async (...a: A) => {
      await loadLib();
      code = (await fn(...a)) ?? 0;
    };

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
      const rows = inputProps(m).map(({ name, p, required }) => [
        name,
        allowedValues(p),
        String(p.unit ?? ""),
        fillSources(p, required).join(" → "),
        String(p.ask ?? p.description ?? ""),
      ]);
      out(tableOf(["Input", "Allowed values", "Unit", "Filled from (in order)", "Asks"], rows));
    }));

  p.command("run <tool>").description("Run a tool")
    .option("--scan <sid>", "the scan to run on (instead of the selection)")
    .option("--place <place>", 'the place for site tools: a scan id, "lat,lon" or a stored site')
    .option("--set <key=value>", "give an input explicitly (repeatable)", collect, [])
    .option("--persona <id>", "use this persona's presets for this run")
    .option("--json", "print {run_id, result, for_model} as JSON")
    .option("--svg <file>", "write the PlanView as SVG")
    .option("--png <file>", "write the PlanView as PNG")
    .option("--csv <file>", "write the tool's table as CSV")
    .option("--chart <file>", "write the tool's chart (.svg, or .png)")
    .option("--pack <file>", "a rule pack file (sets the input pack)")
    .option("--scale <n>", "PNG size as a multiple of the screen size (4.17: 300 dpi print)")
    .option("--width <px>", "PNG width in pixels (the height keeps the proportions)")
    .action(act((id: string, o: RunFlags) => cmdRun(id, o)));

  p.command("batch [scans...]")
    .description(
      "Run tools over many scans (ids, globs over stored scans, or folders to import)",
    )
    .option("--tools <a,b>", "the tools to run on every scan")
    .option("--set <key=value>", "give an input explicitly for every row (repeatable)", collect, [])
    .option("--persona <id>", "use this persona's presets for every row")
    .option("--workers <n>", "worker threads (default: the machine's cores; 0: in this process)")
    .option("--out <file>", "write one row per scan × tool to .jsonl or .csv")
    .option("--json", "print progress and the summary as JSON events")
    .option("--resume [batch]", "continue the last (or the named) batch; finished rows are kept")
    .option("--timeout <s>", "time limit per row in seconds (default 60)")
    .option("--name <id>", "the batch id (default: batch-<time>-<random>)")
    .option("--queue <redis-url>", "enqueue the rows on Redis for `threshold worker`s")
    .action(act(async (scans: string[], o: BatchFlags) => {
      const { cmdBatch } = await import("./cli/batch.ts");
      return await cmdBatch(scans, o, batchParts());
    }));

  p.command("worker").description("Run queued batch rows (Redis) until SIGTERM")
    .option("--queue <redis-url>", "the Redis the batch enqueued on")
    .option("--concurrency <n>", "jobs at a time, each on its own thread (default 1)")
    .option("--json", "log as JSON lines")
    .action(act(async (o: { queue?: string; concurrency?: string; json?: boolean }) => {
      const { cmdWorker } = await import("./cli/batch.ts");
      return await cmdWorker(o, batchParts());
    }));

  p.command("ask <question...>")
    .description(
      "Ask in words: the agent chooses the tool, fills what the question states, asks the rest",
    )
    .option("--plan-only", "decide without running: tools, inputs with their sources, questions")
    .option("--json", "print JSON")
    .option("--scan <sid>", "the scan to ask about (instead of the selection)")
    .option("--set <key=value>", "give an input explicitly (repeatable)", collect, [])
    .option("--persona <id>", "use this persona's presets")
    .option("--tool <id>", "use this tool instead of choosing one")
    .option(
      "--llm",
      "let the language model set up in agent.* preferences choose (error when none is)",
    )
    .option("--offline", "decide offline even when a language model is set up")
    .action(listing(async (words: string[], o: AskFlags) => {
      const { cmdAsk } = await import("./cli/ask.ts");
      return await cmdAsk(words.join(" "), o, {
        store,
        parseKv: (kv) => parseKv(kv),
        out,
        err,
        terminal: Deno.stdin.isTerminal(),
      });
    }));

  p.command("import <file>").description("Import a building (plan JSON and the formats in layers/)")
    .option("--id <sid>", "store under this scan id")
    .option("--json", "print the import report as JSON")
    .action(act(async (file: string, o: { id?: string; json?: boolean }) => {
      const { importLimits, importSource } = await import("./layers/mod.ts");
      const s = store();
      const { loaded, report } = await importSource(file, { id: o.id, ...importLimits(s) });
      s.putScan(loaded, report);
      const p = loaded.plan;
      const count = (k: string) => p.openings.filter((x) => x.kind === k).length;
      if (o.json) return out(JSON.stringify({ scan: p.id, report }, null, 2));
      out(`Imported ${file} as scan ${p.id} (${report.format})`);
      out(
        tableOf([
          "Floors",
          "Rooms",
          "Doors",
          "Windows",
          "Openings",
          "Verticals",
          "Objects",
          "Sweeps",
          "Warnings",
        ], [[
          p.floors.length,
          p.rooms.length,
          count("door"),
          count("window"),
          count("opening"),
          p.verticals.length,
          p.objects.length,
          p.sweeps.length,
          report.warnings.length,
        ]]),
      );
      for (
        const [title, list] of [["Mapped", report.mapped], ["Source lacked", report.lacking], [
          "Assumptions",
          report.assumptions,
        ], ["Warnings", report.warnings]] as const
      ) {
        if (list.length) out(`${title}:\n${list.map((x) => `  - ${printableLine(x)}`).join("\n")}`);
      }
    }));

  const scans = p.command("scans").description(
    "List scans (stored, and the built-in demo); scans rm <sid> deletes one",
  );
  scans.command("rm <sid>").description("Delete a scan with its runs and findings")
    .action(act((sid: string) => {
      if (sid in L.BUILTIN_SCANS) {
        throw new InputError("sid", `${sid} is the built-in demo building; it cannot be deleted`);
      }
      const s = store();
      if (!s.deleteScan(sid)) {
        throw new InputError(
          "sid",
          `no stored scan ${JSON.stringify(sid)}; stored scans: ${
            s.listScans().map((x) => x.id).join(", ") || "none"
          }`,
        );
      }
      out(`Deleted scan ${sid} with its runs and findings`);
    }));
  scans.command("list", { isDefault: true }).description("List scans").option("--json")
    .action(act((o: { json?: boolean }) => {
      const all = L.listScanEntries({ store: store(), builtins: L.BUILTIN_SCANS });
      const sel = all.find((r) => r.selected)?.id;
      if (o.json) return out(JSON.stringify({ selected: sel ?? null, scans: all }, null, 2));
      out(
        tableOf(
          ["", "Scan", "Name", "Format", "Floors", "Rooms", "Imported"],
          all.map((r) => [
            r.selected ? "*" : "",
            r.id,
            r.name,
            r.builtin ? "built-in" : r.format,
            r.floors,
            r.rooms,
            r.imported_at ?? "",
          ]),
        ),
      );
    }));

  p.command("plan <sid>").description("Show a scan's plan").option("--json", "the plan JSON")
    .option("--ids", "add each element's id (names only by default)")
    .action(act(async (sid: string, o: { json?: boolean; ids?: boolean }) => {
      const loaded = L.requirePlan({ store: store(), builtins: L.BUILTIN_SCANS }, sid);
      const pl: Plan = loaded.plan;
      if (o.json) return out(JSON.stringify(pl, null, 2));
      const { planNames } = await import("./ground/names.ts");
      const names = planNames(pl);
      const id = (x: string) => (o.ids ? [x] : []);
      out(printableLine(
        `${pl.name || pl.id} (${pl.source.format}${pl.source.ref ? `: ${pl.source.ref}` : ""})`,
      ));
      if (pl.site) {
        out(printableLine(
          `Site: ${pl.site.lat}, ${pl.site.lon}${pl.site.address ? ` — ${pl.site.address}` : ""}`,
        ));
      }
      // People read names: floors, rooms and openings by name; ids with --ids.
      out(
        tableOf(
          ["Floor", "Room", "Label", ...(o.ids ? ["Id"] : []), "Height (m)"],
          pl.rooms.map((r) => [
            names.floor.get(r.floor) ?? r.floor,
            names.room.get(r.id) ?? r.id,
            r.label,
            ...id(r.id),
            r.height_m ?? "—",
          ]),
        ),
      );
      out(
        tableOf(
          ["Opening", "Floor", ...(o.ids ? ["Id"] : []), "Width (m)", "Threshold (m)"],
          pl.openings.map((x) => [
            names.opening.get(x.id) ?? x.id,
            names.floor.get(x.floor) ?? x.floor,
            ...id(x.id),
            x.width_m,
            x.threshold_m ?? "—",
          ]),
        ),
      );
      for (const w of loaded.warnings) err(`warning: ${printable(w)}`);
    }));

  p.command("use <sid>").description("Select a scan; later runs are filled from it")
    .action(act((sid: string) => {
      L.selectScan({ store: store(), builtins: L.BUILTIN_SCANS }, sid);
      out(`Selected scan ${sid}`);
    }));

  const prefs = p.command("prefs").description("Saved preferences (dotted keys)");
  prefs.command("list").option("--json").action(act((o: { json?: boolean }) => {
    const rows = store().listPrefs();
    if (o.json) return out(JSON.stringify(rows, null, 2));
    out(tableOf(["Key", "Value", "Unit", "Meaning"], [
      ...rows.map((
        r,
      ) => [
        r.key,
        JSON.stringify(r.value),
        L.preferenceKey(r.key)?.unit ?? "",
        L.preferenceKey(r.key)?.description ?? "",
      ]),
    ]));
    const unset = L.PREFERENCE_KEYS.filter((k) => !rows.some((r) => r.key === k.key));
    if (unset.length) out(`Not set: ${unset.map((k) => k.key).join(", ")}`);
  }));
  prefs.command("get <key>").action(act((key: string) => {
    checkPrefKey(key);
    const v = store().getPref(key);
    if (v === undefined) throw new InputError(key, "is not set");
    out(JSON.stringify(v));
  }));
  prefs.command("set <key> <value>").action(act((key: string, raw: string) => {
    const value = L.checkPreference(key, parseValue(raw));
    store().setPref(key, value);
    out(`${key} = ${JSON.stringify(value)}`);
  }));
  prefs.command("unset <key>").action(act((key: string) => {
    checkPrefKey(key);
    out(store().unsetPref(key) ? `unset ${key}` : `${key} was not set`);
  }));

  const personas = p.command("personas").description(
    "Personas: presets of preferences, each number cited",
  );
  personas.command("list").option("--json").action(act((o: { json?: boolean }) => {
    const s = store();
    const all = L.listPersonas(s);
    const active = s.getSelection("persona");
    if (o.json) return out(JSON.stringify({ active: active ?? null, personas: all }, null, 2));
    out(
      tableOf(
        ["", "Persona", "Title", "Presets", "Own"],
        all.map((
          x,
        ) => [
          x.id === active ? "*" : "",
          x.id,
          x.title,
          Object.keys(x.preset).join(", "),
          x.builtin ? "" : "yes",
        ]),
      ),
    );
  }));
  personas.command("show <id>").option("--json").action(act((id: string, o: { json?: boolean }) => {
    const x = L.getPersona(id, store());
    if (o.json) return out(JSON.stringify(x, null, 2));
    out(printable(`${x.title} (${x.id})\n${x.description}`));
    out(
      tableOf(
        ["Key", "Value", "Source"],
        Object.entries(x.preset).map((
          [k, v],
        ) => [k, JSON.stringify(v.value), v.source + (v.unverified ? " (unverified)" : "")]),
      ),
    );
  }));
  personas.command("use <id>").description('activate a persona ("none" to clear)').action(
    act((id: string) => {
      const s = store();
      if (id === "none") {
        s.setSelection("persona", undefined);
        return out("No persona active");
      }
      L.getPersona(id, s);
      s.setSelection("persona", id);
      out(`Persona ${id} is active`);
    }),
  );
  personas.command("add <file>").description("add or edit your own persona from a JSON file")
    .action(act((file: string) => {
      let data: unknown;
      const text = L.readRegularTextSync(file, {
        input: "file",
        max_bytes: L.DEFAULT_SMALL_FILE_MAX_MB * 1e6,
      });
      try {
        data = JSON.parse(text);
      } catch (e) {
        throw new InputError("file", `cannot read ${file} as JSON: ${(e as Error).message}`);
      }
      const x = L.parsePersona(data);
      for (const k of Object.keys(x.preset)) checkPrefKey(k);
      store().putPersona(x as unknown as { id: string });
      out(`Saved persona ${x.id}`);
    }));

  const sites = p.command("sites").alias("site").description(
    "Places: a scan's own site, or an address / lat,lon with a free record",
  );
  sites.command("list").option("--json").action(act((o: { json?: boolean }) => {
    const all = L.listSiteEntries({ store: store(), builtins: L.BUILTIN_SCANS });
    if (o.json) return out(JSON.stringify(all, null, 2));
    out(
      tableOf(
        ["Site", "Lat", "Lon", "Address", "Scan", "Record"],
        all.map((
          x,
        ) => [x.id, x.lat, x.lon, x.address ?? "", x.scan ?? "", Object.keys(x.record).join(", ")]),
      ),
    );
  }));
  sites.command("rm <id>").description("Delete a stored site with its runs and findings")
    .action(act((id: string) => {
      const s = store();
      if (!s.deleteSite(id)) {
        throw new InputError(
          "id",
          `no stored site ${JSON.stringify(id)}; stored sites: ${
            s.listSites().map((x) => x.id).join(", ") || "none"
          }`,
        );
      }
      out(`Deleted site ${id} with its runs and findings`);
    }));
  sites.command("show <place>").option("--json", "the site as JSON").action(
    act((place: string, o: { json?: boolean }) => {
      const info = L.resolveSite({ store: store(), builtins: L.BUILTIN_SCANS }, place);
      if (!info) throw new InputError("place", `scan ${place} has no site`);
      if (o.json) return out(JSON.stringify(info, null, 2));
      out(tableOf(["Site", place], siteRows(info)));
    }),
  );
  sites.command("add <id>").description("store a place")
    .requiredOption("--lat <deg>", "latitude, degrees")
    .requiredOption("--lon <deg>", "longitude, degrees")
    .option("--address <text>")
    .option("--name <text>")
    .option("--scan <sid>", "the scan this site belongs to")
    .option("--north <deg>", "azimuth of the plan's +y axis, degrees clockwise from north")
    .option(
      "--record <key=value>",
      "a free fact (repeatable): year_built=1931, parcel=…",
      collect,
      [],
    )
    .action(
      act(
        (
          id: string,
          o: {
            lat: string;
            lon: string;
            address?: string;
            name?: string;
            scan?: string;
            north?: string;
            record: string[];
          },
        ) => {
          // The rules (ranges, one site per scan, a moved site drops its ground elevation)
          // are core/sites.ts's; the flags are parsed here.
          L.putPersonSite({ store: store(), builtins: L.BUILTIN_SCANS }, {
            id,
            lat: numberFlag("--lat", o.lat),
            lon: numberFlag("--lon", o.lon),
            address: o.address,
            name: o.name,
            scan: o.scan,
            north_deg: o.north === undefined ? undefined : numberFlag("--north", o.north),
            record: Object.fromEntries(o.record.map((kv) => parseKv(kv, "--record"))),
          }, { lat: "--lat", lon: "--lon", north_deg: "--north", scan: "--scan" });
          out(`Saved site ${id}`);
        },
      ),
    );

  sites.command("add-raster <place> <file>")
    .description("attach a GeoTIFF to a place, by reference with a checksum checked on use")
    .requiredOption("--kind <kind>", "elevation or imagery")
    .option("--json")
    .action(act(async (place: string, file: string, o: { kind: string; json?: boolean }) => {
      const { addRaster } = await import("./layers/rasters.ts");
      const r = await addRaster(store(), place, resolve(file), o.kind, {
        builtins: L.BUILTIN_SCANS,
      });
      if (o.json) return out(JSON.stringify(r, null, 2));
      out(`Attached ${r.entry.kind} raster ${file} to site ${r.site.id}`);
      out(JSON.stringify(r.entry, null, 2));
      for (const w of r.warnings) err(`warning: ${printable(w)}`);
    }));

  p.command("mcp").description("Serve every tool over MCP (stdio) to AI agents and hosts")
    .option("--root <dir...>", "a folder the server may read besides its store (repeatable)")
    .option("--home <dir>", "the store folder (default $THRESHOLD_HOME or ~/.threshold)")
    .option("--print-host-config", "print a ready-to-paste MCP host configuration")
    .action(act(async (o: { root?: string[]; home?: string; printHostConfig?: boolean }) => {
      const { serveMcp } = await import("./mcp.ts");
      await serveMcp({ roots: o.root ?? [], home: o.home, printHostConfig: o.printHostConfig });
    }));

  p.command("web").description("Serve the web view (every tool in a browser) on this machine")
    .option("--port <n>", "port to listen on (0 picks a free one)", "8787")
    .option("--host <host>", "interface to bind; anything but loopback is open to the network")
    .option("--open", "open the web view in the default browser")
    .action(listing(async (o: { port: string; host?: string; open?: boolean }) => {
      const port = Number(o.port);
      if (!Number.isInteger(port) || port < 0 || port > 65535) {
        throw new InputError("--port", `must be a whole number from 0 to 65535, got ${o.port}`);
      }
      const { isLoopback } = await import("./web/mod.ts");
      const host = o.host ?? "127.0.0.1";
      if (!isLoopback(host)) {
        err(
          `threshold web: warning: listening on ${host}: anyone who can reach this machine on the network can use the web view, read your scans and change your store.`,
        );
      }
      if (o.open) openBrowserWhenUp(host, port);
      const { canConfine, runConfinedWeb } = await import("./web/confine.ts");
      if (canConfine()) {
        // As the MCP server: the serving process reads only the store, the code and uploads.
        return (await runConfinedWeb({ home: resolve(defaultHome()), port, host }))
          ? EXIT.error
          : 0;
      }
      const { serveUntilStopped } = await import("./web/main.ts");
      await serveUntilStopped({ port, host });
    }));

  p.command("findings").description("Open findings (--all: resolved and rejected too)")
    .option("--scan <sid>").option("--all").option("--json")
    .action(act((o: { scan?: string; all?: boolean; json?: boolean }) => {
      const rows = store().listFindings({ scan: o.scan, all: o.all });
      if (o.json) return out(JSON.stringify(rows, null, 2));
      if (!rows.length) return out(o.all ? "No findings." : "No open findings.");
      out(
        tableOf(
          ["Scan", "Finding", "Status", "Title", "Reason"],
          rows.map((r) => [r.scan, r.id, r.status, r.title, r.reason ?? ""]),
        ),
      );
    }));
  const findingCmd = (name: string, status: "rejected" | "open", desc: string) =>
    p.command(`${name} <finding-id>`).description(desc).option("--scan <sid>").option(
      "--reason <text>",
    )
      .action(act((id: string, o: { scan?: string; reason?: string }) => {
        const row = L.setFindingVerdict(store(), id, { status, scan: o.scan, reason: o.reason }, {
          id: "finding-id",
          scan: "--scan",
        });
        out(`${status === "rejected" ? "Rejected" : "Restored"} ${id} (scan ${row.scan})`);
      }));
  findingCmd("reject", "rejected", "Reject a finding: it stays hidden in later runs and listings");
  findingCmd("restore", "open", "Restore a rejected finding");

  p.command("schema <what>").description("Print a JSON Schema (plan)").action(
    act((what: string) => {
      if (what !== "plan") {
        throw new InputError("what", `unknown schema ${JSON.stringify(what)}; schemas: plan`);
      }
      out(JSON.stringify(L.planJsonSchema(), null, 2));
    }),
  );

  p.command("docs").description("Write docs/tools.md (the tool reference) from the manifests")
    .option("--check", "exit 1 when docs/tools.md is stale")
    .action(act(async (o: { check?: boolean }) => {
      const md = toolsMarkdown((await registry()).tools.map(L.manifestJson));
      if (o.check) {
        if ((await Deno.readTextFile(DOCS_FILE).catch(() => "")) !== md) {
          err("docs/tools.md is stale: run `threshold docs` (deno task docs)");
          return EXIT.error;
        }
        return out("docs/tools.md is up to date");
      }
      await Deno.writeTextFile(DOCS_FILE, md);
      out(`wrote ${DOCS_FILE.pathname}`);
    }));

  p.command("demo").description(
    "Run every tool on the built-in demo building and draw the pictures",
  )
    .option("--out <dir>", "folder for the PlanView pictures", "threshold-demo")
    .option("--json")
    .action(act((o: { out: string; json?: boolean }) => cmdDemo(o)));

  p.hook("postAction", () => {
    if (code) throw new Exit(code);
  });
  return p;
}

/** Opens the web view in the default browser once it answers (port 0: not known here). */
function openBrowserWhenUp(host: string, port: number) {
  if (port === 0) return err("threshold web: --open needs a fixed --port");
  const shown = host === "0.0.0.0" ? "127.0.0.1" : host.includes(":") ? `[${host}]` : host;
  const url = `http://${shown}:${port}/`;
  const t0 = Date.now();
  const tryOpen = () =>
    fetch(url).then((r) => r.body?.cancel()).then(() => openBrowser(url), () => {
      if (Date.now() - t0 < 30_000) setTimeout(tryOpen, 250);
    });
  setTimeout(tryOpen, 250);
}

/** Opens a URL in the default browser; a failure only says so. */
function openBrowser(url: string) {
  const cmd = Deno.build.os === "darwin"
    ? ["open", url]
    : Deno.build.os === "windows"
    ? ["cmd", "/c", "start", "", url]
    : ["xdg-open", url];
  try {
    new Deno.Command(cmd[0], { args: cmd.slice(1), stdout: "null", stderr: "null" }).spawn();
  } catch (e) {
    err(`threshold web: could not open a browser (${(e as Error).message}); open ${url}`);
  }
}

const checkPrefKey = (key: string) => L.checkPreferenceKey(key);

/** Runs the command line on `args`; returns the exit code. */
export async function main(args: string[]): Promise<number> {
  try {
    await program().parseAsync(args, { from: "user" });
    return EXIT.ok;
  } catch (e) {
    if (e instanceof Exit) {
      if (e.message) err(e.message);
      return e.code;
    }
    if (e instanceof CommanderError) {
      if (
        e.code === "commander.helpDisplayed" || e.code === "commander.version" ||
        e.code === "commander.help"
      ) return EXIT.ok;
      return EXIT.usage;
    }
    if (e instanceof InputError) {
      err(`threshold: ${printable(e.message)}`);
      return EXIT.usage;
    }
    if (e instanceof StoreError || e instanceof RegistryError) {
      err(`threshold: ${printable(e.message)}`);
      return EXIT.error;
    }
    if (e instanceof CancelledError) {
      err("threshold: cancelled");
      return EXIT.error;
    }
    err(`threshold: ${printable(String((e as Error)?.message ?? e))}`);
    return EXIT.error;
  } finally {
    storeCache?.close();
    storeCache = undefined;
  }
}

if (import.meta.main) {
  Deno.exit(await main(Deno.args));
}
