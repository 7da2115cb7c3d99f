/**
 * The scans a person can choose from, and choosing one: one listing for every surface (the
 * command line's `scans`/`use`, MCP's `threshold://scans` and `select_scan`, the web view).
 */
import { knownScanIds, type PlanSources, requirePlan } from "./context.ts";
import type { Store } from "./store.ts";

/** A scan as every listing shows it. */
export interface ScanEntry {
  id: string;
  name: string;
  /** The source format ("matterport", "plan-json" …). */
  format: string;
  /** Where it was imported from, when known. */
  ref?: string;
  floors: number;
  rooms: number;
  /** When it was imported (ISO 8601); absent for built-in scans. */
  imported_at?: string;
  /** Built in (the demo building), not imported. */
  builtin: boolean;
  /** The selected scan, which fills scan inputs left out. */
  selected: boolean;
}

/** Every scan: the stored ones, then the built-in ones the store does not shadow. */
export function listScanEntries(sources: PlanSources & { store: Store }): ScanEntry[] {
  const selected = sources.store.getSelection("scan");
  const out = new Map<string, ScanEntry>();
  for (const s of sources.store.listScans()) {
    out.set(s.id, {
      id: s.id,
      name: s.name,
      format: s.format,
      ...(s.ref ? { ref: s.ref } : {}),
      floors: s.floors,
      rooms: s.rooms,
      imported_at: s.imported_at,
      builtin: false,
      selected: s.id === selected,
    });
  }
  for (const [id, load] of Object.entries(sources.builtins ?? {})) {
    if (out.has(id)) continue;
    const p = load().plan;
    out.set(id, {
      id,
      name: p.name,
      format: p.source.format,
      ...(p.source.ref ? { ref: p.source.ref } : {}),
      floors: p.floors.length,
      rooms: p.rooms.length,
      builtin: true,
      selected: id === selected,
    });
  }
  return [...out.values()];
}

/**
 * Selects a scan: later runs fill their scan input from it. An unknown scan is an InputError
 * naming `input` and the known scans.
 */
export function selectScan(
  sources: PlanSources & { store: Store },
  sid: string,
  input = "scan",
): ScanEntry {
  requirePlan(sources, sid, input);
  sources.store.setSelection("scan", sid);
  return listScanEntries(sources).find((s) => s.id === sid)!;
}

/** Scan ids starting with `prefix` (completion). */
export function completeScanIds(sources: PlanSources, prefix: string): string[] {
  return knownScanIds(sources).filter((id) => id.startsWith(prefix));
}
