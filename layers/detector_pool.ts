/**
 * A detector made of Web Workers (detector_worker.ts), each with its own model on its own
 * single-thread wasm backend: up to one inference per worker at once, so detectPanorama with
 * `parallel: 2` runs two views on two cores. Each view is answered by exactly the same model as
 * the in-process detector (bit-identical detections, bench/vision_workers_bench.ts checks).
 *
 * Each worker is handed up to {@link VIEWS_PER_WORKER} views at once and answers them one after
 * another, so it starts its next view as soon as it is done with one, not when this thread has
 * had the time to answer (a thread busy measuring a panorama, or starved on a loaded machine,
 * left the workers idle between views).
 *
 * A panorama handed to `panorama()` is copied once into shared memory that every worker reads,
 * and each worker cuts its own views from it (engines/vision/equirect.ts, the same cut as the
 * in-process path), so this thread neither cuts nor copies views. A view's sampling table made
 * by one worker is handed to the others, so each is made once.
 *
 * Web Workers, not node:worker_threads: under Deno the latter cost this thread 0.7–0.9 of a core
 * while they work (measured here: 3.2–5.6 CPU s a panorama against 2.2 for the in-process
 * detector). A Web Worker keeps the process alive until it is closed, so
 * {@link closingWhenIdle} closes the pool when it has been idle a while and starts it again when
 * asked.
 */
import type { Detector, PanoramaSearch, ViewAim, ViewDetection } from "../ground/detector.ts";
import type { RgbImage } from "../ground/image.ts";
import { CENTERNET_INPUT_PX, DetectorUnavailableError } from "../engines/vision/centernet.ts";

/** How many views each worker is handed at once (it answers them in turn). */
export const VIEWS_PER_WORKER = 2;

/** A worker-backed detector; `close` ends its workers. */
export interface DetectorPool extends Detector {
  workers: number;
  panorama(pano: RgbImage): PanoramaSearch;
  close(): void;
}

type Reply = {
  id: number;
  ready?: boolean;
  detections?: ViewDetection[];
  error?: string;
  /** A view's sampling table a worker made, for the others (detector_worker.ts). */
  sampling?: unknown;
};

/** One worker and its unanswered requests. */
interface Slot {
  w: Worker;
  pending: Map<number, { resolve: (r: Reply) => void; reject: (e: Error) => void }>;
  /** Views handed to it and not yet answered. */
  views: number;
}

/** Starts `workers` workers and loads the model in each (in parallel). */
export async function loadCenterNetPool(workers = 2): Promise<DetectorPool> {
  const url = new URL("./detector_worker.ts", import.meta.url).href;
  let next = 0, nextPano = 0;
  const slots: Slot[] = Array.from({ length: workers }, () => {
    const s: Slot = { w: new Worker(url, { type: "module" }), pending: new Map(), views: 0 };
    s.w.onmessage = (e: MessageEvent<Reply>) => {
      if (e.data.sampling) {
        for (const o of slots) if (o !== s) o.w.postMessage({ adopt: e.data.sampling });
        return;
      }
      const p = s.pending.get(e.data.id);
      s.pending.delete(e.data.id);
      p?.resolve(e.data);
    };
    s.w.onerror = (e: ErrorEvent) => {
      e.preventDefault();
      for (const p of s.pending.values()) p.reject(new Error(e.message));
      s.pending.clear();
    };
    return s;
  });
  const ask = (s: Slot, msg: Record<string, unknown>, transfer: Transferable[] = []) =>
    new Promise<Reply>((resolve, reject) => {
      const id = next++;
      s.pending.set(id, { resolve, reject });
      s.w.postMessage({ id, ...msg }, transfer);
    });
  // A message needing no answer (a panorama shared or let go), to every worker.
  const tell = (msg: Record<string, unknown>) => slots.forEach((s) => s.w.postMessage(msg));
  const close = () => slots.forEach((s) => s.w.terminate());
  let ready: Reply[];
  try {
    ready = await Promise.all(slots.map((s) => ask(s, { load: true })));
  } catch (e) {
    close();
    throw new DetectorUnavailableError(`in a worker: ${(e as Error).message}`);
  }
  const failed = ready.find((r) => r.error);
  if (failed) {
    close();
    throw new DetectorUnavailableError(`in a worker: ${failed.error}`);
  }
  // The worker with the fewest views in hand (below VIEWS_PER_WORKER), or a wait for one.
  const waiting: ((s: Slot) => void)[] = [];
  const take = () => {
    const s = slots.reduce((a, b) => (b.views < a.views ? b : a));
    if (s.views >= VIEWS_PER_WORKER) return new Promise<Slot>((r) => waiting.push(r));
    s.views++;
    return Promise.resolve(s);
  };
  const give = (s: Slot) => {
    const waiter = waiting.shift();
    if (waiter) waiter(s);
    else s.views--;
  };
  const run = async (msg: Record<string, unknown>, transfer?: Transferable[]) => {
    const s = await take();
    try {
      const r = await ask(s, msg, transfer);
      if (r.error) throw new Error(r.error);
      return r.detections!;
    } finally {
      give(s);
    }
  };
  return {
    backend: "wasm",
    input_px: CENTERNET_INPUT_PX,
    workers,
    parallel: workers,
    in_flight: workers * VIEWS_PER_WORKER,
    close,
    detect(view: RgbImage, minScore?: number): Promise<ViewDetection[]> {
      const data = view.data.slice();
      return run({ width: view.width, height: view.height, data, minScore }, [data.buffer]);
    },
    panorama(pano: RgbImage): PanoramaSearch {
      const pid = nextPano++;
      const shared = new Uint8Array(new SharedArrayBuffer(pano.data.byteLength));
      shared.set(pano.data);
      tell({ share: pid, width: pano.width, height: pano.height, data: shared });
      return {
        detect: (view: ViewAim, minScore?: number) =>
          run({ pano: pid, view: { ...view }, minScore }),
        release: () => tell({ drop: pid }),
      };
    },
  };
}

/**
 * A pool started on first use and closed once nothing has used it for `idle_ms` (no view in
 * flight, no panorama held), then started again when next asked: a process holding it ends
 * within `idle_ms` of its last view. The timer itself holds nothing open (Deno.unrefTimer).
 * `first`, a pool already started, is used until it is first closed.
 */
export function closingWhenIdle(
  start: () => Promise<DetectorPool>,
  workers: number,
  idle_ms: number,
  first?: DetectorPool,
): Detector {
  let pool: Promise<DetectorPool> | undefined = first && Promise.resolve(first), busy = 1;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const enter = () => {
    busy++;
    clearTimeout(timer);
    if (!pool) {
      pool = start();
      pool.catch(() => (pool = undefined));
    }
    return pool;
  };
  const leave = () => {
    if (--busy > 0) return;
    const t = setTimeout(() => {
      const p = pool;
      pool = undefined;
      p?.then((x) => x.close(), () => {});
    }, idle_ms);
    Deno.unrefTimer(t);
    timer = t;
  };
  const using = async <T>(fn: (p: DetectorPool) => Promise<T>): Promise<T> => {
    try {
      return await fn(await enter());
    } finally {
      leave();
    }
  };
  leave();
  return {
    backend: "wasm",
    input_px: CENTERNET_INPUT_PX,
    parallel: workers,
    in_flight: workers * VIEWS_PER_WORKER,
    detect: (view, minScore) => using((p) => p.detect(view, minScore)),
    panorama(pano: RgbImage): PanoramaSearch {
      // Held (the pool stays open) until released.
      const remote = enter().then((p) => p.panorama(pano));
      remote.catch(() => {});
      let released = false;
      return {
        detect: (view, minScore) => using(async () => (await remote).detect(view, minScore)),
        release() {
          if (released) return;
          released = true;
          remote.then((r) => r.release(), () => {}).finally(leave);
        },
      };
    },
  };
}
