/** HTTP helpers for the web view: pages, redirects, errors, bounded request bodies. */
import type { VNode } from "preact";
import { renderToString } from "preact-render-to-string";

/** An error with an HTTP status, shown to the person as a page. */
export class HttpError extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
  }
}

const SECURITY_HEADERS = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "same-origin",
  "x-frame-options": "DENY",
  "content-security-policy":
    "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; script-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
};

/** A server-rendered page. */
export function html(page: VNode, status = 200): Response {
  return new Response("<!doctype html>" + renderToString(page), {
    status,
    headers: {
      "content-type": "text/html; charset=utf-8",
      "cache-control": "no-store",
      ...SECURITY_HEADERS,
    },
  });
}

/** A 303 redirect to a path of this server. */
export function redirect(path: string): Response {
  return new Response(null, { status: 303, headers: { location: safePath(path) } });
}

/** A path of this server, or "/" for anything else (another host, a scheme, "//…"). */
export function safePath(p: string | null | undefined): string {
  if (!p || !p.startsWith("/") || p.startsWith("//") || p.includes("\\")) return "/";
  // deno-lint-ignore no-control-regex
  if (/[\u0000-\u001f]/.test(p)) return "/";
  return p;
}

/** Plain text (errors for scripts, CSV). */
export function text(body: string, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(body, {
    status,
    headers: { "content-type": "text/plain; charset=utf-8", ...SECURITY_HEADERS, ...headers },
  });
}

/**
 * A request body, at most `max_bytes` (a larger one is an HttpError 413 naming the limit,
 * checked from Content-Length before reading and while reading).
 */
export async function readBody(req: Request, max_bytes: number, what: string): Promise<Uint8Array> {
  const len = Number(req.headers.get("content-length") ?? NaN);
  const tooBig = () =>
    new HttpError(
      413,
      `${what} is too large: the limit is ${
        fmtBytes(max_bytes)
      }. Choose a smaller file, or raise the limit (the preference import.max_mb, in MB).`,
    );
  if (Number.isFinite(len) && len > max_bytes) throw tooBig();
  if (!req.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let n = 0;
  for await (const c of req.body) {
    n += c.byteLength;
    if (n > max_bytes) throw tooBig();
    chunks.push(c);
  }
  const out = new Uint8Array(n);
  let o = 0;
  for (const c of chunks) {
    out.set(c, o);
    o += c.byteLength;
  }
  return out;
}

/** A form body (urlencoded or multipart), at most `max_bytes`. */
export async function readForm(
  req: Request,
  max_bytes: number,
  what = "the form",
): Promise<FormData> {
  const body = await readBody(req, max_bytes, what);
  try {
    return await new Request(req.url, {
      method: "POST",
      headers: { "content-type": req.headers.get("content-type") ?? "" },
      body: body as Uint8Array<ArrayBuffer>,
    }).formData();
  } catch (e) {
    throw new HttpError(400, `${what} could not be read: ${(e as Error).message}`);
  }
}

/** Bytes for a person: "12.0 MB". */
export function fmtBytes(n: number): string {
  return n >= 1e6 ? `${(n / 1e6).toFixed(1)} MB` : `${Math.ceil(n / 1e3)} kB`;
}
