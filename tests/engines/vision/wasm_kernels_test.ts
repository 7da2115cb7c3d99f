/**
 * The spatial Mean of engines/vision/wasm_kernels.ts gives exactly tfjs's stock wasm kernel's
 * float32 values (the detector's detections stay bit-identical), and leaves every other Mean to
 * the stock kernel.
 */
import assert from "node:assert/strict";
import { loadTfjs } from "../../../engines/vision/centernet.ts";
import { meanSpatial, useWasmKernels } from "../../../engines/vision/wasm_kernels.ts";

/** Values a squeeze-excite block sees: hard-swish outputs, many exact zeros, a wide range. */
function activations(n: number, seed: number): Float32Array {
  const out = new Float32Array(n);
  let s = seed >>> 0;
  for (let i = 0; i < n; i++) {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    const u = s / 2 ** 32;
    out[i] = u < 0.3 ? 0 : (u - 0.3) * 40 * Math.exp(8 * (u - 0.9));
  }
  return out;
}

Deno.test({
  name: "vision: the spatial Mean equals tfjs's stock wasm Mean bit for bit",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const tf = await loadTfjs("wasm");
    await tf.setBackend("wasm");
    await tf.ready();
    const restore = useWasmKernels(tf);
    assert.equal(useWasmKernels(tf), restore, "registered once");
    restore();
    const cases: [number[], number[], boolean][] = [
      [[1, 128, 128, 128], [1, 2], true],
      [[1, 16, 16, 720], [1, 2], true],
      [[2, 7, 5, 3], [1, 2], false],
      // Named the other way round: the stock kernel sums column by column.
      [[2, 7, 5, 3], [2, 1], false],
      [[1, 9, 11, 33], [-3, -2], true],
      // Not spatial: the stock kernel's own answer, through the registered one.
      [[1, 8, 8, 4], [3], true],
      [[3, 4, 5, 6], [1, 2, 3], false],
    ];
    for (const [i, [shape, axis, keepDims]] of cases.entries()) {
      const x = tf.tensor(activations(shape.reduce((a, b) => a * b, 1), 7 + i), shape, "float32");
      const stock = await tf.mean(x, axis, keepDims).data();
      useWasmKernels(tf);
      const ours = tf.mean(x, axis, keepDims);
      const mine = await ours.data();
      useWasmKernels(tf)();
      assert.equal(mine.length, stock.length);
      const bits = (a: Float32Array) =>
        Array.from(new Uint32Array(a.buffer, a.byteOffset, a.length));
      assert.deepEqual(bits(mine), bits(stock), `${shape} over ${axis}`);
      tf.dispose([x, ours]);
    }
  },
});

Deno.test("vision: meanSpatial adds in pixel order into a float32 per channel", () => {
  // 2^24 + 1 + 1 in float32 order stays 2^24 (each 1 is lost), unlike a float64 sum.
  const x = new Float32Array([2 ** 24, 1, 1, 0]);
  const out = new Float32Array(1);
  meanSpatial(x, 1, 4, 1, out);
  assert.equal(out[0], 2 ** 24 / 4);
  const two = new Float32Array([1, 10, 2, 20, 3, 30]);
  const o2 = new Float32Array(2);
  meanSpatial(two, 1, 3, 2, o2);
  assert.deepEqual(Array.from(o2), [2, 20]);
});
