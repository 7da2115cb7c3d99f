/**
 * The web view's server: Deno.serve with pages rendered by Preact on the server, islands
 * hydrated in the browser, and every state change a POST whose Origin must be this server
 * (and every request's Host one of this server's names, so another site cannot reach it by
 * rebinding a name to loopback). It reads the store and what a person uploads; no path or file
 * name from the browser reaches the file system.
 */
import { resolve } from "node:path";
import {
  BusyError,
  CancelledError,
  InputError,
  RegistryError,
  StoreError,
} from "../ground/errors.ts";
import { TOOLS_DIR } from "../core/paths.ts";
import { defaultHome, openStore, type Store } from "../core/store.ts";
import { BUILTIN_SCANS } from "../layers/builtin.ts";
import { type PoolLimits, type PoolStats, toolPool } from "../mcp/worker.ts";
import type { App } from "./app.ts";
import { makeUploadDir } from "./tmp.ts";
import { pageInfo } from "./app.ts";
import { islandsBundle, styleSheet } from "./bundle.ts";
import { html, HttpError, safePath } from "./http.ts";
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
  /** The tool pool's bounds (default: the machine's cores less one; mcp/worker.ts). */
  pool?: PoolLimits;
  /**
   * Names besides this server's own addresses that a request's Host may carry (as Django's
   * ALLOWED_HOSTS): "example.org", or ".example.org" for it and every name under it. Loopback
   * names are always allowed, and IP addresses when the server is bound off loopback (an
   * address cannot be rebound; a name can).
   */
  allow_hosts?: string[];
  /**
   * The access token a request must carry (cookie, or `?token=` once) when the server is
   * bound off loopback; made at random when not given. Ignored on loopback.
   */
  token?: string;
}

/** A running web view. */
export interface WebServer {
  /** The address to open ("http://127.0.0.1:8787/"; off loopback it carries `?token=`). */
  url: string;
  /** The access token, when the server is bound off loopback. */
  token?: string;
  port: number;
  hostname: string;
  /** Whether the islands bundle came from the cache. */
  bundle_cached: boolean;
  /** The folder this server made for uploads in flight (empty between imports). */
  upload_dir: string;
  /** The tool pool's size and load now (runs going, runs waiting). */
  pool(): PoolStats;
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
    makeUploadDir(home),
  ]);
  const toolsDir = opts.toolsDir ?? TOOLS_DIR;
  // Runs and the drawing of their results go to workers: a large run never holds a page.
  const pool = toolPool(home, toolsDir, store, opts.pool);
  const app: App = {
    store,
    home,
    toolsDir,
    pool,
    tmp,
    ...(opts.max_upload_bytes !== undefined ? { max_upload_bytes: opts.max_upload_bytes } : {}),
    builtins: BUILTIN_SCANS,
    js,
    css,
  };
  const ac = new AbortController();
  const guard: Guard = {
    hostname,
    port: 0,
    allow: (opts.allow_hosts ?? []).map(checkAllowedHost),
    ...(isLoopback(hostname) ? {} : { token: opts.token || randomToken() }),
  };
  const server = Deno.serve(
    { hostname, port: opts.port ?? DEFAULT_PORT, signal: ac.signal, onListen: () => {} },
    (req) => handle(app, req, guard),
  );
  const port = guard.port = server.addr.port;
  const shown = hostname.includes(":") ? `[${hostname}]` : hostname;
  const wild = hostname === "0.0.0.0" || hostname === "::" || hostname === "[::]";
  return {
    url: `http://${wild ? "127.0.0.1" : shown}:${port}/${
      guard.token ? `?token=${guard.token}` : ""
    }`,
    ...(guard.token ? { token: guard.token } : {}),
    port,
    hostname,
    bundle_cached: js.cached,
    upload_dir: tmp,
    pool: () => pool.stats(),
    async close() {
      if (ac.signal.aborted) return;
      ac.abort();
      pool.close();
      await server.finished;
      if (!opts.store) store.close();
      await Deno.remove(tmp, { recursive: true }).catch(() => {});
    },
  };
}

/** What every request is checked against: the names it answers to, the token off loopback. */
interface Guard {
  hostname: string;
  port: number;
  /** Lower-case names; ".example.org" allows the name and every name under it. */
  allow: string[];
  token?: string;
}

/** A name for `--allow-host`: a host name or IP address, optionally with a leading dot. */
export function checkAllowedHost(name: string): string {
  const n = name.trim().toLowerCase();
  if (
    !/^\.?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/.test(n) &&
    !/^\[[0-9a-f:.]+\]$/.test(n)
  ) {
    throw new InputError(
      "--allow-host",
      `${
        JSON.stringify(name)
      } is not a host name; give a name such as house.example.org, or .example.org for every name under it`,
    );
  }
  return n;
}

const IPV4 = /^(25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/;

/** Splits a Host header into its name (lower-case, IPv6 in brackets) and port. */
function splitHost(host: string): { name: string; port: number } | undefined {
  const m = /^(\[[0-9a-fA-F:.]+\]|[^:[\]]+)(?::(\d{1,5}))?$/.exec(host.trim());
  if (!m) return undefined;
  return { name: m[1].toLowerCase(), port: m[2] === undefined ? 80 : Number(m[2]) };
}

/**
 * Whether a request's Host is one this server answers to: its port, and a loopback name, the
 * name it is bound to, an IP address (only when bound off loopback: an address cannot be
 * rebound to another site, a name can) or a name allowed by `--allow-host`.
 */
export function allowedHost(host: string | null, g: Omit<Guard, "token">): boolean {
  if (!host) return false;
  const h = splitHost(host);
  if (!h || h.port !== g.port) return false;
  const bound =
    (g.hostname.includes(":") && !g.hostname.startsWith("[") ? `[${g.hostname}]` : g.hostname)
      .toLowerCase();
  if (["127.0.0.1", "localhost", "[::1]", bound].includes(h.name)) return true;
  if (!isLoopback(g.hostname) && (IPV4.test(h.name) || h.name.startsWith("["))) return true;
  return g.allow.some((a) =>
    a.startsWith(".") ? h.name.endsWith(a) || h.name === a.slice(1) : h.name === a
  );
}

function randomToken(): string {
  const b = crypto.getRandomValues(new Uint8Array(24));
  return btoa(String.fromCharCode(...b)).replaceAll("+", "-").replaceAll("/", "_").replace(
    /=+$/,
    "",
  );
}

/** Compares in time that does not depend on where they differ. */
function sameToken(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let d = 0;
  for (let i = 0; i < a.length; i++) d |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return d === 0;
}

function cookieToken(req: Request): string | undefined {
  const c = req.headers.get("cookie") ?? "";
  return /(?:^|;\s*)threshold_token=([A-Za-z0-9_-]+)/.exec(c)?.[1];
}

/** The host of an Origin header, or undefined when it is not a URL ("null", "::::"). */
function originHost(origin: string | null): string | undefined {
  if (!origin || origin === "null") return undefined;
  try {
    return new URL(origin).host;
  } catch {
    return undefined;
  }
}

const refused = (status: number, text: string) =>
  new Response(text, { status, headers: { "content-type": "text/plain; charset=utf-8" } });

async function handle(app: App, req: Request, g: Guard): Promise<Response> {
  try {
    const url = new URL(req.url);
    const host = req.headers.get("host");
    if (!allowedHost(host, g)) {
      const h = host ? splitHost(host) : undefined;
      if (h && h.port !== g.port) {
        return refused(403, `This server answers on port ${g.port} only, not ${h.port}.`);
      }
      const name = h?.name;
      return refused(
        403,
        `This server answers only to its own addresses; the name ${
          JSON.stringify(name ?? host ?? "")
        } is not one of them.${
          name && !isLoopback(g.hostname)
            ? ` To allow it, start the server with --allow-host ${name}.`
            : ""
        }`,
      );
    }
    if (g.token) {
      const given = url.searchParams.get("token");
      if (given !== null && sameToken(given, g.token) && req.method === "GET") {
        // The address `threshold web` printed: the token moves into a cookie of this site.
        url.searchParams.delete("token");
        return new Response(null, {
          status: 303,
          headers: {
            location: safePath(url.pathname + url.search),
            "set-cookie": `threshold_token=${g.token}; HttpOnly; SameSite=Strict; Path=/`,
          },
        });
      }
      const had = cookieToken(req);
      if (!had || !sameToken(had, g.token)) {
        return refused(
          403,
          "This web view is open to the network, so it needs its access token: open the address `threshold web` printed (it ends in ?token=…).",
        );
      }
    }
    if (req.method === "POST") {
      if (originHost(req.headers.get("origin")) !== host) {
        return refused(
          403,
          "Refused: a change must come from a page of this server (the Origin header did not match).",
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

async function get(app: App, req: Request, url: URL): Promise<Response> {
  const p = url.pathname;
  if (p === "/") return homePage(app, url);
  if (p === app.js.path) return asset(app.js);
  if (p === app.css.path) return asset(app.css);
  if (p === "/tools") return await toolsPage(app, url);
  if (p === "/ask") return askPage(app);
  let m;
  if ((m = /^\/tools\/([^/]+)$/.exec(p))) return await toolPage(app, seg(m[1]));
  if ((m = /^\/scans\/([^/]+)$/.exec(p))) return await scanPage(app, seg(m[1]), req);
  if ((m = /^\/scans\/([^/]+)\/findings\.bcfzip$/.exec(p))) {
    return await bcfDownload(app, seg(m[1]));
  }
  if ((m = /^\/scans\/([^/]+)\/report\.(html|pdf)$/.exec(p))) {
    return await reportDownload(app, seg(m[1]), m[2] as "html" | "pdf");
  }
  if ((m = /^\/runs\/([^/]+)\/table\.csv$/.exec(p))) return await runCsv(app, seg(m[1]), req);
  if ((m = /^\/runs\/([^/]+)$/.exec(p))) return await runPage(app, seg(m[1]), req);
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
  else if (e instanceof StoreError || e instanceof BusyError) status = 503;
  else if (e instanceof CancelledError) status = 503; // the client went: nobody reads it
  const msg = (e as Error)?.message ?? String(e);
  if (status === 500) console.error(`threshold web: ${(e as Error)?.stack ?? e}`);
  const title = status === 404
    ? "Not found"
    : status < 500
    ? "Check your input"
    : "Something went wrong";
  const res = html(
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
  // "Busy, retry later": the pool and its queue are full; nothing was run.
  if (e instanceof BusyError) res.headers.set("retry-after", "5");
  return res;
}
