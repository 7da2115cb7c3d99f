/**
 * tools/call for any registered tool: inputs filled by `runTool` from the same store as the
 * command line; `ctx.step` -> `notifications/progress` (MCP spec, "Progress") when the request
 * carries a progress token; cancellation through the request's abort signal; the result as
 * `forModel` text + structured content + a `resource_link` to `threshold://runs/<id>`.
 * An input nothing fills is asked of the person by elicitation ("Elicitation", form mode):
 * pushed as `elicitation/create` in the 2025 era, returned as an `input_required` result in
 * the 2026-07-28 era (multi round-trip requests). A host without elicitation gets an
 * `isError` result naming the missing inputs and their units, so the model can ask.
 */
import {
  CLIENT_CAPABILITIES_META_KEY,
  inputRequired,
  inputResponse,
  type ServerContext,
} from "npm:@modelcontextprotocol/server@2.4.0";
import type {
  CallToolResult,
  ElicitRequestFormParams,
  InputRequiredResult,
} from "npm:@modelcontextprotocol/server@2.4.0";
import { BusyError, CancelledError, InputError } from "../ground/errors.ts";
import type { Question } from "../core/inputs.ts";
import type { Manifest } from "../core/manifest.ts";
import { forModel, type ModelView } from "../core/result.ts";
import {
  createSession,
  parseAnswer,
  type Session,
  type SessionQuestion,
  unitHint,
} from "../core/session.ts";
import type { Store } from "../core/store.ts";
import { BUILTIN_SCANS } from "../layers/builtin.ts";
import { activePersona } from "../presets/personas.ts";
import { runUri } from "./resources.ts";
import { type MissingInput, sentence } from "./tools.ts";
import { questionUnit } from "../ground/units.ts";
import type { ToolPool } from "../host/worker.ts";
import { poolRunner } from "../host/worker.ts";
import { checkFileArguments } from "./files.ts";
import { RUN_IO } from "../layers/io.ts";

/**
 * Made in the tool worker after a run: the model's view and a slim outcome, so the full
 * result stays there (mcp/call_after.ts).
 */
const MODEL_REPLY = { module: new URL("./call_after.ts", import.meta.url).href, fn: "modelReply" };

/** What a call needs from the server. */
export interface CallEnv {
  store: Store;
  era: "legacy" | "modern";
  /** The 2025-era client capabilities (from `initialize`). */
  legacyCapabilities(): Record<string, unknown> | undefined;
  /** Runs tools off the protocol thread (host/worker.ts); without it they run in-process. */
  pool?: ToolPool;
  /** The `--root` folders: files named in arguments (a pack) must be inside one. */
  roots?: string[];
}

/** How long a person has to answer an elicitation (2025 era), in ms: people take time. */
export const ANSWER_TIMEOUT_MS = 10 * 60 * 1000;

/** The key of threshold's one elicitation in an `input_required` round. */
export const INPUTS_KEY = "threshold_inputs";

/** Whether the client declared form elicitation (an empty `elicitation` means form). */
export function canElicit(env: CallEnv, ctx: ServerContext): boolean {
  const caps = env.era === "modern"
    ? (ctx.mcpReq.envelope as Record<string, unknown> | undefined)?.[
      CLIENT_CAPABILITIES_META_KEY
    ] as Record<string, unknown> | undefined
    : env.legacyCapabilities();
  const e = caps?.elicitation as Record<string, unknown> | undefined;
  if (!e || typeof e !== "object") return false;
  return Object.keys(e).length === 0 || "form" in e;
}

/** The missing inputs as the surface reports them. */
export function missingOf(questions: Question[]): MissingInput[] {
  return questions.map((q) => ({
    input: q.input,
    ask: q.ask,
    ...(q.unit ? { unit: q.unit } : {}),
  }));
}

/** "min_height_m (m): What is …?; scan: Which scan …?" */
export function describeMissing(questions: Question[]): string {
  return questions.map((q) =>
    `${q.input}${q.unit ? ` ${questionUnit(q.unit, q.units)}` : ""}: ${q.ask}`
  )
    .join("; ");
}

const ELICIT_KEYS = ["type", "minimum", "maximum", "minLength", "maxLength", "enum", "format"];

/**
 * The flat form schema of an elicitation (primitive properties only) for the session's
 * questions: each with its ask sentence and unit; choices (scans, rooms, enum values) as a
 * titled enum (`oneOf` of `const`/`title`, MCP 2025-11-25 "Elicitation") so a host shows names.
 */
export function elicitationSchema(
  questions: SessionQuestion[],
): ElicitRequestFormParams["requestedSchema"] {
  const properties: Record<string, Record<string, unknown>> = {};
  for (const q of questions) {
    const prop: Record<string, unknown> = {};
    for (const k of ELICIT_KEYS) if (q.schema[k] !== undefined) prop[k] = q.schema[k];
    if (
      Array.isArray(prop.type) || !["string", "number", "integer", "boolean"].includes(
        String(prop.type),
      )
    ) {
      prop.type = "string";
    }
    if (prop.format && !["email", "uri", "date", "date-time"].includes(String(prop.format))) {
      delete prop.format;
    }
    // A length is asked as text, read by the one length reader: "66 cm", "26 in", "2' 10\"".
    const length = q.unit === "m" && (prop.type === "number" || prop.type === "integer");
    if (length) {
      prop.type = "string";
      delete prop.minimum;
      delete prop.maximum;
    }
    if (q.choices?.length && prop.type === "string") {
      delete prop.enum;
      prop.oneOf = q.choices.map((c) => ({ const: String(c.value), title: c.label }));
    }
    prop.title = q.label;
    prop.description = length || q.unit ? `${q.ask} ${unitHint(q)}` : q.ask;
    properties[q.input] = prop;
  }
  return {
    type: "object",
    properties,
    required: questions.map((q) => q.input),
  } as ElicitRequestFormParams["requestedSchema"];
}

/** The message an elicitation shows. */
export function elicitationMessage(m: Manifest, questions: Question[]): string {
  const asks = questions.map((q) => q.unit ? `${q.ask} ${questionUnit(q.unit, q.units)}` : q.ask);
  return `${m.title} needs ${questions.length === 1 ? "one answer" : "some answers"}: ${
    asks.join(" ")
  }`;
}

/**
 * An `isError` result whose structured content still validates against the advertised output
 * schema (the forModel view): a client such as the Inspector drops structured content that
 * breaks it, and the model would never read "ask the person for …". Bad input, a cancelled
 * run and inputs nothing filled are `unknown` (not run); only a failure of the tool is `error`.
 */
function errorResult(
  tool: string,
  text: string,
  o: { status?: "unknown" | "error"; missing?: MissingInput[] } = {},
): CallToolResult {
  const view = {
    tool,
    status: o.status ?? "unknown",
    verdict: text,
    findings: [],
    ...(o.missing ? { missing: o.missing } : {}),
  };
  return {
    content: [{ type: "text", text: JSON.stringify(view) }],
    isError: true,
    structuredContent: view,
  };
}

/** The plain result of a call the person declined or cancelled. */
function notRunResult(m: Manifest, questions: Question[], action: string): CallToolResult {
  const verb = action === "decline" ? "declined to answer" : "cancelled the question";
  const view = {
    tool: m.id,
    status: "unknown" as const,
    verdict: `Not run: the person ${verb}. ${m.id} needs ${sentence(describeMissing(questions))}`,
    findings: [],
    missing: missingOf(questions),
  };
  return { content: [{ type: "text", text: JSON.stringify(view) }], structuredContent: view };
}

/**
 * The pause between the last progress notification and the result, in ms. The SDK clients
 * drop a progress notification read in the same chunk as its request's result
 * (typescript-sdk #2580): a macrotask is not enough on a loaded machine, this gap is. 25 ms
 * still lost every step of a short run twice in ~15 full suites on 2 cores at load 10–16
 * (tools now run in a worker, so the steps and the result leave closer together): 60 ms.
 */
export const PROGRESS_GAP_MS = 60;
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Runs one tools/call. Never throws: bad input and failures are `isError` results. */
export async function callTool(
  m: Manifest,
  args: Record<string, unknown>,
  ctx: ServerContext,
  env: CallEnv,
): Promise<CallToolResult | InputRequiredResult> {
  const token = ctx.mcpReq._meta?.progressToken;
  const sent: Promise<void>[] = [];
  let progress = 0;
  let lastSentAt = 0;
  const onStep = token === undefined ? undefined : (e: { text: string }) => {
    progress++;
    sent.push(
      ctx.mcpReq.notify({
        method: "notifications/progress",
        params: { progressToken: token, progress, message: e.text },
      }).then(() => void (lastSentAt = performance.now()), () => {}),
    );
  };
  const signal = ctx.mcpReq.signal;
  args = givenArguments(args);
  let view: ModelView | undefined;
  // The reply leaves once the result is final; resources wait for the run's write (issue 29).
  const listen = { steps: onStep !== undefined, early: true };
  const session = createSession(m, {
    ...RUN_IO,
    store: env.store,
    builtins: BUILTIN_SCANS,
    set: args,
    personaOf: () => activePersona(env.store),
    signal,
    ...(env.pool
      ? { runner: poolRunner(env.pool, MODEL_REPLY, (v) => view = v as ModelView, listen) }
      : {}),
  });
  if (onStep) session.subscribe((e) => e.type === "step" && onStep(e));
  try {
    checkFileArguments(args, env.roots ?? []);
    if (env.era === "modern") {
      // Answers of earlier rounds ride in requestState; like arguments, the session checks them.
      const earlier = earlierAnswers(ctx.mcpReq.requestState());
      const view = inputResponse(ctx.mcpReq.inputResponses, INPUTS_KEY);
      if (earlier) Object.assign(session.answers, checked(session, earlier));
      if (view.kind === "elicit" && view.action !== "accept") {
        return notRunResult(m, session.preview().questions, view.action);
      }
      if (view.kind === "elicit") {
        Object.assign(session.answers, checked(session, view.content ?? {}));
      }
    }
    for (let round = 0; round < 3; round++) {
      const state = await session.run();
      if (state.status === "done") {
        await Promise.all(sent);
        if (sent.length) await sleep(Math.max(0, lastSentAt + PROGRESS_GAP_MS - performance.now()));
        // Through the pool the worker made the view (the result stayed there); else here.
        view ??= forModel(state.result);
        return {
          content: [
            { type: "text", text: JSON.stringify(view) },
            {
              type: "resource_link",
              uri: runUri(state.run_id),
              name: state.run_id,
              title: `${m.title}: the full result`,
              description: "Metrics, checks, findings, overlays, assumptions and steps.",
              mimeType: "application/json",
              annotations: { audience: ["user"] },
            },
          ],
          structuredContent: view as unknown as Record<string, unknown>,
          ...(state.result.verdict.status === "error" ? { isError: true } : {}),
        };
      }
      const questions = state.questions;
      if (!canElicit(env, ctx)) {
        return errorResult(
          m.id,
          `${m.id} needs input nothing could fill: ${sentence(describeMissing(questions))} ` +
            "Ask the person, then call again with these arguments.",
          { missing: missingOf(questions) },
        );
      }
      const requestedSchema = elicitationSchema(questions);
      const message = elicitationMessage(m, questions);
      if (env.era === "modern") {
        return inputRequired({
          inputRequests: { [INPUTS_KEY]: inputRequired.elicit({ message, requestedSchema }) },
          ...(Object.keys(session.answers).length
            ? { requestState: JSON.stringify(session.answers) }
            : {}),
        });
      }
      let reply;
      try {
        reply = await ctx.mcpReq.elicitInput({ mode: "form", message, requestedSchema }, {
          signal,
          timeout: ANSWER_TIMEOUT_MS,
        });
      } catch (e) {
        if (signal.aborted) throw e;
        return errorResult(m.id, `${m.id}: the answer could not be used: ${(e as Error).message}`);
      }
      if (reply.action !== "accept") return notRunResult(m, questions, reply.action);
      Object.assign(session.answers, checked(session, reply.content ?? {}));
    }
    return errorResult(m.id, `${m.id}: the answers given still leave inputs unfilled.`);
  } catch (e) {
    if (e instanceof CancelledError || signal.aborted) {
      return errorResult(m.id, `${m.id} was cancelled.`);
    }
    if (e instanceof InputError) return errorResult(m.id, `Not run: ${e.message}`);
    // Every worker busy and the queue full: nothing ran; the model may call again later.
    if (e instanceof BusyError) return errorResult(m.id, e.message);
    console.error(`threshold mcp: ${m.id} failed:`, e);
    return errorResult(m.id, `${m.id} failed: ${(e as Error)?.message ?? String(e)}`, {
      status: "error",
    });
  }
}

/** Answers read and checked by the session (an elicitation form sends strings for choices). */
function checked(session: Session, given: Record<string, unknown>): Record<string, unknown> {
  const questions = session.preview().questions;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(given)) {
    if (v === undefined || v === null) continue;
    const q = questions.find((x) => x.input === k);
    out[k] = q ? parseAnswer(session.manifest, q, v) : v;
  }
  return out;
}

/** The answers carried in a 2026-era retry's requestState (a JSON object), if any. */
function earlierAnswers(state: unknown): Record<string, unknown> | undefined {
  if (typeof state !== "string" || !state) return undefined;
  try {
    const v = JSON.parse(state);
    return v && typeof v === "object" && !Array.isArray(v) ? v : undefined;
  } catch {
    return undefined;
  }
}

/** Arguments as runTool takes them: an argument given as null counts as left out. */
export function givenArguments(args: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(args).filter(([, v]) => v !== null));
}
