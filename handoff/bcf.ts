/**
 * BCF export and import for every surface: a scan's findings → a .bcfzip (topics, viewpoints
 * over the subject's floor, snapshots cropped from the plan picture), and a .bcfzip from a BIM
 * tool → the statuses it carries applied to the scan's findings (closed there: rejected here
 * with the comment as reason; open there: restored). Surfaces only pass arguments and print.
 */
import { InputError } from "../ground/errors.ts";
import type { Plan } from "../ground/plan.ts";
import { requirePlan } from "../core/context.ts";
import type { Store } from "../core/store.ts";
import { listManifests } from "../core/catalog.ts";
import { BUILTIN_SCANS } from "../layers/builtin.ts";
import {
  BCF_WRITE_VERSIONS,
  type BcfFile,
  bcfFileOf,
  type BcfSyncPlan,
  type BcfTopic,
  type BcfVersion,
  bcfZip,
  findingTopic,
  ifcElementIds,
  planBcfSync,
  readBcf,
  subjectPlace,
  topDownView,
} from "../layers/bcf/mod.ts";
import { planRegionPng } from "../render/snapshot.ts";
import { collectFindings, type FindingFilter, type ToolTitles } from "./findings.ts";

/** Tool id → title, from the cached manifest listing (kept under `home`). */
export async function toolTitles(
  opts: { home?: string; dir?: URL } = {},
): Promise<ToolTitles> {
  const list = await listManifests(opts);
  return Object.fromEntries(list.map((m) => [String(m.id), String(m.title)]));
}

/** `--bcf 2.1` as a version, or an InputError naming the flag. */
export function bcfVersion(v: string | undefined, input = "--bcf"): BcfVersion {
  const s = (v ?? "3.0").trim();
  const norm = s === "3" ? "3.0" : s;
  if ((BCF_WRITE_VERSIONS as readonly string[]).includes(norm)) return norm as BcfVersion;
  throw new InputError(
    input,
    `threshold writes BCF ${BCF_WRITE_VERSIONS.join(" or ")}, not ${JSON.stringify(v)}`,
  );
}

export interface BcfExport {
  bytes: Uint8Array;
  file: BcfFile;
  version: BcfVersion;
  /** Topics with components (IFC GlobalIds), with a camera, with a snapshot. */
  counts: { topics: number; with_components: number; with_camera: number; with_snapshot: number };
}

/**
 * A scan's findings as BCF. `snapshots: false` leaves the pictures out (faster; the file is
 * still complete). Unknown scans and tools are InputErrors naming `--scan` / `--tools`.
 */
export async function exportBcf(opts: {
  store: Store;
  scan: string;
  filter?: FindingFilter;
  version?: BcfVersion;
  snapshots?: boolean;
  /** Tool titles for the labels; default from the manifests (cached under `home`). */
  titles?: ToolTitles;
  home?: string;
}): Promise<BcfExport> {
  const { plan } = requirePlan({ store: opts.store, builtins: BUILTIN_SCANS }, opts.scan, "--scan");
  const titles = opts.titles ?? await toolTitles(opts.home ? { home: opts.home } : {});
  const findings = collectFindings(opts.store, opts.scan, titles, opts.filter);
  const ifcIds = ifcElementIds(plan);
  const roomIds = new Set(plan.rooms.map((r) => r.id));
  const topics: BcfTopic[] = [];
  for (const f of findings) {
    const place = subjectPlace(plan, f.subject, f.overlays);
    const view = place ? topDownView(plan, place.floor, place.points) : undefined;
    const snapshot = view && opts.snapshots !== false
      ? await planRegionPng(plan, view, { overlays: f.overlays, title: f.title })
      : undefined;
    topics.push(findingTopic(f, { ifcIds, view, snapshot, roomIds }));
  }
  const file = bcfFileOf(plan, opts.scan, topics);
  const version = opts.version ?? "3.0";
  file.version = version;
  const has = (p: (t: BcfTopic) => boolean) => topics.filter(p).length;
  return {
    bytes: bcfZip(file, version),
    file,
    version,
    counts: {
      topics: topics.length,
      with_components: has((t) => t.viewpoints.some((v) => v.selection.length > 0)),
      with_camera: has((t) => t.viewpoints.some((v) => v.camera !== undefined)),
      with_snapshot: has((t) => t.viewpoints.some((v) => v.snapshot !== undefined)),
    },
  };
}

/** The outcome of an import: what was planned and whether it was applied. */
export interface BcfImport {
  file: BcfFile;
  plan: BcfSyncPlan;
  applied: boolean;
}

/**
 * Applies a BCF file's statuses to a scan's findings (`dryRun`: plans only). Every change
 * goes through the store's finding status, as `threshold reject` / `restore` do.
 */
export function importBcf(opts: {
  store: Store;
  scan: string;
  bytes: Uint8Array;
  name: string;
  dryRun?: boolean;
}): BcfImport {
  const file = readBcf(opts.bytes, opts.name);
  const plan: Plan =
    requirePlan({ store: opts.store, builtins: BUILTIN_SCANS }, opts.scan, "--scan").plan;
  const findings = opts.store.listFindings({ scan: opts.scan, all: true });
  const sync = planBcfSync(file, opts.scan, findings, plan);
  if (!opts.dryRun) {
    for (const c of sync.changes) {
      opts.store.setFindingStatus(
        opts.scan,
        c.id,
        c.to,
        c.to === "rejected" ? c.reason : undefined,
      );
    }
  }
  return { file, plan: sync, applied: !opts.dryRun };
}

/** The sentences that report an import, for people (every surface prints these). */
export function importSentences(r: BcfImport, scan: string): string[] {
  const p = r.plan;
  const lines: string[] = [];
  const verb = r.applied ? "" : "would be ";
  lines.push(
    `${r.file.topics.length} topic${
      r.file.topics.length === 1 ? "" : "s"
    } in a BCF ${r.file.version} file; ${p.changes.length} change${
      p.changes.length === 1 ? "" : "s"
    } ${r.applied ? "made" : "to make"} on scan ${scan}.`,
  );
  for (const c of p.changes) {
    lines.push(
      c.to === "rejected"
        ? `${c.id} ${verb}rejected: ${c.reason}`
        : `${c.id} ${verb}restored (open again in the BIM tool)`,
    );
  }
  for (const x of p.resolved_there) {
    lines.push(
      `${x.id} is marked ${x.topic_status} there; threshold resolves a finding only when a re-run no longer finds it, so it stays ${
        p.unchanged.find((u) => u.id === x.id)?.status ?? "as it is"
      } here.`,
    );
  }
  for (const x of p.other_scan) {
    lines.push(`"${x.title}" is a finding of scan ${x.scan}, not ${scan}: left alone.`);
  }
  for (const x of p.unmatched) {
    lines.push(
      `"${x.title}" (${x.status || "no status"}) is no finding of scan ${scan}: left alone.`,
    );
  }
  for (const x of p.unknown_elements) {
    lines.push(
      `"${x.title}" is about ${x.guids.length} element${
        x.guids.length === 1 ? "" : "s"
      } scan ${scan} does not have: ${x.guids.join(", ")}.`,
    );
  }
  return lines;
}
