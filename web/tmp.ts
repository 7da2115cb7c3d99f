/**
 * The web view's folder for uploads in flight: `<store>/tmp/threshold-web-<pid>-<random>`,
 * removed when the server closes. A server that was killed could not remove its folder, so a
 * starting server removes the folders of servers that are gone: a process id no longer
 * running (Linux /proc), or, where that cannot be seen, a folder untouched for a day.
 */
import { join } from "node:path";

/** A folder older than this (ms) whose owner cannot be checked is taken to be left over. */
export const STALE_MS = 24 * 3600 * 1000;

/** Whether process `pid` runs: true, false, or undefined when this process cannot tell. */
function running(pid: number): boolean | undefined {
  try {
    Deno.statSync(`/proc/${pid}`);
    return true;
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) {
      try {
        Deno.statSync("/proc/self");
        return false; // /proc is there and the process is not
      } catch {
        return undefined;
      }
    }
    return undefined;
  }
}

/** Removes the upload folders in `dir` left by web servers that are gone; their names. */
export async function removeLeftovers(dir: string, now = Date.now()): Promise<string[]> {
  const removed: string[] = [];
  let entries: Deno.DirEntry[];
  try {
    entries = [...Deno.readDirSync(dir)];
  } catch {
    return removed;
  }
  for (const e of entries) {
    const m = /^threshold-web-(?:(\d+)-)?/.exec(e.name);
    if (!m || !e.isDirectory) continue;
    const pid = m[1] ? Number(m[1]) : undefined;
    if (pid === Deno.pid) continue;
    let gone = pid !== undefined ? running(pid) === false : undefined;
    if (gone === undefined) {
      const mtime = Deno.statSync(join(dir, e.name)).mtime?.getTime() ?? now;
      gone = now - mtime > STALE_MS;
    }
    if (!gone) continue;
    try {
      await Deno.remove(join(dir, e.name), { recursive: true });
      removed.push(e.name);
    } catch { /* another server took it first, or it cannot be removed: left */ }
  }
  return removed;
}

/** Makes this server's upload folder in `<home>/tmp`, first removing those left by others. */
export async function makeUploadDir(home: string): Promise<string> {
  const dir = join(home, "tmp");
  await Deno.mkdir(dir, { recursive: true });
  await removeLeftovers(dir);
  return await Deno.makeTempDir({ dir, prefix: `threshold-web-${Deno.pid}-` });
}
