/**
 * A tool: its form (from the run session's preview: each input's value, source and unit; only
 * what nothing fills is required), a run (streamed as Server-Sent Events, or a plain POST that
 * returns the result page), a stored run's page and its table as CSV. All fill, ask and judge
 * logic is the run session's (core/session.ts); this translates form fields in and renders
 * results out.
 */
import type { z } from "zod";
import { renderToString } from "preact-render-to-string";
import { listManifests, loadTool } from "../../core/catalog.ts";
import { findPlan } from "../../core/context.ts";
import { CancelledError, InputError, RegistryError } from "../../ground/errors.ts";
import type { Manifest } from "../../core/manifest.ts";
import type { ToolResult } from "../../core/result.ts";
import {
  createSession,
  describeInputs,
  type Preview,
  scanInputName,
  type Session,
  type SessionState,
} from "../../core/session.ts";
import { activePersona } from "../../presets/personas.ts";
import { csvTable, toCsv } from "../../render/table.ts";
import type { App } from "../app.ts";
import { pageInfo } from "../app.ts";
import { html, HttpError, readForm, text } from "../http.ts";
import { Island } from "../island.tsx";
import type { FormField } from "../islands/RunForm.tsx";
import { Page } from "../layout.tsx";
import { ResultView } from "../result.tsx";
import { audienceWords, LAYER_WORDS, sourceWords } from "../words.ts";

/** A form is small: inputs and a few ticks. */
const FORM_MAX_BYTES = 256 * 1024;

/** A tool's manifest; an unknown tool is a 404. */
export async function manifestOf(app: App, id: string): Promise<Manifest> {
  try {
    return await loadTool(id, app.toolsDir);
  } catch (e) {
    if (e instanceof RegistryError) throw new HttpError(404, e.message);
    throw e;
  }
}

function sessionFor(app: App, m: Manifest, signal?: AbortSignal): Session {
  return createSession(m, {
    store: app.store,
    builtins: app.builtins,
    persona: activePersona(app.store),
    ...(signal ? { signal } : {}),
  });
}

/** A value as the form shows it. */
function asText(v: unknown): string {
  if (v === undefined || v === null) return "";
  // At most 6 significant digits (1/12 reads 0.0833333); left unchanged, the value itself is used.
  if (typeof v === "number") return String(Number(v.toPrecision(6)));
  return typeof v === "object" ? JSON.stringify(v) : String(v);
}

/** The form's fields from a session's preview; `given` keeps what the person typed. */
function formFields(
  app: App,
  m: Manifest,
  pv: Preview,
  given: Record<string, string> = {},
  error?: InputError,
): FormField[] {
  const scanName = scanInputName(m);
  const scanValue = given[scanName ?? ""] || pv.filled[scanName ?? ""]?.value;
  const scan = typeof scanValue === "string" ? scanValue : undefined;
  const persona = activePersona(app.store);
  const asked = new Set(pv.questions.map((q) => q.input));
  let described;
  try {
    described = describeInputs(m, { sources: { store: app.store, builtins: app.builtins }, scan });
  } catch {
    described = describeInputs(m, { sources: { store: app.store, builtins: app.builtins } });
  }
  return described.map((d) => {
    const filled = pv.filled[d.input];
    const detail = filled?.from === "preference" && d.save?.as === "preference"
      ? d.save.key
      : filled?.from === "persona"
      ? persona?.title
      : undefined;
    return {
      name: d.input,
      label: d.label,
      ask: d.ask,
      kind: d.kind,
      ...(d.unit ? { unit: d.unit } : {}),
      ...(d.choices
        ? { choices: d.choices.map((c) => ({ value: String(c.value), label: c.label })) }
        : {}),
      ...(d.minimum !== undefined ? { minimum: d.minimum } : {}),
      ...(d.maximum !== undefined ? { maximum: d.maximum } : {}),
      value: d.input in given ? given[d.input] : asText(filled?.value),
      from_text: sourceWords(filled?.from, detail),
      required: asked.has(d.input),
      ...(d.save?.as === "preference"
        ? { save_text: `Remember my answer as my preference (${d.save.key})` }
        : d.save?.as === "selection" && filled?.from !== "selection"
        ? { save_text: "Select this scan for later runs" }
        : {}),
      ...(error && error.input === d.input ? { error: error.message } : {}),
    };
  });
}

/**
 * The answers a submitted form gives: every input nothing fills, every value changed from
 * what would be used, and every value ticked "remember". A pack is a built-in id or JSON text
 * here, never a file path: no path from the browser reaches the file system.
 */
function formAnswers(m: Manifest, pv: Preview, form: FormData) {
  const given: Record<string, string> = {};
  const answers: Record<string, unknown> = {};
  const asked = new Set(pv.questions.map((q) => q.input));
  const ticked = new Set(form.getAll("save").map(String));
  const shape = m.inputs.shape as Record<string, z.ZodType>;
  for (const name of Object.keys(shape)) {
    const raw = form.get(`in.${name}`);
    if (raw === null || typeof raw !== "string") continue;
    const s = raw.trim();
    given[name] = s;
    const changed = s !== "" && s !== asText(pv.filled[name]?.value);
    if (!asked.has(name) && !changed && !(ticked.has(name) && s !== "")) continue;
    if (name === "pack" && s !== "" && !s.startsWith("{") && /[\\/]|\.json$/i.test(s)) {
      throw new InputError(
        name,
        "the web view takes a built-in pack id or a pack's JSON text, not a file path",
      );
    }
    // Structured inputs (objects, lists) are typed as JSON.
    const type = (shape[name] as unknown as { _zod?: { def?: { type?: string } } })._zod?.def
      ?.type;
    answers[name] = (s.startsWith("{") || s.startsWith("[")) && type !== "string" ? tryJson(s) : s;
  }
  const save = [...ticked].filter((n) => n in answers);
  return { given, answers, save };
}

function tryJson(s: string): unknown {
  try {
    return JSON.parse(s);
  } catch {
    return s;
  }
}

/** A tool's heading: title, summary, who it is for, what it needs. */
export function ToolHead({ m }: { m: Manifest }) {
  return (
    <header class="tool-head">
      <h1>{m.title}</h1>
      <p class="lead">{m.summary}</p>
      <p class="muted">For {m.audience.map(audienceWords).join(", ")}.</p>
      {m.requires.some((r) => !r.optional)
        ? (
          <p class="muted">
            Needs {m.requires.filter((r) => !r.optional).map((r) => LAYER_WORDS[r.layer] ?? r.layer)
              .join(", ")}; without them the answer is “unknown”, with the reason.
          </p>
        )
        : null}
    </header>
  );
}

/** GET /tools/:id — the tool's form. */
export async function toolPage(app: App, id: string): Promise<Response> {
  const known = (await listManifests({ home: app.home, dir: app.toolsDir })).map((t) => t.id);
  if (!known.includes(id)) {
    throw new HttpError(404, `no tool ${JSON.stringify(id)}; tools: ${known.join(", ")}`);
  }
  const m = await manifestOf(app, id);
  const pv = sessionFor(app, m).preview();
  return html(
    <Page info={pageInfo(app, m.title, "tools")}>
      <ToolHead m={m} />
      <h2>Inputs</h2>
      <Island name="RunForm" props={runFormProps(app, m, pv)} />
    </Page>,
  );
}

/** The RunForm island's props for a tool from a session's preview. */
export function runFormProps(
  app: App,
  m: Manifest,
  pv: Preview,
  given?: Record<string, string>,
  error?: InputError,
  saved?: string[],
) {
  const fields = formFields(app, m, pv, given, error);
  return {
    tool: m.id,
    title: m.title,
    action: `/tools/${encodeURIComponent(m.id)}/run`,
    fields,
    ...(error && !fields.some((f) => f.name === error.input) ? { error: error.message } : {}),
    ...(saved?.length ? { saved } : {}),
  };
}

/** The plan a result is about, if it names a scan that exists. */
function planOf(app: App, r: ToolResult) {
  return r.scan ? findPlan({ store: app.store, builtins: app.builtins }, r.scan)?.plan : undefined;
}

/** The result's HTML (its blocks), as the SSE result event and the result page carry it. */
export function resultHtml(app: App, m: Manifest, r: ToolResult, runId: string): string {
  return renderToString(
    <ResultView
      blocks={m.blocks}
      result={r}
      plan={planOf(app, r)}
      runId={runId}
      back={`/runs/${encodeURIComponent(runId)}`}
    />,
  );
}

/** POST /tools/:id/run — streamed when the client asks for text/event-stream. */
export async function runPost(app: App, id: string, req: Request): Promise<Response> {
  const m = await manifestOf(app, id);
  const form = await readForm(req, FORM_MAX_BYTES);
  // A streamed run stops when its client goes (the stream is cancelled); a plain POST runs out.
  const ac = new AbortController();
  const session = sessionFor(app, m, ac.signal);
  const pv = session.preview();
  if ((req.headers.get("accept") ?? "").includes("text/event-stream")) {
    return stream(app, m, session, pv, form, ac);
  }
  let given: Record<string, string> = {};
  let save: string[] = [];
  let state: SessionState;
  try {
    const a = formAnswers(m, pv, form);
    given = a.given;
    save = a.save;
    state = await session.answer(a.answers, { save: a.save });
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    return html(
      <Page info={pageInfo(app, `${m.title}: check your input`, "tools")}>
        <ToolHead m={m} />
        <h2>Inputs</h2>
        <Island name="RunForm" props={runFormProps(app, m, pv, given, e)} />
      </Page>,
      400,
    );
  }
  // What the next run would use: as before unless an answer was saved (then filled afresh).
  const pv2 = save.length ? sessionFor(app, m).preview() : pv;
  if (state.status === "needs_input") {
    return html(
      <Page info={pageInfo(app, m.title, "tools")}>
        <ToolHead m={m} />
        <p class="error" role="alert">
          Still needed: {state.questions.map((q) => q.ask).join(" ")}
        </p>
        <Island name="RunForm" props={runFormProps(app, m, pv2, given)} />
      </Page>,
      400,
    );
  }
  return html(
    <Page info={pageInfo(app, `${m.title}: result`, "tools")}>
      <ToolHead m={m} />
      <h2>Inputs</h2>
      <Island name="RunForm" props={runFormProps(app, m, pv2, given, undefined, save)} />
      <div
        class="result"
        dangerouslySetInnerHTML={{ __html: resultHtml(app, m, state.result, state.run_id) }}
      />
    </Page>,
  );
}

function stream(
  app: App,
  m: Manifest,
  session: Session,
  pv: Preview,
  form: FormData,
  ac: AbortController,
): Response {
  const enc = new TextEncoder();
  let closed = false;
  const body = new ReadableStream<Uint8Array>({
    // Not awaited: the response (and each step) goes out while the run goes on.
    start(c) {
      void go(c);
    },
    cancel() {
      closed = true;
      ac.abort();
    },
  });
  async function go(c: ReadableStreamDefaultController<Uint8Array>) {
    {
      const send = (event: string, data: unknown) => {
        if (closed) return;
        try {
          c.enqueue(enc.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`));
        } catch {
          closed = true;
        }
      };
      c.enqueue(enc.encode(": started\n\n"));
      const off = session.subscribe((e) => {
        if (e.type === "step") {
          send("step", { text: e.text, elapsed_ms: e.elapsed_ms, index: e.index });
        }
      });
      try {
        const a = formAnswers(m, pv, form);
        const st = await session.answer(a.answers, { save: a.save });
        if (st.status === "done") {
          // The steps go out before the result is drawn.
          await new Promise((r) => setTimeout(r, 0));
          send("result", {
            status: st.result.verdict.status,
            text: st.result.verdict.text,
            run_id: st.run_id,
            html: resultHtml(app, m, st.result, st.run_id),
          });
        } else {
          send("questions", {
            questions: st.questions.map((q) => ({ input: q.input, ask: q.ask })),
          });
        }
      } catch (e) {
        if (e instanceof InputError) send("error", { message: e.message, input: e.input });
        else if (!(e instanceof CancelledError)) {
          console.error(`threshold web: ${m.id}: ${(e as Error)?.stack ?? e}`);
          send("error", { message: `${m.id} failed: ${(e as Error)?.message ?? e}` });
        }
      } finally {
        off();
        if (!closed) {
          closed = true;
          try {
            c.close();
          } catch { /* the client left */ }
        }
      }
    }
  }
  return new Response(body, {
    headers: {
      "content-type": "text/event-stream; charset=utf-8",
      // Not compressed: a compressor would hold the steps back until it had a block to send.
      "cache-control": "no-store, no-transform",
      "x-content-type-options": "nosniff",
    },
  });
}

/** GET /runs/:id — a stored run's result; findings rejected since are hidden. */
export async function runPage(app: App, runId: string): Promise<Response> {
  const run = app.store.getRun(runId);
  if (!run) throw new HttpError(404, `no run ${JSON.stringify(runId)} in the store`);
  const m = await manifestOf(app, run.tool);
  const r = structuredClone(run.result);
  let hidden = 0;
  if (r.scan) {
    const rejected = new Set(
      app.store.listFindings({ scan: r.scan, all: true, tool: run.tool })
        .filter((f) => f.status === "rejected").map((f) => f.id),
    );
    const before = r.findings.length;
    r.findings = r.findings.filter((f) => !rejected.has(f.id));
    hidden = before - r.findings.length;
  }
  return html(
    <Page info={pageInfo(app, `${m.title}: run`, "tools")}>
      <ToolHead m={m} />
      <p>
        Run of {new Date(run.started_at).toUTCString()}
        {r.scan ? ` on scan ${r.scan}` : ""}.{" "}
        <a href={`/tools/${encodeURIComponent(m.id)}`}>Run {m.title} again</a>
      </p>
      {hidden
        ? (
          <p class="note" role="status">
            {hidden} finding{hidden === 1 ? "" : "s"} you rejected {hidden === 1 ? "is" : "are"}
            {" "}
            hidden; the scan's page lists them with a way to restore.
          </p>
        )
        : null}
      <ResultView
        blocks={m.blocks}
        result={r}
        plan={planOf(app, r)}
        runId={runId}
        back={`/runs/${encodeURIComponent(runId)}`}
      />
    </Page>,
  );
}

/** GET /runs/:id/table.csv — the run's table as `--csv` writes it. */
export function runCsv(app: App, runId: string): Response {
  const run = app.store.getRun(runId);
  if (!run) throw new HttpError(404, `no run ${JSON.stringify(runId)} in the store`);
  const t = csvTable(run.result);
  if (!t) throw new HttpError(404, `${run.tool} gives no table to download`);
  const name = `${run.tool}-${runId}`.replace(/[^A-Za-z0-9_.-]/g, "_");
  return text(toCsv(t), 200, {
    "content-type": "text/csv; charset=utf-8",
    "content-disposition": `attachment; filename="${name}.csv"`,
  });
}
