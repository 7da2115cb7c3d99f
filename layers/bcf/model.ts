/**
 * BCF (BIM Collaboration Format, buildingSMART) as plain data: a file holds topics, each with
 * comments and viewpoints (components by IFC GlobalId, a camera, a snapshot). Versions 3.0 and
 * 2.1 are written; 2.0, 2.1 and 3.0 are read. Field names follow the schemas
 * (buildingSMART/BCF-XML, Schemas/*.xsd), in snake case.
 */

/** The BCF versions threshold writes. */
export const BCF_WRITE_VERSIONS = ["3.0", "2.1"] as const;
export type BcfVersion = typeof BCF_WRITE_VERSIONS[number];
/** The BCF versions threshold reads (2.0 and 2.1 share one layout). */
export const BCF_READ_VERSIONS = ["2.0", "2.1", "3.0"] as const;

export type Vec3 = [number, number, number];

/** An orthogonal camera (visinfo.xsd OrthogonalCamera); metres in the model's frame. */
export interface BcfOrthogonalCamera {
  kind: "orthogonal";
  viewpoint: Vec3;
  direction: Vec3;
  up: Vec3;
  /** The view's visible vertical size, m. */
  view_to_world_scale: number;
  /** Width / height of the view (3.0 only; 2.1 has no such field). */
  aspect_ratio: number;
}

/** A perspective camera, as read (threshold writes orthogonal ones). */
export interface BcfPerspectiveCamera {
  kind: "perspective";
  viewpoint: Vec3;
  direction: Vec3;
  up: Vec3;
  field_of_view_deg: number;
  aspect_ratio?: number;
}

/** A clipping plane: everything on the side `direction` points to is hidden. */
export interface BcfClippingPlane {
  location: Vec3;
  direction: Vec3;
}

export interface BcfViewpoint {
  guid: string;
  /** IFC GlobalIds of the components selected (highlighted) in this view. */
  selection: string[];
  /** IFC GlobalIds shown as exceptions to the default visibility (read only). */
  visibility_exceptions?: string[];
  default_visibility?: boolean;
  /** Show IfcSpaces (viewers hide them by default): set when a selected component is a space. */
  spaces_visible?: boolean;
  camera?: BcfOrthogonalCamera | BcfPerspectiveCamera;
  clipping_planes?: BcfClippingPlane[];
  /** The snapshot PNG; written as a file in the topic folder. */
  snapshot?: Uint8Array;
  /** Whether the file had a viewpoint (.bcfv) part for it. */
  has_visinfo?: boolean;
}

export interface BcfComment {
  guid: string;
  date: string;
  author: string;
  text?: string;
  viewpoint?: string;
  modified_date?: string;
  modified_author?: string;
}

export interface BcfTopic {
  guid: string;
  type: string;
  status: string;
  title: string;
  priority?: string;
  labels: string[];
  reference_links: string[];
  creation_date: string;
  creation_author: string;
  modified_date?: string;
  modified_author?: string;
  description?: string;
  comments: BcfComment[];
  viewpoints: BcfViewpoint[];
  server_assigned_id?: string;
}

export interface BcfProject {
  id: string;
  name?: string;
}

/** The values a file declares it uses (3.0 extensions.xml). */
export interface BcfExtensions {
  topic_types: string[];
  topic_statuses: string[];
  priorities: string[];
  labels: string[];
  users: string[];
}

/** A BCF file. `model_file` names the IFC file the topics are about (markup Header). */
export interface BcfFile {
  version: string;
  project?: BcfProject;
  extensions?: BcfExtensions;
  model_file?: string;
  topics: BcfTopic[];
}
