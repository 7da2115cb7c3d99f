/** What every route of the web view shares: the store, the tools folder, the assets. */
import { DEFAULT_IMPORT_MAX_MB } from "../core/files.ts";
import type { Store } from "../core/store.ts";
import type { LoadedPlan } from "../ground/plan.ts";
import type { Asset } from "./bundle.ts";
import type { PageInfo } from "./layout.tsx";
import type { ToolPool } from "../mcp/worker.ts";

export interface App {
  store: Store;
  /** The store folder (caches live under it). */
  home: string;
  toolsDir: URL;
  /** A folder this server made for uploads in flight; each upload is deleted after import. */
  tmp: string;
  /** The largest upload, bytes, when the server was started with one; else {@link uploadLimit}. */
  max_upload_bytes?: number;
  builtins: Record<string, () => LoadedPlan>;
  /** Runs tools and draws their results off the serving thread (bounded; mcp/worker.ts). */
  pool: ToolPool;
  js: Asset;
  css: Asset;
}

/** The selected scan, by id and name, if one is selected and still exists. */
export function selectedScan(app: App): { id: string; name: string } | undefined {
  const id = app.store.getSelection("scan");
  if (!id) return undefined;
  const row = app.store.listScans().find((s) => s.id === id);
  if (row) return { id, name: row.name || id };
  const b = app.builtins[id];
  return b ? { id, name: b().plan.name || id } : undefined;
}

/** The page shell's facts for a page. */
export function pageInfo(app: App, title: string, nav?: PageInfo["nav"]): PageInfo {
  return { title, nav, css: app.css.path, js: app.js.path, selected: selectedScan(app) };
}

/**
 * The largest upload, bytes: the server's own limit if it was given one, else the limit
 * `threshold import` reads with (the preference import.max_mb, else its default), so a file
 * the command line imports the web view imports too.
 */
export function uploadLimit(app: App): number {
  if (app.max_upload_bytes !== undefined) return app.max_upload_bytes;
  const mb = app.store.getPref("import.max_mb");
  return (typeof mb === "number" && mb > 0 ? mb : DEFAULT_IMPORT_MAX_MB) * 1e6;
}
