/**
 * Stable BCF GUIDs: UUID version 5 (RFC 9562 § 5.5, formerly RFC 4122 § 4.3: SHA-1 of a
 * namespace UUID and a name, version and variant bits set). The same finding of the same scan
 * always gets the same topic GUID, so a re-export updates a topic in a BIM tool instead of
 * adding a second one.
 */
import { createHash } from "node:crypto";
import { findingKind } from "../../engines/geometry/rescan.ts";

/** The RFC 9562 name-space UUID for URLs (names here are `threshold:…` URIs). */
export const URL_NAMESPACE = "6ba7b811-9dad-11d1-80b4-00c04fd430c8";

/** A version-5 UUID (lower-case hex, 8-4-4-4-12) of `name` in `namespace`. */
export function uuidV5(name: string, namespace: string = URL_NAMESPACE): string {
  const hex = namespace.replace(/-/g, "");
  if (!/^[0-9a-fA-F]{32}$/.test(hex)) throw new Error(`not a UUID: ${namespace}`);
  const ns = Uint8Array.from(hex.match(/../g)!.map((h) => parseInt(h, 16)));
  const digest = createHash("sha1").update(ns).update(new TextEncoder().encode(name)).digest();
  const b = Uint8Array.from(digest.subarray(0, 16));
  b[6] = (b[6] & 0x0f) | 0x50;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, "0")).join("");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** The reference a topic keeps to its finding: `threshold:finding:<scan>:<finding id>`. */
export function findingReference(scan: string, findingId: string): string {
  return `threshold:finding:${scan}:${findingId}`;
}

/** The scan and finding id a reference names, or undefined when it is not one of ours. */
export function parseFindingReference(ref: string): { scan: string; id: string } | undefined {
  const m = /^threshold:finding:([A-Za-z0-9][A-Za-z0-9._-]{0,63}):(\S+)$/.exec(ref.trim());
  return m ? { scan: m[1], id: m[2] } : undefined;
}

/** The GUIDs of a finding's topic, its viewpoint and its rejection comment. */
export function topicGuids(scan: string, findingId: string): {
  topic: string;
  viewpoint: string;
  comment: string;
} {
  const ref = findingReference(scan, findingId);
  return {
    topic: uuidV5(ref),
    viewpoint: uuidV5(`${ref}#viewpoint`),
    comment: uuidV5(`${ref}#reason`),
  };
}

/**
 * The id a finding's GUIDs are made from: its id as threshold wrote it before ids were made
 * shell-safe (issue 24 §4: a GlobalId's `$` is `-` in the id now), the subject put back as it
 * is (`subject` keeps the element's own id). So a topic exported before keeps its GUID: a
 * re-export updates it in the BIM tool instead of adding a second one. An id whose subject
 * had nothing to change is itself.
 */
export function guidFindingId(f: { id: string; subject?: string }): string {
  if (!f.subject) return f.id;
  const kind = findingKind(f.id, f.subject);
  return kind === f.id ? f.id : kind.replace("*", f.subject.replace(/\s+/g, "_"));
}

/** The GUIDs of a finding's topic ({@link topicGuids} of {@link guidFindingId}). */
export function findingGuids(
  scan: string,
  f: { id: string; subject?: string },
): ReturnType<typeof topicGuids> {
  return topicGuids(scan, guidFindingId(f));
}

/** The GUID of a scan's BCF project. */
export function projectGuid(scan: string): string {
  return uuidV5(`threshold:scan:${scan}`);
}

/** An IFC GlobalId: 22 characters of IFC's base-64 alphabet (IFC 4.3 § 8.5.3.3.2 IfcGloballyUniqueId). */
export const IFC_GUID = /^[0-9A-Za-z_$]{22}$/;
