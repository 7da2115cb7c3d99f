/**
 * Detections stored per panorama content hash: the store's `vision_detections` table, or
 * process memory without a store. The panoramas themselves are read outside core
 * (layers/panoramas.ts) and handed into the run by its caller.
 */
import type { Store } from "./store.ts";

/** Detections stored per image content hash and detector key. */
export interface DetectionCache {
  get(imageHash: string, model: string): unknown;
  put(imageHash: string, model: string, value: unknown): void;
}

const memory = new Map<string, unknown>();

/** The store's detections table, or process memory when there is no store. */
export function detectionCache(store?: Store): DetectionCache {
  if (store) {
    return {
      get: (h, m) => store.getDetections(h, m),
      put: (h, m, v) => store.putDetections(h, m, v),
    };
  }
  return {
    get: (h, m) => memory.get(`${m}\u0000${h}`),
    put: (h, m, v) => void memory.set(`${m}\u0000${h}`, v),
  };
}
