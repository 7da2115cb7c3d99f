/** Shared by the web view's benchmarks: a web view and a bare Deno.serve hello on loopback. */
import { startWeb, type WebServer } from "../web/mod.ts";

export async function benchWeb(): Promise<WebServer & { origin: string }> {
  const home = Deno.makeTempDirSync({ prefix: "threshold-bench-web-" });
  const web = await startWeb({ port: 0, home });
  return { ...web, origin: web.url.replace(/\/$/, "") };
}

/** The baseline: Deno.serve answering "hello" and nothing else. */
export function helloServer(): { url: string; close(): Promise<void> } {
  const ac = new AbortController();
  const s = Deno.serve(
    { port: 0, hostname: "127.0.0.1", signal: ac.signal, onListen: () => {} },
    () => new Response("hello"),
  );
  return {
    url: `http://127.0.0.1:${s.addr.port}/`,
    close: async () => {
      ac.abort();
      await s.finished;
    },
  };
}

/** POSTs a ceiling_height run on the demo as the browser does; ms to the first step event. */
export async function firstStep(
  origin: string,
): Promise<{ first_ms: number; done: Promise<{ steps: number; result: boolean }> }> {
  const t0 = performance.now();
  const res = await fetch(`${origin}/tools/ceiling_height/run`, {
    method: "POST",
    body: new URLSearchParams({ "in.scan": "demo" }),
    headers: { origin, accept: "text/event-stream" },
  });
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buf = "";
  while (!buf.includes("event: step")) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`the stream ended with no step: ${buf.slice(0, 300)}`);
    buf += value;
  }
  const first_ms = performance.now() - t0;
  const done = (async () => {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buf += value;
    }
    return {
      steps: (buf.match(/^event: step$/gm) ?? []).length,
      result: /^event: result$/m.test(buf),
    };
  })();
  return { first_ms, done };
}
