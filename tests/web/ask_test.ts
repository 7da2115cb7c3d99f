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
import { sseEvents, testWeb } from "./_server.ts";

const DESIGN_Q = "Can I get my wheelchair from the front door to the bathroom?";

const form = (o: Record<string, string>) => new URLSearchParams(o);

function unescape(s: string): string {
  return s.replaceAll("&quot;", '"').replaceAll("&#39;", "'").replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">").replaceAll("&amp;", "&");
}

/** The RunForm islands of a page, by the props they hydrate from. */
function runForms(page: string): RunFormProps[] {
  return [...page.matchAll(/data-island="RunForm" data-props="([^"]*)"/g)].map((m) =>
    JSON.parse(unescape(m[1]))
  );
}

/** The fields a person must fill (required), as the form marks them in the HTML. */
function requiredIn(page: string): string[] {
  return [...page.matchAll(/<(?:input|select) id="in-([\w-]+)"[^>]*\brequired\b/g)].map((m) =>
    m[1]
  );
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
    const home = await (await web.get("/")).text();
    assert.match(home, /<a href="\/ask">Ask<\/a>/);
    const page = await (await web.get("/ask")).text();
    assert.match(page, /<a href="\/ask" aria-current="page">Ask<\/a>/);
    assert.match(page, /<form method="post" action="\/ask"/);
    assert.match(page, /<label for="ask-q">Your question<\/label>/);
    assert.match(page, /<input id="ask-q" name="q"[^>]*required/);
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
    assert.match(
      page,
      /<p class="decision" role="status"><strong>Chosen tool<\/strong> — Step-free route: its description matches/,
    );
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
    assert.equal(to.from_text, "your question");
    assert.ok(to.value !== "", "the room the question names is filled");
    assert.match(page, /Using Bathroom[^<]*, from your question\./);
    const scan = forms[0].fields.find((f) => f.name === "scan")!;
    assert.equal(scan.value, "demo");
    assert.equal(scan.from_text, "your selected scan");
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
    assert.equal(w.from_text, "your question");
    assert.equal(w.required, false);
    assert.match(page, /Using 0\.66 m, from your question\./);
    assert.match(page, /From your question: [^<]*0\.66 m/);
    // Run it as the browser would: the form's values, to the form's action, streamed.
    const res = await web.post(f.action, submitted(f), { accept: "text/event-stream" });
    const events = await sseEvents(res);
    const kinds = events.map((e) => e.event);
    assert.ok(kinds.includes("step"), kinds.join(","));
    assert.equal(kinds.at(-1), "result", JSON.stringify(events.at(-1)));
    const r = events.at(-1)!.data;
    assert.match(r.status, /^(pass|fail|warn|unknown)$/);
    assert.match(r.html, /class="block verdict status-/);
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
    assert.match(await res.text(), /class="block verdict status-/);
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
    assert.match(page, /<h2 id="h-which">Which do you mean: /);
    const offered = [
      ...page.matchAll(/<button type="submit" name="tool" value="(\w+)"[^>]*>([^<]+)<\/button>/g),
    ].map((m) => ({ tool: m[1], title: m[2] }));
    assert.ok(offered.length >= 2 && offered.length <= 3, JSON.stringify(offered));
    assert.deepEqual(offered.map((o) => o.tool).slice(0, 2), ["turning_space", "step_free_route"]);
    // By title, never by id.
    for (const o of offered) assert.ok(!o.title.includes("_") && o.title !== o.tool, o.title);
    // The buttons post the question with them.
    assert.match(page, new RegExp(`<input type="hidden" name="q" value="${q}"`));
    const chosen = await (await web.post("/ask", form({ q, tool: offered[0].tool }))).text();
    const forms = runForms(chosen);
    assert.equal(forms.length, 1);
    assert.equal(forms[0].tool, offered[0].tool);
    assert.match(
      chosen,
      new RegExp(
        `<strong>Chosen tool</strong> — ${offered[0].title}: you chose it from the tools offered`,
      ),
    );
  } finally {
    await web.close();
  }
});

Deno.test("web ask: a question no tool answers says what threshold answers, grouped; no form", async () => {
  const web = await webWithDemo();
  try {
    const page = await (await web.post("/ask", form({ q: "what's the weather" }))).text();
    assert.equal(runForms(page).length, 0);
    assert.match(page, /<h2 id="h-none">threshold cannot answer that<\/h2>/);
    const groups = [...page.matchAll(/<li>([^<:]+): /g)].map((m) => m[1]);
    assert.ok(groups.length >= 4 && groups.length < 12, JSON.stringify(groups));
    assert.match(page, /<a href="\/tools\/will_it_fit">Will it fit\?<\/a>/);
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
    assert.equal(to.ask, "Which bedroom: Main bedroom or Second bedroom?");
    assert.equal(to.required, true);
    assert.deepEqual(to.choices!.map((c) => c.value), ["u_bed1", "u_bed2"]);
    // The length the question stated is kept, as typed units read.
    assert.equal(f.fields.find((x) => x.name === "width_m")!.from_text, "your question");
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
    assert.equal(w.from_text, "your question");
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
    assert.match(page, /<strong>Chosen tools<\/strong> — Door clearance: [^<]*; Turning space: /);
    const ids = [...page.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]);
    assert.equal(new Set(ids).size, ids.length, "every id on the page is unique");
    // Each tool reads its own part: the room to turn in is the bathroom, from the question.
    const room = forms[1].fields.find((f) => f.name === "room")!;
    assert.equal(room.from_text, "your question");
  } finally {
    await web.close();
  }
});

Deno.test("web ask: an empty question or an unknown tool is a 400 naming the input; a POST from elsewhere is refused", async () => {
  const web = await webWithDemo();
  try {
    const empty = await web.post("/ask", form({ q: "  " }));
    assert.equal(empty.status, 400);
    const text = await empty.text();
    assert.match(text, /id="ask-err" class="field-error">.*question: is empty; ask a question/);
    assert.match(text, /aria-invalid="true"/);
    const nope = await web.post("/ask", form({ q: "check the house", tool: "nope" }));
    assert.equal(nope.status, 400);
    assert.match(await nope.text(), /tool: no tool &quot;nope&quot;; tools: /);
    const none = await fetch(`${web.origin}/ask`, { method: "POST", body: form({ q: DESIGN_Q }) });
    assert.equal(none.status, 403);
    assert.match(await none.text(), /Origin/);
    const other = await web.post("/ask", form({ q: DESIGN_Q }), { origin: "http://evil.example" });
    assert.equal(other.status, 403);
    await other.body?.cancel();
  } finally {
    await web.close();
  }
});
