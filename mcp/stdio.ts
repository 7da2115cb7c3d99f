/**
 * The MCP stdio wire: newline-delimited JSON-RPC 2.0 on stdin/stdout (MCP spec, "Transports:
 * stdio"). Unlike the SDK's own stdio transport, bad input never ends the connection: a line
 * that is not JSON is answered with a JSON-RPC parse error (-32700), a JSON value that is not
 * a JSON-RPC message with invalid request (-32600), and a line longer than `maxLineBytes` is
 * skipped and answered with invalid request. Only JSON-RPC is ever written to stdout.
 */
import {
  type JSONRPCMessage,
  parseJSONRPCMessage,
  type Transport,
} from "npm:@modelcontextprotocol/server@2.4.0";

/** The longest line accepted, in bytes (4 MiB): ample for any threshold request. */
export const MAX_LINE_BYTES = 4 * 1024 * 1024;

/** Where the wire reads and writes; defaults to the process's stdin and stdout. */
export interface LineWireOptions {
  input?: ReadableStream<Uint8Array>;
  output?: WritableStream<Uint8Array>;
  maxLineBytes?: number;
  /** How long requests in flight may take to finish once the input has ended, in ms. */
  drainMs?: number;
}

const NEWLINE = 10;
const DRAIN_MS = 10_000;

/** A JSON-RPC error response with a null id (the request's id is unknown). */
function errorLine(code: number, message: string, id: unknown = null): string {
  return JSON.stringify({ jsonrpc: "2.0", id, error: { code, message } }) + "\n";
}

/** The id of a JSON object that looks like a request, else null. */
function requestId(v: unknown): string | number | null {
  if (v && typeof v === "object" && !Array.isArray(v)) {
    const id = (v as { id?: unknown }).id;
    if (typeof id === "string" || (typeof id === "number" && Number.isFinite(id))) return id;
  }
  return null;
}

/** A Transport over newline-delimited JSON on byte streams (stdio by default). */
export function lineWire(opts: LineWireOptions = {}): Transport {
  const input = opts.input ?? Deno.stdin.readable;
  const output = opts.output ?? Deno.stdout.writable;
  const maxLine = opts.maxLineBytes ?? MAX_LINE_BYTES;
  const writer = output.getWriter();
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();
  let closed = false;
  let queue: Promise<void> = Promise.resolve();
  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  // Requests delivered and not yet answered: at end of input they are answered before closing.
  const pending = new Set<string | number>();
  let drained: (() => void) | undefined;

  const write = (text: string): Promise<void> => {
    const bytes = encoder.encode(text);
    queue = queue.then(() => closed ? undefined : writer.write(bytes)).catch((e) => {
      t.onerror?.(e as Error);
    });
    return queue;
  };

  const handleLine = (bytes: Uint8Array) => {
    let text = decoder.decode(bytes);
    if (text.endsWith("\r")) text = text.slice(0, -1);
    if (!text.trim()) return;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      write(errorLine(-32700, "Parse error: the line is not JSON"));
      return;
    }
    let message: JSONRPCMessage;
    try {
      message = parseJSONRPCMessage(value);
    } catch {
      // A response or notification that is malformed gets no answer (JSON-RPC 2.0 §5).
      const looksLikeRequest = value && typeof value === "object" && "method" in value &&
        "id" in value;
      if (looksLikeRequest || !(value && typeof value === "object" && "method" in value)) {
        write(
          errorLine(-32600, "Invalid Request: not a JSON-RPC 2.0 message", requestId(value)),
        );
      }
      return;
    }
    const id = (message as { id?: string | number }).id;
    if ("method" in message && id !== undefined) pending.add(id);
    try {
      t.onmessage?.(message);
    } catch (e) {
      t.onerror?.(e as Error);
    }
  };

  async function pump() {
    reader = input.getReader();
    let parts: Uint8Array[] = [];
    let size = 0;
    let skipping = false;
    try {
      while (!closed) {
        const { value, done } = await reader.read();
        if (done) break;
        let start = 0;
        while (start < value.length) {
          const nl = value.indexOf(NEWLINE, start);
          const end = nl === -1 ? value.length : nl;
          const piece = value.subarray(start, end);
          if (!skipping) {
            if (size + piece.length > maxLine) {
              skipping = true;
              parts = [];
              size = 0;
            } else if (piece.length) {
              parts.push(piece.slice());
              size += piece.length;
            }
          }
          if (nl === -1) break;
          if (skipping) {
            skipping = false;
            write(errorLine(-32600, `Invalid Request: a message is longer than ${maxLine} bytes`));
          } else {
            const line = parts.length === 1 ? parts[0] : concat(parts, size);
            parts = [];
            size = 0;
            handleLine(line);
          }
          start = nl + 1;
        }
      }
      if (!skipping && size > 0) handleLine(concat(parts, size));
    } catch (e) {
      if (!closed) t.onerror?.(e as Error);
    }
    // End of input: let the requests in flight finish (bounded), then close.
    let timer: ReturnType<typeof setTimeout> | undefined;
    if (pending.size) {
      await Promise.race([
        new Promise<void>((r) => drained = r),
        new Promise<void>((r) => timer = setTimeout(r, opts.drainMs ?? DRAIN_MS)),
      ]);
      clearTimeout(timer);
    }
    await t.close();
  }

  const t: Transport = {
    start() {
      pump();
      return Promise.resolve();
    },
    send(message: JSONRPCMessage) {
      if (closed) return Promise.reject(new Error("the MCP connection is closed"));
      const id = (message as { id?: string | number }).id;
      if (!("method" in message) && id !== undefined && pending.delete(id) && !pending.size) {
        const sent = write(JSON.stringify(message) + "\n");
        sent.then(() => pending.size ? undefined : drained?.());
        return sent;
      }
      return write(JSON.stringify(message) + "\n");
    },
    async close() {
      if (closed) return;
      await queue;
      closed = true;
      try {
        reader?.releaseLock();
      } catch { /* a read is pending; the stream ends with the process */ }
      t.onclose?.();
    },
  };
  return t;
}

function concat(parts: Uint8Array[], size: number): Uint8Array {
  const out = new Uint8Array(size);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
