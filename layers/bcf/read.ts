/**
 * Reads a BCF file (zip) into a {@link BcfFile}: bcf.version first (2.0, 2.1 and 3.0 are
 * read; anything else is refused with a sentence), then every `<topic>/markup.bcf` and the
 * viewpoints it names. Only XML parts are inflated (snapshots are left in the zip), each at
 * most {@link MAX_PART_BYTES}. Layouts as in buildingSMART/BCF-XML release_2_1 and
 * release_3_0; XML through fast-xml-parser, zip through fflate.
 */
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { strFromU8, unzipSync } from "fflate";
import { InputError } from "../../ground/errors.ts";
import { printableDeep } from "../../core/printable.ts";
import {
  BCF_READ_VERSIONS,
  type BcfComment,
  type BcfFile,
  type BcfTopic,
  type BcfViewpoint,
  type Vec3,
} from "./model.ts";

/** The largest XML part read, bytes (a markup of thousands of comments is far smaller). */
export const MAX_PART_BYTES = 16 * 1024 * 1024;
/** The most XML read from one file, bytes, inflated (a zip bomb stops here, unread). */
export const MAX_TOTAL_BYTES = 256 * 1024 * 1024;

const LISTS = new Set([
  "ReferenceLink",
  "Label",
  "Labels",
  "Comment",
  "ViewPoint",
  "Viewpoints",
  "Component",
  "ClippingPlane",
  "File",
  "TopicType",
  "TopicStatus",
  "Priority",
  "TopicLabel",
  "User",
]);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@_",
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  removeNSPrefix: true,
  isArray: (name) => LISTS.has(name),
});

type Node = Record<string, unknown>;

const asNode = (v: unknown): Node => (v && typeof v === "object" ? v as Node : {});
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined ? [] : [v]);
/** An element's text ("" for an empty element), or undefined when it is absent. */
function text(v: unknown): string | undefined {
  if (Array.isArray(v)) return text(v[0]);
  if (v === undefined || v === null) return undefined;
  if (typeof v === "string") return v;
  if (typeof v === "object" && "#text" in (v as Node)) return String((v as Node)["#text"]);
  if (typeof v === "object") return "";
  return String(v);
}
/** The `name` children of every element in `v` (one element, or a list of them). */
const children = (v: unknown, name: string): unknown[] =>
  list(v).flatMap((x) => list(asNode(x)[name]));
const texts = (v: unknown): string[] =>
  list(v).map(text).filter((s): s is string => s !== undefined && s !== "");

function parseXml(part: string, bytes: Uint8Array, file: string): Node {
  const xml = strFromU8(bytes).replace(/^\uFEFF/, "");
  const ok = XMLValidator.validate(xml);
  if (ok !== true) {
    throw new InputError(
      "file",
      `${file}: ${part} is not well-formed XML (line ${ok.err.line}: ${ok.err.msg})`,
      { code: "bcf.bad_xml", data: { file, part, line: ok.err.line } },
    );
  }
  return parser.parse(xml) as Node;
}

function vec(v: unknown): Vec3 {
  const n = asNode(v);
  return [Number(text(n.X)), Number(text(n.Y)), Number(text(n.Z))];
}

function readVisinfo(root: Node, guid: string): Omit<BcfViewpoint, "snapshot"> {
  const vi = asNode(root.VisualizationInfo);
  const comps = asNode(vi.Components);
  const guids = (v: unknown) =>
    list(asNode(v).Component).map((c) => text(asNode(c)["@_IfcGuid"]) ?? "").filter(Boolean);
  const vis = asNode(comps.Visibility);
  const hints = asNode(vis.ViewSetupHints ?? comps.ViewSetupHints);
  const vp: Omit<BcfViewpoint, "snapshot"> = {
    guid: text(vi["@_Guid"]) ?? guid,
    selection: guids(comps.Selection),
    visibility_exceptions: guids(vis.Exceptions),
    default_visibility: text(vis["@_DefaultVisibility"]) === "true",
    ...(text(hints["@_SpacesVisible"]) === "true" ? { spaces_visible: true } : {}),
    has_visinfo: true,
  };
  if (vi.OrthogonalCamera) {
    const c = asNode(vi.OrthogonalCamera);
    vp.camera = {
      kind: "orthogonal",
      viewpoint: vec(c.CameraViewPoint),
      direction: vec(c.CameraDirection),
      up: vec(c.CameraUpVector),
      view_to_world_scale: Number(text(c.ViewToWorldScale)),
      aspect_ratio: Number(text(c.AspectRatio) ?? NaN),
    };
  } else if (vi.PerspectiveCamera) {
    const c = asNode(vi.PerspectiveCamera);
    vp.camera = {
      kind: "perspective",
      viewpoint: vec(c.CameraViewPoint),
      direction: vec(c.CameraDirection),
      up: vec(c.CameraUpVector),
      field_of_view_deg: Number(text(c.FieldOfView)),
      ...(c.AspectRatio !== undefined ? { aspect_ratio: Number(text(c.AspectRatio)) } : {}),
    };
  }
  const planes = list(asNode(vi.ClippingPlanes).ClippingPlane).map((p) => ({
    location: vec(asNode(p).Location),
    direction: vec(asNode(p).Direction),
  }));
  if (planes.length) vp.clipping_planes = planes;
  return vp;
}

function readComment(c: unknown): BcfComment {
  const n = asNode(c);
  const vp = text(asNode(n.Viewpoint)["@_Guid"]);
  return {
    guid: text(n["@_Guid"]) ?? "",
    date: text(n.Date) ?? "",
    author: text(n.Author) ?? "",
    ...(text(n.Comment) ? { text: text(n.Comment) } : {}),
    ...(vp ? { viewpoint: vp } : {}),
    ...(text(n.ModifiedDate) ? { modified_date: text(n.ModifiedDate) } : {}),
    ...(text(n.ModifiedAuthor) ? { modified_author: text(n.ModifiedAuthor) } : {}),
  };
}

/**
 * Reads BCF zip bytes. `name` names the file in messages. A file that is not a zip, has no
 * bcf.version, or is of a version threshold does not read is an InputError with a sentence.
 */
export function readBcf(bytes: Uint8Array, name = "the file"): BcfFile {
  let entries: Record<string, Uint8Array>;
  const tooBig: string[] = [];
  let total = 0;
  try {
    entries = unzipSync(bytes, {
      filter: (f) => {
        if (!/\.(bcf|bcfv|version|bcfp|xml)$/i.test(f.name)) return false;
        total += f.originalSize;
        if (f.originalSize > MAX_PART_BYTES || total > MAX_TOTAL_BYTES) {
          tooBig.push(f.name);
          return false;
        }
        return true;
      },
    });
  } catch {
    throw new InputError(
      "file",
      `${name} is not a BCF file: it is not a zip archive (a BCF file is a zip holding bcf.version and a folder per topic)`,
      { code: "bcf.not_zip", data: { file: name } },
    );
  }
  if (tooBig.length) {
    throw new InputError(
      "file",
      `${name}: ${tooBig.slice(0, 5).join(", ")}${
        tooBig.length > 5 ? ` and ${tooBig.length - 5} more` : ""
      } would inflate past what threshold reads (${MAX_PART_BYTES / 1024 / 1024} MB a part, ${
        MAX_TOTAL_BYTES / 1024 / 1024
      } MB in all)`,
      {
        code: "bcf.too_big",
        data: { file: name, parts: tooBig, max_part_bytes: MAX_PART_BYTES },
      },
    );
  }
  const versionPart = Object.keys(entries).find((p) => p.toLowerCase() === "bcf.version");
  if (!versionPart) {
    throw new InputError(
      "file",
      `${name} is not a BCF file: the zip has no bcf.version at its top (BCF 2.1 and 3.0 files always have one)`,
      { code: "bcf.no_version", data: { file: name } },
    );
  }
  const ver = asNode(parseXml("bcf.version", entries[versionPart], name).Version);
  const version = text(ver["@_VersionId"]) ?? text(ver.DetailedVersion) ?? "";
  if (!(BCF_READ_VERSIONS as readonly string[]).includes(version)) {
    throw new InputError(
      "file",
      `${name} is BCF version ${
        JSON.stringify(version)
      }, which threshold does not read; it reads BCF ${BCF_READ_VERSIONS.join(", ")}`,
      {
        code: "bcf.unknown_version",
        data: { file: name, got: version, allowed: BCF_READ_VERSIONS },
      },
    );
  }
  const v3 = version === "3.0";
  const file: BcfFile = { version, topics: [] };

  const projectPart = Object.keys(entries).find((p) => p.toLowerCase() === "project.bcfp");
  if (projectPart) {
    const root = parseXml("project.bcfp", entries[projectPart], name);
    const p = asNode(asNode(root.ProjectInfo ?? root.ProjectExtension).Project);
    const id = text(p["@_ProjectId"]);
    if (id) file.project = { id, ...(text(p.Name) ? { name: text(p.Name) } : {}) };
  }
  const extPart = Object.keys(entries).find((p) => p.toLowerCase() === "extensions.xml");
  if (extPart) {
    const x = asNode(parseXml("extensions.xml", entries[extPart], name).Extensions);
    file.extensions = {
      topic_types: texts(asNode(x.TopicTypes).TopicType),
      topic_statuses: texts(asNode(x.TopicStatuses).TopicStatus),
      priorities: texts(asNode(x.Priorities).Priority),
      labels: texts(asNode(x.TopicLabels).TopicLabel),
      users: texts(asNode(x.Users).User),
    };
  }

  const markups = Object.keys(entries).filter((p) => /^[^/]+\/markup\.bcf$/i.test(p)).sort();
  for (const path of markups) {
    const folder = path.split("/")[0];
    const m = asNode(parseXml(path, entries[path], name).Markup);
    const t = asNode(m.Topic);
    if (!m.Topic) throw new InputError("file", `${name}: ${path} has no Topic`);
    const headerFiles = v3
      ? list(asNode(asNode(m.Header).Files).File)
      : list(asNode(m.Header).File);
    const modelFile = headerFiles.map((f) => text(asNode(f).Filename)).find(Boolean);
    if (modelFile && !file.model_file) file.model_file = modelFile;
    const comments = list(v3 ? asNode(t.Comments).Comment : m.Comment).map(readComment);
    const vpRefs = v3 ? children(t.Viewpoints, "ViewPoint") : list(m.Viewpoints);
    const viewpoints: BcfViewpoint[] = vpRefs.map((r) => {
      const n = asNode(r);
      const guid = text(n["@_Guid"]) ?? "";
      const vfile = text(n.Viewpoint);
      const key = vfile ? `${folder}/${vfile}` : undefined;
      if (key && entries[key]) return readVisinfo(parseXml(key, entries[key], name), guid);
      return { guid, selection: [], has_visinfo: false };
    });
    // BCF 2.x files may hold a viewpoint.bcfv that no ViewPoint names.
    const lone = `${folder}/viewpoint.bcfv`;
    if (!viewpoints.some((v) => v.has_visinfo) && entries[lone]) {
      viewpoints.push(readVisinfo(parseXml(lone, entries[lone], name), ""));
    }
    const topic: BcfTopic = {
      guid: text(t["@_Guid"]) ?? folder,
      type: text(t["@_TopicType"]) ?? "",
      status: text(t["@_TopicStatus"]) ?? "",
      title: text(t.Title) ?? "",
      labels: v3 ? texts(children(t.Labels, "Label")) : texts(t.Labels),
      reference_links: v3 ? texts(asNode(t.ReferenceLinks).ReferenceLink) : texts(t.ReferenceLink),
      creation_date: text(t.CreationDate) ?? "",
      creation_author: text(t.CreationAuthor) ?? "",
      comments,
      viewpoints,
    };
    const opt = {
      priority: text(t.Priority),
      modified_date: text(t.ModifiedDate),
      modified_author: text(t.ModifiedAuthor),
      description: text(t.Description),
      server_assigned_id: text(t["@_ServerAssignedId"]),
    };
    for (const [k, v] of Object.entries(opt)) if (v) (topic as unknown as Node)[k] = v;
    file.topics.push(topic);
  }
  // Text from a file is data: no control character or bidi override reaches a surface.
  return printableDeep(file);
}
