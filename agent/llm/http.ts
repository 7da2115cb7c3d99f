/**
 * HTTP for the providers: a POST with a timeout, cancellation, and retries with exponential
 * backoff on 429 and 5xx (a Retry-After header wins, capped), and server-sent event parsing
 * for streamed responses. Errors say the status and the server's message, never the key.
 */
import { CancelledError, type Coded } from "../../ground/errors.ts";
import type { HttpOptions } from "./types.ts";

/**
 * A provider failed: the status (0 when no response came), and what to do about it. Its `code`
 * (`model.timeout`, `model.key_refused`, …) and `data` (the server, the status, the key's
 * variable — never the key) say the same for callers and tests; the message is unchanged by them.
 */
export class ModelError extends Error {
  readonly code: string;
  readonly data: Readonly<Record<string, unknown>>;
  constructor(readonly status: number, message: string, coded?: Coded) {
    super(message);
    this.name = "ModelError";
    this.code = coded?.code ?? "model.failed";
    this.data = { status, ...coded?.data };
  }
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(new CancelledError());
    const t = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(t);
      reject(new CancelledError());
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });

/**
 * The most bytes of a model server's reply that are read: a reply is words and tool calls,
 * a few kilobytes; past this it is refused (never read whole into memory).
 */
export const MAX_REPLY_BYTES = 4_000_000;

function tooLarge(o: Pick<HttpOptions, "base_url">): ModelError {
  return new ModelError(
    0,
    `${o.base_url} sent a reply larger than ${
      MAX_REPLY_BYTES / 1e6
    } MB; it was not read (a model's reply is words and tool calls)`,
    { code: "model.reply_too_large", data: { base_url: o.base_url, max_bytes: MAX_REPLY_BYTES } },
  );
}

/** A response body as text, at most {@link MAX_REPLY_BYTES} (a larger one is a ModelError). */
export async function readText(res: Response, o: Pick<HttpOptions, "base_url">): Promise<string> {
  const len = Number(res.headers.get("content-length") ?? NaN);
  if (Number.isFinite(len) && len > MAX_REPLY_BYTES) {
    await res.body?.cancel().catch(() => {});
    throw tooLarge(o);
  }
  if (!res.body) return "";
  const dec = new TextDecoder();
  let out = "", n = 0;
  for await (const c of res.body) {
    n += c.byteLength;
    if (n > MAX_REPLY_BYTES) throw tooLarge(o);
    out += dec.decode(c, { stream: true });
  }
  return out + dec.decode();
}

/** A response body as JSON, at most {@link MAX_REPLY_BYTES}. */
export async function readJson(res: Response, o: Pick<HttpOptions, "base_url">): Promise<any> {
  const t = await readText(res, o);
  try {
    return JSON.parse(t);
  } catch {
    throw new ModelError(0, `${o.base_url} sent a reply that is not JSON: ${t.slice(0, 120)}`, {
      code: "model.not_json",
      data: { base_url: o.base_url },
    });
  }
}

/** Removes the key from a text, wherever a server echoed it. */
export function redact(text: string, key?: string): string {
  return key && key.length >= 4 ? text.split(key).join("[key]") : text;
}

/**
 * POSTs JSON; returns the response once it is 2xx. Retries 429/5xx and dropped connections
 * `retries` times; a 4xx other than 429 fails at once (401/403 name the key's variable).
 */
export async function postJson(
  url: string,
  body: unknown,
  headers: Record<string, string>,
  o: HttpOptions,
  signal?: AbortSignal,
): Promise<Response> {
  const retries = o.retries ?? 3;
  let backoff = o.backoff_ms ?? 500;
  for (let attempt = 0;; attempt++) {
    if (signal?.aborted) throw new CancelledError();
    const timeout = AbortSignal.timeout(o.timeout_ms ?? 60_000);
    const both = signal ? AbortSignal.any([signal, timeout]) : timeout;
    let res: Response;
    try {
      res = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: JSON.stringify(body),
        signal: both,
      });
    } catch (e) {
      if (signal?.aborted) throw new CancelledError();
      if (timeout.aborted) {
        throw new ModelError(
          0,
          `${o.model} at ${o.base_url} did not answer within ${o.timeout_ms ?? 60_000} ms`,
          {
            code: "model.timeout",
            data: { base_url: o.base_url, model: o.model, timeout_ms: o.timeout_ms ?? 60_000 },
          },
        );
      }
      if (attempt < retries) {
        await sleep(backoff, signal);
        backoff *= 2;
        continue;
      }
      throw new ModelError(
        0,
        `cannot reach ${o.base_url}: ${redact((e as Error).message, o.api_key)}`,
        { code: "model.unreachable", data: { base_url: o.base_url, retries } },
      );
    }
    if (res.ok) return res;
    const text = redact(await res.text().catch(() => ""), o.api_key);
    const detail = serverMessage(text);
    if ((res.status === 429 || res.status >= 500) && attempt < retries) {
      const after = Number(res.headers.get("retry-after"));
      await sleep(
        Number.isFinite(after) && after > 0 ? Math.min(after * 1000, 30_000) : backoff,
        signal,
      );
      backoff *= 2;
      continue;
    }
    if (res.status === 401 || res.status === 403) {
      throw new ModelError(
        res.status,
        `${o.base_url} refused the key (${res.status}${
          detail ? `: ${detail}` : ""
        }); set a valid key in ${o.key_env ?? "the provider's key variable"}`,
        {
          code: "model.key_refused",
          data: { base_url: o.base_url, ...(o.key_env ? { key_env: o.key_env } : {}) },
        },
      );
    }
    throw new ModelError(
      res.status,
      `${o.base_url} answered ${res.status}${detail ? `: ${detail}` : ""}${
        res.status === 429 || res.status >= 500 ? ` (after ${retries} retries)` : ""
      }`,
      {
        code: "model.failed",
        data: {
          base_url: o.base_url,
          ...(detail ? { detail } : {}),
          ...(res.status === 429 || res.status >= 500 ? { retries } : {}),
        },
      },
    );
  }
}

function serverMessage(text: string): string {
  try {
    const j = JSON.parse(text);
    const m = j?.error?.message ?? j?.message ?? j?.error;
    if (typeof m === "string") return m.slice(0, 300);
  } catch { /* not JSON */ }
  return text.slice(0, 300);
}

/** The events of a server-sent event stream: `{event, data}` per blank-line-ended block. */
export async function* sseEvents(
  res: Response,
  o: Pick<HttpOptions, "base_url"> = { base_url: "the model server" },
): AsyncGenerator<{ event?: string; data: string }> {
  if (!res.body) return;
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buf = "", n = 0;
  for (;;) {
    const { value, done } = await reader.read();
    if (value) {
      // Characters, not bytes, here: within a factor of 4 of the byte cap either way.
      n += value.length;
      if (n > MAX_REPLY_BYTES) {
        await reader.cancel().catch(() => {});
        throw tooLarge(o);
      }
      buf += value;
    }
    for (let i = buf.search(/\r?\n\r?\n/); i >= 0; i = buf.search(/\r?\n\r?\n/)) {
      const block = buf.slice(0, i);
      buf = buf.slice(buf.slice(i).match(/^\r?\n\r?\n/)![0].length + i);
      let event: string | undefined;
      const data: string[] = [];
      for (const line of block.split(/\r?\n/)) {
        if (line.startsWith("event:")) event = line.slice(6).trim();
        else if (line.startsWith("data:")) data.push(line.slice(5).replace(/^ /, ""));
      }
      if (data.length) yield { event, data: data.join("\n") };
    }
    if (done) break;
  }
}

/** Parses tool-call arguments: an object, or undefined when they are not a JSON object. */
export function parseArgs(
  raw: string | Record<string, unknown> | undefined,
): Record<string, unknown> | undefined {
  if (raw && typeof raw === "object") return raw;
  try {
    const v = JSON.parse(raw === undefined || raw === "" ? "{}" : raw);
    return v && typeof v === "object" && !Array.isArray(v) ? v : undefined;
  } catch {
    return undefined;
  }
}
