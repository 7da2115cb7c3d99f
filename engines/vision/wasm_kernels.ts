/**
 * tfjs's wasm-backend `Mean` done again for the case CenterNet's graph runs nine times a view:
 * the mean over the two spatial axes of an NHWC float32 tensor (the squeeze-excite blocks of
 * MobileNetV3, Howard et al. 2019, "Searching for MobileNetV3", arXiv:1905.02244, § 5.3). The
 * stock kernel first transposes N·H·W·C to N·C·H·W (a whole copy of the tensor, most of its
 * time) and then sums each row in order into a float32 and divides by H·W; {@link meanSpatial}
 * adds the same values in the same order into one float32 accumulator per channel, without the
 * transpose, so every output is bit-identical (tests/engines/vision/wasm_kernels_test.ts
 * compares it with the stock kernel; bench/vision_cold_figures.ts compares the detections).
 * About a third of the stock kernel's CPU time on a 128 × 128 × 128 map.
 *
 * Measured and not kept (no gain over the noise on this machine): the same for `Concat`, `Equal`
 * and `TopK`. Any other Mean (axes, rank, dtype) goes to the stock kernel, as do the spatial axes
 * named [2, 1] (the stock kernel then sums column by column). {@link useWasmKernels} registers it
 * with a tfjs module (kernels are global to it) and returns how to put the stock one back.
 */

/**
 * The mean over H and W of N × H × W × C float32 values `x`, into `out` (N × C): per channel, a
 * float32 sum in pixel order, then divided by H·W, as the stock kernel computes it.
 */
export function meanSpatial(
  x: Float32Array,
  n: number,
  hw: number,
  c: number,
  out: Float32Array,
): void {
  const acc = new Float32Array(c);
  for (let b = 0; b < n; b++) {
    acc.fill(0);
    const end = (b + 1) * hw * c;
    // Each store into the Float32Array rounds, as float32 addition does.
    for (let o = b * hw * c; o < end; o += c) {
      for (let k = 0; k < c; k++) acc[k] += x[o + k];
    }
    for (let k = 0; k < c; k++) out[b * c + k] = acc[k] / hw;
  }
}

// deno-lint-ignore no-explicit-any
type Any = any;
interface TensorInfo {
  dataId: object;
  shape: number[];
  dtype: string;
}

/** The Mean kernel: spatial means here, the rest by the stock kernel. */
function mean(stock: (args: Any) => TensorInfo) {
  return (args: Any): TensorInfo => {
    const { inputs: { x }, backend, attrs: { axis, keepDims } } = args;
    const r = x.shape.length;
    // In this order only: the stock kernel sums in the order the axes are named.
    const axes = (Array.isArray(axis) ? axis : [axis]).map((a: number) => (a < 0 ? a + r : a));
    if (x.dtype !== "float32" || r !== 4 || axes.length !== 2 || axes[0] !== 1 || axes[1] !== 2) {
      return stock(args);
    }
    const [n, h, w, c] = x.shape;
    // Views of the heap taken after makeOutput, which may grow (and so replace) it.
    const out = backend.makeOutput(keepDims ? [n, 1, 1, c] : [n, c], "float32");
    meanSpatial(backend.typedArrayFromHeap(x), n, h * w, c, backend.typedArrayFromHeap(out));
    return out;
  };
}

const installed = new WeakMap<object, () => void>();

/**
 * Registers the Mean kernel for tfjs's `wasm` backend (once per tfjs module; each worker has its
 * own); returns how to register the stock one again (the bench compares the two in one process).
 */
export function useWasmKernels(tf: Any): () => void {
  const had = installed.get(tf);
  if (had) return had;
  const config = tf.getKernel("Mean", "wasm");
  if (!config) return () => {};
  tf.unregisterKernel("Mean", "wasm");
  tf.registerKernel({ ...config, kernelFunc: mean(config.kernelFunc) });
  const restore = () => {
    if (installed.get(tf) !== restore) return;
    tf.unregisterKernel("Mean", "wasm");
    tf.registerKernel(config);
    installed.delete(tf);
  };
  installed.set(tf, restore);
  return restore;
}
