/** `threshold web`: starts on loopback, prints its address, serves, stops on Ctrl-C. */
import assert from "node:assert/strict";
import { CLI, cli, ROOT, tempHome } from "../_cli.ts";
import { isLoopback } from "../../web/mod.ts";

Deno.test("threshold web: serves on loopback at the address it prints, and stops on SIGINT", async () => {
  const home = tempHome();
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
  assert.match(url, /^http:\/\/127\.0\.0\.1:\d+\/$/);
  const res = await fetch(url);
  assert.equal(res.status, 200);
  assert.match(await res.text(), /Your buildings/);
  child.kill("SIGINT");
  const st = await child.status;
  reader.releaseLock();
  await child.stdout.cancel().catch(() => {});
  const err = await new Response(child.stderr).text();
  assert.equal(st.code, 0, err);
  assert.doesNotMatch(err, /warning/, "loopback gives no network warning");
});

Deno.test("threshold web: a bad port is a usage error naming --port", async () => {
  const r = await cli(tempHome(), ["web", "--port", "http"]);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /--port: must be a whole number from 0 to 65535, got http/);
});

Deno.test("isLoopback: loopback names and addresses only", () => {
  for (const h of ["127.0.0.1", "127.1.2.3", "localhost", "::1", "[::1]"]) {
    assert.ok(isLoopback(h), h);
  }
  for (const h of ["0.0.0.0", "192.168.1.2", "::", "example.org"]) assert.ok(!isLoopback(h), h);
});
