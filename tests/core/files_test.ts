/** Regular files under a size limit (core/files.ts): devices, folders and big files are refused. */
import assert from "node:assert/strict";
import { join } from "node:path";
import { InputError } from "../../ground/errors.ts";
import { rejectedBy } from "../_assert.ts";
import { asUtf8, readRegularFile, readRegularFileSync } from "../../core/files.ts";

const limit = { input: "--pack", what: "pack file", max_bytes: 100 };

function refused(fn: () => unknown, pattern: RegExp) {
  assert.throws(fn, (e: unknown) => e instanceof InputError && pattern.test(e.message));
}

Deno.test("files: a regular file at the limit is read; 1 byte over is refused naming the limit", async () => {
  const dir = Deno.makeTempDirSync();
  const at = join(dir, "at.json"), over = join(dir, "over.json");
  Deno.writeFileSync(at, new Uint8Array(100).fill(0x20));
  Deno.writeFileSync(over, new Uint8Array(101).fill(0x20));
  assert.equal(readRegularFileSync(at, limit).length, 100);
  assert.equal((await readRegularFile(at, limit)).length, 100);
  refused(
    () => readRegularFileSync(over, { ...limit, raise: "threshold prefs set import.max_mb 1" }),
    /^--pack: pack file .*over\.json is 101 bytes, over the limit of 100 bytes; to read it anyway: threshold prefs set import\.max_mb 1$/,
  );
  const raise = "threshold prefs set import.max_mb 1";
  const big = await rejectedBy(readRegularFile(over, { ...limit, raise }), InputError);
  assert.deepEqual([big.code, big.data], [
    "file.too_big",
    { input: "--pack", path: over, bytes: 101, max_bytes: 100, raise },
  ]);
});

Deno.test("files: /dev/zero, a folder and a missing file are clear errors, never a hang", async () => {
  if (Deno.build.os !== "windows") {
    refused(
      () => readRegularFileSync("/dev/zero", limit),
      /pack file \/dev\/zero is not a regular file/,
    );
    const dev = await rejectedBy(readRegularFile("/dev/zero", limit), InputError);
    assert.deepEqual([dev.code, dev.data.path, dev.data.got], [
      "file.not_regular",
      "/dev/zero",
      "not a regular file",
    ]);
  }
  const dir = Deno.makeTempDirSync();
  refused(() => readRegularFileSync(dir, limit), /is a folder/);
  refused(() => readRegularFileSync(join(dir, "nope.json"), limit), /cannot read pack file/);
});

Deno.test("files: UTF-16 (both byte orders) is decoded; a UTF-8 BOM is dropped", () => {
  const text = '{"id":"é"}';
  const le = new Uint8Array([0xff, 0xfe, ...[...text].flatMap((c) => [c.charCodeAt(0), 0])]);
  const be = new Uint8Array([0xfe, 0xff, ...[...text].flatMap((c) => [0, c.charCodeAt(0)])]);
  for (const [bytes, enc] of [[le, "UTF-16LE"], [be, "UTF-16BE"]] as const) {
    const r = asUtf8(bytes);
    assert.equal(new TextDecoder().decode(r.bytes), text);
    assert.equal(r.encoding, enc);
  }
  const bom = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(text)]);
  assert.equal(new TextDecoder().decode(asUtf8(bom).bytes), text);
  assert.equal(asUtf8(new TextEncoder().encode(text)).encoding, undefined);
});
