/**
 * Findings as BCF topics: one topic per finding, its GUID a UUID v5 of the scan and finding
 * id (stable across exports), the finding id kept as a ReferenceLink
 * (`threshold:finding:<scan>:<id>`), the status mapped (open → Open, rejected → Closed with the
 * reason as a comment, resolved → Resolved), type and priority from the severity, labels for
 * the tool, the rule pack and the rule section. For IFC scans the subject's GlobalIds are the
 * viewpoint's selected components. Pure: the snapshot PNG comes in from the caller.
 */
import type { Plan } from "../../ground/plan.ts";
import type { Check, FindingStatus, Overlay } from "../../core/result.ts";
import { findingGuids, findingReference, IFC_GUID, projectGuid } from "./guid.ts";
import type { BcfExtensions, BcfFile, BcfTopic, BcfViewpoint } from "./model.ts";
import type { TopDownView } from "./view.ts";
import { round } from "../../ground/text.ts";

/** The author threshold writes into topics and comments. */
export const BCF_AUTHOR = "threshold";

/** Finding status → BCF TopicStatus. */
export const TOPIC_STATUS: Record<FindingStatus, string> = {
  open: "Open",
  rejected: "Closed",
  resolved: "Resolved",
  // Its subject is not in the re-imported building: closed, with that as the comment.
  gone: "Closed",
};
/** Severity → TopicType and Priority. */
export const TOPIC_TYPE = { fail: "Error", warn: "Warning", info: "Info", none: "Issue" } as const;
export const PRIORITY = { fail: "High", warn: "Medium", info: "Low", none: "Normal" } as const;

/** One finding with what its topic is made of. */
export interface BcfFindingInput {
  scan: string;
  id: string;
  tool: string;
  tool_title: string;
  status: FindingStatus;
  title: string;
  detail?: string;
  subject?: string;
  reason?: string;
  first_seen: string;
  last_seen: string;
  severity?: "fail" | "warn" | "info";
  /** The check the finding reports, when the run that made it has one. */
  check?: Check;
  overlays: Overlay[];
}

/** A number as a description shows it: up to 3 decimals. */
function fmt(v: number): string {
  return String(round(v, 3));
}

const CHECK_WORDS: Record<string, string> = {
  pass: "passes",
  fail: "fails",
  warn: "too close to call: measure on site",
  unknown: "could not be judged",
  error: "could not be run",
};

/**
 * The topic's description: the finding's sentence, then its check (measured, limit, rule,
 * note) when it has one, then where it comes from.
 */
export function findingDescription(f: BcfFindingInput): string {
  const lines = [f.detail ?? f.title];
  const c = f.check;
  if (c) {
    const unit = c.unit ? ` ${c.unit}` : "";
    const parts = [`Check: ${c.label} (${CHECK_WORDS[c.status] ?? c.status})`];
    if (c.measured !== undefined) parts.push(`measured ${fmt(c.measured)}${unit}`);
    if (c.limit !== undefined) parts.push(`limit ${fmt(c.limit)}${unit}`);
    lines.push(parts.join("; ") + ".");
    if (c.rule) {
      lines.push(
        `Rule: ${c.rule.pack} ${c.rule.section}${
          c.rule.unverified ? " (wording not verified against the source)" : ""
        }.`,
      );
    }
    if (c.note) lines.push(c.note);
  }
  lines.push(`From threshold's ${f.tool_title} on scan ${f.scan} (finding ${f.id}).`);
  return lines.join("\n");
}

/** The plan's element ids that are IFC GlobalIds (IFC scans name elements by them). */
export function ifcElementIds(plan: Plan): Set<string> {
  if (plan.source.format !== "ifc") return new Set();
  const ids = [
    ...plan.floors.map((x) => x.id),
    ...plan.rooms.map((x) => x.id),
    ...plan.openings.map((x) => x.id),
    ...plan.verticals.map((x) => x.id),
    ...plan.objects.map((x) => x.id),
  ];
  return new Set(ids.filter((id) => IFC_GUID.test(id)));
}

/** Every element id of a plan (rooms, openings, verticals, objects, floors). */
export function planElementIds(plan: Plan): Set<string> {
  return new Set([
    ...plan.floors.map((x) => x.id),
    ...plan.rooms.map((x) => x.id),
    ...plan.openings.map((x) => x.id),
    ...plan.verticals.map((x) => x.id),
    ...plan.objects.map((x) => x.id),
  ]);
}

/** The labels of a finding's topic: tool, rule pack, rule section. */
export function findingLabels(f: BcfFindingInput): string[] {
  const labels = [f.tool_title];
  if (f.check?.rule) labels.push(f.check.rule.pack, `${f.check.rule.pack} ${f.check.rule.section}`);
  return labels;
}

/**
 * A finding's topic. `view` frames its subject (a camera for IFC scans); `snapshot` is the
 * PNG of that view. Components are the subject's IFC GlobalIds (`ifcIds`: the plan's).
 */
export function findingTopic(
  f: BcfFindingInput,
  opts: {
    ifcIds: Set<string>;
    view?: TopDownView;
    snapshot?: Uint8Array;
    /** The plan's room ids: a selected room is an IfcSpace, which viewers hide unless told. */
    roomIds?: Set<string>;
  },
): BcfTopic {
  const g = findingGuids(f.scan, f);
  const sev = f.severity ?? "none";
  const selection = f.subject && opts.ifcIds.has(f.subject) ? [f.subject] : [];
  const viewpoints: BcfViewpoint[] = [];
  const model = opts.ifcIds.size > 0;
  if ((model && opts.view) || opts.snapshot) {
    viewpoints.push({
      guid: g.viewpoint,
      selection,
      ...(selection.some((id) => opts.roomIds?.has(id)) ? { spaces_visible: true } : {}),
      ...(model && opts.view
        ? { camera: opts.view.camera, clipping_planes: [opts.view.clipping_plane] }
        : { has_visinfo: false }),
      ...(opts.snapshot ? { snapshot: opts.snapshot } : {}),
    });
  }
  return {
    guid: g.topic,
    type: TOPIC_TYPE[sev],
    status: TOPIC_STATUS[f.status],
    title: f.title,
    priority: PRIORITY[sev],
    labels: findingLabels(f),
    reference_links: [findingReference(f.scan, f.id)],
    creation_date: f.first_seen,
    creation_author: BCF_AUTHOR,
    modified_date: f.last_seen,
    modified_author: BCF_AUTHOR,
    description: findingDescription(f),
    comments: f.status === "rejected"
      ? [{
        guid: g.comment,
        date: f.last_seen,
        author: BCF_AUTHOR,
        text: f.reason || "rejected",
        ...(viewpoints.length ? { viewpoint: g.viewpoint } : {}),
      }]
      : [],
    viewpoints,
  };
}

/** A BCF file of a scan's topics, with the project and the values they use declared. */
export function bcfFileOf(plan: Plan, scan: string, topics: BcfTopic[]): BcfFile {
  const extensions: BcfExtensions = {
    topic_types: Object.values(TOPIC_TYPE),
    topic_statuses: Object.values(TOPIC_STATUS),
    priorities: Object.values(PRIORITY),
    labels: [...new Set(topics.flatMap((t) => t.labels))].sort(),
    users: [BCF_AUTHOR],
  };
  const ref = plan.source.ref.split(/[\\/]/).pop();
  return {
    version: "3.0",
    project: { id: projectGuid(scan), name: plan.name || plan.id },
    extensions,
    ...(plan.source.format === "ifc" && ref ? { model_file: ref } : {}),
    topics,
  };
}
