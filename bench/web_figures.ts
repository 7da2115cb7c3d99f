/**
 * The web view's figures against the issue's targets, each with a baseline from the same run:
 * warm tool page render (median of 200) vs a bare Deno.serve hello; first SSE step event after
 * submitting ceiling_height (median and 95th percentile of 100) vs the same hello; the islands'
 * JavaScript gzipped (target ≤ 60 KB); 50 simultaneous ceiling_height runs over SSE on loopback
 * (target: none lost), with the wall time of the lot vs one run alone.
 *
 * ```sh
 * deno run -A bench/web_figures.ts            # prints a table; --json for JSON
 * ```
 */
import { benchWeb, firstStep, helloServer } from "./_web.ts";

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)];

async function timed(n: number, fn: () => Promise<unknown>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await fn();
    out.push(performance.now() - t0);
  }
  return out;
}

async function gzipSize(bytes: Uint8Array): Promise<number> {
  const s = new Blob([bytes as BlobPart]).stream().pipeThrough(new CompressionStream("gzip"));
  return (await new Response(s).arrayBuffer()).byteLength;
}

const web = await benchWeb();
const hello = helloServer();
const page = () => fetch(`${web.origin}/tools/ceiling_height`).then((r) => r.text());
const hi = () => fetch(hello.url).then((r) => r.text());
await page();
await (await firstStep(web.origin)).done;
await timed(20, hi);

const helloMs = await timed(200, hi);
const pageMs = await timed(200, page);
const firsts: number[] = [];
for (let i = 0; i < 100; i++) {
  const r = await firstStep(web.origin);
  firsts.push(r.first_ms);
  await r.done;
}

const html = await page();
const jsPath = /src="(\/assets\/islands-[0-9a-f]+\.js)"/.exec(html)![1];
const js = new Uint8Array(await (await fetch(web.origin + jsPath)).arrayBuffer());
const jsGz = await gzipSize(js);

const oneT0 = performance.now();
await (await firstStep(web.origin)).done;
const oneMs = performance.now() - oneT0;
const t0 = performance.now();
const runs = await Promise.all(
  Array.from({ length: 50 }, async () => await (await firstStep(web.origin)).done),
);
const allMs = performance.now() - t0;
const complete = runs.filter((r) => r.result && r.steps >= 1).length;

const rows: [string, string, string, string][] = [
  [
    "tool page render, warm (median)",
    `${median(pageMs).toFixed(2)} ms`,
    "≤ 20 ms",
    `hello ${median(helloMs).toFixed(2)} ms`,
  ],
  [
    "first step event after submit (median)",
    `${median(firsts).toFixed(2)} ms`,
    "≤ 100 ms",
    `hello ${median(helloMs).toFixed(2)} ms`,
  ],
  [
    "first step event after submit (p95)",
    `${p95(firsts).toFixed(2)} ms`,
    "≤ 100 ms",
    `hello p95 ${p95(helloMs).toFixed(2)} ms`,
  ],
  [
    "island JavaScript, gzipped",
    `${(jsGz / 1024).toFixed(1)} KB (${(js.byteLength / 1024).toFixed(1)} KB raw)`,
    "≤ 60 KB",
    "—",
  ],
  [
    "50 simultaneous SSE runs complete",
    `${complete} of 50 in ${allMs.toFixed(0)} ms`,
    "none lost",
    `one run alone ${oneMs.toFixed(1)} ms`,
  ],
];
if (Deno.args.includes("--json")) {
  console.log(JSON.stringify(
    {
      page_render_median_ms: median(pageMs),
      hello_median_ms: median(helloMs),
      first_step_median_ms: median(firsts),
      first_step_p95_ms: p95(firsts),
      islands_js_gzip_bytes: jsGz,
      islands_js_bytes: js.byteLength,
      sse_50_complete: complete,
      sse_50_wall_ms: allMs,
      one_run_ms: oneMs,
    },
    null,
    2,
  ));
} else {
  console.log(`threshold web figures (Deno ${Deno.version.deno}, ${Deno.build.target})`);
  for (const r of rows) {
    console.log(
      `${r[0].padEnd(42)} ${r[1].padEnd(28)} target ${r[2].padEnd(10)} baseline: ${r[3]}`,
    );
  }
}
await web.close();
await hello.close();
