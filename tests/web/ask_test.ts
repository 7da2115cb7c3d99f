/**
 * The web view's ask page over HTTP (no browser): a question goes to the agent, the page says
 * which tool it chose and why, and shows that tool's form prefilled with what the question
 * stated (marked "from your question"), asking only what nothing fills; the form runs through
 * the tool's own streamed run path. A low-confidence question offers the likely tools by title,
 * carrying the question; two tools get two forms; a POST from elsewhere is refused.
 */
import assert from "node:assert/strict";
import { decide } from "../../agent/ask.ts";
import { openStore } from "../../core/store.ts";
import { BUILTIN_SCANS } from "../../layers/builtin.ts";
import type { RunFormProps } from "../../web/islands/RunForm.tsx";
import { FROM_QUESTION } from "../../web/routes/ask.tsx";
import { sourceWords } from "../../web/words.ts";
import { assertGolden } from "../_golden.ts";
import { dom, textOf } from "../_html.ts";
import { sseEvents, testWeb } from "./_server.ts";

const DESIGN_Q = "Can I get my wheelchair from the front door to the bathroom?";

const form = (o: Record<string, string>) => new URLSearchParams(o);

/** The RunForm islands of a page, by the props they hydrate from. */
function runForms(page: string): RunFormProps[] {
  return [...dom(page).querySelectorAll('[data-island="RunForm"]')].map((e) =>
    JSON.parse(e.getAttribute("data-props")!)
  );
}

/** The fields a person must fill (required), as the form marks them in the HTML. */
function requiredIn(page: string): string[] {
  return [...dom(page).querySelectorAll("input[required],select[required]")]
    .map((e) => e.id).filter((id) => id.startsWith("in-")).map((id) => id.slice(3));
}

/** A form's fields as the browser would submit them untouched. */
function submitted(f: RunFormProps): URLSearchParams {
  const p = new URLSearchParams();
  for (const x of f.fields) p.append(`in.${x.name}`, x.value);
  return p;
}

async function webWithDemo() {
  const web = await testWeb();
  const s = openStore(web.home);
  s.setSelection("scan", "demo");
  s.close();
  return web;
}

Deno.test("web ask: the header links the ask page; its question field is labelled", async () => {
  const web = await testWeb();
  try {
    const home = dom(await (await web.get("/")).text());
    const link = home.querySelector('nav>ul>li>a[href="/ask"]')!;
    assert.equal(link.hasAttribute("aria-current"), false);
    const page = dom(await (await web.get("/ask")).text());
    const here = page.querySelector('nav>ul>li>a[href="/ask"]')!;
    assert.equal(here.getAttribute("aria-current"), "page");
    assert.ok(page.querySelector('form[method="post"][action="/ask"]'));
    const q = page.querySelector("input#ask-q")!;
    assert.equal(q.getAttribute("name"), "q");
    assert.equal(q.hasAttribute("required"), true);
    await assertGolden("web.ask.page", {
      nav_link: link.textContent,
      label: textOf(page, 'label[for="ask-q"]'),
    });
  } finally {
    await web.close();
  }
});

Deno.test("web ask: the design's question picks step_free_route, says why, and its form asks only the chair width", async () => {
  const web = await webWithDemo();
  try {
    const res = await web.post("/ask", form({ q: DESIGN_Q }));
    assert.equal(res.status, 200);
    const page = await res.text();
    // One line: which tool and why, the agent's own line.
    const s = openStore(web.home);
    const d = await decide(DESIGN_Q, { store: s, builtins: BUILTIN_SCANS });
    s.close();
    assert.equal(d.status, "tools");
    const doc = dom(page);
    const decision = doc.querySelector('p.decision[role="status"]')!;
    assert.ok(decision, "the decision is announced");
    const forms = runForms(page);
    assert.equal(forms.length, 1);
    assert.equal(forms[0].tool, "step_free_route");
    assert.equal(forms[0].action, "/tools/step_free_route/run");
    // Only the chair width: the scan is the selection, the room is the question's.
    assert.deepEqual(requiredIn(page), ["chair_width_m"]);
    assert.deepEqual(forms[0].fields.filter((f) => f.required).map((f) => f.name), [
      "chair_width_m",
    ]);
    // The agent's decision asks exactly that too: the page draws the agent's questions.
    if (d.status === "tools") {
      assert.deepEqual(d.tools[0].questions.map((q) => q.input), ["chair_width_m"]);
    }
    // "the bathroom" is the demo's bathroom, by name, from the question.
    const to = forms[0].fields.find((f) => f.name === "to")!;
    assert.equal(to.from_text, FROM_QUESTION);
    const bathroom = BUILTIN_SCANS.demo().plan.rooms.filter((r) => r.label === "bathroom");
    assert.ok(bathroom.some((r) => r.id === to.value), `the question's room: ${to.value}`);
    const scan = forms[0].fields.find((f) => f.name === "scan")!;
    assert.equal(scan.value, "demo");
    assert.equal(scan.from_text, sourceWords("selection"));
    // The words: which tool and why (the agent's own line), and where the room came from.
    await assertGolden("web.ask.design", {
      decision: textOf(doc, "p.decision"),
      to_hint: textOf(doc, "#hint-to"),
    });
  } finally {
    await web.close();
  }
});

Deno.test("web ask: a stated width (66 cm) is prefilled from the question, nothing is asked, and the form runs through the streamed run path", async () => {
  const web = await webWithDemo();
  try {
    const page = await (await web.post("/ask", form({ q: `${DESIGN_Q} My chair is 66 cm wide.` })))
      .text();
    assert.deepEqual(requiredIn(page), []);
    const [f] = runForms(page);
    const w = f.fields.find((x) => x.name === "chair_width_m")!;
    assert.equal(w.value, "0.66");
    assert.equal(w.from_text, FROM_QUESTION);
    assert.equal(w.required, false);
    const doc = dom(page);
    await assertGolden("web.ask.stated_width", {
      hint: textOf(doc, "#hint-chair_width_m"),
      note: textOf(doc, "section.ask-tool>p.note"),
    });
    // Run it as the browser would: the form's values, to the form's action, streamed.
    const res = await web.post(f.action, submitted(f), { accept: "text/event-stream" });
    const events = await sseEvents(res);
    const kinds = events.map((e) => e.event);
    assert.ok(kinds.includes("step"), kinds.join(","));
    assert.equal(kinds.at(-1), "result", JSON.stringify(events.at(-1)));
    const r = events.at(-1)!.data;
    assert.ok(["pass", "fail", "warn", "unknown"].includes(r.status), r.status);
    assert.ok(dom(r.html).querySelector(`section.block.verdict.status-${r.status}`));
    // The stored run used the question's width as an answer given, not a default.
    const s = openStore(web.home);
    const run = s.getRun(r.run_id)!;
    s.close();
    assert.equal(run.tool, "step_free_route");
    assert.equal(run.result.inputs.chair_width_m.value, 0.66);
    assert.notEqual(run.result.inputs.chair_width_m.from, "default");
    assert.equal(run.result.inputs.to.value, f.fields.find((x) => x.name === "to")!.value);
  } finally {
    await web.close();
  }
});

Deno.test("web ask: without JavaScript the prefilled form is a plain POST that returns the result page", async () => {
  const web = await webWithDemo();
  try {
    const page = await (await web.post("/ask", form({ q: `${DESIGN_Q} my chair is 66 cm wide` })))
      .text();
    const [f] = runForms(page);
    const res = await web.post(f.action, submitted(f));
    assert.equal(res.status, 200);
    assert.ok(dom(await res.text()).querySelector("section.block.verdict"));
  } finally {
    await web.close();
  }
});

Deno.test("web ask: a near-tie offers the close tools by title, best first, each carrying the question; choosing one shows its form", async () => {
  const web = await webWithDemo();
  try {
    const q = "wheelchair in the bathroom";
    const page = await (await web.post("/ask", form({ q }))).text();
    assert.equal(runForms(page).length, 0, "no tool is guessed");
    const doc = dom(page);
    const offered = [...doc.querySelectorAll('form.ask-choices button[name="tool"]')]
      .map((b) => ({ tool: b.getAttribute("value")!, title: b.textContent! }));
    assert.ok(offered.length >= 2 && offered.length <= 3, JSON.stringify(offered));
    assert.deepEqual(offered.map((o) => o.tool).slice(0, 2), ["turning_space", "step_free_route"]);
    // By title, never by id.
    const { listManifests } = await import("../../core/catalog.ts");
    const titles = new Map((await listManifests({ home: web.home })).map((m) => [m.id, m.title]));
    for (const o of offered) assert.equal(o.title, titles.get(o.tool), o.tool);
    // The buttons post the question with them.
    const carried = doc.querySelector('form.ask-choices input[type="hidden"][name="q"]');
    assert.equal(carried?.getAttribute("value"), q);
    const chosen = await (await web.post("/ask", form({ q, tool: offered[0].tool }))).text();
    const forms = runForms(chosen);
    assert.equal(forms.length, 1);
    assert.equal(forms[0].tool, offered[0].tool);
    const decision = textOf(dom(chosen), "p.decision")!;
    await assertGolden("web.ask.near_tie", {
      which: textOf(doc, "#h-which"),
      chosen: decision,
    });
  } finally {
    await web.close();
  }
});

Deno.test("web ask: a question no tool answers says what threshold answers, grouped; no form", async () => {
  const web = await webWithDemo();
  try {
    const page = await (await web.post("/ask", form({ q: "what's the weather" }))).text();
    assert.equal(runForms(page).length, 0);
    const doc = dom(page);
    const section = doc.querySelector('section.ask-answer[aria-labelledby="h-none"]')!;
    const groups = [...section.querySelectorAll("ul>li")];
    assert.ok(groups.length >= 4 && groups.length < 12, String(groups.length));
    // Every tool there is, by title, links its page.
    const { listManifests } = await import("../../core/catalog.ts");
    for (const m of await listManifests({ home: web.home })) {
      assert.equal(textOf(section, `a[href="/tools/${m.id}"]`), m.title, String(m.id));
    }
    await assertGolden("web.ask.none", {
      heading: textOf(doc, "#h-none"),
      groups: groups.map((li) => li.firstChild!.textContent),
    });
  } finally {
    await web.close();
  }
});

Deno.test("web ask: a bedroom named of two is asked by name: the form offers those two only", async () => {
  const web = await webWithDemo();
  try {
    const page =
      await (await web.post("/ask", form({ q: "Will a 2.1 m sofa get to the bedroom?" })))
        .text();
    const [f] = runForms(page);
    assert.equal(f.tool, "will_it_fit");
    const to = f.fields.find((x) => x.name === "to")!;
    await assertGolden("web.ask.bedroom", { ask: to.ask });
    assert.equal(to.required, true);
    assert.deepEqual(to.choices!.map((c) => c.value), ["u_bed1", "u_bed2"]);
    // The length the question stated is kept, as typed units read.
    assert.equal(f.fields.find((x) => x.name === "width_m")!.from_text, FROM_QUESTION);
  } finally {
    await web.close();
  }
});

Deno.test("web ask: a choice carries the values the question stated", async () => {
  const web = await webWithDemo();
  try {
    // A stated width with the tool chosen by the person: the width is still the question's.
    const chosen = await (await web.post(
      "/ask",
      form({ q: "my chair is 70 cm wide, check the house", tool: "door_clearance" }),
    )).text();
    const [f] = runForms(chosen);
    assert.equal(f.tool, "door_clearance");
    const w = f.fields.find((x) => x.name === "chair_width_m")!;
    assert.equal(w.value, "0.7");
    assert.equal(w.from_text, FROM_QUESTION);
  } finally {
    await web.close();
  }
});

Deno.test("web ask: a two-tool question shows both tools' forms, their field ids kept apart", async () => {
  const web = await webWithDemo();
  try {
    const page = await (await web.post(
      "/ask",
      form({ q: "Is the bathroom door wide enough and can I turn around in the bathroom?" }),
    )).text();
    const forms = runForms(page);
    assert.deepEqual(forms.map((f) => f.tool), ["door_clearance", "turning_space"]);
    const doc = dom(page);
    const decision = textOf(doc, "p.decision")!;
    // Both tools by title, in their order.
    const at = ["Door clearance", "Turning space"].map((t) => decision.indexOf(t));
    assert.ok(at[0] > 0 && at[1] > at[0], decision);
    const ids = [...doc.querySelectorAll("[id]")].map((e) => e.id);
    assert.equal(new Set(ids).size, ids.length, "every id on the page is unique");
    // Each tool reads its own part: the room to turn in is the bathroom, from the question.
    const room = forms[1].fields.find((f) => f.name === "room")!;
    assert.equal(room.from_text, FROM_QUESTION);
  } finally {
    await web.close();
  }
});

Deno.test("web ask: an empty question or an unknown tool is a 400 naming the input; a POST from elsewhere is refused", async () => {
  const web = await webWithDemo();
  try {
    const empty = await web.post("/ask", form({ q: "  " }));
    assert.equal(empty.status, 400);
    const doc = dom(await empty.text());
    const input = doc.querySelector("#ask-q")!;
    assert.equal(input.getAttribute("aria-invalid"), "true");
    assert.ok(input.getAttribute("aria-describedby")!.split(" ").includes("ask-err"));
    const nope = await web.post("/ask", form({ q: "check the house", tool: "nope" }));
    assert.equal(nope.status, 400);
    const nopeDoc = dom(await nope.text());
    const none = await fetch(`${web.origin}/ask`, { method: "POST", body: form({ q: DESIGN_Q }) });
    assert.equal(none.status, 403);
    const refused = await none.text();
    // Each error names its input: the question, the tool; the refusal names the Origin header.
    await assertGolden("web.ask.errors", {
      empty: textOf(doc, "#ask-err.field-error"),
      unknown_tool: (textOf(nopeDoc, ".field-error") ?? textOf(nopeDoc, '[role="alert"]'))
        ?.split("; tools:")[0],
      refused,
    });
    const other = await web.post("/ask", form({ q: DESIGN_Q }), { origin: "http://evil.example" });
    assert.equal(other.status, 403);
    await other.body?.cancel();
  } finally {
    await web.close();
  }
});
