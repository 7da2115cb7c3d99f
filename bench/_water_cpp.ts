/**
 * bench/_water_baseline.cpp compiled with `g++ -O2 -shared -fPIC` into a temporary shared
 * library and opened through Deno's FFI: the C++ baseline of bench/water_bench.ts, called in
 * the same process on the same typed arrays as the engine. Throws, naming the command, when
 * g++ is missing or the build fails: a bench without its baseline must not look like a pass.
 */
import { fileURLToPath } from "node:url";

const SRC = fileURLToPath(new URL("./_water_baseline.cpp", import.meta.url));

/** The compiler flags of the baseline (reported by the bench). */
export const CXX_FLAGS = ["-O2", "-shared", "-fPIC"];

export interface WaterCpp {
  d8(z: Float64Array, w: number, h: number, cell_m: [number, number]): Int8Array;
  accumulate(dirs: Int8Array, w: number, h: number): Float64Array;
  fillEps(z: Float64Array, w: number, h: number): Float64Array;
}

export function loadWaterCpp(): WaterCpp {
  const dir = Deno.makeTempDirSync({ prefix: "threshold-water-cpp-" });
  const lib = `${dir}/libwater.so`;
  let out: Deno.CommandOutput;
  try {
    out = new Deno.Command("g++", {
      args: [...CXX_FLAGS, SRC, "-o", lib],
      stdout: "piped",
      stderr: "piped",
    }).outputSync();
  } catch (e) {
    throw new Error(`the C++ baseline needs g++ (apt-get install g++): ${e}`);
  }
  if (!out.success) {
    throw new Error(
      `g++ ${CXX_FLAGS.join(" ")} ${SRC} failed:\n${new TextDecoder().decode(out.stderr)}`,
    );
  }
  const dylib = Deno.dlopen(lib, {
    d8: { parameters: ["buffer", "i32", "i32", "f64", "f64", "buffer"], result: "void" },
    accumulate: { parameters: ["buffer", "i32", "i32", "buffer"], result: "void" },
    fill_eps: { parameters: ["buffer", "i32", "i32", "buffer"], result: "void" },
  });
  // Loaded: the file and its folder can go (the mapping stays until the process ends).
  Deno.removeSync(dir, { recursive: true });
  const { symbols } = dylib;
  return {
    d8(z, w, h, [dx, dy]) {
      const dirs = new Int8Array(w * h);
      symbols.d8(z, w, h, dx, dy, dirs);
      return dirs;
    },
    accumulate(dirs, w, h) {
      const acc = new Float64Array(w * h);
      symbols.accumulate(dirs, w, h, acc);
      return acc;
    },
    fillEps(z, w, h) {
      const out = new Float64Array(w * h);
      symbols.fill_eps(z, w, h, out);
      return out;
    },
  };
}
