/**
 * An import's headline warnings: what changes every answer about the building (a file that
 * models no rooms), each a code with its data and the one sentence made from them here. The
 * import report shows them first: the first lines `threshold import` prints, `headlines` in
 * its --json, the top of the web view's report, the MCP import_scan verdict.
 * @module
 */
import type { ImportHeadline } from "./types.ts";

/** Each headline code's data. */
export interface HeadlineData {
  /** The file models no rooms (an IFC file with no IfcSpace). */
  no_rooms: {
    /** What the file lacks, in its own terms ("IfcSpace"). */
    entity: string;
    storeys: number;
    /** Rooms the importer derived (one inside the walls per storey) that no tool judges. */
    derived_rooms: number;
  };
}
export type HeadlineCode = keyof HeadlineData;

/** The sentence for a headline code and its data. */
export function headlineText<K extends HeadlineCode>(code: K, data: HeadlineData[K]): string {
  switch (code) {
    case "no_rooms": {
      const d = data as HeadlineData["no_rooms"];
      return `No rooms: the file has no ${d.entity}, so every tool that judges rooms (step-free routes, ceiling heights, turning space, takeoff …) will say unknown for this building; its doors, windows and stairs are still judged${
        d.derived_rooms
          ? `. The ${d.derived_rooms} room(s) made inside the walls of its ${d.storeys} storey(s) only give doors a side and are judged by no tool`
          : ""
      }.`;
    }
  }
  return code;
}

/** A headline: its code, data and sentence. */
export function headline<K extends HeadlineCode>(code: K, data: HeadlineData[K]): ImportHeadline {
  return { code, data: { ...data }, text: headlineText(code, data) };
}
