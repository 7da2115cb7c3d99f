/** `threshold web`: starts on loopback, prints its address, serves, stops on Ctrl-C. */
import assert from "node:assert/strict";
import { CLI, cli, ROOT, tempHome } from "../_cli.ts";
import { isLoopback } from "../../web/mod.ts";
import { webConfinedArgs } from "../../web/confine.ts";
import { sharedData } from "../_data.ts";

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
  // Confined as the MCP server is, it still imports an upload (web-ifc reads its WebAssembly)
  // and runs a tool with its steps streamed.
  const origin = url.replace(/\/$/, "");
  const fd = new FormData();
  fd.append(
    "file",
    new File([await Deno.readFile(sharedData("ifc/AC20-FZK-Haus.ifc"))], "AC20-FZK-Haus.ifc"),
  );
  const up = await fetch(`${origin}/import`, { method: "POST", body: fd, headers: { origin } });
  const upText = await up.text();
  assert.equal(up.status, 200, upText.slice(0, 2000));
  assert.match(upText, /\(ifc\)/);
  const run = await fetch(`${origin}/tools/ceiling_height/run`, {
    method: "POST",
    body: new URLSearchParams({ "in.scan": "demo" }),
    headers: { origin, accept: "text/event-stream" },
  });
  const events = await run.text();
  assert.match(events, /event: step[\s\S]*event: result/);
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

Deno.test("threshold web: the confined server may read its code and store, write only its store, listen only on its host, start nothing", () => {
  const args = webConfinedArgs({ home: "/h/store", port: 8787, host: "127.0.0.1" });
  const read = args.find((a) => a.startsWith("--allow-read="))!.slice(13).split(",");
  assert.ok(read.includes("/h/store"));
  assert.ok(!read.includes("/") && !read.some((r) => r === "/tmp" || r === Deno.env.get("HOME")));
  assert.ok(args.includes("--allow-write=/h/store"));
  assert.ok(args.includes("--allow-net=127.0.0.1"));
  assert.ok(!args.some((a) => a === "-A" || a.startsWith("--allow-run") || a === "--allow-all"));
  assert.ok(args.includes("--port=8787") && args.includes("--host=127.0.0.1"));
});

Deno.test("threshold web: a host other than loopback is warned about (TEST-NET address: the bind itself fails)", async () => {
  const r = await cli(tempHome(), ["web", "--port", "0", "--host", "192.0.2.1"]);
  assert.match(
    r.stderr,
    /warning: listening on 192\.0\.2\.1: anyone on the network who has the address with its \?token= can use the web view.* It answers to its IP addresses \(--allow-host NAME adds a name\)/,
  );
  assert.notEqual(r.code, 0, "192.0.2.1 is no address of this machine");
});
