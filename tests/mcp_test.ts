/**
 * mcp.ts with the official SDK client over stdio, in both protocol eras: the tool list
 * equals the registry's, calls with progress, elicitation accepted / declined / not
 * supported, cancellation, resources and scan selection, and --root confinement.
 */
import assert from "node:assert/strict";
import { loadRegistry } from "../core/registry.ts";
import { openStore } from "../core/store.ts";
import { addRaster } from "../layers/rasters.ts";
import { BUILTIN_SCANS } from "../layers/builtin.ts";
import { gridToTiff, tiltedPlane } from "../fixtures/site/dems.ts";
import { ERAS, FIXTURE_TOOLS, freshHome, MCP_TS, start } from "./mcp/_connect.ts";
import { assertGolden } from "./_golden.ts";

type Json = Record<string, any>;

function textOf(r: Json): string {
  return (r.content as Json[]).filter((c) => c.type === "text").map((c) => c.text).join("\n");
}

/** The full stored result a call's resource link names (the run's codes and data). */
async function linkedRun(s: Awaited<ReturnType<typeof start>>, r: Json): Promise<Json> {
  const link = (r.content as Json[]).find((c) => c.type === "resource_link")!;
  const read = await s.client.readResource({ uri: link.uri });
  return JSON.parse((read.contents[0] as Json).text);
}

for (const era of ERAS) {
  Deno.test(`mcp ${era}: tools/list is the registry, with fillable inputs optional`, async () => {
    const home = freshHome();
    const s = await start(era, home);
    try {
      assert.equal(s.client.getProtocolEra(), era);
      const { tools } = await s.client.listTools();
      const registry = await loadRegistry();
      // Every registered tool, then the surface's own import_scan.
      assert.deepEqual(tools.map((t) => t.name), [
        ...registry.tools.map((m) => m.id),
        "import_scan",
      ]);
      const ch = tools.find((t) => t.name === "ceiling_height")!;
      const m = registry.require("ceiling_height");
      assert.equal(ch.title, m.title);
      assert.ok(
        ch.description!.includes(m.summary) && ch.description!.includes(m.model_description),
      );
      assert.deepEqual(Object.keys(ch.inputSchema.properties ?? {}), ["scan", "min_height_m"]);
      // Both inputs are fillable (selection; preference/default): neither is required.
      assert.equal((ch.inputSchema.required ?? []).length, 0);
      assert.equal((ch.inputSchema.properties as Json).min_height_m.maximum, 6);
      assert.equal(ch.annotations?.readOnlyHint, true);
      assert.equal(ch.annotations?.openWorldHint, false);
      assert.deepEqual((ch.outputSchema as Json).required, [
        "tool",
        "status",
        "verdict",
        "findings",
      ]);
    } finally {
      await s.close();
    }
  });

  Deno.test(`mcp ${era}: tools/call fills like the CLI, streams every step, links the run`, async () => {
    const home = freshHome();
    const store = openStore(home);
    store.setPref("space.min_ceiling_m", 2.4); // a saved preference must win over the default
    store.close();
    const s = await start(era, home);
    try {
      for (let i = 0; i < 4; i++) {
        const steps: string[] = [];
        const r = await s.client.callTool(
          { name: "ceiling_height", arguments: { scan: "demo" } },
          { onprogress: (p) => steps.push(p.message ?? "") },
        ) as Json;
        assert.notEqual(r.isError, true, textOf(r));
        const view = r.structuredContent as Json;
        assert.deepEqual(JSON.parse(textOf(r)), view);
        assert.equal(view.tool, "ceiling_height");
        assert.equal(view.scan, "demo");
        assert.deepEqual(Object.keys(view).sort(), [
          "findings",
          "scan",
          "status",
          "tool",
          "verdict",
        ]);
        const link = (r.content as Json[]).find((c) => c.type === "resource_link")!;
        assert.ok(link.uri.startsWith("threshold://runs/ceiling_height-"), link.uri);
        const read = await s.client.readResource({ uri: link.uri });
        const full = JSON.parse((read.contents[0] as Json).text);
        assert.equal(full.verdict.text, view.verdict);
        assert.equal(full.inputs.min_height_m.from, "preference");
        // The verdict judged against the saved 2.4 m.
        assert.equal(full.verdict.data.min_m, 2.4);
        // Every step arrived as progress, the last one included.
        assert.deepEqual(steps, full.steps);
        assert.ok(steps.length >= 2);
      }
    } finally {
      await s.close();
    }
  });

  Deno.test(`mcp ${era}: an unfilled input is elicited; accepted answers run the tool`, async () => {
    const home = freshHome();
    const asked: Json[] = [];
    const s = await start(era, home, {
      elicit: (p) => {
        asked.push(p);
        return { action: "accept", content: { scan: "demo" } };
      },
    });
    try {
      const r = await s.client.callTool({ name: "ceiling_height", arguments: {} }) as Json;
      assert.notEqual(r.isError, true, textOf(r));
      assert.equal(asked.length, 1);
      const schema = asked[0].requestedSchema as Json;
      assert.deepEqual(schema.required, ["scan"]);
      assert.ok(schema.properties.scan.oneOf.some((o: Json) => o.const === "demo"));
      assert.equal((r.structuredContent as Json).scan, "demo");
      await assertGolden("mcp.elicit_scan", { message: asked[0].message });
      assert.ok(["pass", "fail", "warn"].includes((r.structuredContent as Json).status));
    } finally {
      await s.close();
    }
  });

  Deno.test(`mcp ${era}: a room given by a name that is two rooms is asked by name (issue 23)`, async () => {
    const home = freshHome();
    const asked: Json[] = [];
    const s = await start(era, home, {
      elicit: (p) => {
        asked.push(p);
        return { action: "accept", content: { to: "u_bed2" } };
      },
    });
    try {
      const r = await s.client.callTool({
        name: "will_it_fit",
        arguments: { scan: "demo", item: "sofa", to: "bedroom" },
      }) as Json;
      assert.notEqual(r.isError, true, textOf(r));
      assert.equal(asked.length, 1);

      const to = (asked[0].requestedSchema as Json).properties.to;
      // The two bedrooms, each by its name in the plan.
      const beds = BUILTIN_SCANS.demo().plan.rooms.filter((x) => x.label === "bedroom");
      assert.deepEqual(to.oneOf, beds.map((b) => ({ const: b.id, title: b.name })));
      // The run went to the room chosen, said by its name.
      const full = await linkedRun(s, r);
      assert.equal(full.inputs.to.value, "u_bed2");
      assert.equal(full.verdict.data.room, "Second bedroom");
      await assertGolden("mcp.elicit_bedroom", { message: asked[0].message });
    } finally {
      await s.close();
    }
  });

  for (const action of ["decline", "cancel"] as const) {
    Deno.test(`mcp ${era}: an elicitation answered ${action} ends with a plain result`, async () => {
      const home = freshHome();
      const s = await start(era, home, { elicit: () => ({ action }) });
      try {
        const r = await s.client.callTool({ name: "ceiling_height", arguments: {} }) as Json;
        assert.notEqual(r.isError, true);
        const view = r.structuredContent as Json;
        assert.equal(view.status, "unknown");
        assert.deepEqual(view.missing.map((x: Json) => x.input), ["scan"]);
        await assertGolden(`mcp.${action}`, { verdict: view.verdict });
        // Nothing ran, so nothing was stored.
        const store = openStore(home);
        assert.equal(store.listRuns().length, 0);
        store.close();
      } finally {
        await s.close();
      }
    });
  }

  Deno.test(`mcp ${era}: a host without elicitation gets isError naming inputs and units`, async () => {
    const home = freshHome();
    const s = await start(era, home, { extra: [`--tools=${FIXTURE_TOOLS}`] });
    try {
      const r = await s.client.callTool({ name: "ask_width", arguments: {} }) as Json;
      assert.equal(r.isError, true);
      // The missing inputs as data (their questions and units), and the words the model reads.
      const missing = (r.structuredContent as Json).missing;
      assert.deepEqual(missing.map((x: Json) => [x.input, x.unit]), [
        ["scan", undefined],
        ["width_m", "m"],
      ]);
      assert.deepEqual(JSON.parse(textOf(r)), r.structuredContent);
      await assertGolden("mcp.no_elicitation", r.structuredContent);
    } finally {
      await s.close();
    }
  });

  Deno.test(`mcp ${era}: elicited numbers with units; a bad answer is isError`, async () => {
    const home = freshHome();
    let width: unknown = "80 cm";
    const asked: Json[] = [];
    const s = await start(era, home, {
      extra: [`--tools=${FIXTURE_TOOLS}`],
      elicit: (p) => {
        asked.push(p);
        return { action: "accept", content: { scan: "demo", width_m: width } };
      },
    });
    try {
      const r = await s.client.callTool({ name: "ask_width", arguments: {} }) as Json;
      assert.equal((r.structuredContent as Json).verdict, "Width 0.8 m.");
      // A length is asked as text and read by the one length reader, in any unit.
      const w = (asked[0].requestedSchema as Json).properties.width_m;
      assert.equal(w.type, "string");
      const described = w.description;
      width = "2' 7\"";
      const feet = await s.client.callTool({ name: "ask_width", arguments: {} }) as Json;
      assert.equal((feet.structuredContent as Json).verdict, "Width 0.7874 m.", textOf(feet));
      width = "9";
      const bad = await s.client.callTool({ name: "ask_width", arguments: {} }) as Json;
      assert.equal(bad.isError, true);
      // Named by the session's check of the answer, with how to give another unit.
      assert.equal(JSON.parse(textOf(bad)).verdict.split(": ")[1], "width_m", textOf(bad));
      await assertGolden("mcp.units", {
        description: described,
        bad: JSON.parse(textOf(bad)).verdict,
      });
    } finally {
      await s.close();
    }
  });

  Deno.test(`mcp ${era}: partial answers: the rest is asked (2026) or refused (2025)`, async () => {
    const home = freshHome();
    const asked: string[][] = [];
    const s = await start(era, home, {
      extra: [`--tools=${FIXTURE_TOOLS}`],
      elicit: (p) => {
        const wanted = Object.keys((p.requestedSchema as Json).properties);
        asked.push(wanted);
        return {
          action: "accept",
          content: asked.length === 1 ? { scan: "demo" } : { width_m: 0.9 },
        };
      },
    });
    try {
      const r = await s.client.callTool({ name: "ask_width", arguments: {} }) as Json;
      if (era === "legacy") {
        // The 2025-era SDK checks an answer against the form: a missing one is an error.
        assert.equal(r.isError, true);
        assert.ok(textOf(r).includes("width_m"), textOf(r));
        assert.deepEqual(asked, [["scan", "width_m"]]);
      } else {
        assert.equal((r.structuredContent as Json).verdict, "Width 0.9 m.", textOf(r));
        assert.deepEqual(asked, [["scan", "width_m"], ["width_m"]]);
      }
    } finally {
      await s.close();
    }
  });

  Deno.test(`mcp ${era}: cancellation stops the tool and the server keeps serving`, async () => {
    const home = freshHome();
    const s = await start(era, home, { extra: [`--tools=${FIXTURE_TOOLS}`] });
    try {
      const ac = new AbortController();
      const steps: string[] = [];
      const call = s.client.callTool(
        { name: "slow_steps", arguments: { scan: "demo", steps: 500 } },
        {
          signal: ac.signal,
          onprogress: (p) => {
            steps.push(p.message ?? "");
            if (steps.length === 3) ac.abort();
          },
        },
      );
      await assert.rejects(call);
      await new Promise((r) => setTimeout(r, 200));
      const store = openStore(home);
      // A cancelled run is not stored; a finished one would be.
      assert.equal(store.listRuns({ tool: "slow_steps" }).length, 0);
      store.close();
      // The tool stopped: its step count no longer moves (it had 500 steps, one per 20 ms).
      const taken = async () => {
        const r = await s.client.callTool({
          name: "slow_steps",
          arguments: { scan: "demo", report: true },
        }) as Json;
        return Number(/^(\d+)/.exec((r.structuredContent as Json).verdict)![1]);
      };
      const first = await taken();
      await new Promise((r) => setTimeout(r, 300));
      assert.equal(await taken(), first);
      assert.ok(first < 100, `${first} steps taken`);
      const r = await s.client.callTool({
        name: "slow_steps",
        arguments: { scan: "demo", steps: 2 },
      }) as Json;
      assert.equal((r.structuredContent as Json).verdict, "Took 2 steps.");
      assert.equal(await taken(), first + 2);
    } finally {
      await s.close();
    }
  });

  Deno.test(`mcp ${era}: resources and select_scan`, async () => {
    const home = freshHome();
    const s = await start(era, home);
    try {
      const { resources } = await s.client.listResources();
      const uris = resources.map((r) => r.uri);
      assert.ok(uris.includes("threshold://scans"));
      assert.ok(uris.includes("threshold://scans/demo/plan"));
      const plan = JSON.parse(
        ((await s.client.readResource({ uri: "threshold://scans/demo/plan" })).contents[0] as Json)
          .text,
      );
      assert.ok(plan.rooms.length > 0);
      await assert.rejects(s.client.readResource({ uri: "threshold://scans/nowhere/plan" }));
      await assert.rejects(s.client.readResource({ uri: "threshold://runs/no-such-run" }));

      const before = await s.client.callTool({ name: "ceiling_height", arguments: {} }) as Json;
      assert.equal(before.isError, true, "no selection yet: the scan is missing");
      const done = await s.client.complete({
        ref: { type: "ref/prompt", name: "select_scan" },
        argument: { name: "scan", value: "de" },
      });
      assert.deepEqual(done.completion.values, ["demo"]);
      const p = await s.client.getPrompt({ name: "select_scan", arguments: { scan: "demo" } });
      await assertGolden("mcp.select_scan", p.messages);
      await assert.rejects(
        s.client.getPrompt({ name: "select_scan", arguments: { scan: "nope" } }),
      );
      const scans = JSON.parse(
        ((await s.client.readResource({ uri: "threshold://scans" })).contents[0] as Json).text,
      );
      assert.equal(scans.selected, "demo");
      const after = await s.client.callTool({ name: "ceiling_height", arguments: {} }) as Json;
      assert.notEqual(after.isError, true, textOf(after));
      assert.equal((after.structuredContent as Json).scan, "demo");
    } finally {
      await s.close();
    }
  });
}

Deno.test("mcp: bad arguments are isError results naming the input; unknown tools a protocol error", async () => {
  const home = freshHome();
  const s = await start("legacy", home);
  try {
    const wrongType = await s.client.callTool({
      name: "ceiling_height",
      arguments: { scan: "demo", min_height_m: "tall" },
    }) as Json;
    assert.equal(wrongType.isError, true);
    // The text is the view the output schema describes; its verdict names the input.
    const said: Record<string, string> = {};
    said.wrong_type = JSON.parse(textOf(wrongType)).verdict;
    assert.equal(said.wrong_type.split(": ")[1], "min_height_m");
    assert.equal((wrongType.structuredContent as Json).status, "unknown");
    const range = await s.client.callTool({
      name: "ceiling_height",
      arguments: { scan: "demo", min_height_m: 60 },
    }) as Json;
    assert.equal(range.isError, true);
    said.range = JSON.parse(textOf(range)).verdict;
    assert.equal(said.range.split(": ")[1], "min_height_m");
    const unknownScan = await s.client.callTool({
      name: "ceiling_height",
      arguments: { scan: "atlantis" },
    }) as Json;
    assert.equal(unknownScan.isError, true);
    said.unknown_scan = JSON.parse(textOf(unknownScan)).verdict;
    assert.equal(said.unknown_scan.split(": ")[1], "scan");
    const extra = await s.client.callTool({
      name: "ceiling_height",
      arguments: { scan: "demo", colour: "red" },
    }) as Json;
    assert.equal(extra.isError, true);
    said.extra = JSON.parse(textOf(extra)).verdict;
    assert.equal(said.extra.split(": ")[1], "colour");
    await assert.rejects(s.client.callTool({ name: "no_such_tool", arguments: {} }), (e: Error) => {
      assert.ok(e.message.includes("no_such_tool"), e.message);
      return true;
    });
    await assertGolden("mcp.bad_arguments", said);
    const ok = await s.client.callTool({ name: "ceiling_height", arguments: { scan: "demo" } });
    assert.notEqual(ok.isError, true);
    // An argument given as null (OpenAI strict-mode style) counts as left out.
    const nul = await s.client.callTool({
      name: "ceiling_height",
      arguments: { scan: "demo", min_height_m: null },
    }) as Json;
    assert.notEqual(nul.isError, true, textOf(nul));
    assert.equal((await linkedRun(s, nul)).verdict.data.min_m, 2.13, "the default");
  } finally {
    await s.close();
  }
});

Deno.test("mcp: started with -A it confines itself to the project, the store, --root and attached rasters", async () => {
  const home = freshHome();
  const root = Deno.makeTempDirSync({ prefix: "threshold-root-" });
  const outside = Deno.makeTempDirSync({ prefix: "threshold-outside-" });
  Deno.writeTextFileSync(`${root}/inside.txt`, "in");
  Deno.writeTextFileSync(`${outside}/secret.txt`, "out");
  // A raster a person attached to a site: that file, and not its folder, is readable.
  const dem = `${outside}/dem.tif`;
  Deno.writeFileSync(dem, await gridToTiff(tiltedPlane(4, 4, 0.1), 32633));
  const store = openStore(home);
  await addRaster(store, "52.5,13.4", dem, "elevation");
  store.close();
  const s = await start("legacy", home, {
    args: ["run", "-A", MCP_TS, `--home=${home}`, `--root=${root}`, `--tools=${FIXTURE_TOOLS}`],
  });
  try {
    const probe = async (path: string) =>
      ((await s.client.callTool({ name: "read_probe", arguments: { path } })) as Json)
        .structuredContent.status;
    assert.equal(await probe(`${root}/inside.txt`), "pass");
    assert.equal(await probe(`${outside}/secret.txt`), "fail");
    assert.equal(await probe(dem), "pass");
    assert.equal(await probe("/etc/passwd"), "fail");
  } finally {
    await s.close();
  }
});

Deno.test("mcp: --print-host-config prints a configuration that starts the server", async () => {
  const home = freshHome();
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", MCP_TS, "--print-host-config", `--home=${home}`],
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.equal(out.code, 0, new TextDecoder().decode(out.stderr));
  const server = JSON.parse(new TextDecoder().decode(out.stdout)).mcpServers.threshold;
  assert.equal(server.command, Deno.execPath());
  assert.ok(!server.args.includes("-A"), "no blanket permissions");
  assert.ok(server.args.some((a: string) => a === `--allow-write=${home}`));
  const s = await start("modern", home, { args: server.args });
  try {
    const { tools } = await s.client.listTools();
    assert.deepEqual(tools.map((t) => t.name), [
      ...(await loadRegistry()).tools.map((m) => m.id),
      "import_scan",
    ]);
  } finally {
    await s.close();
  }
});
