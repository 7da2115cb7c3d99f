/**
 * Ask in words: the agent's chat panel. A question goes to the agent (agent/ask.ts `decide`),
 * which chooses the tool and reads what the question states; this page says in one line which
 * tool it chose and why, then shows that tool's usual form (web/routes/tool.tsx) prefilled from
 * the decision, the stated values marked "from your question", so only what nothing fills is
 * asked; the form runs through the tool's own run path (streamed, or a plain POST). When no tool
 * leads clearly, the likely tools are offered by title, each carrying the question. All choosing,
 * reading and filling is the agent's and the run session's; this translates and renders.
 */
import { decide, type Decision, decisionLine, type ToolDecision } from "../../agent/ask.ts";
import { InputError } from "../../ground/errors.ts";
import type { Preview } from "../../core/session.ts";
import { activePersona } from "../../presets/personas.ts";
import type { App } from "../app.ts";
import { pageInfo } from "../app.ts";
import { html, readForm } from "../http.ts";
import { Island } from "../island.tsx";
import { Page } from "../layout.tsx";
import { manifestOf, runFormProps } from "./tool.tsx";

/** A question is short: the agent reads at most 2,000 characters. */
const ASK_MAX_BYTES = 64 * 1024;

/** What the person reads beside a value the question stated. */
export const FROM_QUESTION = "your question";

function AskForm({ q, error }: { q: string; error?: string }) {
  return (
    <form method="post" action="/ask" class="ask-form">
      <div class="field">
        <label for="ask-q">Your question</label>
        <input
          id="ask-q"
          name="q"
          type="text"
          value={q}
          required
          autocomplete="off"
          aria-describedby={error ? "ask-hint ask-err" : "ask-hint"}
          aria-invalid={error ? "true" : undefined}
        />
        <small id="ask-hint" class="hint">
          In your own words, for example “Can I get my wheelchair from the front door to the
          bathroom? My chair is 66 cm wide.” Sizes, rooms and standards you name fill the form.
        </small>
        {error
          ? (
            <p id="ask-err" class="field-error">
              <span aria-hidden="true">!</span>
              {error}
            </p>
          )
          : null}
      </div>
      <div class="actions">
        <button type="submit">Ask</button>
      </div>
    </form>
  );
}

/** GET /ask — the question field. */
export function askPage(app: App): Response {
  return html(
    <Page info={pageInfo(app, "Ask", "ask")}>
      <h1>Ask about the building</h1>
      <p class="lead">
        Ask in words; threshold chooses the tool, fills in what you said, and asks only for what
        nothing fills.
      </p>
      <AskForm q="" />
    </Page>,
  );
}

/** The preview the tool's form is drawn from: the decision's inputs and questions. */
function previewOf(t: ToolDecision): Preview {
  return {
    tool: t.tool,
    filled: Object.fromEntries(
      Object.entries(t.inputs).map((
        [k, v],
      ) => [k, { value: v.value, from: v.from === "question" ? "explicit" : v.from }]),
    ),
    questions: t.questions,
  };
}

async function toolPanel(
  { app, t, many }: { app: App; t: ToolDecision; many: boolean },
) {
  const m = await manifestOf(app, t.tool);
  const props = runFormProps(app, m, previewOf(t));
  const stated = new Set(
    Object.entries(t.inputs).filter(([, v]) => v.from === "question").map(([k]) => k),
  );
  // A subject the question named that is several things (or none) is asked by name: its
  // field offers only the matching choices, with the question's sentence ("Which bathroom: …?").
  const named = new Map(t.questions.filter((q) => q.named !== undefined).map((q) => [q.input, q]));
  props.fields = props.fields.map((f) => {
    const q = named.get(f.name);
    if (q) {
      return {
        ...f,
        ask: q.ask,
        required: true,
        ...(q.choices?.length
          ? {
            kind: "choice" as const,
            choices: q.choices.map((c) => ({ value: String(c.value), label: c.label })),
          }
          : {}),
      };
    }
    return stated.has(f.name) ? { ...f, from_text: FROM_QUESTION } : f;
  });
  const hid = `h-ask-${t.tool}`;
  return (
    <section class="ask-tool" aria-labelledby={hid}>
      <h2 id={hid}>{m.title}</h2>
      <p class="muted">
        {m.summary} <a href={`/tools/${encodeURIComponent(m.id)}`}>The tool's own page</a>
      </p>
      {stated.size
        ? (
          <p class="note">
            From your question: {[...stated].map((k) => {
              const f = props.fields.find((f) => f.name === k);
              const v = t.inputs[k];
              const shown = v.label ??
                f?.choices?.find((c) => c.value === f.value)?.label ?? f?.value ?? String(v.value);
              return `${f?.label ?? k} ${shown}${f?.unit && !v.label ? ` ${f.unit}` : ""}`;
            }).join("; ")}.
          </p>
        )
        : null}
      {t.notes.length ? <ul class="notes">{t.notes.map((n) => <li key={n}>{n}</li>)}</ul> : null}
      <Island name="RunForm" props={{ ...props, ...(many ? { id_prefix: `${t.tool}-` } : {}) }} />
    </section>
  );
}

async function answer(app: App, d: Decision, picked: boolean) {
  if (d.status === "none") {
    return (
      <section class="ask-answer" aria-labelledby="h-none">
        <h2 id="h-none">threshold cannot answer that</h2>
        <p>It answers questions about a building from its scan. Ask about:</p>
        <ul>
          {d.groups.map((g) => (
            <li key={g.about}>
              {g.about}: {g.tools.map((t, i) => (
                <span key={t.tool}>
                  {i ? ", " : ""}
                  <a href={`/tools/${encodeURIComponent(t.tool)}`}>{t.title}</a>
                </span>
              ))}
            </li>
          ))}
        </ul>
      </section>
    );
  }
  if (d.status === "which_tool") {
    return (
      <section class="ask-answer" aria-labelledby="h-which">
        <h2 id="h-which">{d.ask}</h2>
        <p class="muted">
          No one tool clearly fits: {d.why}. Choose one; what you said goes with it.
        </p>
        <form method="post" action="/ask" class="ask-choices">
          <input type="hidden" name="q" value={d.question} />
          <ul>
            {d.candidates.map((c) => (
              <li key={c.tool}>
                <button type="submit" name="tool" value={c.tool} class="secondary">
                  {c.title}
                </button>
              </li>
            ))}
          </ul>
        </form>
      </section>
    );
  }
  const panels = await Promise.all(
    d.tools.map((t) => toolPanel({ app, t, many: d.tools.length > 1 })),
  );
  return (
    <section class="ask-answer" aria-label="The answer">
      <p class="decision" role="status">
        <strong>{d.tools.length > 1 ? "Chosen tools" : "Chosen tool"}</strong> — {picked
          ? `${d.tools.map((t) => t.title).join(" and ")}: you chose it from the tools offered`
          : decisionLine(d)}.
      </p>
      {panels}
    </section>
  );
}

/** POST /ask — the agent's decision and the chosen tool's form (or the tools to choose from). */
export async function askPost(app: App, req: Request): Promise<Response> {
  const form = await readForm(req, ASK_MAX_BYTES, "the question");
  const q = String(form.get("q") ?? "");
  const tool = form.get("tool");
  let d: Decision;
  try {
    d = await decide(q, {
      store: app.store,
      builtins: app.builtins,
      persona: activePersona(app.store),
      toolsDir: app.toolsDir,
      home: app.home,
      ...(typeof tool === "string" && tool ? { tool } : {}),
    });
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    return html(
      <Page info={pageInfo(app, "Ask: check your question", "ask")}>
        <h1>Ask about the building</h1>
        <AskForm q={q} error={e.message} />
      </Page>,
      400,
    );
  }
  return html(
    <Page info={pageInfo(app, "Ask", "ask")}>
      <h1>Ask about the building</h1>
      <AskForm q={q} />
      {await answer(app, d, typeof tool === "string" && tool !== "")}
    </Page>,
  );
}
