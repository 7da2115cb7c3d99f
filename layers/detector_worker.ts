/**
 * A Web Worker holding its own CenterNet on its own single-thread wasm backend (centernet.ts):
 * messages { id, width, height, data, minScore } → { id, detections } or { id, error }. A
 * message { id, load: true } loads the model and answers { id, ready: true } or { id, error }.
 * Started by pool.ts; tfjs's wasm threads do not switch on under Deno, so two workers are how two
 * cores run two inferences at once (shared/reference/vision-notes.md).
 */
/// <reference lib="deno.worker" />
import { loadCenterNet } from "./detector.ts";

self.onmessage = async (e: MessageEvent) => {
  const m = e.data as {
    id: number;
    load?: boolean;
    width?: number;
    height?: number;
    data?: Uint8Array;
    minScore?: number;
  };
  try {
    const det = await loadCenterNet("wasm");
    if (m.load) return self.postMessage({ id: m.id, ready: true });
    const detections = await det.detect(
      { width: m.width!, height: m.height!, data: m.data! },
      m.minScore,
    );
    self.postMessage({ id: m.id, detections });
  } catch (err) {
    self.postMessage({ id: m.id, error: (err as Error).message });
  }
};
