/**
 * `threshold run <tool>` (asking on the terminal, writing pictures, tables and charts) and
 * `threshold demo` (every tool on the built-in demo building, with its pictures).
 * @module
 */
import { termWidth, wrapIndented } from "../layout.ts";
import { dirname, join, resolve } from "node:path";
import { InputError } from "../../ground/errors.ts";
import type { Manifest } from "../../core/manifest.ts";
import { listManifests, loadTool } from "../../core/catalog.ts";
import type { Session, SessionQuestion, SessionState } from "../../core/session.ts";
import type { ToolResult } from "../../core/result.ts";
import { printable, printableDeep, printableLine } from "../../core/printable.ts";
import {
  paint,
  questionsText,
  renderResult,
  ROW_LIMIT,
  type UnitSystem,
  useColor,
} from "../render.ts";
import { csvTable, toCsv } from "../../render/table.ts";
import {
  collect,
  display,
  err,
  EXIT,
  Exit,
  FORMAT_OPTION,
  L,
  out,
  parseKvFor,
  type Register,
  registry,
  store,
  tableOf,
  UNITS_OPTION,
} from "../common.ts";
import { questionsAsJson } from "../layout.ts";
import { detectorFirst } from "../detector_first.ts";

interface RunFlags {
  scan?: string;
  place?: string;
  set: string[];
  persona?: string;
  json?: boolean;
  /** List every check and table row (a long result shows the rows that matter first). */
  all?: boolean;
  svg?: string;
  png?: string;
  csv?: string;
  chart?: string;
  pack?: string;
  /** table, plain or markdown (default: the display.format preference, else table). */
  format?: string;
  /** metric, imperial or both (default: the display.units preference, else metric). */
  units?: string;
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
      const hint = L.unitHint(q);
      const raw = prompt(wrapIndented(`${q.ask}${hint ? ` ${hint}` : ""}`, termWidth(), ""));
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
      // Echoed back in the person's own units ("66 cm (0.66 m)").
      const shown = printableLine(L.answerShown(q, raw, value));
      err(`  ${printableLine(q.label)}: ${shown}`);
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
  const set = L.targetInputs(m, Object.fromEntries(f.set.map((kv) => parseKvFor(m, kv))), {
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
  if (f.csv !== undefined) {
    // Said before anything runs: a tool that gives neither a table nor checks has no CSV.
    if (!m.blocks.includes("Table") && !m.blocks.includes("CheckList")) {
      throw new InputError("--csv", `${m.id} gives no table or checks to write as CSV`);
    }
    const dir = dirname(resolve(f.csv));
    let folder = false;
    try {
      folder = Deno.statSync(dir).isDirectory;
    } catch { /* missing */ }
    if (!folder) throw new InputError("--csv", `${dir} is not a folder; nothing was run`);
  }
  const persona = L.activePersona(s, f.persona);
  const shown = display(f);
  const live = !f.json;
  const color = useColor();
  const session = L.createSession(m, {
    ...L.RUN_IO,
    store: s,
    builtins: L.BUILTIN_SCANS,
    set,
    persona,
    // Sentences follow --units / display.units; --json stays SI, sentences too.
    units: f.json ? "metric" : shown.units,
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
  await detectorFirst(m, live ? err : undefined);
  let state = await session.run();
  if (state.status === "needs_input" && Deno.stdin.isTerminal() && !f.json) {
    const { answers, save } = askOnTerminal(state.questions, session);
    // Each answer was read (and asked again when bad) on the terminal: not read twice.
    state = await session.answer(answers, { save, parsed: true });
  }
  if (state.status === "needs_input") {
    if (!f.json) err(questionsText(m.id, state.questions));
    if (!questionsAsJson(f.json)) return EXIT.needsInput;
    out(
      JSON.stringify({ status: "needs_input", tool: m.id, questions: state.questions }, null, 2),
    );
    return EXIT.needsInput;
  }
  const { result, run_id } = state;
  await writeFiles(m, result, f, shown.units);
  if (f.json) {
    out(JSON.stringify({ run_id, result, for_model: L.forModel(result) }, null, 2));
  } else {
    out(renderResult(m, printableDeep(result), color, { all: f.all, ...shown }));
    out(paint(`\nrun ${run_id}`, "dim", color));
  }
  return result.verdict.status === "error" ? EXIT.error : EXIT.ok;
}

/** The charts a result carries (`data.charts`, typed), drawn as SVG: [name, svg]. */
async function resultCharts(r: ToolResult): Promise<[string, string][]> {
  const charts = Object.entries(r.data?.charts ?? {});
  if (!charts.length) return [];
  const { chartSvg } = await import("../../render/charts.ts");
  return charts.map(([name, chart]) => [name, chartSvg(chart)]);
}

async function writeFiles(
  m: Manifest,
  result: ToolResult,
  f: { svg?: string; png?: string; csv?: string; chart?: string; scale?: string; width?: string },
  units: UnitSystem = "metric",
) {
  const size = pngSize(f);
  if (f.svg || f.png) {
    const plan = result.scan
      ? L.requirePlan({ store: store(), builtins: L.BUILTIN_SCANS }, result.scan).plan
      : undefined;
    if (!plan) throw new InputError("--svg", `${m.id} ran on no scan, so there is no plan to draw`);
    const { planSvg, svgToPng } = await import("../../render/planview.ts");
    const svg = planSvg(plan, {
      overlays: result.overlays,
      title: `${m.title}: ${result.verdict.text}`,
      units,
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
    const { svgToPng } = await import("../../render/planview.ts");
    const svg = charts[0][1];
    if (f.chart.toLowerCase().endsWith(".png")) {
      await Deno.writeFile(f.chart, await svgToPng(svg, size));
    } else await Deno.writeTextFile(f.chart, svg);
    err(`wrote ${f.chart}`);
  }
  if (f.csv) {
    const t = csvTable(result);
    // The result is printed either way: a run with nothing to tabulate says so, and goes on.
    if (!t) err(`--csv: this ${m.id} run gave no table or checks; ${f.csv} was not written`);
    else {
      await Deno.writeTextFile(f.csv, toCsv(t));
      err(`wrote ${f.csv}`);
    }
  }
}

async function cmdDemo(
  o: { out: string; json?: boolean; format?: string; units?: string },
): Promise<number> {
  const reg = await registry();
  const s = store();
  const shown = display(o);
  const color = useColor() && shown.format !== "markdown";
  // Boxes get a rule between tools; plain text a blank line, markdown a thematic break.
  const rule = shown.format === "table" ? "─".repeat(72) : shown.format === "markdown" ? "---" : "";
  const dir = resolve(o.out);
  await Deno.mkdir(dir, { recursive: true });
  const plan = L.BUILTIN_SCANS.demo().plan;
  const width = termWidth();
  out(paint(
    wrapIndented(
      `threshold demo: every tool on the built-in demo building "${plan.name}"`,
      width,
      "",
    ),
    "bold",
    color,
  ));
  out(
    `${plan.floors.length} floors, ${plan.rooms.length} rooms, ${plan.openings.length} openings\n`,
  );
  // A person's own measurements have no defaults: the demo runs as the active persona, or as
  // a manual wheelchair user when none is active, so every tool runs without a question.
  const persona = L.activePersona(s) ?? L.getPersona("manual-wheelchair-user", s);
  out(
    `${
      wrapIndented(
        `As the persona "${persona.title}" (threshold personas show ${persona.id})`,
        width,
        "",
      )
    }\n`,
  );
  const summary: (string | number)[][] = [];
  const { planSvg, svgToPng } = await import("../../render/planview.ts");
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
        units: o.json ? "metric" : shown.units,
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
      out(rule);
      if (Object.keys(example).length) {
        out(paint(
          wrapIndented(
            `example inputs: ${
              Object.entries(example).map(([k, v]) => `${k}=${JSON.stringify(v)}`).join(" ")
            }`,
            width,
            "",
            "  ",
          ),
          "dim",
          color,
        ));
      }
      out(renderResult(m, printableDeep(r), color, shown));
      out("");
    }
    let pics = "";
    if (m.blocks.includes("PlanView")) {
      const svg = planSvg(plan, {
        overlays: r.overlays,
        title: `${m.title}: ${r.verdict.text}`,
        units: shown.units,
      });
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
    out(rule);
    out(tableOf(["Tool", "Verdict", "Pictures"], summary));
    out(`PlanView pictures are in ${dir}`);
  }
  return EXIT.ok;
}

/** `run <tool>`: one tool, its questions asked on a terminal. */
export const run: Register = (p, { act }) => {
  p.command("run <tool>").description("Run a tool")
    .option("--scan <sid>", "the scan to run on (instead of the selection)")
    .option("--place <place>", 'the place for site tools: a scan id, "lat,lon" or a stored site')
    .option("--set <key=value>", "give an input explicitly (repeatable)", collect, [])
    .option("--persona <id>", "use this persona's presets for this run")
    .option("--json", "print {run_id, result, for_model} as JSON")
    .option(
      "--all",
      `list every check and table row (over ${ROW_LIMIT}, the rows not passing come first)`,
    )
    .option("--svg <file>", "write the PlanView as SVG")
    .option("--png <file>", "write the PlanView as PNG")
    .option("--csv <file>", "write the tool's table as CSV")
    .option("--chart <file>", "write the tool's chart (.svg, or .png)")
    .option("--pack <file>", "a rule pack file (sets the input pack)")
    .option(...FORMAT_OPTION)
    .option(...UNITS_OPTION)
    .option("--scale <n>", "PNG size as a multiple of the screen size (4.17: 300 dpi print)")
    .option("--width <px>", "PNG width in pixels (the height keeps the proportions)")
    .action(act((id: string, o: RunFlags) => cmdRun(id, o)));
};

/** `demo`: every tool on the built-in demo building, with the pictures. */
export const demo: Register = (p, { act }) => {
  p.command("demo").description(
    "Run every tool on the built-in demo building and draw the pictures",
  )
    .option("--out <dir>", "folder for the PlanView pictures", "threshold-demo")
    .option("--json")
    .option(...FORMAT_OPTION)
    .option(...UNITS_OPTION)
    .action(
      act((o: { out: string; json?: boolean; format?: string; units?: string }) => cmdDemo(o)),
    );
};
