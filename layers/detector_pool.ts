/**
 * A detector made of Web Workers (detector_worker.ts), each with its own model on its own
 * single-thread wasm backend: up to one inference per worker at once, so detectPanorama with
 * `parallel: 2` runs two views on two cores. Each view is answered by exactly the same model as
 * the in-process detector (bit-identical detections, bench/vision_workers_bench.ts checks).
 */
import type { Detector, ViewDetection } from "../ground/detector.ts";
import type { RgbImage } from "../ground/image.ts";
import { CENTERNET_INPUT_PX, DetectorUnavailableError } from "../engines/vision/centernet.ts";

/** A worker-backed detector; `close` ends its workers. */
export interface DetectorPool extends Detector {
  workers: number;
  close(): void;
}

type Reply = { id: number; ready?: boolean; detections?: ViewDetection[]; error?: string };

/** Starts `workers` workers and loads the model in each (in parallel). */
export async function loadCenterNetPool(workers = 2): Promise<DetectorPool> {
  const url = new URL("./detector_worker.ts", import.meta.url).href;
  const pending = new Map<number, (r: Reply) => void>();
  let next = 0;
  const list = Array.from({ length: workers }, () => {
    const w = new Worker(url, { type: "module" });
    w.onmessage = (e: MessageEvent<Reply>) => {
      pending.get(e.data.id)?.(e.data);
      pending.delete(e.data.id);
    };
    return w;
  });
  const ask = (w: Worker, msg: Record<string, unknown>, transfer: Transferable[] = []) =>
    new Promise<Reply>((resolve) => {
      const id = next++;
      pending.set(id, resolve);
      w.postMessage({ id, ...msg }, transfer);
    });
  const close = () => list.forEach((w) => w.terminate());
  const ready = await Promise.all(list.map((w) => ask(w, { load: true })));
  const failed = ready.find((r) => r.error);
  if (failed) {
    close();
    throw new DetectorUnavailableError(`in a worker: ${failed.error}`);
  }
  // Idle workers, and callers waiting for one.
  const idle = [...list];
  const waiting: ((w: Worker) => void)[] = [];
  const take = () =>
    idle.length ? Promise.resolve(idle.pop()!) : new Promise<Worker>((r) => waiting.push(r));
  const give = (w: Worker) => {
    const waiter = waiting.shift();
    if (waiter) waiter(w);
    else idle.push(w);
  };
  return {
    backend: "wasm",
    input_px: CENTERNET_INPUT_PX,
    workers,
    parallel: workers,
    close,
    async detect(view: RgbImage, minScore?: number): Promise<ViewDetection[]> {
      const w = await take();
      try {
        const data = view.data.slice();
        const r = await ask(w, { width: view.width, height: view.height, data, minScore }, [
          data.buffer,
        ]);
        if (r.error) throw new Error(r.error);
        return r.detections!;
      } finally {
        give(w);
      }
    },
  };
}
