/** The plan format itself (design.md § "The plan"), as JSON. */
import type { Importer } from "../types.ts";

/** Detects a JSON object with `floors` or `rooms` arrays and no foreign top-level markers. */
export const planJson: Importer = {
  format: "plan-json",
  description: "threshold plan JSON (the normalized plan itself)",
  detect(_source, bytes) {
    if (!bytes) return false;
    const head = new TextDecoder().decode(bytes.subarray(0, 4096)).trimStart();
    if (!head.startsWith("{")) return false;
    try {
      const v = JSON.parse(new TextDecoder().decode(bytes));
      return !!v && typeof v === "object" && !Array.isArray(v) && typeof v.id === "string" &&
        (Array.isArray(v.floors) || Array.isArray(v.rooms));
    } catch {
      return false;
    }
  },
  run(source, bytes, opts) {
    const v = JSON.parse(new TextDecoder().decode(bytes!));
    if (opts.id) v.id = opts.id;
    v.source = {
      ...(v.source ?? {}),
      format: v.source?.format ?? "plan-json",
      ref: v.source?.ref || source,
    };
    return Promise.resolve({
      plan: v,
      report: {
        format: "plan-json",
        mapped: ["the plan as written"],
        lacking: [],
        assumptions: [],
        warnings: [],
      },
    });
  },
};
