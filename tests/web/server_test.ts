/**
 * The web view over HTTP (no browser): pages, forms from the run session, streamed runs,
 * cancelling, saving an answer as a preference, findings, uploads, and the safety rules
 * (Origin, Host, upload size, no browser path to the file system).
 */
import assert from "node:assert/strict";
import { readdirSync } from "node:fs";
import { BLOCKS } from "../../core/manifest.ts";
import { loadRegistry } from "../../core/registry.ts";
import { openStore } from "../../core/store.ts";
import { BLOCK_COMPONENTS } from "../../web/blocks/mod.ts";
import { cli } from "../_cli.ts";
import { fixture, sharedData } from "../_data.ts";
import { sseEvents, testWeb, WEB_TOOLS } from "./_server.ts";

const form = (o: Record<string, string | string[]>) => {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(o)) for (const x of [v].flat()) p.append(k, x);
  return p;
};

Deno.test("web: every block any manifest names, and every block there is, has a component", async () => {
  const named = new Set<string>();
  for (const dir of [undefined, WEB_TOOLS]) {
    for (const m of (await loadRegistry(dir)).tools) m.blocks.forEach((b) => named.add(b));
  }
  assert.ok(named.size >= 5, `manifests name ${named.size} blocks`);
  for (const b of [...named, ...BLOCKS]) {
    assert.equal(typeof BLOCK_COMPONENTS[b as keyof typeof BLOCK_COMPONENTS], "function", b);
  }
});

Deno.test("web: pages render from the store and the catalog; unknown pages are 404 in words", async () => {
  const web = await testWeb();
  try {
    const home = await (await web.get("/")).text();
    assert.match(home, /Demo house/);
    assert.match(home, /<label for="upload-file">Building file<\/label>/);
    const tools = await (await web.get("/tools")).text();
    for (const t of ["Ceiling height", "Door clearance", "Takeoff"]) {
      assert.ok(tools.includes(t) || tools.toLowerCase().includes(t.toLowerCase()), t);
    }
    const wheel = await (await web.get("/tools?for=wheelchair-user")).text();
    assert.match(wheel, /Door clearance/);
    assert.doesNotMatch(wheel, />Ceiling height</, "ceiling_height is not for wheelchair users");
    assert.match(wheel, /for wheelchair users/);
    const scan = await (await web.get("/scans/demo")).text();
    assert.match(scan, /<svg role="img"/);
    assert.match(scan, /data-floor-panel="/);
    const missing = await web.get("/scans/nope");
    assert.equal(missing.status, 404);
    assert.match(await missing.text(), /no scan &quot;nope&quot;/);
    const noTool = await web.get("/tools/nope");
    assert.equal(noTool.status, 404);
    assert.match(await noTool.text(), /no tool/);
    // Assets are fingerprinted and cached for good.
    const js = /src="(\/assets\/islands-[0-9a-f]+\.js)"/.exec(home)![1];
    const r = await web.get(js);
    assert.equal(r.status, 200);
    assert.match(r.headers.get("cache-control")!, /immutable/);
    assert.ok((await r.text()).length > 1000);
  } finally {
    await web.close();
  }
});

Deno.test("web: a tool folder the web code does not know gets its card and its form from its manifest", async () => {
  const web = await testWeb({ toolsDir: WEB_TOOLS });
  try {
    const list = await (await web.get("/tools")).text();
    assert.match(list, /href="\/tools\/web_probe">Web probe<\/a>/);
    assert.match(list, /Echoes a width it must ask for/);
    const page = await (await web.get("/tools/web_probe")).text();
    // Required: the scan (nothing is selected) and the width (nothing fills it); the margin has
    // a default and is not required.
    const required = [...page.matchAll(/<(?:input|select) id="in-(\w+)"[^>]*\brequired\b/g)]
      .map((m) => m[1]);
    assert.deepEqual(required.sort(), ["scan", "width_m"]);
    assert.match(page, /Stroller width \(m\)/);
    assert.match(page, /How wide is your stroller\?/);
    assert.match(page, /Using 0\.1 m, from the default/);
  } finally {
    await web.close();
  }
});

Deno.test("web: the form asks only what nothing fills; a selected scan and a preference fill theirs, said in words", async () => {
  const web = await testWeb({ toolsDir: WEB_TOOLS });
  try {
    const s = openStore(web.home);
    s.setSelection("scan", "demo");
    s.close();
    const page = await (await web.get("/tools/web_probe")).text();
    const required = [...page.matchAll(/<(?:input|select) id="in-(\w+)"[^>]*\brequired\b/g)]
      .map((m) => m[1]);
    assert.deepEqual(required, ["width_m"]);
    assert.match(
      page,
      /Using Demo house \(hand-made sample, not a real scan\) \(demo\), from your selected scan/,
    );
  } finally {
    await web.close();
  }
});

Deno.test("web: a run streams its steps before the verdict, and the result is drawn by the tool's blocks", async () => {
  const web = await testWeb();
  try {
    const res = await web.post(
      "/tools/ceiling_height/run",
      form({ "in.scan": "demo", "in.min_height_m": "2.13" }),
      { accept: "text/event-stream" },
    );
    assert.equal(res.headers.get("content-type"), "text/event-stream; charset=utf-8");
    const events = await sseEvents(res);
    const kinds = events.map((e) => e.event);
    assert.ok(kinds.indexOf("step") >= 0 && kinds.indexOf("step") < kinds.indexOf("result"));
    assert.equal(kinds.at(-1), "result");
    const r = events.at(-1)!.data;
    assert.equal(r.status, "fail");
    assert.match(r.html, /class="block verdict status-fail"/);
    assert.match(r.html, /Fail<\/span>/, "status in words");
    assert.match(r.html, /<svg role="img"/, "PlanView");
    assert.match(r.html, /Checks \(/);
    // The run is stored: its page shows the same result, its default as an assumption.
    const runPage = await (await web.get(`/runs/${r.run_id}`)).text();
    assert.match(runPage, /Assumptions/);
    assert.match(runPage, /2\.13/);
  } finally {
    await web.close();
  }
});

Deno.test("web: without JavaScript a run is a plain POST that returns the result page; bad input names the input", async () => {
  const web = await testWeb();
  try {
    const ok = await web.post("/tools/ceiling_height/run", form({ "in.scan": "demo" }));
    assert.equal(ok.status, 200);
    const page = await ok.text();
    assert.match(page, /class="block verdict status-fail"/);
    const bad = await web.post(
      "/tools/ceiling_height/run",
      form({ "in.scan": "demo", "in.min_height_m": "9" }),
    );
    assert.equal(bad.status, 400);
    const text = await bad.text();
    assert.match(text, /id="err-min_height_m"[^>]*>.*min_height_m: Too big/);
    assert.match(text, /aria-invalid="true"/);
  } finally {
    await web.close();
  }
});

Deno.test("web: a tool that crashes shows its error verdict and the server keeps serving", async () => {
  const web = await testWeb({ toolsDir: WEB_TOOLS });
  try {
    const ev = await sseEvents(
      await web.post("/tools/boom/run", form({ "in.scan": "demo" }), {
        accept: "text/event-stream",
      }),
    );
    assert.deepEqual(ev.map((e) => e.event), ["step", "result"]);
    assert.equal(ev[1].data.status, "error");
    assert.match(ev[1].data.text, /the fixture broke on purpose/);
    assert.equal((await web.get("/")).status, 200);
  } finally {
    await web.close();
  }
});

Deno.test("web: cancelling a streamed run stops the tool; nothing is stored and the server keeps serving", async () => {
  const { takenSteps } = await import("../../fixtures/web_tools/slow_walk/mod.ts");
  const web = await testWeb({ toolsDir: WEB_TOOLS });
  try {
    const ac = new AbortController();
    const res = await fetch(`${web.origin}/tools/slow_walk/run`, {
      method: "POST",
      body: form({ "in.scan": "demo", "in.steps": "200" }),
      headers: { origin: web.origin, accept: "text/event-stream" },
      signal: ac.signal,
    });
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let seen = "";
    while (!seen.includes("event: step")) seen += (await reader.read()).value ?? "";
    ac.abort();
    await reader.cancel().catch(() => {});
    const at = takenSteps();
    await new Promise((r) => setTimeout(r, 300));
    const after = takenSteps();
    assert.ok(after - at <= 2, `the tool kept stepping after the cancel: ${at} → ${after}`);
    assert.ok(after < 200);
    const s = openStore(web.home);
    assert.equal(s.listRuns({ tool: "slow_walk" }).length, 0, "a cancelled run is not stored");
    s.close();
    assert.equal((await web.get("/tools")).status, 200);
  } finally {
    await web.close();
  }
});

Deno.test("web: an answer saved as a preference is the store's, the next form does not ask, the command line uses it", async () => {
  const web = await testWeb({ toolsDir: WEB_TOOLS });
  try {
    const res = await web.post(
      "/tools/web_probe/run",
      form({ "in.scan": "demo", "in.width_m": "0.71", "save": "width_m" }),
    );
    // web_probe's width has no preference key: it cannot be saved, and saying so is an error.
    assert.equal(res.status, 400);
    assert.match(await res.text(), /cannot be saved/);
  } finally {
    await web.close();
  }
  const web2 = await testWeb();
  try {
    const before = await (await web2.get("/tools/step_free_route")).text();
    assert.match(before, /<input id="in-chair_width_m"[^>]*required/, "asked before");
    const ev = await sseEvents(
      await web2.post(
        "/tools/door_clearance/run",
        form({ "in.scan": "demo", "in.chair_width_m": "0.71", "save": "chair_width_m" }),
        { accept: "text/event-stream" },
      ),
    );
    assert.equal(ev.at(-1)!.event, "result");
    const s = openStore(web2.home);
    assert.equal(s.getPref("access.chair_width_m"), 0.71);
    s.close();
    const page = await (await web2.get("/tools/step_free_route")).text();
    assert.doesNotMatch(page, /id="in-chair_width_m"[^>]*required/, "not asked again");
    assert.match(page, /Using 0\.71 m, from your saved preference access\.chair_width_m/);
    const out = await cli(web2.home, ["run", "door_clearance", "--scan", "demo", "--json"]);
    assert.equal(out.code, 0, out.stderr);
    const used = JSON.parse(out.stdout).result.inputs.chair_width_m;
    assert.deepEqual(used, { value: 0.71, from: "preference" });
  } finally {
    await web2.close();
  }
});

Deno.test("web: a rejected finding stays hidden on reload, in later runs and in `threshold findings`; restore brings it back", async () => {
  const web = await testWeb();
  try {
    const ev = await sseEvents(
      await web.post("/tools/ceiling_height/run", form({ "in.scan": "demo" }), {
        accept: "text/event-stream",
      }),
    );
    const runId = ev.at(-1)!.data.run_id;
    const s = openStore(web.home);
    const open = s.listFindings({ scan: "demo" });
    assert.ok(open.length >= 1);
    const f = open[0];
    const scanPage = await (await web.get("/scans/demo")).text();
    assert.ok(scanPage.includes(f.title.replaceAll("'", "&#39;")) || scanPage.includes(f.title));
    const rej = await web.post(
      "/findings/reject",
      form({ scan: "demo", id: f.id, reason: "measured on site: 2.2 m", back: "/scans/demo" }),
    );
    assert.equal(rej.status, 303);
    assert.equal(rej.headers.get("location"), "/scans/demo");
    const after = await (await web.get("/scans/demo")).text();
    const openPart = after.split("Rejected findings")[0];
    assert.ok(!openPart.includes(`value="${f.id}"`), "hidden from the open findings");
    assert.match(after, /measured on site: 2\.2 m/);
    const run = await (await web.get(`/runs/${runId}`)).text();
    assert.ok(!run.includes(`value="${f.id}"`), "hidden on the run's page");
    assert.match(run, /1 finding you rejected is hidden/);
    const cl = await cli(web.home, ["findings", "--json"]);
    assert.ok(!JSON.parse(cl.stdout).some((x: { id: string }) => x.id === f.id));
    const cla = await cli(web.home, ["findings", "--all", "--json"]);
    const row = JSON.parse(cla.stdout).find((x: { id: string }) => x.id === f.id);
    assert.equal(row.status, "rejected");
    assert.equal(row.reason, "measured on site: 2.2 m");
    await web.post("/findings/restore", form({ scan: "demo", id: f.id, back: "/scans/demo" }));
    assert.equal(s.listFindings({ scan: "demo" }).some((x) => x.id === f.id), true);
    s.close();
  } finally {
    await web.close();
  }
});

Deno.test("web: a change without this server's Origin is refused; another Host is refused", async () => {
  const web = await testWeb();
  try {
    const none = await fetch(`${web.origin}/select`, {
      method: "POST",
      body: form({ scan: "demo" }),
    });
    assert.equal(none.status, 403);
    assert.match(await none.text(), /Origin/);
    const other = await web.post("/select", form({ scan: "demo" }), {
      origin: "http://evil.example",
    });
    assert.equal(other.status, 403);
    await other.body?.cancel();
    const s = openStore(web.home);
    assert.equal(s.getSelection("scan"), undefined, "nothing was selected");
    s.close();
    // fetch sets Host itself: a raw request names another host, as a rebound name would.
    const conn = await Deno.connect({ hostname: "127.0.0.1", port: web.port });
    await conn.write(
      new TextEncoder().encode("GET / HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n"),
    );
    const buf = new Uint8Array(4096);
    const n = await conn.read(buf);
    conn.close();
    assert.match(new TextDecoder().decode(buf.subarray(0, n ?? 0)), /^HTTP\/1\.1 403/);
    const good = await web.post("/select", form({ scan: "demo" }));
    assert.equal(good.status, 303);
  } finally {
    await web.close();
  }
});

Deno.test("web: an upload goes through the importers: a plan is stored with its rooms by name, a non-building is the importer's error and nothing is stored, too large is refused", async () => {
  const web = await testWeb({ max_upload_bytes: 200_000 });
  try {
    const up = (bytes: Uint8Array | string, name: string, id?: string) => {
      const fd = new FormData();
      fd.append("file", new File([bytes as BlobPart], name));
      if (id) fd.append("id", id);
      return web.post("/import", fd);
    };
    const ok = await up(await Deno.readFile(fixture("plans/heights.json")), "heights.json", "h1");
    assert.equal(ok.status, 200);
    const page = await ok.text();
    assert.match(page, /Imported heights\.json as scan h1 \(plan-json\)/);
    assert.match(page, /<li>A \(living\)<\/li>/);
    const s = openStore(web.home);
    assert.deepEqual(s.listScans().map((x) => x.id), ["h1"]);

    const junk = await up("hello, this is not a building\n", "notes.txt");
    assert.equal(junk.status, 400);
    const jt = await junk.text();
    assert.match(jt, /Could not import notes\.txt/);
    assert.match(jt, /could not tell the format of notes\.txt/);
    assert.doesNotMatch(jt, /threshold-web-|upload-[0-9a-f]{8}/, "no server path shown");
    assert.match(jt, /Nothing was stored/);
    assert.deepEqual(s.listScans().map((x) => x.id), ["h1"]);

    const big = await up(new Uint8Array(300_000), "big.ifc");
    assert.equal(big.status, 413);
    assert.match(await big.text(), /too large: the limit is 200 kB/);

    const badId = await up("{}", "x.json", "../../etc");
    assert.equal(badId.status, 400);
    assert.match(await badId.text(), /scan id: .* is not allowed/);
    s.close();
    // The server's upload folder holds nothing once imports are over, and goes with it.
    assert.deepEqual(readdirSync(web.upload_dir), []);
    await web.close();
    assert.throws(() => readdirSync(web.upload_dir));
  } finally {
    await web.close();
  }
});

Deno.test("web: no path from the browser reaches the file system", async () => {
  const web = await testWeb();
  try {
    const pack = await web.post(
      "/tools/code_check/run",
      form({ "in.scan": "demo", "in.pack": "/etc/passwd" }),
    );
    assert.equal(pack.status, 400);
    assert.match(await pack.text(), /not a file path/);
    const pref = await web.post("/prefs", form({ key: "rules.pack", value: "/etc/passwd" }));
    assert.equal(pref.status, 400);
    assert.match(await pref.text(), /not a file path/);
    const trav = await web.get("/scans/..%2F..%2Fetc%2Fpasswd");
    assert.equal(trav.status, 404);
    await trav.body?.cancel();
    const run = await web.get("/runs/..%2F..%2Fetc%2Fpasswd");
    assert.equal(run.status, 404);
    await run.body?.cancel();
  } finally {
    await web.close();
  }
});

Deno.test("web: the table downloads as CSV, as --csv writes it", async () => {
  const web = await testWeb();
  try {
    const ev = await sseEvents(
      await web.post("/tools/takeoff/run", form({ "in.scan": "demo" }), {
        accept: "text/event-stream",
      }),
    );
    const r = ev.at(-1)!.data;
    assert.match(r.html, /Download the table as CSV/);
    const csv = await web.get(`/runs/${r.run_id}/table.csv`);
    assert.equal(csv.headers.get("content-type"), "text/csv; charset=utf-8");
    const body = await csv.text();
    const lines = body.trim().split("\n");
    assert.ok(lines.length > 3);
    const out = await cli(web.home, [
      "run",
      "takeoff",
      "--scan",
      "demo",
      "--csv",
      `${web.home}/t.csv`,
    ]);
    assert.equal(out.code, 0, out.stderr);
    assert.equal(lines[0], (await Deno.readTextFile(`${web.home}/t.csv`)).split("\n")[0]);
  } finally {
    await web.close();
  }
});

Deno.test("web: the samples' IFC upload is imported like `threshold import`", async () => {
  const web = await testWeb();
  try {
    const fd = new FormData();
    const path = sharedData("ifc/AC20-FZK-Haus.ifc");
    fd.append("file", new File([await Deno.readFile(path)], "AC20-FZK-Haus.ifc"));
    const res = await web.post("/import", fd);
    assert.equal(res.status, 200);
    const page = await res.text();
    assert.match(page, /\(ifc\)/);
    assert.match(page, /Source lacked|Assumptions|Warnings/);
    const s = openStore(web.home);
    const rows = s.listScans();
    assert.equal(rows.length, 1);
    assert.ok(rows[0].rooms > 3);
    s.close();
  } finally {
    await web.close();
  }
});

Deno.test("web: 50 simultaneous streamed ceiling_height runs all complete, none lost", async () => {
  const web = await testWeb();
  try {
    const runs = await Promise.all(Array.from({ length: 50 }, async () => {
      const ev = await sseEvents(
        await web.post("/tools/ceiling_height/run", form({ "in.scan": "demo" }), {
          accept: "text/event-stream",
        }),
      );
      return ev;
    }));
    const ids = new Set<string>();
    for (const ev of runs) {
      assert.equal(ev.filter((e) => e.event === "step").length, 2);
      assert.equal(ev.at(-1)!.event, "result");
      ids.add(ev.at(-1)!.data.run_id);
    }
    assert.equal(ids.size, 50, "50 distinct runs");
    const s = openStore(web.home);
    assert.equal(s.listRuns({ tool: "ceiling_height", limit: 100 }).length, 50);
    s.close();
  } finally {
    await web.close();
  }
});

Deno.test("web: the islands bundle is small (≤ 60 KB gzipped) and cached by its fingerprint", async () => {
  const { islandsBundle, islandsFingerprint } = await import("../../web/bundle.ts");
  const home = (await import("../_cli.ts")).tempHome();
  const a = await islandsBundle(home);
  const b = await islandsBundle(home);
  assert.equal(b.cached, true);
  assert.equal(a.path, b.path);
  assert.match(
    a.path,
    new RegExp(`^/assets/islands-${(await islandsFingerprint()).slice(0, 12)}\\.js$`),
  );
  const gz = await new Response(
    new Blob([a.body as BlobPart]).stream().pipeThrough(new CompressionStream("gzip")),
  ).arrayBuffer();
  assert.ok(gz.byteLength <= 60 * 1024, `${gz.byteLength} bytes gzipped`);
  // No CDN: the bundle names no other host.
  assert.doesNotMatch(new TextDecoder().decode(a.body), /https?:\/\/(?!www\.w3\.org)/);
});

Deno.test("web: sun_hours draws its sun path chart and its table, as its blocks name them", async () => {
  const web = await testWeb();
  try {
    const ev = await sseEvents(
      await web.post("/tools/sun_hours/run", form({ "in.scan": "demo" }), {
        accept: "text/event-stream",
      }),
    );
    const r = ev.at(-1)!;
    assert.equal(r.event, "result");
    const order = [...r.data.html.matchAll(/<h3 id="h-(\w+)"/g)].map((m: string[]) => m[1]);
    // sun_hours names MetricGrid, CheckList, FindingList, Table, Chart, PlanView, AssumptionList,
    // StepLog; each block with something to show appears, in that order.
    assert.deepEqual(order.filter((x: string) => ["table", "charts", "plan"].includes(x)), [
      "table",
      "charts",
      "plan",
    ]);
    assert.match(r.data.html, /<figure class="chart"><div class="chart-svg"><svg role="img"/);
    assert.match(r.data.html, /Sun path at/);
  } finally {
    await web.close();
  }
});

Deno.test("web: the persona and preferences set on the home page are the command line's", async () => {
  const web = await testWeb();
  try {
    const p = await web.post("/persona", form({ persona: "manual-wheelchair-user" }));
    assert.equal(p.status, 303);
    const pr = await web.post("/prefs", form({ key: "space.min_ceiling_m", value: "2.3" }));
    assert.equal(pr.status, 303);
    const bad = await web.post("/prefs", form({ key: "space.min_ceiling_m", value: "tall" }));
    assert.equal(bad.status, 400);
    assert.match(await bad.text(), /space\.min_ceiling_m: .*got &quot;tall&quot;/);
    const unknown = await web.post("/persona", form({ persona: "astronaut" }));
    assert.equal(unknown.status, 400);
    assert.match(await unknown.text(), /no persona &quot;astronaut&quot;/);
    const list = await cli(web.home, ["personas", "list", "--json"]);
    assert.equal(JSON.parse(list.stdout).active, "manual-wheelchair-user");
    const get = await cli(web.home, ["prefs", "get", "space.min_ceiling_m"]);
    assert.equal(get.stdout.trim(), "2.3");
    const home = await (await web.get("/")).text();
    assert.match(home, /<option value="manual-wheelchair-user" selected>/);
    assert.match(home, /value="2\.3"/);
    // The tool form says where its values now come from.
    const page = await (await web.get("/tools/door_clearance")).text();
    assert.match(page, /from your persona \(manual wheelchair user\)/);
    const ceil = await (await web.get("/tools/ceiling_height")).text();
    assert.match(ceil, /Using 2\.3 m, from your saved preference space\.min_ceiling_m/);
    await web.post("/prefs", form({ key: "space.min_ceiling_m", action: "unset", value: "x" }));
    assert.equal((await cli(web.home, ["prefs", "get", "space.min_ceiling_m"])).code, 2);
  } finally {
    await web.close();
  }
});

Deno.test("web: every tool's page renders, and its example runs on the demo from a plain form post", async () => {
  const { listManifests } = await import("../../core/catalog.ts");
  const web = await testWeb();
  try {
    for (const t of await listManifests({ home: web.home })) {
      const page = await web.get(`/tools/${t.id}`);
      assert.equal(page.status, 200, `${t.id}: ${page.status}`);
      const html = await page.text();
      assert.match(html, /<form method="post" action="\/tools\//, String(t.id));
      const ex = (t.examples as Record<string, unknown>[] | undefined)?.[0] ?? {};
      const body: Record<string, string> = { "in.scan": "demo" };
      for (const [k, v] of Object.entries(ex)) {
        body[`in.${k}`] = typeof v === "object" ? JSON.stringify(v) : String(v);
      }
      const res = await web.post(`/tools/${t.id}/run`, form(body));
      const text = await res.text();
      assert.ok(res.status === 200 || res.status === 400, `${t.id}: ${res.status}`);
      if (res.status === 200) assert.match(text, /class="block verdict status-/, String(t.id));
      else assert.match(text, /role="alert"|field-error/, String(t.id));
    }
  } finally {
    await web.close();
  }
});

Deno.test("web: the Chart block draws chart data (a sun path) as well as chart SVG", async () => {
  const { Chart } = await import("../../web/blocks/Chart.tsx");
  const { renderToString } = await import("preact-render-to-string");
  const result = {
    tool: "x",
    verdict: { status: "pass" as const, text: "ok" },
    metrics: [],
    checks: [],
    findings: [],
    overlays: [],
    assumptions: [],
    steps: [],
    inputs: {},
    data: {
      charts: {
        sunpath: {
          kind: "sunpath",
          title: "Sun path test",
          days: [{ label: "21 Jun", points: [[90, 0], [180, 60], [270, 0]] }],
          hours: [],
        },
      },
    },
  };
  const html = renderToString(Chart({ result: result as never }) as never);
  assert.match(html, /<figure class="chart"><div class="chart-svg"><svg role="img"/);
  assert.match(html, /Sun path test/);
  assert.match(html, /<figcaption>sunpath<\/figcaption>/);
});

Deno.test("web: an unknown result shows no empty finding list (no clean bill), and always its assumptions", async () => {
  const { ResultView } = await import("../../web/result.tsx");
  const { renderToString } = await import("preact-render-to-string");
  const base = {
    tool: "x",
    metrics: [],
    checks: [],
    findings: [],
    overlays: [],
    assumptions: [{ text: "Assumed a thing (default)." }],
    steps: [],
    inputs: {},
  };
  const unknown = renderToString(
    ResultView({
      blocks: ["VerdictHeader", "FindingList"],
      result: { ...base, verdict: { status: "unknown", text: "The scan has no doors." } },
    }) as never,
  );
  assert.doesNotMatch(unknown, /Findings|No open findings/);
  assert.match(unknown, /Assumed a thing/);
  const pass = renderToString(
    ResultView({
      blocks: ["FindingList"],
      result: { ...base, verdict: { status: "pass", text: "All good." } },
    }) as never,
  );
  assert.match(pass, /No open findings/);
  assert.ok(pass.indexOf("verdict") < pass.indexOf("Findings"), "the verdict leads");
});

Deno.test("web: a default shown rounded (1/12 as 0.0833333) and left alone is the default itself, not an answer", async () => {
  const web = await testWeb();
  try {
    const page = await (await web.get("/tools/step_free_route")).text();
    assert.match(page, /value="0\.0833333"/);
    assert.match(page, /Using yes, from the default/);
    const ev = await sseEvents(
      await web.post(
        "/tools/step_free_route/run",
        form({ "in.scan": "demo", "in.chair_width_m": "0.7", "in.max_ramp_slope": "0.0833333" }),
        { accept: "text/event-stream" },
      ),
    );
    const runId = ev.at(-1)!.data.run_id;
    const s = openStore(web.home);
    const inputs = s.getRun(runId)!.result.inputs;
    s.close();
    assert.deepEqual(inputs.max_ramp_slope, { value: 1 / 12, from: "default" });
    assert.deepEqual(inputs.chair_width_m, { value: 0.7, from: "asked" });
  } finally {
    await web.close();
  }
});

Deno.test("web: the upload limit is the command line's (the preference import.max_mb) unless the server was given one", async () => {
  const web = await testWeb();
  try {
    const s = openStore(web.home);
    s.setPref("import.max_mb", 1);
    s.close();
    assert.match(await (await web.get("/")).text(), /&quot;max_bytes&quot;:1000000/);
    const fd = new FormData();
    fd.append("file", new File([new Uint8Array(1_200_000)], "big.ifc"));
    const big = await web.post("/import", fd);
    assert.equal(big.status, 413);
    assert.match(await big.text(), /the limit is 1\.0 MB.*import\.max_mb/);
  } finally {
    await web.close();
  }
});
