/** `threshold web`: starts on loopback, prints its address, serves, stops on Ctrl-C. */
import assert from "node:assert/strict";
import { CLI, cli, cliError, ROOT, tempHome } from "../_cli.ts";
import { assertGolden } from "../_golden.ts";
import { dom, textOf } from "../_html.ts";
import { sseEvents } from "../web/_server.ts";
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
  const u = new URL(url);
  assert.deepEqual([u.protocol, u.hostname, u.pathname], ["http:", "127.0.0.1", "/"]);
  assert.ok(Number(u.port) > 0, url);
  const res = await fetch(url);
  assert.equal(res.status, 200);
  assert.ok(dom(await res.text()).querySelector('a[href="/scans/demo"]'), "the home page");
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
  assert.ok(textOf(dom(upText), "#h-report")!.endsWith("(ifc)"), "imported as IFC");
  const run = await fetch(`${origin}/tools/ceiling_height/run`, {
    method: "POST",
    body: new URLSearchParams({ "in.scan": "demo" }),
    headers: { origin, accept: "text/event-stream" },
  });
  const kinds = (await sseEvents(run)).map((e) => e.event);
  assert.ok(
    kinds.includes("step") && kinds.indexOf("step") < kinds.indexOf("result"),
    kinds.join(),
  );
  child.kill("SIGINT");
  const st = await child.status;
  reader.releaseLock();
  await child.stdout.cancel().catch(() => {});
  const err = await new Response(child.stderr).text();
  assert.equal(st.code, 0, err);
  assert.equal(err.includes("warning"), false, "loopback gives no network warning");
});

Deno.test("threshold web: a bad port is a usage error naming --port", async () => {
  const r = await cli(tempHome(), ["web", "--port", "http"]);
  assert.equal(r.code, 2);
  assert.equal(cliError(r).input, "--port");
  await assertGolden("web.cli.bad_port", { error: cliError(r).line });
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
  const warning = r.stderr.split("\n").filter((l) => l.startsWith("threshold web: warning: "));
  assert.equal(warning.length, 1, r.stderr);
  assert.ok(warning[0].includes("192.0.2.1"), "names the address");
  await assertGolden("web.cli.off_loopback", { warning: warning[0] });
  assert.notEqual(r.code, 0, "192.0.2.1 is no address of this machine");
});
