/**
 * A tour uploaded with its panoramas (issue 27 §3, web/tour_upload.ts): as a zip or as several
 * files, stored with the scan's own image folder under the store; paths that leave the folder
 * (zip-slip), too many files and a zip that unpacks past the limit are refused and nothing is
 * stored. Through the real server on loopback.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { zipSync } from "fflate";
import { openStore } from "../../core/store.ts";
import { sharedData } from "../_data.ts";
import { testWeb } from "./_server.ts";
import { TOUR_MAX_FILES, tourPath } from "../../web/tour_upload.ts";
import { InputError } from "../../ground/errors.ts";
import { cli } from "../_cli.ts";

const JSON_PATH = sharedData("zind/zind_data.json");
const PANOS = sharedData("zind/panos");
const panos = [...Deno.readDirSync(PANOS)].filter((e) => e.isFile).map((e) => e.name).sort();

function tourZip(extra: Record<string, Uint8Array> = {}): Uint8Array {
  const files: Record<string, Uint8Array> = {
    "tour/zind_data.json": Deno.readFileSync(JSON_PATH),
    ...Object.fromEntries(panos.map((n) => [`tour/panos/${n}`, Deno.readFileSync(join(PANOS, n))])),
    ...extra,
  };
  return zipSync(files, { level: 0 });
}

/** The stored scans, and for one of them the sweep images that exist. */
function stored(home: string, id?: string) {
  const s = openStore(home);
  try {
    const scans = s.listScans().map((r) => r.id);
    const plan = id ? s.getScan(id)?.plan : undefined;
    const images = (plan?.sweeps ?? []).map((w) => w.image).filter((p): p is string => {
      try {
        return !!p && Deno.statSync(p).isFile;
      } catch {
        return false;
      }
    });
    return { scans, images };
  } finally {
    s.close();
  }
}

function imagesFolder(home: string): string[] {
  try {
    return [...Deno.readDirSync(join(home, "images"))].map((e) => e.name);
  } catch {
    return [];
  }
}

Deno.test("web: a tour uploads as a zip and as several files, its panoramas kept with the scan", async () => {
  const web = await testWeb();
  try {
    const zip = new FormData();
    zip.append("file", new File([tourZip() as BlobPart], "tour.zip"));
    zip.append("id", "zipped");
    const r1 = await web.post("/import", zip);
    assert.equal(r1.status, 200, (await r1.text()).slice(0, 3000));
    const a = stored(web.home, "zipped");
    assert.deepEqual(a.scans, ["zipped"]);
    // Every panorama of the zip is a sweep's image, in the scan's own folder under the store.
    assert.equal(new Set(a.images).size, panos.length);
    assert.ok(a.images.every((p) => p.startsWith(join(web.home, "images") + "/")), a.images[0]);

    // The same tour as several files, as a browser sends them: without their folders.
    const several = new FormData();
    several.append("file", new File([Deno.readFileSync(JSON_PATH)], "zind_data.json"));
    for (const n of panos) several.append("file", new File([Deno.readFileSync(join(PANOS, n))], n));
    several.append("id", "files");
    const r2 = await web.post("/import", several);
    assert.equal(r2.status, 200, (await r2.text()).slice(0, 3000));
    const b = stored(web.home, "files");
    assert.equal(new Set(b.images).size, panos.length);
    assert.equal(imagesFolder(web.home).length, 2, "one folder per scan");
  } finally {
    await web.close();
  }
});

Deno.test("web: a tour whose paths leave its folder, or with too many files, is refused and nothing is stored", async () => {
  const web = await testWeb();
  try {
    for (const bad of ["../evil.jpg", "/abs/evil.jpg", "C:\\evil.jpg", "tour/../../evil.jpg"]) {
      const fd = new FormData();
      const zip = tourZip({ [bad]: new Uint8Array([1, 2, 3]) });
      fd.append("file", new File([zip as BlobPart], "tour.zip"));
      const r = await web.post("/import", fd);
      const text = await r.text();
      assert.equal(r.status, 400, bad);
      // The page names the refused path (as data: its JSON spelling, HTML-escaped).
      assert.ok(text.includes("import-error"), bad);
      assert.deepEqual(stored(web.home).scans, [], bad);
      assert.deepEqual(imagesFolder(web.home), [], `${bad}: nothing written`);
    }
    await Deno.stat(join(web.home, "..", "evil.jpg")).then(
      () => assert.fail("a file was written outside the store"),
      () => {},
    );
    // One file more than the limit, in a zip.
    const many: Record<string, Uint8Array> = { "zind_data.json": Deno.readFileSync(JSON_PATH) };
    for (let i = 0; i < TOUR_MAX_FILES; i++) many[`p/${i}.jpg`] = new Uint8Array([i % 256]);
    const fd = new FormData();
    fd.append("file", new File([zipSync(many, { level: 0 }) as BlobPart], "many.zip"));
    const r = await web.post("/import", fd);
    await r.text();
    assert.equal(r.status, 400);
    assert.deepEqual(stored(web.home).scans, []);
    assert.deepEqual(imagesFolder(web.home), []);
  } finally {
    await web.close();
  }
});

Deno.test("web: a zip that unpacks past the upload limit is refused; within it, the same zip imports", async () => {
  // 1 MB of zeros deflates to about 1 kB: small to send, past a 300 kB limit once unpacked.
  const bomb = zipSync({
    "zind_data.json": Deno.readFileSync(JSON_PATH),
    "p/big.jpg": new Uint8Array(1_000_000),
  }, { level: 9 });
  assert.ok(bomb.length < 300_000, String(bomb.length));
  for (const [limit, status] of [[300_000, 400], [3_000_000, 200]]) {
    const web = await testWeb({ max_upload_bytes: limit });
    try {
      const fd = new FormData();
      fd.append("file", new File([bomb as BlobPart], "bomb.zip"));
      const r = await web.post("/import", fd);
      await r.text();
      assert.equal(r.status, status, `limit ${limit}`);
      assert.equal(imagesFolder(web.home).length, status === 200 ? 1 : 0);
    } finally {
      await web.close();
    }
  }
});

Deno.test("tourPath: inside paths kept (\\ read as /), leaving ones refused as bad input", () => {
  assert.equal(tourPath("tour\\panos\\a.jpg", "z"), "tour/panos/a.jpg");
  assert.equal(tourPath("./a//b.jpg", "z"), "a/b.jpg");
  for (const bad of ["../a", "/a", "C:/a", "a/../../b", "a\u0000b"]) {
    assert.throws(() => tourPath(bad, "z"), (e) => e instanceof InputError && e.input === "file");
  }
});

Deno.test("web: a replaced tour's images go with it, a deleted one's too, and a folder another scan reads stays", async () => {
  const web = await testWeb();
  try {
    const upload = async (replace: boolean) => {
      const fd = new FormData();
      fd.append("file", new File([tourZip() as BlobPart], "tour.zip"));
      fd.append("id", "home");
      if (replace) fd.append("replace", "on");
      const r = await web.post("/import", fd);
      assert.equal(r.status, 200, (await r.text()).slice(0, 3000));
      return imagesFolder(web.home);
    };
    const first = await upload(false);
    assert.equal(first.length, 1);
    const second = await upload(true);
    // The new upload's folder is the one left; the replaced building's went with it.
    assert.equal(second.length, 1, second.join(", "));
    assert.notEqual(second[0], first[0]);
    assert.equal(stored(web.home, "home").images.length, panos.length);

    // A second scan reading the same folder keeps it when the first is deleted.
    const s = openStore(web.home);
    try {
      const copy = s.getScan("home")!;
      s.putScan({ ...copy, plan: { ...copy.plan, id: "copy" } }, {});
    } finally {
      s.close();
    }
    const rm = await cli(web.home, ["scans", "rm", "home"]);
    assert.equal(rm.code, 0, rm.stderr);
    assert.ok(!rm.stdout.includes("uploaded images"), rm.stdout);
    assert.deepEqual(imagesFolder(web.home), second, "still read by the copy");
    const rm2 = await cli(web.home, ["scans", "rm", "copy"]);
    assert.equal(rm2.code, 0, rm2.stderr);
    assert.match(rm2.stdout, /and the uploaded images only it used/);
    assert.deepEqual(imagesFolder(web.home), []);
  } finally {
    await web.close();
  }
});
