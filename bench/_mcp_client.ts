/**
 * A minimal JSON-RPC client over a child's stdio, for the MCP benchmarks: no SDK in the
 * measuring process, so the figures are the server's. Also reads the child's resident memory.
 */
import { confinedFlags } from "../host/confine.ts";

export const PROJECT = new URL("../", import.meta.url).pathname.replace(/\/$/, "");

export interface RawClient {
  pid: number;
  request(method: string, params?: unknown): Promise<Record<string, any>>;
  notify(method: string, params?: unknown): void;
  /** Resident set size of the server process in bytes (Linux /proc), or NaN. */
  rssBytes(): number;
  close(): Promise<void>;
}

/** The server's command line: under its documented, confined flags. */
export function serverCommand(home: string): string[] {
  return ["run", ...confinedFlags(home, []), `${PROJECT}/mcp.ts`, `--home=${home}`];
}

/** Spawns a command that speaks JSON-RPC lines on stdio. */
export function spawnRaw(cmd: string, args: string[]): RawClient {
  const child = new Deno.Command(cmd, {
    args,
    cwd: PROJECT,
    stdin: "piped",
    stdout: "piped",
    stderr: "null",
  }).spawn();
  const writer = child.stdin.getWriter();
  const enc = new TextEncoder();
  const waiting = new Map<number, (v: Record<string, any>) => void>();
  let nextId = 1;
  (async () => {
    const dec = new TextDecoder();
    let buf = "";
    for await (const chunk of child.stdout) {
      buf += dec.decode(chunk, { stream: true });
      let nl;
      while ((nl = buf.indexOf("\n")) >= 0) {
        const line = buf.slice(0, nl);
        buf = buf.slice(nl + 1);
        if (!line) continue;
        const msg = JSON.parse(line);
        if (msg.id !== undefined && waiting.has(msg.id)) {
          waiting.get(msg.id)!(msg);
          waiting.delete(msg.id);
        }
      }
    }
  })();
  return {
    pid: child.pid,
    request(method, params) {
      const id = nextId++;
      const p = new Promise<Record<string, any>>((r) => waiting.set(id, r));
      writer.write(enc.encode(JSON.stringify({ jsonrpc: "2.0", id, method, params }) + "\n"));
      return p;
    },
    notify(method, params) {
      writer.write(enc.encode(JSON.stringify({ jsonrpc: "2.0", method, params }) + "\n"));
    },
    rssBytes() {
      try {
        const status = Deno.readTextFileSync(`/proc/${child.pid}/status`);
        const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
        return kb * 1024;
      } catch {
        return NaN;
      }
    },
    async close() {
      await writer.close().catch(() => {});
      await child.status;
    },
  };
}

/** The 2025-era opening: initialize, then the initialized notification. */
export async function initialize(c: RawClient): Promise<void> {
  await c.request("initialize", {
    protocolVersion: "2025-11-25",
    capabilities: {},
    clientInfo: { name: "bench", version: "1" },
  });
  c.notify("notifications/initialized");
}

/** Median of numbers. */
export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}
