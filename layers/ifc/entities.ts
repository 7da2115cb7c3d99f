/**
 * IFC entity names (upper case, as a STEP file writes them) that more than one part of the
 * IFC importer looks for. A leaf module: it imports nothing, so openings.ts and reduce.ts can
 * both read it without an import cycle (meshes.ts → reduce.ts → openings.ts → storeys.ts →
 * meshes.ts was one).
 */

/** The entities a door or window is one of (IFC2X3 and IFC4, standard cases included). */
export const OPENING_ENTITIES = [
  "IFCDOOR",
  "IFCDOORSTANDARDCASE",
  "IFCWINDOW",
  "IFCWINDOWSTANDARDCASE",
] as const;
