/**
 * Matterport3D importers: `.house` files and the simulator's connectivity JSON
 * (shared/reference/data-formats.md §2).
 */
import { InputError } from "../../ground/errors.ts";
import type { Importer } from "../types.ts";
import { connectivityToPlan, looksLikeConnectivity, parseConnectivity } from "./connectivity.ts";
import { looksLikeHouse, parseHouse } from "./parse.ts";
import { houseToPlan } from "./plan.ts";

export * from "./connectivity.ts";
export * from "./parse.ts";
export * from "./plan.ts";

/** Detects `ASCII 1.x` + H line content; imports a Matterport3D `.house` file. */
export const mp3dHouse: Importer = {
  format: "mp3d-house",
  description: "Matterport3D .house file (levels, regions, objects, panoramas)",
  detect(_source, bytes) {
    return !!bytes && looksLikeHouse(bytes);
  },
  run(source, bytes, opts) {
    const ref = opts.ref || source;
    return Promise.resolve().then(() => {
      if (!bytes) throw new InputError(ref, "a .house import needs the file");
      return houseToPlan(parseHouse(new TextDecoder().decode(bytes), ref), ref, opts.id);
    });
  },
};

/** Detects a JSON array of viewpoints with image_id, pose and unobstructed; imports it. */
export const mp3dConnectivity: Importer = {
  format: "mp3d-connectivity",
  description: "Matterport3D simulator connectivity JSON (sweep poses and walkable links)",
  detect(_source, bytes) {
    if (!bytes) return false;
    const head = new TextDecoder().decode(bytes.subarray(0, 512)).trimStart();
    if (!head.startsWith("[") || !head.includes('"image_id"')) return false;
    try {
      return looksLikeConnectivity(JSON.parse(new TextDecoder().decode(bytes)));
    } catch {
      return false;
    }
  },
  run(source, bytes, opts) {
    const ref = opts.ref || source;
    return Promise.resolve().then(() => {
      if (!bytes) throw new InputError(ref, "a connectivity import needs the file");
      let v: unknown;
      try {
        v = JSON.parse(new TextDecoder().decode(bytes));
      } catch (e) {
        throw new InputError(ref, `not valid JSON: ${(e as Error).message}`);
      }
      return connectivityToPlan(parseConnectivity(v, ref), ref, opts.id);
    });
  },
};
