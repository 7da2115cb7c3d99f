/**
 * Storing an imported building (issue 24 §2): a stored building is never replaced without
 * saying so. Importing over an id already in the store is refused with a sentence naming both
 * buildings, unless `replace` is given; then the old building's findings are carried over
 * where their subject is still there (the same element, within half a metre of where it was,
 * on the same floor: engines/geometry/rescan.ts's matching) and closed as `gone` where it is
 * not, so that nothing stays open on an element that no longer exists. A batch takes a fresh
 * id on a clash instead (`onClash: "fresh"`) and says so. Every surface (the command line, the
 * web upload, MCP `import_scan`, batch) stores through here.
 */
import { InputError } from "../ground/errors.ts";
import type { LoadedPlan, Plan } from "../ground/plan.ts";
import type { Store } from "../core/store.ts";
import { counterpart, findingKind, subjectPlace } from "../engines/geometry/rescan.ts";
import { shellSafeId } from "../ground/text.ts";
import { resolve, sep } from "node:path";

/** What storing did: the id it is under, what it replaced, what became of old findings. */
export interface StoredScan {
  id: string;
  /** The id asked for, when a clash made a fresh one (batch). */
  asked?: string;
  /** The building that was under the id before (`replace`). */
  replaced?: { name: string; rooms: number; imported_at: string };
  /**
   * Old findings kept (their subject is still there), matched as a re-scan (moved to the
   * element at the same place under its new id) and closed as gone.
   */
  findings?: { kept: number; matched: number; gone: number };
  /** The same building was already stored under the id (the same plan): nothing changed. */
  unchanged?: boolean;
}

/** How far a subject may have moved and still be the same element (metres). */
const SAME_PLACE_M = 0.5;

/** A building's short description for sentences: its name and room count. */
function describe(p: { name: string; rooms: number }): string {
  // A file with no building name (RoomPlan's never have one) is said so, not quoted as "".
  const name = p.name.trim() ? `"${p.name}"` : "an unnamed building";
  return `${name} (${p.rooms} room${p.rooms === 1 ? "" : "s"})`;
}

/**
 * Stores `loaded` under its plan id. On a clash: `replace` replaces it (old findings carried
 * over or closed as gone); `onClash: "fresh"` stores it under `<id>-2`, `<id>-3` …; otherwise
 * an InputError naming `input` (default "--id") and both buildings.
 */
export function storeScan(
  store: Store,
  loaded: LoadedPlan,
  report: unknown,
  o: { replace?: boolean; onClash?: "refuse" | "fresh"; input?: string } = {},
): StoredScan {
  const id = loaded.plan.id;
  const before = store.listScans().find((s) => s.id === id);
  if (!before) {
    store.putScan(loaded, report);
    return { id };
  }
  const old = store.getScan(id)!.plan;
  if (samePlan(old, loaded.plan)) return { id, unchanged: true };
  const next = { name: loaded.plan.name, rooms: loaded.plan.rooms.length };
  if (!o.replace && o.onClash === "fresh") {
    const taken = new Set(store.listScans().map((s) => s.id));
    let n = 2;
    while (taken.has(`${id}-${n}`)) n++;
    const fresh = `${id}-${n}`;
    store.putScan({ ...loaded, plan: { ...loaded.plan, id: fresh } }, report);
    return { id: fresh, asked: id };
  }
  if (!o.replace) {
    throw new InputError(
      o.input ?? "--id",
      `scan id "${id}" already holds ${describe(before)}, imported ${
        before.imported_at.slice(0, 10)
      }; this file is ${
        describe(next)
      }. Nothing was changed: choose another id, or replace the stored building (--replace)`,
      {
        code: "scan.id_taken",
        data: {
          got: id,
          stored: { name: before.name, rooms: before.rooms },
          file: next,
          allowed: ["--replace"],
        },
      },
    );
  }
  store.putScan(loaded, report);
  const findings = carryFindings(store, id, old, loaded.plan);
  return {
    id,
    replaced: { name: before.name, rooms: before.rooms, imported_at: before.imported_at },
    findings,
  };
}

/** The same building: the same plan but for where it was read from. */
function samePlan(a: Plan, b: Plan): boolean {
  const key = (p: Plan) => JSON.stringify({ ...p, source: { ...p.source, ref: "" } });
  return key(a) === key(b);
}

/**
 * The old building's findings on the new one, matched as a re-scan is
 * (engines/geometry/rescan.ts): kept where the subject is the same element at about the same
 * place (or has no place, like a site side); moved to the new id of the element of the same
 * kind at the same place when the file named it anew (status, reason and number kept, so a
 * rejection stays and the next run re-judges it); closed as `gone` otherwise. Rejected
 * findings never become gone (they are hidden either way).
 */
function carryFindings(store: Store, scan: string, old: Plan, next: Plan) {
  let kept = 0, matched = 0, gone = 0;
  for (const f of store.listFindings({ scan, all: true })) {
    if (f.status !== "open" && f.status !== "rejected") continue;
    const was = f.subject ? subjectPlace(old, f.subject) : undefined;
    const now = f.subject ? subjectPlace(next, f.subject) : undefined;
    const same = !was ||
      (now !== undefined && now.floor_index === was.floor_index &&
        Math.hypot(now.at[0] - was.at[0], now.at[1] - was.at[1]) <= SAME_PLACE_M);
    if (same) {
      if (f.status === "open") kept++;
      continue;
    }
    const to = counterpart(old, next, f.subject!, SAME_PLACE_M);
    const kind = findingKind(f.id, f.subject);
    if (to !== undefined && kind !== f.id) {
      const id = kind.replace("*", shellSafeId(to));
      if (store.renameFinding(scan, f.id, id, to)) {
        matched++;
        continue;
      }
    }
    if (f.status !== "open") continue;
    gone++;
    store.setFindingStatus(
      scan,
      f.id,
      "gone",
      now
        ? "its subject moved in the re-imported building; run the tool again to judge it there"
        : "its subject is not in the re-imported building",
    );
  }
  return { kept, matched, gone };
}

/**
 * {@link storeScan}, and with `replace`, the upload folders of the scan it replaced that no
 * stored scan reads any more are removed ({@link releaseUploadFolders}): the one way every
 * surface that may replace a scan stores it (the command line's `import`, MCP's import_scan).
 * `home` is the store's folder (undefined for a PostgreSQL store, whose uploads are kept).
 */
export async function storeScanReleasing(
  store: Store,
  home: string | undefined,
  loaded: LoadedPlan,
  report: unknown,
  o: { replace?: boolean; input?: string },
): Promise<StoredScan> {
  const was = o.replace && home ? uploadFolders(home, store.getScan(loaded.plan.id)?.plan) : [];
  const stored = storeScan(store, loaded, report, o);
  if (home) await releaseUploadFolders(store, home, was);
  return stored;
}

/**
 * The upload folders `<home>/images/<name>/` that hold some of `plan`'s sweep images: where the
 * web view keeps a tour uploaded with its panoramas (web/tour_upload.ts). Images anywhere else
 * (a tour imported from the command line keeps its own folder) are the person's, never listed.
 */
export function uploadFolders(home: string, plan: Plan | undefined): string[] {
  const root = resolve(home, "images") + sep;
  const found = new Set<string>();
  for (const s of plan?.sweeps ?? []) {
    if (!s.image) continue;
    const at = resolve(s.image);
    if (!at.startsWith(root)) continue;
    const name = at.slice(root.length).split(sep)[0];
    if (name && name !== "..") found.add(root + name);
  }
  return [...found];
}

/**
 * Removes those of `folders` (from {@link uploadFolders}) that no stored scan's sweeps use any
 * more: the images of a tour upload that was replaced or deleted. A folder another stored scan
 * still reads is kept. Returns the folders removed.
 */
export async function releaseUploadFolders(
  store: Store,
  home: string,
  folders: string[],
): Promise<string[]> {
  if (!folders.length) return [];
  const used = new Set<string>();
  for (const s of store.listScans()) {
    for (const f of uploadFolders(home, store.getScan(s.id)?.plan)) used.add(f);
  }
  const removed: string[] = [];
  for (const f of folders) {
    if (used.has(f)) continue;
    try {
      await Deno.remove(f, { recursive: true });
      removed.push(f);
    } catch (e) {
      if (!(e instanceof Deno.errors.NotFound)) throw e;
    }
  }
  return removed;
}
