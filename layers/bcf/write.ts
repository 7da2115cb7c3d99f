/**
 * Writes a {@link BcfFile} as BCF parts (bcf.version, extensions.xml, project.bcfp, one folder
 * per topic with markup.bcf, viewpoint.bcfv and snapshot.png) and zips them. The layouts follow
 * buildingSMART's BCF-XML schemas: release_3_0 (shipped in ../shared/data/bcf/schemas-3.0,
 * every part checked with xmllint in the tests) and release_2_1 (Comments and Viewpoints
 * beside the Topic, repeated Labels and ReferenceLink, no AspectRatio, Visibility required).
 * XML through fast-xml-parser's XMLBuilder (it escapes text and attributes), zip through fflate.
 */
import { XMLBuilder } from "fast-xml-parser";
import { strToU8, zipSync } from "fflate";
import type { BcfFile, BcfTopic, BcfVersion, BcfViewpoint, Vec3 } from "./model.ts";

const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: "@_",
  format: true,
  indentBy: "  ",
  suppressEmptyNode: true,
  suppressBooleanAttributes: false,
});

type Node = Record<string, unknown>;

function xmlDoc(root: string, body: Node): string {
  return builder.build({
    "?xml": { "@_version": "1.0", "@_encoding": "UTF-8", "@_standalone": "yes" },
    [root]: body,
  }) as string;
}

/** A number as xs:double text: at most 6 decimals, no "-0". */
function num(v: number): string {
  if (!Number.isFinite(v)) throw new Error(`BCF: not a finite number: ${v}`);
  const r = Math.round(v * 1e6) / 1e6;
  return String(Object.is(r, -0) ? 0 : r);
}

function xyz(v: Vec3): Node {
  return { X: num(v[0]), Y: num(v[1]), Z: num(v[2]) };
}

/** Leaves out keys whose value is undefined or an empty list (optional elements). */
function compact(o: Node): Node {
  const out: Node = {};
  for (const [k, v] of Object.entries(o)) {
    if (v === undefined || (Array.isArray(v) && v.length === 0)) continue;
    out[k] = v;
  }
  return out;
}

/** The file names a viewpoint's parts get in its topic folder. */
export function viewpointFiles(vp: BcfViewpoint, index: number): {
  visinfo?: string;
  snapshot?: string;
} {
  const suffix = index === 0 ? "" : `_${vp.guid}`;
  return {
    visinfo: vp.has_visinfo === false ? undefined : `viewpoint${suffix}.bcfv`,
    snapshot: vp.snapshot ? `snapshot${suffix}.png` : undefined,
  };
}

function markup(t: BcfTopic, file: BcfFile, v: BcfVersion): string {
  const viewpoints = t.viewpoints.map((vp, i) => {
    const f = viewpointFiles(vp, i);
    return compact({ "@_Guid": vp.guid, Viewpoint: f.visinfo, Snapshot: f.snapshot, Index: i });
  });
  const comments = t.comments.map((c) =>
    compact({
      "@_Guid": c.guid,
      Date: c.date,
      Author: c.author,
      Comment: c.text ?? (v === "2.1" ? "" : undefined),
      Viewpoint: c.viewpoint ? { "@_Guid": c.viewpoint } : undefined,
      ModifiedDate: c.modified_date,
      ModifiedAuthor: c.modified_author,
    })
  );
  const attrs = { "@_Guid": t.guid, "@_TopicType": t.type, "@_TopicStatus": t.status };
  const dates = {
    CreationDate: t.creation_date,
    CreationAuthor: t.creation_author,
    ModifiedDate: t.modified_date,
    ModifiedAuthor: t.modified_author,
  };
  if (v === "3.0") {
    const header = file.model_file
      ? { Files: { File: [{ "@_IsExternal": "true", Filename: file.model_file }] } }
      : undefined;
    return xmlDoc(
      "Markup",
      compact({
        Header: header,
        Topic: compact({
          ...attrs,
          ...(t.server_assigned_id ? { "@_ServerAssignedId": t.server_assigned_id } : {}),
          ReferenceLinks: t.reference_links.length
            ? { ReferenceLink: t.reference_links }
            : undefined,
          Title: t.title,
          Priority: t.priority,
          Labels: t.labels.length ? { Label: t.labels } : undefined,
          ...dates,
          Description: t.description,
          Comments: comments.length ? { Comment: comments } : undefined,
          Viewpoints: viewpoints.length ? { ViewPoint: viewpoints } : undefined,
        }),
      }),
    );
  }
  const header = file.model_file
    ? { File: [{ "@_isExternal": "true", Filename: file.model_file }] }
    : undefined;
  return xmlDoc(
    "Markup",
    compact({
      Header: header,
      Topic: compact({
        ...attrs,
        ReferenceLink: t.reference_links,
        Title: t.title,
        Priority: t.priority,
        Labels: t.labels,
        ...dates,
        Description: t.description,
      }),
      Comment: comments,
      Viewpoints: viewpoints,
    }),
  );
}

function visinfo(vp: BcfViewpoint, v: BcfVersion): string {
  const selection = vp.selection.length
    ? { Component: vp.selection.map((g) => ({ "@_IfcGuid": g })) }
    : undefined;
  const hints = vp.spaces_visible
    ? {
      "@_SpacesVisible": "true",
      "@_SpaceBoundariesVisible": "false",
      "@_OpeningsVisible": "false",
    }
    : undefined;
  const components = v === "3.0"
    ? {
      Selection: selection,
      Visibility: compact({ "@_DefaultVisibility": "true", ViewSetupHints: hints }),
    }
    : {
      ViewSetupHints: hints,
      Selection: selection,
      Visibility: { "@_DefaultVisibility": "true" },
    };
  const cam = vp.camera;
  let camera: Node = {};
  if (cam?.kind === "orthogonal") {
    camera = {
      OrthogonalCamera: compact({
        CameraViewPoint: xyz(cam.viewpoint),
        CameraDirection: xyz(cam.direction),
        CameraUpVector: xyz(cam.up),
        ViewToWorldScale: num(cam.view_to_world_scale),
        AspectRatio: v === "3.0" ? num(cam.aspect_ratio) : undefined,
      }),
    };
  } else if (cam?.kind === "perspective") {
    camera = {
      PerspectiveCamera: compact({
        CameraViewPoint: xyz(cam.viewpoint),
        CameraDirection: xyz(cam.direction),
        CameraUpVector: xyz(cam.up),
        FieldOfView: num(cam.field_of_view_deg),
        AspectRatio: v === "3.0" ? num(cam.aspect_ratio ?? 4 / 3) : undefined,
      }),
    };
  } else if (v === "3.0") {
    throw new Error(`BCF 3.0: viewpoint ${vp.guid} needs a camera`);
  }
  const planes = (vp.clipping_planes ?? []).map((p) => ({
    Location: xyz(p.location),
    Direction: xyz(p.direction),
  }));
  return xmlDoc(
    "VisualizationInfo",
    compact({
      "@_Guid": vp.guid,
      Components: compact(components),
      ...camera,
      ClippingPlanes: planes.length ? { ClippingPlane: planes } : undefined,
    }),
  );
}

/** The XML parts and snapshots of a BCF file, by path inside the zip. */
export function bcfParts(file: BcfFile, version: BcfVersion = "3.0"): Record<string, Uint8Array> {
  const parts: Record<string, Uint8Array> = {};
  const put = (path: string, text: string) => (parts[path] = strToU8(text));
  put(
    "bcf.version",
    xmlDoc(
      "Version",
      version === "3.0"
        ? { "@_VersionId": "3.0" }
        : { "@_VersionId": "2.1", DetailedVersion: "2.1" },
    ),
  );
  if (version === "3.0") {
    const x = file.extensions;
    const list = (tag: string, items: string[] | undefined) =>
      items?.length ? { [tag]: [...new Set(items)] } : undefined;
    put(
      "extensions.xml",
      xmlDoc(
        "Extensions",
        compact({
          TopicTypes: list("TopicType", x?.topic_types),
          TopicStatuses: list("TopicStatus", x?.topic_statuses),
          Priorities: list("Priority", x?.priorities),
          TopicLabels: list("TopicLabel", x?.labels),
          Users: list("User", x?.users),
        }),
      ),
    );
    if (file.project) {
      put(
        "project.bcfp",
        xmlDoc("ProjectInfo", {
          Project: compact({ "@_ProjectId": file.project.id, Name: file.project.name }),
        }),
      );
    }
  } else if (file.project) {
    put(
      "project.bcfp",
      xmlDoc("ProjectExtension", {
        Project: compact({ "@_ProjectId": file.project.id, Name: file.project.name }),
        ExtensionSchema: "",
      }),
    );
  }
  for (const t of file.topics) {
    put(`${t.guid}/markup.bcf`, markup(t, file, version));
    t.viewpoints.forEach((vp, i) => {
      const f = viewpointFiles(vp, i);
      if (f.visinfo) put(`${t.guid}/${f.visinfo}`, visinfo(vp, version));
      if (f.snapshot && vp.snapshot) parts[`${t.guid}/${f.snapshot}`] = vp.snapshot;
    });
  }
  return parts;
}

/** A BCF file as zip bytes (`.bcfzip` / `.bcf`): {@link bcfParts} deflated by fflate. */
export function bcfZip(file: BcfFile, version: BcfVersion = "3.0"): Uint8Array {
  const parts = bcfParts(file, version);
  // PNGs are compressed already: stored as they are.
  const entries: Record<string, [Uint8Array, { level: 0 | 6 }]> = {};
  for (const [path, bytes] of Object.entries(parts)) {
    entries[path] = [bytes, { level: path.endsWith(".png") ? 0 : 6 }];
  }
  return zipSync(entries);
}
