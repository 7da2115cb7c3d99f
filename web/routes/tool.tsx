/**
 * A tool: its form (from the run session's preview: each input's value, source and unit; only
 * what nothing fills is required), a run (streamed as Server-Sent Events, or a plain POST that
 * returns the result page), a stored run's page and its table as CSV. All fill, ask and judge
 * logic is the run session's (core/session.ts); this translates form fields in and renders
 * results out.
 */
import type { z } from "zod";
import { listManifests, loadTool } from "../../core/catalog.ts";
import { BusyError, CancelledError, InputError, RegistryError } from "../../ground/errors.ts";
import type { Manifest } from "../../core/manifest.ts";
import {
  createSession,
  describeInputs,
  MAX_CHOICE_ROOMS,
  type Preview,
  scanInputName,
  type Session,
  type SessionState,
} from "../../core/session.ts";
import { activePersona } from "../../presets/personas.ts";
import { poolRunner } from "../../host/worker.ts";
import type { App } from "../app.ts";
import { pageInfo } from "../app.ts";
import { html, HttpError, readForm, text } from "../http.ts";
import { Island } from "../island.tsx";
import type { FormField } from "../islands/RunForm.tsx";
import { renderToString } from "preact-render-to-string";
import { VerdictHeader } from "../blocks/VerdictHeader.tsx";
import { Page } from "../layout.tsx";
import type { StoredRunPage } from "../render_job.tsx";
import { audienceWords, LAYER_WORDS, sourceWords, unitsOf } from "../words.ts";
import { RUN_IO } from "../../layers/io.ts";

/** The most rooms a scan may have for the form to offer its rooms as a pick list (core's). */
export const MAX_FORM_CHOICES = MAX_CHOICE_ROOMS;

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

/** The module the pool's workers draw results with (web/render_job.tsx). */
const RENDER = new URL("../render_job.tsx", import.meta.url).href;

/**
 * A session whose run goes to the pool (off the serving thread); with `drawn`, the worker
 * also draws the result's first page and hands its HTML to `drawn`.
 */
function sessionFor(
  app: App,
  m: Manifest,
  signal?: AbortSignal,
  drawn?: (html: string) => void,
): Session {
  return createSession(m, {
    ...RUN_IO,
    store: app.store,
    builtins: app.builtins,
    persona: activePersona(app.store),
    ...(signal ? { signal } : {}),
    runner: poolRunner(
      app.pool,
      { module: RENDER, fn: "afterWebRun" },
      (x) => drawn?.((x as { html: string }).html),
    ),
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
  // A scan with more rooms than a pick list should hold is not loaded here (on the serving
  // thread): its rooms, doors and floors are typed by name or id, and the run reads them.
  const rooms = scan ? app.store.listScans().find((s) => s.id === scan)?.rooms ?? 0 : 0;
  const offered = rooms > MAX_FORM_CHOICES ? undefined : scan;
  // A length's question and unit in the person's units (display.units).
  const units = unitsOf(app);
  let described;
  try {
    described = describeInputs(m, {
      sources: { store: app.store, builtins: app.builtins },
      scan: offered,
      units,
    });
  } catch {
    described = describeInputs(m, { sources: { store: app.store, builtins: app.builtins }, units });
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
      ...(d.units ? { units: d.units } : {}),
      ...(d.choices
        ? { choices: d.choices.map((c) => ({ value: String(c.value), label: c.label })) }
        : {}),
      ...(d.minimum !== undefined ? { minimum: d.minimum } : {}),
      ...(d.maximum !== undefined ? { maximum: d.maximum } : {}),
      // A choice given for another scan (a room of the last building) is not kept.
      value: !(d.input in given) ? asText(filled?.value) : !d.choices || d.input === scanName ||
          d.choices.some((c) => String(c.value) === given[d.input])
        ? given[d.input]
        : "",
      ...(d.input === scanName ? { scan: true } : {}),
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

/**
 * What a GET of the form carries: `?scan=` or the form's own fields (`in.<name>`, sent by its
 * "Show this scan's choices" button without JavaScript, or fetched by the island when the
 * scan changes). The scan picks the room and door lists; the other values are kept as typed.
 */
function givenFromQuery(m: Manifest, url: URL): Record<string, string> | undefined {
  const given: Record<string, string> = {};
  const shape = m.inputs.shape as Record<string, unknown>;
  for (const name of Object.keys(shape)) {
    const v = url.searchParams.get(`in.${name}`);
    if (v !== null) given[name] = v.trim();
  }
  const scanName = scanInputName(m);
  const scan = url.searchParams.get("scan");
  if (scanName && scan !== null && scan.trim() !== "") given[scanName] = scan.trim();
  return Object.keys(given).length ? given : undefined;
}

/** GET /tools/:id — the tool's form (as JSON props when the island asks for them). */
export async function toolPage(app: App, id: string, req?: Request): Promise<Response> {
  const known = (await listManifests({ home: app.home, dir: app.toolsDir })).map((t) => t.id);
  if (!known.includes(id)) {
    throw new HttpError(404, `no tool ${JSON.stringify(id)}; tools: ${known.join(", ")}`);
  }
  const m = await manifestOf(app, id);
  const pv = sessionFor(app, m).preview();
  const given = req ? givenFromQuery(m, new URL(req.url)) : undefined;
  const props = runFormProps(app, m, pv, given);
  if (req && (req.headers.get("accept") ?? "").includes("application/json")) {
    return new Response(JSON.stringify(props), {
      headers: {
        "content-type": "application/json; charset=utf-8",
        "cache-control": "no-store",
        "x-content-type-options": "nosniff",
      },
    });
  }
  return html(
    <Page info={pageInfo(app, m.title, "tools")}>
      <ToolHead m={m} />
      <h2>Inputs</h2>
      <Island name="RunForm" props={props} />
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
    form_url: `/tools/${encodeURIComponent(m.id)}`,
    fields,
    ...(error && !fields.some((f) => f.name === error.input) ? { error: error.message } : {}),
    ...(saved?.length ? { saved } : {}),
  };
}

/** The result's HTML when its worker could not draw it (a run stopped at its time limit). */
function plainResult(verdict: { status: string; text: string }): string {
  return renderToString(
    <article class="result-view" aria-label="Result">
      <VerdictHeader result={{ verdict } as never} />
    </article>,
  );
}

/** POST /tools/:id/run — streamed when the client asks for text/event-stream. */
export async function runPost(app: App, id: string, req: Request): Promise<Response> {
  const m = await manifestOf(app, id);
  const form = await readForm(req, FORM_MAX_BYTES);
  // A run stops when its client goes: the stream is cancelled, or the request's signal fires.
  const ac = new AbortController();
  const onGone = () => ac.abort();
  req.signal.addEventListener("abort", onGone, { once: true });
  let drawn: string | undefined;
  const session = sessionFor(app, m, ac.signal, (h) => drawn = h);
  const pv = session.preview();
  if ((req.headers.get("accept") ?? "").includes("text/event-stream")) {
    // The stream's cancel is its disconnect signal (Deno's request signal also fires once a
    // response is sent, so it is not kept for a stream).
    req.signal.removeEventListener("abort", onGone);
    return stream(m, session, pv, form, ac, () => drawn);
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
    req.signal.removeEventListener("abort", onGone);
    return html(
      <Page info={pageInfo(app, `${m.title}: check your input`, "tools")}>
        <ToolHead m={m} />
        <h2>Inputs</h2>
        <Island name="RunForm" props={runFormProps(app, m, pv, given, e)} />
      </Page>,
      400,
    );
  }
  req.signal.removeEventListener("abort", onGone);
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
        dangerouslySetInnerHTML={{ __html: drawn ?? plainResult(state.result.verdict) }}
      />
    </Page>,
  );
}

function stream(
  m: Manifest,
  session: Session,
  pv: Preview,
  form: FormData,
  ac: AbortController,
  drawn: () => string | undefined,
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
            html: drawn() ?? plainResult(st.result.verdict),
          });
        } else {
          send("questions", {
            questions: st.questions.map((q) => ({ input: q.input, ask: q.ask })),
          });
        }
      } catch (e) {
        if (e instanceof InputError) send("error", { message: e.message, input: e.input });
        else if (e instanceof BusyError) send("error", { message: e.message, busy: true });
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

/** The page of a run's long lists a query asks for (`?page=N`, default 1). */
function pageNumber(url: URL): number {
  const raw = url.searchParams.get("page");
  if (raw === null) return 1;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 1e9) {
    throw new HttpError(400, `page must be a whole number from 1, got ${JSON.stringify(raw)}`);
  }
  return n;
}

/**
 * GET /runs/:id — a stored run's result (page `?page=N` of its long lists), drawn in a
 * worker; findings rejected since are hidden. It stops when the client goes.
 */
export async function runPage(app: App, runId: string, req: Request): Promise<Response> {
  const page = pageNumber(new URL(req.url));
  const got = await app.pool.job<StoredRunPage | undefined>(
    RENDER,
    "storedRunPage",
    { runId, page },
    req.signal,
  );
  if (!got) throw new HttpError(404, `no run ${JSON.stringify(runId)} in the store`);
  const hidden = got.hidden;
  const m = await manifestOf(app, got.tool);
  return html(
    <Page info={pageInfo(app, `${got.title}: run`, "tools")}>
      <ToolHead m={m} />
      <p>
        Run of {new Date(got.started_at).toUTCString()}
        {got.scan ? ` on scan ${got.scan}` : ""}.{" "}
        <a href={`/tools/${encodeURIComponent(got.tool)}`}>Run {got.title} again</a>
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
      <div class="result" dangerouslySetInnerHTML={{ __html: got.html }} />
    </Page>,
  );
}

/** GET /runs/:id/table.csv — the run's table as `--csv` writes it (made in a worker). */
export async function runCsv(app: App, runId: string, req: Request): Promise<Response> {
  const got = await app.pool.job<{ tool: string; csv?: string } | undefined>(
    RENDER,
    "storedRunCsv",
    { runId },
    req.signal,
  );
  if (!got) throw new HttpError(404, `no run ${JSON.stringify(runId)} in the store`);
  if (got.csv === undefined) throw new HttpError(404, `${got.tool} gives no table to download`);
  const name = `${got.tool}-${runId}`.replace(/[^A-Za-z0-9_.-]/g, "_");
  return text(got.csv, 200, {
    "content-type": "text/csv; charset=utf-8",
    "content-disposition": `attachment; filename="${name}.csv"`,
  });
}
