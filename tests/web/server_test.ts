/**
 * The web view over HTTP (no browser): pages, forms from the run session, streamed runs,
 * cancelling, saving an answer as a preference, findings, uploads, and the safety rules
 * (Origin, Host, upload size, no browser path to the file system).
 */
import assert from "node:assert/strict";
import { readdirSync } from "node:fs";
import { BLOCKS } from "../../core/result.ts";
import { loadRegistry } from "../../core/registry.ts";
import { openStore } from "../../core/store.ts";
import { BLOCK_COMPONENTS } from "../../web/blocks/mod.ts";
import { cli } from "../_cli.ts";
import { assertGolden } from "../_golden.ts";
import { alertOf, dom, textOf, textsOf } from "../_html.ts";
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
    const titles = new Map((await loadRegistry()).tools.map((m) => [m.id, m.title]));
    const home = dom(await (await web.get("/")).text());
    assert.ok(home.querySelector('a[href="/scans/demo"]'), "the demo building is listed");
    assert.equal(home.querySelector("#upload-file")?.getAttribute("type"), "file");
    const tools = dom(await (await web.get("/tools")).text());
    for (const id of ["ceiling_height", "door_clearance", "takeoff"]) {
      assert.equal(textOf(tools, `a[href="/tools/${id}"]`), titles.get(id), id);
    }
    const wheel = dom(await (await web.get("/tools?for=wheelchair-user")).text());
    assert.equal(textOf(wheel, 'a[href="/tools/door_clearance"]'), titles.get("door_clearance"));
    assert.equal(
      wheel.querySelector('a[href="/tools/ceiling_height"]'),
      null,
      "ceiling_height is not for wheelchair users",
    );
    const { listManifests } = await import("../../core/catalog.ts");
    const all = await listManifests({ home: web.home });
    const forChair = all.filter((m) => (m.audience as string[]).includes("wheelchair-user"));
    assert.equal(wheel.querySelectorAll("ul.cards>li").length, forChair.length);
    const counted = `${forChair.length} of ${all.length}`;
    assert.ok(textOf(wheel, '[role="status"]')!.startsWith(counted), "the count is said");
    const scan = dom(await (await web.get("/scans/demo")).text());
    assert.ok(scan.querySelector('svg[role="img"]'));
    assert.ok(scan.querySelector("[data-floor-panel]"));
    const missing = await web.get("/scans/nope");
    assert.equal(missing.status, 404);
    const missingText = await missing.text();
    const noTool = await web.get("/tools/nope");
    assert.equal(noTool.status, 404);
    const noToolText = await noTool.text();
    // The words: the upload's label, the filter's count, the two 404s (each naming what is missing).
    await assertGolden("web.server.pages", {
      demo_link: textOf(home, 'a[href="/scans/demo"]'),
      upload_label: textOf(home, 'label[for="upload-file"]'),
      wheelchair_status: textOf(wheel, '[role="status"]')?.replace(counted, "N of M"),
      no_scan: alertOf(missingText),
      no_tool: alertOf(noToolText)?.split(";")[0],
    });
    // Assets are fingerprinted and cached for good.
    const js = home.querySelector('script[type="module"]')!.getAttribute("src")!;
    assert.ok(js.startsWith("/assets/islands-") && js.endsWith(".js"), js);
    const r = await web.get(js);
    assert.equal(r.status, 200);
    assert.ok(
      r.headers.get("cache-control")!.split(",").map((x) => x.trim()).includes("immutable"),
    );
    assert.ok((await r.text()).length > 1000);
  } finally {
    await web.close();
  }
});

Deno.test("web: a tool folder the web code does not know gets its card and its form from its manifest", async () => {
  const web = await testWeb({ toolsDir: WEB_TOOLS });
  try {
    const probe = (await loadRegistry(WEB_TOOLS)).tools.find((m) => m.id === "web_probe")!;
    const list = dom(await (await web.get("/tools")).text());
    const card = list.querySelector('a[href="/tools/web_probe"]')!.closest("li.card")!;
    assert.equal(textOf(card, "h2>a"), probe.title);
    assert.equal(textOf(card, "p"), probe.summary);
    const page = dom(await (await web.get("/tools/web_probe")).text());
    // Required: the scan (nothing is selected) and the width (nothing fills it); the margin has
    // a default and is not required.
    const required = [...page.querySelectorAll("input[required],select[required]")]
      .map((e) => e.id);
    assert.deepEqual(required.sort(), ["in-scan", "in-width_m"]);
    assert.equal(page.querySelector("#in-margin_m")?.getAttribute("value"), "0.1");
    // The words: the width's label and question, the margin's default said as such.
    await assertGolden("web.server.probe_form", {
      width_label: textOf(page, 'label[for="in-width_m"]'),
      width_hint: textOf(page, "#hint-width_m"),
      margin_hint: textOf(page, "#hint-margin_m"),
    });
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
    const page = dom(await (await web.get("/tools/web_probe")).text());
    const required = [...page.querySelectorAll("input[required],select[required]")]
      .map((e) => e.id);
    assert.deepEqual(required, ["in-width_m"]);
    assert.equal(page.querySelector("#in-scan>option[selected]")?.getAttribute("value"), "demo");
    await assertGolden("web.server.selected_form", { scan_hint: textOf(page, "#hint-scan") });
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
    const frag = dom(r.html);
    assert.ok(frag.querySelector("section.block.verdict.status-fail"));
    assert.ok(frag.querySelector('svg[role="img"]'), "PlanView");
    assert.ok(frag.querySelector("#h-checks"), "CheckList");
    // The run is stored: its page shows the same result, its default as an assumption.
    const st = openStore(web.home);
    const stored = st.getRun(r.run_id)!.result;
    st.close();
    assert.equal(stored.inputs.min_height_m.value, 2.13);
    assert.equal(stored.assumptions.length > 0, true);
    const runPage = dom(await (await web.get(`/runs/${r.run_id}`)).text());
    assert.ok(runPage.querySelector("section.block.verdict.status-fail"));
    assert.ok(runPage.querySelector("#h-assumptions"));
    await assertGolden("web.server.run_words", {
      status: textOf(frag, ".verdict-title"),
      checks_heading: textOf(frag, "#h-checks"),
      first_assumption: textOf(runPage, "#h-assumptions+ul>li"),
    });
  } finally {
    await web.close();
  }
});

Deno.test("web: without JavaScript a run is a plain POST that returns the result page; bad input names the input", async () => {
  const web = await testWeb();
  try {
    const ok = await web.post("/tools/ceiling_height/run", form({ "in.scan": "demo" }));
    assert.equal(ok.status, 200);
    assert.ok(dom(await ok.text()).querySelector("section.block.verdict.status-fail"));
    const bad = await web.post(
      "/tools/ceiling_height/run",
      form({ "in.scan": "demo", "in.min_height_m": "9" }),
    );
    assert.equal(bad.status, 400);
    const page = dom(await bad.text());
    const input = page.querySelector("#in-min_height_m")!;
    assert.equal(input.getAttribute("aria-invalid"), "true");
    assert.ok(input.getAttribute("aria-describedby")!.split(" ").includes("err-min_height_m"));
    // The error names the input and what is allowed.
    await assertGolden("web.server.bad_input", { error: textOf(page, "#err-min_height_m") });
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
    // The stored run says why by its code; the page shows the stored verdict's words.
    const s = openStore(web.home);
    const [row] = s.listRuns({ tool: "boom" });
    const stored = s.getRun(row.id)!.result.verdict;
    s.close();
    assert.equal(stored.code, "run.failed");
    assert.equal(ev[1].data.text, stored.text);
    assert.ok(ev[1].data.text.length > 0);
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
    const refused = dom(await res.text());
    await assertGolden("web.server.unsaveable", {
      refused: textOf(refused, ".field-error") ?? textOf(refused, '[role="alert"]'),
    });
  } finally {
    await web.close();
  }
  const web2 = await testWeb();
  try {
    const before = dom(await (await web2.get("/tools/step_free_route")).text());
    assert.equal(before.querySelector("#in-chair_width_m")?.hasAttribute("required"), true);
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
    const page = dom(await (await web2.get("/tools/step_free_route")).text());
    const chair = page.querySelector("#in-chair_width_m")!;
    assert.equal(chair.hasAttribute("required"), false, "not asked again");
    assert.equal(chair.getAttribute("value"), "0.71");
    await assertGolden("web.server.saved_pref", {
      chair_hint: textOf(page, "#hint-chair_width_m"),
    });
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
    const reason = "measured on site: 2.2 m"; // what the person typed: data that round-trips
    const scanPage = dom(await (await web.get("/scans/demo")).text());
    assert.ok(scanPage.querySelector(`input[value="${f.id}"]`), "the open finding is listed");
    const rej = await web.post(
      "/findings/reject",
      form({ scan: "demo", id: f.id, reason, back: "/scans/demo" }),
    );
    assert.equal(rej.status, 303);
    // Back to the finding list, whose heading takes the focus (issue 27).
    assert.equal(rej.headers.get("location"), "/scans/demo#h-findings");
    const after = dom(await (await web.get("/scans/demo")).text());
    const byId = `input[name="id"][value="${f.id}"]`;
    assert.equal(after.querySelectorAll(byId).length, 1, "listed once");
    assert.ok(
      after.querySelector("details.rejected")?.querySelector(byId),
      "only among the rejected",
    );
    const rejectedItem = after.querySelector("details.rejected")!.querySelector(byId)!.closest(
      "li",
    )!;
    const run = dom(await (await web.get(`/runs/${runId}`)).text());
    assert.equal(run.querySelector(`input[value="${f.id}"]`), null, "hidden on the run's page");
    await assertGolden("web.server.rejected", {
      rejected_item: textOf(rejectedItem, ".muted"),
      hidden_note: textOf(run, 'p.note[role="status"]'),
    });
    const cl = await cli(web.home, ["findings", "--json"]);
    assert.ok(!JSON.parse(cl.stdout).some((x: { id: string }) => x.id === f.id));
    const cla = await cli(web.home, ["findings", "--all", "--json"]);
    const row = JSON.parse(cla.stdout).find((x: { id: string }) => x.id === f.id);
    assert.equal(row.status, "rejected");
    assert.equal(row.reason, reason, "the reason given is stored as given");
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
    const noOrigin = await none.text(); // a plain-text refusal
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
    const statusLine = new TextDecoder().decode(buf.subarray(0, n ?? 0)).split("\r\n")[0];
    assert.deepEqual(statusLine.split(" ").slice(0, 2), ["HTTP/1.1", "403"], statusLine);
    await assertGolden("web.server.origin", { no_origin: noOrigin });
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
    const page = dom(await ok.text());
    const s = openStore(web.home);
    assert.deepEqual(s.listScans().map((x) => x.id), ["h1"]);
    // The rooms are listed by the names the stored plan gives them.
    const { planChoices } = await import("../../core/session.ts");
    const plan = s.getScan("h1")!.plan;
    assert.deepEqual(
      [...page.querySelectorAll(".rooms-list>li")].map((li) => li.textContent),
      planChoices(plan, "room").map((c) => c.label),
    );

    const junk = await up("hello, this is not a building\n", "notes.txt");
    assert.equal(junk.status, 400);
    const jt = await junk.text();
    for (const p of ["threshold-web-", web.upload_dir]) {
      assert.equal(jt.includes(p), false, `no server path shown (${p})`);
    }
    assert.deepEqual(s.listScans().map((x) => x.id), ["h1"]);

    const big = await up(new Uint8Array(300_000), "big.ifc");
    assert.equal(big.status, 413);
    const bigText = await big.text();

    const badId = await up("{}", "x.json", "../../etc");
    assert.equal(badId.status, 400);
    const badIdText = await badId.text();
    // The words: the import's heading and first room, each error naming the file or the input.
    await assertGolden("web.server.upload", {
      imported: textOf(page, "#h-report"),
      first_room: textOf(page, ".rooms-list>li"),
      // (up to the list of formats, which grows with the importers)
      not_a_building: textsOf(dom(jt), "#import-error>*").map((t) =>
        t.split("; threshold reads")[0]
      ),
      too_large: alertOf(bigText),
      bad_id: alertOf(badIdText),
    });
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
    const packPage = dom(await pack.text());
    const pref = await web.post("/prefs", form({ key: "rules.pack", value: "/etc/passwd" }));
    assert.equal(pref.status, 400);
    // Each refusal names the input (the form field, the preference key) and why.
    await assertGolden("web.server.no_paths", {
      pack: textOf(packPage, "#err-pack") ?? textOf(packPage, '[role="alert"]'),
      pref: alertOf(await pref.text()),
    });
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
    const link = dom(r.html).querySelector(`a[href="/runs/${r.run_id}/table.csv"]`);
    assert.ok(link, "the table's download link");
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
    const page = dom(await res.text());
    const s = openStore(web.home);
    const rows = s.listScans();
    assert.equal(rows.length, 1);
    assert.equal(rows[0].format, "ifc");
    assert.ok(rows[0].rooms > 3);
    assert.ok(textOf(page, "#h-report")!.endsWith("(ifc)"), "the report names the format");
    // The report lists what the importer said (lacking, assumptions, warnings).
    assert.ok(page.querySelectorAll("section.report>details>ul>li").length > 0);
    assert.equal(page.querySelectorAll(".rooms-list>li").length, rows[0].rooms);
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
  const fp = (await islandsFingerprint()).slice(0, 12);
  assert.equal(a.path, `/assets/islands-${fp}.js`);
  const gz = await new Response(
    new Blob([a.body as BlobPart]).stream().pipeThrough(new CompressionStream("gzip")),
  ).arrayBuffer();
  assert.ok(gz.byteLength <= 60 * 1024, `${gz.byteLength} bytes gzipped`);
  // No CDN: the bundle names no other host.
  const hosts = new Set(
    [...new TextDecoder().decode(a.body).matchAll(/https?:\/\/([^/"'\s)]+)/g)].map((m) => m[1]),
  );
  hosts.delete("www.w3.org");
  assert.deepEqual([...hosts], []);
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
    const frag = dom(r.data.html);
    assert.ok(frag.querySelector('figure.chart > div.chart-svg > svg[role="img"]'));
    await assertGolden("web.server.sun_chart", {
      chart_title: textOf(frag, 'div.chart-svg>svg>text[font-weight="bold"]'),
    });
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
    const badText = alertOf(await bad.text());
    const unknown = await web.post("/persona", form({ persona: "astronaut" }));
    assert.equal(unknown.status, 400);
    const unknownText = alertOf(await unknown.text());
    const list = await cli(web.home, ["personas", "list", "--json"]);
    assert.equal(JSON.parse(list.stdout).active, "manual-wheelchair-user");
    const get = await cli(web.home, ["prefs", "get", "space.min_ceiling_m"]);
    assert.equal(get.stdout.trim(), "2.3");
    const home = dom(await (await web.get("/")).text());
    assert.equal(
      home.querySelector("#persona>option[selected]")?.getAttribute("value"),
      "manual-wheelchair-user",
    );
    assert.ok(home.querySelector('input[value="2.3"]'), "the saved preference is shown");
    // The tool form says where its values now come from.
    const page = dom(await (await web.get("/tools/door_clearance")).text());
    const ceil = dom(await (await web.get("/tools/ceiling_height")).text());
    await assertGolden("web.server.persona_prefs", {
      bad_pref: badText,
      unknown_persona: unknownText?.split(";")[0],
      chair_hint: textOf(page, "#hint-chair_width_m"),
      ceiling_hint: textOf(ceil, "#hint-min_height_m"),
    });
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
      const html = dom(await page.text());
      assert.ok(
        html.querySelector(`form[method="post"][action="/tools/${t.id}/run"]`),
        String(t.id),
      );
      const ex = (t.examples as Record<string, unknown>[] | undefined)?.[0] ?? {};
      const body: Record<string, string> = { "in.scan": "demo" };
      for (const [k, v] of Object.entries(ex)) {
        body[`in.${k}`] = typeof v === "object" ? JSON.stringify(v) : String(v);
      }
      const res = await web.post(`/tools/${t.id}/run`, form(body));
      const out = dom(await res.text());
      assert.ok(res.status === 200 || res.status === 400, `${t.id}: ${res.status}`);
      if (res.status === 200) assert.ok(out.querySelector("section.block.verdict"), String(t.id));
      else assert.ok(out.querySelector('[role="alert"],.field-error'), String(t.id));
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
  const html = dom(renderToString(Chart({ result: result as never }) as never));
  assert.ok(html.querySelector('figure.chart > div.chart-svg > svg[role="img"]'));
  // The chart's title and caption come from its data.
  const chart = result.data.charts.sunpath;
  assert.equal(textOf(html, 'svg>text[font-weight="bold"]'), chart.title, "the title is drawn");
  assert.equal(textOf(html, "figure.chart>figcaption"), chart.kind);
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
  const u = dom(unknown);
  assert.equal(u.querySelector("section.block.findings"), null, "no finding list");
  assert.equal(textOf(u, ".block.assumptions>ul>li"), base.assumptions[0].text);
  const pass = renderToString(
    ResultView({
      blocks: ["FindingList"],
      result: { ...base, verdict: { status: "pass", text: "All good." } },
    }) as never,
  );
  const ps = dom(pass);
  assert.ok(ps.querySelector("section.block.findings"), "a pass shows its (empty) finding list");
  assert.equal(ps.querySelector("section.block.findings")!.querySelectorAll("li").length, 0);
  await assertGolden("web.server.no_findings", { pass: textOf(ps, "section.block.findings") });
  assert.ok(pass.indexOf("verdict") < pass.indexOf("findings"), "the verdict leads");
});

Deno.test("web: a default shown rounded (1/12 as 0.0833333) and left alone is the default itself, not an answer", async () => {
  const web = await testWeb();
  try {
    const page = dom(await (await web.get("/tools/step_free_route")).text());
    assert.equal(page.querySelector("#in-max_ramp_slope")?.getAttribute("value"), "0.0833333");
    await assertGolden("web.server.rounded_default", {
      hints: [...page.querySelectorAll(".hint")].map((h) => h.id + ": " + h.textContent),
    });
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
    const upload = dom(await (await web.get("/")).text()).querySelector('[data-island="Upload"]')!;
    assert.equal(JSON.parse(upload.getAttribute("data-props")!).max_bytes, 1_000_000);
    const fd = new FormData();
    fd.append("file", new File([new Uint8Array(1_200_000)], "big.ifc"));
    const big = await web.post("/import", fd);
    assert.equal(big.status, 413);
    await assertGolden("web.server.upload_limit", { too_large: alertOf(await big.text()) });
  } finally {
    await web.close();
  }
});
