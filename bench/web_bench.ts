/**
 * Web view benchmarks, each against a named baseline in the same run (figures with the
 * issue's targets: bench/web_figures.ts):
 * - a tool page's server render, warm (GET /tools/ceiling_height) vs a bare Deno.serve hello;
 *   target ≤ 20 ms;
 * - the first step event of a ceiling_height run after the POST (SSE over loopback) vs the
 *   same hello; target ≤ 100 ms.
 */
import { benchWeb, firstStep, helloServer } from "./_web.ts";

const web = await benchWeb();
const hello = helloServer();
// Warm: the tool module, the demo plan and the page code are loaded once before timing.
await (await fetch(`${web.origin}/tools/ceiling_height`)).text();
await (await firstStep(web.origin)).done;

Deno.bench({
  name: "bare Deno.serve hello (baseline)",
  group: "page render",
  baseline: true,
  async fn() {
    await (await fetch(hello.url)).text();
  },
});

Deno.bench({
  name: "GET /tools/ceiling_height (warm)",
  group: "page render",
  async fn() {
    await (await fetch(`${web.origin}/tools/ceiling_height`)).text();
  },
});

Deno.bench({
  name: "bare Deno.serve hello (baseline)",
  group: "first step",
  baseline: true,
  async fn() {
    await (await fetch(hello.url)).text();
  },
});

Deno.bench({
  name: "POST ceiling_height run → first SSE step event",
  group: "first step",
  async fn(b) {
    b.start();
    const r = await firstStep(web.origin);
    b.end();
    await r.done;
  },
});

globalThis.addEventListener("unload", () => {
  web.close();
  hello.close();
});
