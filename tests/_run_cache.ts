/**
 * Detections shared by the test processes of one run of the suite: scripts/test.sh makes one
 * folder for the run, names it in THRESHOLD_TEST_CACHE and removes it with the run's folder.
 * Tests that are not about a cold run (the evaluations, the truthful-verdict rule) read the
 * detections of the 12 ZInD panoramas there instead of running the model on them again; the
 * cold golden test (room_labels_zind_golden_test.ts) does not use it. An entry is keyed, as the
 * store keys it, by the image's SHA-256 and the detector key (model and view setup,
 * engines/vision/panorama.ts detectionKey), and holds both, checked on every read, so an entry
 * for another image, model or view setup is never taken. Without the variable (a test file run
 * by itself) there is no shared cache and each process computes its own.
 */
import type { DetectionCache } from "../core/detections.ts";

/** The run's shared folder, when scripts/test.sh made one. */
export function runCacheDir(): string | undefined {
  return Deno.env.get("THRESHOLD_TEST_CACHE") || undefined;
}

/** An entry's file: the key's characters escaped, so that two keys never share a name. */
function entryPath(dir: string, imageHash: string, key: string): string {
  return `${dir}/${encodeURIComponent(`${imageHash} ${key}`)}.json`;
}

/** The run's detection cache (files in its folder), or undefined outside a run. */
export function runDetections(): DetectionCache | undefined {
  const dir = runCacheDir();
  if (!dir) return undefined;
  return {
    get(imageHash, key) {
      let text: string;
      try {
        text = Deno.readTextFileSync(entryPath(dir, imageHash, key));
      } catch {
        return undefined;
      }
      const e = JSON.parse(text) as { image: string; key: string; value: unknown };
      return e.image === imageHash && e.key === key ? e.value : undefined;
    },
    put(imageHash, key, value) {
      // Written whole to a file of this process, then renamed: a reader sees all or nothing.
      const at = entryPath(dir, imageHash, key), part = `${at}.${Deno.pid}.part`;
      Deno.writeTextFileSync(part, JSON.stringify({ image: imageHash, key, value }));
      Deno.renameSync(part, at);
    },
  };
}

/**
 * Runs `fn` holding the run's lock named `name` (an exclusive file lock, released when `fn`
 * ends or the process dies), so that two test processes do not compute the same panorama at
 * once: the second waits and then finds it in the cache. Outside a run it just runs `fn`.
 */
export async function withRunLock<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const dir = runCacheDir();
  if (!dir) return await fn();
  const file = await Deno.open(`${dir}/${encodeURIComponent(name)}.lock`, {
    create: true,
    write: true,
  });
  try {
    await file.lock(true);
    return await fn();
  } finally {
    file.close();
  }
}
