/**
 * The web view's server: Deno.serve with pages rendered by Preact on the server, islands
 * hydrated in the browser, and every state change a POST whose Origin must be this server
 * (and every request's Host one of this server's names, so another site cannot reach it by
 * rebinding a name to loopback). It reads the store and what a person uploads; no path or file
 * name from the browser reaches the file system.
 */
import { join, resolve } from "node:path";
import { InputError, RegistryError, StoreError } from "../ground/errors.ts";
import { TOOLS_DIR } from "../core/paths.ts";
import { defaultHome, openStore, type Store } from "../core/store.ts";
import { BUILTIN_SCANS } from "../layers/builtin.ts";
import type { App } from "./app.ts";
import { pageInfo } from "./app.ts";
import { islandsBundle, styleSheet } from "./bundle.ts";
import { html, HttpError } from "./http.ts";
import { Page } from "./layout.tsx";
import { askPage, askPost } from "./routes/ask.tsx";
import { findingPost, importPost, personaPost, prefsPost, selectPost } from "./routes/actions.tsx";
import { homePage } from "./routes/home.tsx";
import { scanPage } from "./routes/scan.tsx";
import { bcfDownload, reportDownload } from "./routes/handoff.ts";
import { runCsv, runPage, runPost, toolPage } from "./routes/tool.tsx";
import { toolsPage } from "./routes/tools.tsx";

/** How the web view is started. */
export interface WebOptions {
  /** Port; 0 picks a free one (default 8787). */
  port?: number;
  /** Interface to bind (default 127.0.0.1, loopback only). */
  host?: string;
  /** The store folder (default $THRESHOLD_HOME, else ~/.threshold). */
  home?: string;
  /** An open store to use instead of opening `home`'s (it is not closed with the server). */
  store?: Store;
  /** The tools folder (tests point it at fixtures). */
  toolsDir?: URL;
  /** Largest upload, bytes (default: as `threshold import`, the preference import.max_mb). */
  max_upload_bytes?: number;
}

/** A running web view. */
export interface WebServer {
  /** The address to open ("http://127.0.0.1:8787/"). */
  url: string;
  port: number;
  hostname: string;
  /** Whether the islands bundle came from the cache. */
  bundle_cached: boolean;
  /** The folder this server made for uploads in flight (empty between imports). */
  upload_dir: string;
  /** Stops serving, closes the store it opened and removes its temporary folder. */
  close(): Promise<void>;
}

export const DEFAULT_PORT = 8787;

/** True for names that reach only this machine. */
export function isLoopback(host: string): boolean {
  return host === "localhost" || host === "::1" || host === "[::1]" || /^127\./.test(host);
}

/** Starts the web view; resolves once it listens. */
export async function startWeb(opts: WebOptions = {}): Promise<WebServer> {
  const hostname = opts.host ?? "127.0.0.1";
  const home = resolve(opts.home ?? defaultHome());
  const store = opts.store ?? openStore(home);
  const [js, css, tmp] = await Promise.all([
    islandsBundle(home),
    styleSheet(),
    // Inside the store folder: a confined server may write only there.
    Deno.mkdir(join(home, "tmp"), { recursive: true }).then(() =>
      Deno.makeTempDir({ dir: join(home, "tmp"), prefix: "threshold-web-" })
    ),
  ]);
  const app: App = {
    store,
    home,
    toolsDir: opts.toolsDir ?? TOOLS_DIR,
    tmp,
    ...(opts.max_upload_bytes !== undefined ? { max_upload_bytes: opts.max_upload_bytes } : {}),
    builtins: BUILTIN_SCANS,
    js,
    css,
  };
  const ac = new AbortController();
  let port = 0;
  const server = Deno.serve(
    { hostname, port: opts.port ?? DEFAULT_PORT, signal: ac.signal, onListen: () => {} },
    (req) => handle(app, req, hostname, port),
  );
  port = server.addr.port;
  const shown = hostname.includes(":") ? `[${hostname}]` : hostname;
  return {
    url: `http://${shown === "0.0.0.0" ? "127.0.0.1" : shown}:${port}/`,
    port,
    hostname,
    bundle_cached: js.cached,
    upload_dir: tmp,
    async close() {
      if (ac.signal.aborted) return;
      ac.abort();
      await server.finished;
      if (!opts.store) store.close();
      await Deno.remove(tmp, { recursive: true }).catch(() => {});
    },
  };
}

/** The Host values this server answers to. */
function allowedHost(host: string | null, hostname: string, port: number): boolean {
  if (!host) return false;
  if (!isLoopback(hostname)) return true; // bound to a network: any name the network uses
  const names = [
    "127.0.0.1",
    "localhost",
    "[::1]",
    hostname.includes(":") ? `[${hostname}]` : hostname,
  ];
  return names.some((n) => host === `${n}:${port}`);
}

async function handle(app: App, req: Request, hostname: string, port: number): Promise<Response> {
  const url = new URL(req.url);
  try {
    if (!allowedHost(req.headers.get("host"), hostname, port)) {
      return new Response("This server answers only to its own address.", { status: 421 });
    }
    if (req.method === "POST") {
      const origin = req.headers.get("origin");
      const host = req.headers.get("host");
      if (!origin || origin === "null" || new URL(origin).host !== host) {
        return new Response(
          "Refused: a change must come from a page of this server (the Origin header did not match).",
          { status: 403, headers: { "content-type": "text/plain; charset=utf-8" } },
        );
      }
      return await post(app, req, url);
    }
    if (req.method !== "GET" && req.method !== "HEAD") {
      return new Response("Only GET and POST are served.", {
        status: 405,
        headers: { allow: "GET, POST" },
      });
    }
    return await get(app, req, url);
  } catch (e) {
    return errorPage(app, e);
  }
}

function asset(a: App["js"]): Response {
  return new Response(a.body as Uint8Array<ArrayBuffer>, {
    headers: {
      "content-type": a.type,
      "cache-control": "public, max-age=31536000, immutable",
      "x-content-type-options": "nosniff",
    },
  });
}

/** A path segment, decoded; a malformed one is a 400. */
function seg(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    throw new HttpError(400, `the address part ${JSON.stringify(s)} is not valid`);
  }
}

async function get(app: App, _req: Request, url: URL): Promise<Response> {
  const p = url.pathname;
  if (p === "/") return homePage(app, url);
  if (p === app.js.path) return asset(app.js);
  if (p === app.css.path) return asset(app.css);
  if (p === "/tools") return await toolsPage(app, url);
  if (p === "/ask") return askPage(app);
  let m;
  if ((m = /^\/tools\/([^/]+)$/.exec(p))) return await toolPage(app, seg(m[1]));
  if ((m = /^\/scans\/([^/]+)$/.exec(p))) return scanPage(app, seg(m[1]));
  if ((m = /^\/scans\/([^/]+)\/findings\.bcfzip$/.exec(p))) {
    return await bcfDownload(app, seg(m[1]));
  }
  if ((m = /^\/scans\/([^/]+)\/report\.(html|pdf)$/.exec(p))) {
    return await reportDownload(app, seg(m[1]), m[2] as "html" | "pdf");
  }
  if ((m = /^\/runs\/([^/]+)\/table\.csv$/.exec(p))) return runCsv(app, seg(m[1]));
  if ((m = /^\/runs\/([^/]+)$/.exec(p))) return await runPage(app, seg(m[1]));
  if (p === "/favicon.ico") return new Response(null, { status: 204 });
  throw new HttpError(404, `there is no page at ${p}`);
}

async function post(app: App, req: Request, url: URL): Promise<Response> {
  const p = url.pathname;
  let m;
  if ((m = /^\/tools\/([^/]+)\/run$/.exec(p))) return await runPost(app, seg(m[1]), req);
  if (p === "/ask") return await askPost(app, req);
  if (p === "/import") return await importPost(app, req);
  if (p === "/select") return await selectPost(app, req);
  if (p === "/persona") return await personaPost(app, req);
  if (p === "/prefs") return await prefsPost(app, req);
  if (p === "/findings/reject") return await findingPost(app, req, "rejected");
  if (p === "/findings/restore") return await findingPost(app, req, "open");
  throw new HttpError(404, `nothing takes a POST at ${p}`);
}

function errorPage(app: App, e: unknown): Response {
  let status = 500;
  if (e instanceof HttpError) status = e.status;
  else if (e instanceof InputError) status = 400;
  else if (e instanceof RegistryError) status = 404;
  else if (e instanceof StoreError) status = 503;
  const msg = (e as Error)?.message ?? String(e);
  if (status === 500) console.error(`threshold web: ${(e as Error)?.stack ?? e}`);
  const title = status === 404
    ? "Not found"
    : status < 500
    ? "Check your input"
    : "Something went wrong";
  return html(
    <Page info={pageInfo(app, title)}>
      <h1>{title}</h1>
      <p class="error" role="alert">
        <span aria-hidden="true">!</span>
        {msg}
      </p>
      <p>
        <a href="/">Back to your buildings</a> · <a href="/tools">The tools</a>
      </p>
    </Page>,
    status,
  );
}
