/**
 * The confined web server reads each stored scan's own panoramas, read-only and nothing else
 * (host/confine.ts scanImageFiles; issue 27 §3): room_objects on a ZInD tour imported from the
 * command line sees its rooms through the real server on loopback, and a tour imported after the
 * server started is said not to be readable, with the code and the file, not left without a
 * reason. Detections are put in the store's cache beforehand (empty: nothing seen), so no
 * detector runs; reading a panorama is still needed to find its cache entry (by content hash),
 * and its pixels are decoded for the image cues.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { CLI, cli, ROOT, tempHome } from "../_cli.ts";
import { sharedData } from "../_data.ts";
import { openStore } from "../../core/store.ts";
import { detectionKey } from "../../engines/vision/panorama.ts";
import { scanImageFiles } from "../../host/confine.ts";
import { webConfinedArgs } from "../../web/confine.ts";
import type { Plan } from "../../ground/plan.ts";

async function sha256(file: string): Promise<string> {
  const d = new Uint8Array(await crypto.subtle.digest("SHA-256", await Deno.readFile(file)));
  return Array.from(d, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Starts `threshold web --port 0` (confined) and returns its origin and a stop function. */
async function startWeb(home: string) {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", CLI, "web", "--port", "0"],
    env: { THRESHOLD_HOME: home, NO_COLOR: "1" },
    cwd: ROOT,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let out = "";
  while (!/serving (http:\S+)/.test(out)) {
    const { value, done } = await reader.read();
    if (done) break;
    out += value;
  }
  const url = /serving (http:\S+)/.exec(out)?.[1];
  assert.ok(url, `no address printed: ${out}`);
  return {
    origin: url.replace(/\/$/, ""),
    async stop() {
      child.kill("SIGINT");
      await child.status;
      reader.releaseLock();
      await child.stdout.cancel().catch(() => {});
      await child.stderr.cancel().catch(() => {});
    },
  };
}

/** Runs room_objects on a scan through the server; the stored run's result. */
async function roomObjects(origin: string, home: string, scan: string) {
  const res = await fetch(`${origin}/tools/room_objects/run`, {
    method: "POST",
    body: new URLSearchParams({ "in.scan": scan }),
    headers: { origin, accept: "text/event-stream" },
  });
  const events = await res.text();
  const line = events.split("\n").find((l, i, all) =>
    l.startsWith("data: ") && all[i - 1] === "event: result"
  );
  assert.ok(line, events.slice(0, 2000));
  const { run_id } = JSON.parse(line.slice(6)) as { run_id: string };
  const store = openStore(home);
  try {
    return store.getRun(run_id)!.result as {
      verdict: { status: string; code: string; data: Record<string, unknown> };
      metrics: { id: string; value: number }[];
    };
  } finally {
    store.close();
  }
}

function exists(file: string): boolean {
  try {
    return Deno.statSync(file).isFile;
  } catch {
    return false;
  }
}

const metric = (r: { metrics: { id: string; value: number }[] }, id: string) =>
  r.metrics.find((m) => m.id === id)?.value;

Deno.test({
  name:
    "threshold web reads a stored tour's panoramas; one imported after it started is said unreadable, with code and file",
  sanitizeResources: false,
  async fn() {
    const home = tempHome();
    const tour = sharedData("zind/zind_data.json");
    const imported = await cli(home, ["import", tour, "--id", "tour"]);
    assert.equal(imported.code, 0, imported.stderr);
    // Cache an empty detection list for each panorama: the run needs the image, not a detector.
    const store = openStore(home);
    const plan = store.getScan("tour")!.plan as Plan;
    // The sample keeps the primary panoramas only: the other sweeps' files are not there.
    const images = [...new Set(plan.sweeps.map((s) => s.image!).filter(Boolean))].filter(exists);
    assert.ok(images.length > 0);
    for (const img of images) store.putDetections(await sha256(img), detectionKey(), []);
    store.close();
    // The confined server's read list names those panoramas, each one, and not their folder.
    const read = webConfinedArgs({ home, port: 0, host: "127.0.0.1" })
      .find((a) => a.startsWith("--allow-read="))!.slice(13).split(",");
    for (const img of images) assert.ok(read.includes(img), img);
    assert.ok(!read.includes(join(sharedData("zind"), "panos")));

    const web = await startWeb(home);
    const copy = Deno.makeTempDirSync({ prefix: "threshold-tour-" });
    try {
      const seen = await roomObjects(web.origin, home, "tour");
      assert.notEqual(seen.verdict.code, "verdict.none_seen", JSON.stringify(seen.verdict));
      const cached = metric(seen, "panoramas_from_cache")!;
      assert.ok(cached > 0 && cached <= images.length, String(cached));
      assert.ok(metric(seen, "rooms_seen")! > 0);

      // The same tour copied elsewhere and imported while the server runs: not readable by it.
      await Deno.mkdir(join(copy, "panos"));
      await Deno.copyFile(tour, join(copy, "zind_data.json"));
      for (const img of images) {
        await Deno.copyFile(img, join(copy, "panos", img.split("/").pop()!));
      }
      const again = await cli(home, ["import", join(copy, "zind_data.json"), "--id", "later"]);
      assert.equal(again.code, 0, again.stderr);
      const unseen = await roomObjects(web.origin, home, "later");
      assert.equal(unseen.verdict.status, "unknown");
      assert.equal(unseen.verdict.code, "verdict.none_seen");
      assert.deepEqual(unseen.verdict.data.codes, ["panorama.not_permitted"]);
      assert.ok(Number(unseen.verdict.data.others) >= cached - 1);
      assert.ok(String(unseen.verdict.data.why).includes(join(copy, "panos")));
    } finally {
      await web.stop();
      await Deno.remove(copy, { recursive: true });
      await Deno.remove(home, { recursive: true });
    }
  },
});

Deno.test("scanImageFiles: a stored plan's sweep images that are image files, nothing else", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const pano = join(dir, "a.jpg");
    const secret = join(dir, "id_rsa");
    await Deno.writeTextFile(pano, "x");
    await Deno.writeTextFile(secret, "x");
    const plan = {
      sweeps: [
        { id: "s1", image: pano },
        { id: "s2", image: secret },
        { id: "s3", image: join(dir, "gone.jpg") },
        { id: "s4", image: "https://example.org/p.jpg" },
        { id: "s5" },
      ],
    };
    const store = {
      listScans: () => [{ id: "x" }],
      getScan: () => ({ plan }),
    } as unknown as Parameters<typeof scanImageFiles>[0];
    assert.deepEqual(scanImageFiles(store), [pano]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
