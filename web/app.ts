/** What every route of the web view shares: the store, the tools folder, the assets. */
import type { Store } from "../core/store.ts";
import type { LoadedPlan } from "../core/plan.ts";
import type { Asset } from "./bundle.ts";
import type { PageInfo } from "./layout.tsx";

export interface App {
  store: Store;
  /** The store folder (caches live under it). */
  home: string;
  toolsDir: URL;
  /** A folder this server made for uploads in flight; each upload is deleted after import. */
  tmp: string;
  max_upload_bytes: number;
  builtins: Record<string, () => LoadedPlan>;
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
