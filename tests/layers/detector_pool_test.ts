/**
 * closingWhenIdle (layers/detector_pool.ts), on a stand-in pool: started on first use, kept
 * while a view is in flight or a panorama is held, closed once idle for its time, and started
 * again when next asked; a pool that cannot start says so to the caller and is tried again.
 */
import assert from "node:assert/strict";
import { closingWhenIdle, type DetectorPool } from "../../layers/detector_pool.ts";
import type { RgbImage } from "../../ground/image.ts";

const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));

function standIn(log: string[], n: number): DetectorPool {
  return {
    backend: "wasm",
    input_px: 512,
    workers: 2,
    parallel: 2,
    close: () => void log.push(`close ${n}`),
    detect: async () => (await delay(5), [{ box_px: [0, 0, 1, 1], score: n, label: "sink" }]),
    panorama: (pano: RgbImage) => {
      log.push(`share ${n} ${pano.width}`);
      return {
        detect: async () => (await delay(5), []),
        release: () => void log.push(`drop ${n}`),
      };
    },
  };
}

const view = { width: 512, height: 512, data: new Uint8Array(3) };

Deno.test("closingWhenIdle: closes after its idle time, never while busy, and starts again", async () => {
  const log: string[] = [];
  let started = 0;
  const det = closingWhenIdle(
    () => {
      log.push(`start ${++started}`);
      return Promise.resolve(standIn(log, started));
    },
    2,
    40,
  );
  assert.deepEqual(log, [], "nothing started before the first use");
  assert.equal((await det.detect(view))[0].score, 1);
  // A panorama held keeps the pool open past its idle time.
  const held = det.panorama!({ width: 1024, height: 512, data: new Uint8Array(3) });
  await held.detect({ yaw_deg: 0, pitch_deg: -15, fov_deg: 90, size_px: 512 });
  await delay(80);
  assert.deepEqual(log, ["start 1", "share 1 1024"], "held: not closed");
  held.release();
  held.release(); // a second release lets go of nothing more
  await delay(80);
  assert.deepEqual(log, ["start 1", "share 1 1024", "drop 1", "close 1"]);
  // Asked again: a fresh pool.
  assert.equal((await det.detect(view))[0].score, 2);
  await delay(80);
  assert.deepEqual(log.slice(4), ["start 2", "close 2"]);
});

Deno.test("closingWhenIdle: a first pool given is used, and closed when idle like the others", async () => {
  const log: string[] = [];
  const det = closingWhenIdle(() => Promise.resolve(standIn(log, 9)), 2, 30, standIn(log, 0));
  await delay(60);
  assert.deepEqual(log, ["close 0"], "the given pool closes unused");
  assert.equal((await det.detect(view))[0].score, 9);
});

Deno.test("closingWhenIdle: a pool that cannot start fails the call, and is tried again", async () => {
  let tries = 0;
  const det = closingWhenIdle(
    () => {
      tries++;
      return tries === 1 ? Promise.reject(new Error("no workers here")) : Promise.resolve(
        standIn([], tries),
      );
    },
    2,
    20,
  );
  await assert.rejects(det.detect(view), /no workers here/);
  assert.equal((await det.detect(view))[0].score, 2);
  await delay(40);
});
