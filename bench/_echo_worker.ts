/**
 * A bare worker for bench/mcp_call_phases.ts: posts back what it is sent, so Deno's own
 * postMessage round trip between two threads is timed without the pool.
 */
/// <reference lib="deno.worker" />
self.onmessage = (e: MessageEvent) => self.postMessage(e.data);
