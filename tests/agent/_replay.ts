/**
 * A loopback HTTP server that replays recorded provider responses in order and records the
 * requests it got. Each response is a JSON body, a server-sent event stream in chunks, a
 * status with an error body, or a hang (no answer until the client gives up).
 */

/** One recorded response. */
export type Recorded =
  | { status?: number; json: unknown; headers?: Record<string, string> }
  | { sse: string[] }
  | { hang: true };

/** A request the server got. */
export interface Got {
  path: string;
  headers: Record<string, string>;
  body: Record<string, any>;
}

/** Starts the server on 127.0.0.1 with a random port; `close()` stops it. */
export function replay(responses: Recorded[]) {
  const queue = [...responses];
  const got: Got[] = [];
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, async (req) => {
    got.push({
      path: new URL(req.url).pathname,
      headers: Object.fromEntries(req.headers),
      body: await req.json(),
    });
    const r = queue.shift();
    if (!r) {
      return new Response(JSON.stringify({ error: { message: "no more recorded responses" } }), {
        status: 599,
      });
    }
    if ("hang" in r) {
      // Answer nothing until the client gives up (or 2 s pass, so the server can close).
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, 2000);
        req.signal.addEventListener("abort", () => {
          clearTimeout(t);
          resolve();
        }, { once: true });
      });
      return new Response("late", { status: 200 });
    }
    if ("sse" in r) {
      const enc = new TextEncoder();
      const body = new ReadableStream({
        async start(c) {
          for (const chunk of r.sse) {
            c.enqueue(enc.encode(chunk));
            await new Promise((t) => setTimeout(t, 1));
          }
          c.close();
        },
      });
      return new Response(body, { headers: { "content-type": "text/event-stream" } });
    }
    return new Response(JSON.stringify(r.json), {
      status: r.status ?? 200,
      headers: { "content-type": "application/json", ...(r.headers ?? {}) },
    });
  });
  const addr = server.addr as Deno.NetAddr;
  return {
    url: `http://127.0.0.1:${addr.port}`,
    got,
    left: () => queue.length,
    close: () => server.shutdown(),
  };
}

/** OpenAI Chat Completions: an assistant turn calling tools (arguments are JSON text). */
export function oaToolCalls(calls: { id: string; name: string; arguments: string }[]) {
  return {
    json: {
      id: "chatcmpl-1",
      object: "chat.completion",
      created: 1,
      model: "test-model",
      choices: [{
        index: 0,
        message: {
          role: "assistant",
          content: null,
          tool_calls: calls.map((c) => ({
            id: c.id,
            type: "function",
            function: { name: c.name, arguments: c.arguments },
          })),
        },
        finish_reason: "tool_calls",
      }],
    },
  };
}

/** OpenAI Chat Completions: a final text turn. */
export function oaText(text: string) {
  return {
    json: {
      id: "chatcmpl-2",
      object: "chat.completion",
      created: 1,
      model: "test-model",
      choices: [{ index: 0, message: { role: "assistant", content: text }, finish_reason: "stop" }],
    },
  };
}

/** Anthropic Messages: a turn with text and tool_use blocks. */
export function anToolUse(text: string, uses: { id: string; name: string; input: unknown }[]) {
  return {
    json: {
      id: "msg_1",
      type: "message",
      role: "assistant",
      model: "test-model",
      content: [
        ...(text ? [{ type: "text", text }] : []),
        ...uses.map((u) => ({ type: "tool_use", id: u.id, name: u.name, input: u.input })),
      ],
      stop_reason: "tool_use",
    },
  };
}

/** Anthropic Messages: a final text turn. */
export function anText(text: string) {
  return {
    json: {
      id: "msg_2",
      type: "message",
      role: "assistant",
      model: "test-model",
      content: [{ type: "text", text }],
      stop_reason: "end_turn",
    },
  };
}

/** Server-sent event lines. */
export const sse = (data: unknown, event?: string) =>
  `${event ? `event: ${event}\n` : ""}data: ${
    typeof data === "string" ? data : JSON.stringify(data)
  }\n\n`;
