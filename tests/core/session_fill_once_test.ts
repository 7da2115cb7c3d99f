/**
 * A run session fills a tool's inputs once for what it has been told: the preview a surface
 * shows, the answers read against it and the run share one fill, and runTool does not fill a
 * second time (issue 22: one web POST used to fill four times). Counted by how often the fill
 * asks the store for ceiling_height's preference (space.min_ceiling_m): once per fill.
 */
import { assertEquals } from "../_assert.ts";
import { loadRegistry } from "../../core/registry.ts";
import { createSession } from "../../core/session.ts";
import { openStore, type Store } from "../../core/store.ts";
import { BUILTIN_SCANS } from "../../layers/builtin.ts";
import { runTool } from "../../core/run.ts";

const tool = (await loadRegistry()).require("ceiling_height");

/** A store that counts the reads of one preference. */
function counting(key: string): { store: Store; reads: () => number } {
  const store = openStore(":memory:");
  let n = 0;
  const getPref = store.getPref.bind(store);
  store.getPref = (k: string) => {
    if (k === key) n++;
    return getPref(k);
  };
  return { store, reads: () => n };
}

Deno.test("a form's preview, its answers and the run: one fill before the answers, one after", async () => {
  const { store, reads } = counting("space.min_ceiling_m");
  const session = createSession(tool, { store, builtins: BUILTIN_SCANS });
  const pv = session.preview();
  assertEquals(pv.questions.map((q) => q.input), ["scan"]);
  assertEquals(session.preview(), pv, "the same preview, not filled again");
  assertEquals(reads(), 1);
  const state = await session.answer({ scan: "demo" });
  assertEquals(state.status, "done");
  // The answers are read against the preview already made; the run's fill (with the answer)
  // is the session's, handed to runTool.
  assertEquals(reads(), 2);
  if (state.status === "done") {
    assertEquals(state.result.inputs.scan, { value: "demo", from: "asked" });
  }
  store.close();
});

Deno.test("answers already read (a terminal) are taken as read; a run alone fills once", async () => {
  const { store, reads } = counting("space.min_ceiling_m");
  const session = createSession(tool, { store, builtins: BUILTIN_SCANS });
  const first = await session.run();
  assertEquals([first.status, reads()], ["needs_input", 1]);
  const state = await session.answer({ scan: "demo", min_height_m: 2.5 }, { parsed: true });
  assertEquals(state.status, "done");
  if (state.status === "done") {
    assertEquals(state.result.inputs.min_height_m, { value: 2.5, from: "asked" });
  }
  // The answered preference is not read from the store: the fill after the answers reads none.
  assertEquals(reads(), 1);
  store.close();
});

Deno.test("personaOf: read once when the session fills, never when a runner (a worker) fills", async () => {
  const store = openStore(":memory:");
  let reads = 0;
  const tall = {
    id: "tall",
    title: "Tall",
    preset: { "space.min_ceiling_m": { value: 2.6 } },
  };
  const personaOf = () => (reads++, tall);
  // No runner: the session fills, with the persona read once for the preview and the run.
  const here = createSession(tool, { store, builtins: BUILTIN_SCANS, personaOf });
  here.preview();
  const state = await here.answer({ scan: "demo" });
  assertEquals(state.status, "done");
  if (state.status === "done") {
    assertEquals(state.result.inputs.min_height_m, { value: 2.6, from: "persona" });
  }
  assertEquals(reads, 1);
  // A runner fills for itself (the MCP pool's worker reads the persona there): none read here.
  reads = 0;
  let given: unknown = "unset";
  const away = createSession(tool, {
    store,
    builtins: BUILTIN_SCANS,
    set: { scan: "demo" },
    personaOf,
    runner: (_m, o) => {
      given = o.persona;
      return Promise.resolve({ status: "done", result: {} as never, run_id: "r", duration_ms: 0 });
    },
  });
  assertEquals((await away.run()).status, "done");
  assertEquals([reads, given], [0, undefined]);
  store.close();
});

Deno.test("the selected scan is read only when an input is filled from it, once a fill", async () => {
  const store = openStore(":memory:");
  store.setSelection("scan", "demo");
  let reads = 0;
  const getSelection = store.getSelection.bind(store);
  store.getSelection = (kind: string) => (kind === "scan" && reads++, getSelection(kind));
  const given = await runTool(tool, { store, builtins: BUILTIN_SCANS, set: { scan: "demo" } });
  assertEquals([given.status, reads], ["done", 0]);
  const selected = await runTool(tool, { store, builtins: BUILTIN_SCANS });
  assertEquals([selected.status, reads], ["done", 1]);
  if (selected.status === "done") {
    assertEquals(selected.result.inputs.scan, { value: "demo", from: "selection" });
  }
  // A session given its scan reads none either, for its preview and its run.
  reads = 0;
  const session = createSession(tool, { store, builtins: BUILTIN_SCANS, set: { scan: "demo" } });
  session.preview();
  assertEquals([(await session.run()).status, reads], ["done", 0]);
  store.close();
});
