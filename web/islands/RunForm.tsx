/**
 * RunForm island: a tool's form, made on the server from the run session's preview (each
 * input's value, where it comes from, its unit; required only when nothing fills it). Without
 * JavaScript it is a plain POST and the result page comes back. With it, the run streams:
 * step lines arrive live (Server-Sent Events over the POST's response), announced politely to
 * screen readers, then the result drawn by its blocks; "Cancel" stops the run.
 */
import type { JSX } from "preact";
import { useEffect, useRef, useState } from "preact/hooks";
import { STATUS_WORDS } from "../words.ts";
import { capitalise } from "../../ground/text.ts";
import { formatLength, lengthHint, type UnitSystem } from "../../ground/units.ts";

/** One input as the form shows it. */
export interface FormField {
  name: string;
  label: string;
  ask: string;
  kind: "number" | "integer" | "boolean" | "choice" | "text";
  unit?: string;
  /** A length asked in feet and inches (display.units imperial or both); absent: metres. */
  units?: UnitSystem;
  choices?: { value: string; label: string }[];
  minimum?: number;
  maximum?: number;
  /** The value that would be used, as text ("" when none). */
  value: string;
  /** Where it comes from, in words ("your saved preference access.chair_width_m"). */
  from_text: string;
  /** Only inputs that nothing fills are required. */
  required: boolean;
  /** What ticking "remember" does, in words; absent when the answer cannot be kept. */
  save_text?: string;
  /** The field's own error, from the last submission. */
  error?: string;
  /** The scan input: the other choices (rooms, doors) follow it. */
  scan?: boolean;
}

export interface RunFormProps {
  tool: string;
  title: string;
  action: string;
  /** The form's own page: a GET with the fields gives them for another scan. */
  form_url?: string;
  fields: FormField[];
  /** An error not tied to one field. */
  error?: string;
  /** Inputs ticked "remember" on the last submission. */
  saved?: string[];
  /** Put before each field's id, so two forms on one page keep their ids apart. */
  id_prefix?: string;
}

type Phase = "idle" | "running" | "done" | "cancelled" | "failed";

export function RunForm(props: RunFormProps): JSX.Element {
  const { action, title } = props;
  const [phase, setPhase] = useState<Phase>("idle");
  const [steps, setSteps] = useState<string[]>([]);
  const [html, setHtml] = useState("");
  const [status, setStatus] = useState("");
  const { fields, follow } = useScanFields(props, setStatus);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [topError, setTopError] = useState(props.error ?? "");
  const abort = useRef<AbortController | null>(null);
  const result = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (html && result.current) showResult(result.current);
  }, [html]);

  async function submit(e: Event) {
    const form = e.currentTarget as HTMLFormElement;
    if (typeof fetch !== "function" || !("TextDecoderStream" in globalThis)) return;
    e.preventDefault();
    abort.current?.abort();
    const ac = new AbortController();
    abort.current = ac;
    setPhase("running");
    setSteps([]);
    setHtml("");
    setErrors({});
    setTopError("");
    setStatus(`Running ${title}…`);
    (globalThis as { __firstStepAt?: number; __submitAt?: number }).__submitAt = performance
      .now();
    const view: RunView = {
      setPhase,
      setSteps,
      setHtml,
      setStatus,
      setErrors,
      setTopError,
      fields: fields.map((f) => f.name),
    };
    try {
      const refused = await postStreamed(action, form, ac.signal, (ev) => applyEvent(ev, view));
      if (refused !== undefined) {
        setPhase("failed");
        setTopError(refused);
        setStatus("The run could not start.");
      }
    } catch (err) {
      if (ac.signal.aborted) {
        setPhase("cancelled");
        setStatus(`Cancelled: ${title} was stopped.`);
      } else {
        setPhase("failed");
        setStatus(`The run failed: ${(err as Error).message}`);
      }
    } finally {
      if (abort.current === ac) abort.current = null;
    }
  }

  const errs = {
    ...Object.fromEntries(fields.filter((f) => f.error).map((f) => [f.name, f.error!])),
    ...errors,
  };
  return (
    <div class="run">
      <form method="post" action={action} onSubmit={submit} class="run-form">
        {topError ? <p class="error" role="alert">{topError}</p> : null}
        {fields.map((f) => (
          <Field
            key={fieldKey(f)}
            f={f}
            error={errs[f.name]}
            saved={props.saved?.includes(f.name)}
            prefix={props.id_prefix ?? ""}
            onChange={f.scan ? follow : undefined}
            follow={f.scan ? props.form_url : undefined}
          />
        ))}
        <div class="actions">
          <button type="submit" disabled={phase === "running"}>Run {title}</button>
          {phase === "running"
            ? (
              <button type="button" class="secondary" onClick={() => abort.current?.abort()}>
                Cancel
              </button>
            )
            : null}
        </div>
      </form>
      <div class="live" aria-live="polite">
        <p class="run-status">{status}</p>
        {/* Once the result is in, its own step log (a block) shows the steps. */}
        {steps.length && phase !== "done"
          ? (
            <ol class="step-log live-steps" aria-label="Steps so far">
              {steps.map((s, i) => <li key={i}>{s}</li>)}
            </ol>
          )
          : null}
      </div>
      <div class="result" ref={result} dangerouslySetInnerHTML={{ __html: html }} />
    </div>
  );
}

/** What a run's events change on the form: its state setters, and the names of its fields. */
interface RunView {
  setPhase(p: Phase): void;
  setSteps(f: (s: string[]) => string[]): void;
  setHtml(h: string): void;
  setStatus(s: string): void;
  setErrors(e: Record<string, string>): void;
  setTopError(e: string): void;
  fields: string[];
}

/** One Server-Sent Event: its name and its data, parsed from JSON. */
interface RunEvent {
  event: string;
  // deno-lint-ignore no-explicit-any
  data: any;
}

/**
 * Posts the form asking for a stream of Server-Sent Events and hands each to `onEvent` as it
 * arrives; resolves when the stream ends. When the run could not start, resolves to the
 * response's text (and hands nothing on).
 */
async function postStreamed(
  action: string,
  form: HTMLFormElement,
  signal: AbortSignal,
  onEvent: (e: RunEvent) => void,
): Promise<string | undefined> {
  const res = await fetch(action, {
    method: "POST",
    body: new URLSearchParams(new FormData(form) as unknown as Record<string, string>),
    headers: { Accept: "text/event-stream" },
    signal,
  });
  if (!res.ok || !res.body) return await res.text();
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buf = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buf += value;
    let i;
    while ((i = buf.indexOf("\n\n")) >= 0) {
      const chunk = buf.slice(0, i);
      buf = buf.slice(i + 2);
      // Let the steps so far reach the screen before the result replaces the wait.
      if (chunk.startsWith("event: result")) await nextFrame();
      const ev = parseEvent(chunk);
      if (ev) onEvent(ev);
    }
  }
  return undefined;
}

/** An event's text (`event:` and `data:` lines) as its name and data; undefined without data. */
function parseEvent(chunk: string): RunEvent | undefined {
  let event = "message";
  const data: string[] = [];
  for (const line of chunk.split("\n")) {
    if (line.startsWith("event:")) event = line.slice(6).trim();
    else if (line.startsWith("data:")) data.push(line.slice(5).trimStart());
  }
  if (!data.length) return undefined;
  return { event, data: JSON.parse(data.join("\n")) };
}

/**
 * What each event does: a step is added to the live list (the first one's time kept for the
 * browser test), the result drawn, an error shown at its field or above the form, and
 * remaining questions listed.
 */
function applyEvent({ event, data: d }: RunEvent, view: RunView): void {
  if (event === "step") {
    const g = globalThis as { __firstStepAt?: number; __submitAt?: number };
    if (g.__firstStepAt === undefined || g.__firstStepAt < (g.__submitAt ?? 0)) {
      g.__firstStepAt = performance.now();
    }
    view.setSteps((s) => [...s, d.text]);
  } else if (event === "result") {
    const w = STATUS_WORDS[d.status] ?? { icon: "", word: d.status };
    view.setPhase("done");
    view.setStatus(`Done. ${w.word}: ${d.text}`);
    view.setHtml(d.html);
  } else if (event === "error") {
    view.setPhase("failed");
    if (d.input && view.fields.includes(d.input)) {
      view.setErrors({ [d.input]: d.message });
    } else view.setTopError(d.message);
    view.setStatus(`Not run: ${d.message}`);
  } else if (event === "questions") {
    view.setPhase("failed");
    view.setTopError(`Still needed: ${d.questions.map((q: { ask: string }) => q.ask).join(" ")}`);
    view.setStatus("The tool needs more answers.");
  }
}

/**
 * The fields, following the scan: when it changes, the fields (rooms, doors) for that scan
 * come from the form's page as JSON, with what was typed kept; the status line says so.
 */
function useScanFields(props: RunFormProps, setStatus: (s: string) => void) {
  const [fields, setFields] = useState(props.fields);
  async function follow(e: Event) {
    const form = (e.target as HTMLSelectElement).form;
    if (!props.form_url || !form || typeof fetch !== "function") return;
    const q = new URLSearchParams(new FormData(form) as unknown as Record<string, string>);
    q.delete("save");
    try {
      const res = await fetch(`${props.form_url}?${q}`, {
        headers: { Accept: "application/json" },
      });
      if (!res.ok) return;
      const next = await res.json() as RunFormProps;
      setFields(next.fields);
      const scan = next.fields.find((f) => f.scan);
      setStatus(`Choices updated for ${scan ? shown(scan) : "the chosen scan"}.`);
    } catch {
      // Left as it was: the button below the scan field does the same without this.
    }
  }
  return { fields, follow };
}

/**
 * A field's key: it starts afresh only when its choices change (another scan's rooms); the
 * scan field itself keeps its place, and the focus with it.
 */
function fieldKey(f: FormField): string {
  return `${f.name}:${(f.choices ?? []).map((c) => c.value).join("\u0001")}`;
}

/**
 * A result just drawn: its islands (the plan's controls) hydrated, and the focus on its
 * heading, so that a screen-reader user is not left at the top of the page (focus would
 * otherwise drop to <body> as the button re-renders).
 */
function showResult(root: HTMLElement): void {
  (globalThis as { __thresholdHydrate?: (el: Element) => void }).__thresholdHydrate?.(root);
  const heading = root.querySelector<HTMLElement>(".verdict-title, h2, h3");
  if (!heading) return;
  heading.tabIndex = -1;
  heading.focus();
}

function Field(
  { f, error, saved, prefix, onChange, follow }: {
    f: FormField;
    error?: string;
    saved?: boolean;
    prefix: string;
    /** Called after the value changes (the scan field: its choices follow). */
    onChange?: (e: Event) => void;
    /** The scan field: without JavaScript, a button that shows this scan's choices. */
    follow?: string;
  },
) {
  // Controlled: a re-render (a step arriving) keeps what the person typed.
  const [value, setValue] = useState(f.value);
  const [keep, setKeep] = useState(Boolean(saved));
  const id = `in-${prefix}${f.name}`;
  const hint = `hint-${prefix}${f.name}`;
  const errId = `err-${prefix}${f.name}`;
  const described = [hint, error ? errId : ""].filter(Boolean).join(" ");
  const common = {
    id,
    name: `in.${f.name}`,
    required: f.required,
    "aria-describedby": described,
    "aria-invalid": error ? ("true" as const) : undefined,
  };
  let control: JSX.Element;
  if (f.kind === "choice" || f.kind === "boolean") {
    const choices = f.kind === "boolean"
      ? [{ value: "true", label: "yes" }, { value: "false", label: "no" }]
      : f.choices ?? [];
    control = (
      <select
        {...common}
        value={value}
        onChange={(e) => {
          setValue((e.target as HTMLSelectElement).value);
          onChange?.(e);
        }}
      >
        {f.required || f.value === "" ? <option value="">Choose…</option> : null}
        {choices.map((c) => (
          <option key={c.value} value={c.value} selected={c.value === value}>{c.label}</option>
        ))}
      </select>
    );
  } else {
    control = (
      <input
        {...common}
        type="text"
        inputMode={f.kind === "text" ? undefined : "decimal"}
        value={value}
        onInput={(e) => setValue((e.target as HTMLInputElement).value)}
        onChange={onChange}
        autocomplete="off"
      />
    );
  }
  const inFeet = f.unit === "m" && f.units !== undefined && f.units !== "metric";
  const bounds = f.minimum !== undefined && f.maximum !== undefined
    ? inFeet
      ? ` Allowed: ${formatLength(f.minimum, f.units!)} to ${formatLength(f.maximum, f.units!)}.`
      : ` Allowed: ${f.minimum} to ${f.maximum}${f.unit ? ` ${f.unit}` : ""}.`
    : "";
  return (
    <div class={`field${f.required ? " needed" : ""}`}>
      <label for={id}>
        {capitalise(f.label.replace(/^(a|an|the) /i, ""))}
        {inFeet ? ` ${lengthHint(f.units!)}` : f.unit ? ` (${f.unit})` : ""}
        {f.required ? " " : null}
        {f.required ? <span class="req">(needed)</span> : null}
      </label>
      {control}
      <small id={hint} class="hint">
        {f.required
          ? `Nothing fills this: ${f.ask}${bounds}`
          : f.value === ""
          ? `Optional: left out unless you give it.${bounds}`
          : `Using ${
            inFeet && Number.isFinite(Number(f.value))
              ? formatLength(Number(f.value), f.units!)
              : `${shown(f)}${f.unit ? ` ${f.unit}` : ""}`
          }, from ${f.from_text}.${bounds}`}
      </small>
      {follow
        ? (
          <button type="submit" class="secondary follow" formmethod="get" formaction={follow}>
            Show this scan's rooms and doors
          </button>
        )
        : null}
      {error
        ? (
          <p id={errId} class="field-error">
            <span aria-hidden="true">!</span>
            {error}
          </p>
        )
        : null}
      {f.save_text
        ? (
          <label class="save">
            <input
              type="checkbox"
              name="save"
              value={f.name}
              checked={keep}
              onChange={(e) => setKeep((e.target as HTMLInputElement).checked)}
            />{" "}
            {f.save_text}
          </label>
        )
        : null}
    </div>
  );
}

/** The value as a person reads it: yes/no, a choice's label, or the value. */
function shown(f: FormField): string {
  if (f.kind === "boolean") {
    return f.value === "true" ? "yes" : f.value === "false" ? "no" : f.value;
  }
  return f.choices?.find((c) => c.value === f.value)?.label ?? f.value;
}

function nextFrame(): Promise<void> {
  return new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
}
