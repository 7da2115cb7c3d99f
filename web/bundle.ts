/**
 * The islands' browser bundle, made with `deno bundle` (offline: it resolves npm packages
 * from Deno's cache) and cached in the store folder under a fingerprint of the files that
 * shape it (the islands, the words they share, the Deno version and deno.json), like the tool
 * listing cache: a cache is never stale, only missing. Nothing comes from a CDN.
 */
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { PROJECT_DIR } from "../core/catalog.ts";

const WEB_DIR = fileURLToPath(new URL("./", import.meta.url));

/** A fingerprinted asset. */
export interface Asset {
  /** The URL path it is served at (with its fingerprint). */
  path: string;
  body: Uint8Array;
  type: string;
}

async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const d = await crypto.subtle.digest("SHA-256", bytes as Uint8Array<ArrayBuffer>);
  return [...new Uint8Array(d)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** The files the islands bundle is made from, sorted. */
function bundleSources(): string[] {
  const out: string[] = [join(WEB_DIR, "words.ts"), join(PROJECT_DIR, "deno.json")];
  for (const e of Deno.readDirSync(join(WEB_DIR, "islands"))) {
    if (e.isFile && /\.(ts|tsx)$/.test(e.name)) out.push(join(WEB_DIR, "islands", e.name));
  }
  return out.sort();
}

/** A fingerprint (SHA-256, hex) of the bundle's sources' contents and the Deno version. */
export async function islandsFingerprint(): Promise<string> {
  const parts: string[] = [Deno.version.deno];
  for (const f of bundleSources()) parts.push(`# ${f}\n${await Deno.readTextFile(f)}`);
  return await sha256Hex(new TextEncoder().encode(parts.join("\n")));
}

/**
 * The islands bundle: from the cache in `home` when its fingerprint matches, else made with
 * `deno bundle` and cached. A failed bundle is an Error carrying deno's message.
 */
export async function islandsBundle(home: string): Promise<Asset & { cached: boolean }> {
  const fp = await islandsFingerprint();
  const file = join(home, "cache", `web-islands-${fp.slice(0, 16)}.js`);
  const asset = (body: Uint8Array, cached: boolean) => ({
    path: `/assets/islands-${fp.slice(0, 12)}.js`,
    body,
    type: "text/javascript; charset=utf-8",
    cached,
  });
  try {
    return asset(await Deno.readFile(file), true);
  } catch { /* not made yet */ }
  await Deno.mkdir(join(home, "cache"), { recursive: true });
  const tmp = `${file}.${Deno.pid}.tmp.js`;
  const out = await new Deno.Command(Deno.execPath(), {
    args: [
      "bundle",
      "--quiet",
      `--config=${join(PROJECT_DIR, "deno.json")}`,
      "--platform=browser",
      "--minify",
      "-o",
      tmp,
      join(WEB_DIR, "islands", "client.ts"),
    ],
    cwd: PROJECT_DIR,
    stdout: "piped",
    stderr: "piped",
  }).output();
  if (!out.success) {
    throw new Error(
      `could not bundle the web islands: ${new TextDecoder().decode(out.stderr).slice(0, 2000)}`,
    );
  }
  await Deno.rename(tmp, file);
  return asset(await Deno.readFile(file), false);
}

/** The style sheet, fingerprinted by its content. */
export async function styleSheet(): Promise<Asset> {
  const body = await Deno.readFile(join(WEB_DIR, "style.css"));
  const fp = await sha256Hex(body);
  return { path: `/assets/style-${fp.slice(0, 12)}.css`, body, type: "text/css; charset=utf-8" };
}
