/**
 * A Web Worker holding its own CenterNet on its own single-thread wasm backend
 * (centernet.ts). Started by detector_pool.ts; tfjs's wasm threads do not switch on under Deno,
 * so two workers are how two cores run two inferences at once
 * (shared/reference/vision-notes.md). Messages, each answered { id, … } or { id, error }:
 *
 * - { id, load: true } loads the model → { id, ready: true };
 * - { id, width, height, data, minScore } detects in that view → { id, detections };
 * - { share, width, height, data } keeps a panorama (data in shared memory), unanswered;
 * - { id, pano, view, minScore } cuts the view of a kept panorama (engines/vision/equirect.ts,
 *   the in-process cut) and detects in it → { id, detections };
 * - { drop } lets a kept panorama go, unanswered;
 * - { adopt: { width, height, view, table } } keeps a view's sampling table made by another
 *   worker, unanswered. A worker that makes one sends it ({ sampling: … }, unasked) for the
 *   pool to hand to the others, so each table is made once, not once a worker.
 *
 * Messages are handled one at a time in the order they came (the pool hands a worker its next
 * view while it works on one): a view asked after its panorama was shared finds it, and one
 * asked before it was let go too.
 */
/// <reference lib="deno.worker" />
import { loadCenterNet } from "./detector.ts";
import {
  hasViewSampling,
  keepViewSampling,
  perspectiveView,
  type ViewSampling,
  viewSampling,
  type ViewSpec,
} from "../engines/vision/equirect.ts";
import type { RgbImage } from "../ground/image.ts";

type Message = {
  id: number;
  load?: boolean;
  width?: number;
  height?: number;
  data?: Uint8Array;
  minScore?: number;
  share?: number;
  drop?: number;
  pano?: number;
  view?: ViewSpec;
  adopt?: Sampling;
};

/** A view's sampling table (equirect.ts), for a panorama of width × height. */
type Sampling = { width: number; height: number; view: ViewSpec; table: ViewSampling };

const panoramas = new Map<number, RgbImage>();
const port = { postMessage: (m: unknown) => self.postMessage(m) };

// The messages not yet handled, in turn.
let turn = Promise.resolve();
self.onmessage = (e: MessageEvent<Message>) => {
  turn = turn.then(() => handle(e.data));
};

async function handle(m: Message) {
  if (m.share !== undefined) {
    panoramas.set(m.share, { width: m.width!, height: m.height!, data: m.data! });
    return;
  }
  if (m.drop !== undefined) {
    panoramas.delete(m.drop);
    return;
  }
  if (m.adopt) {
    keepViewSampling(m.adopt.width, m.adopt.height, m.adopt.view, m.adopt.table);
    return;
  }
  try {
    if (m.load) {
      await loadCenterNet("wasm");
      return port.postMessage({ id: m.id, ready: true });
    }
    let view: RgbImage;
    if (m.pano !== undefined) {
      const pano = panoramas.get(m.pano);
      if (!pano) throw new Error(`panorama ${m.pano} was not shared with this worker`);
      const fresh = !hasViewSampling(pano.width, pano.height, m.view!);
      view = perspectiveView(pano, m.view!);
      if (fresh) {
        const { width, height } = pano, table = viewSampling(width, height, m.view!);
        port.postMessage({ sampling: { width, height, view: m.view!, table } });
      }
    } else view = { width: m.width!, height: m.height!, data: m.data! };
    const det = await loadCenterNet("wasm");
    port.postMessage({ id: m.id, detections: await det.detect(view, m.minScore) });
  } catch (err) {
    port.postMessage({ id: m.id, error: (err as Error).message });
  }
}
