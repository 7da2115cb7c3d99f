/**
 * Anthropic Messages with tools (POST {base}/v1/messages, `anthropic-version: 2023-06-01`):
 * tools as `{name, description, input_schema}`, tool calls as `tool_use` content blocks with
 * an input object, results as `tool_result` blocks in a user message; streamed as
 * server-sent events (content_block_start / content_block_delta with text_delta or
 * input_json_delta / message_delta with the stop reason).
 * Reference: https://docs.anthropic.com/en/api/messages, …/messages-streaming
 */
import { parseArgs, postJson, readJson, redact, sseEvents } from "./http.ts";
import type {
  HttpOptions,
  ModelMessage,
  ModelRequest,
  ModelTurn,
  Provider,
  ToolCall,
} from "./types.ts";

const VERSION = "2023-06-01";

function wireMessages(messages: ModelMessage[]): unknown[] {
  const out: { role: string; content: unknown[] }[] = [];
  for (const m of messages) {
    if (m.role === "user") out.push({ role: "user", content: [{ type: "text", text: m.content }] });
    else if (m.role === "assistant") {
      out.push({
        role: "assistant",
        content: [
          ...(m.content ? [{ type: "text", text: m.content }] : []),
          ...m.tool_calls.map((c) => ({
            type: "tool_use",
            id: c.id,
            name: c.name,
            input: c.args ?? {},
          })),
        ],
      });
    } else {
      const block = {
        type: "tool_result",
        tool_use_id: m.tool_call_id,
        content: m.content,
        ...(m.is_error ? { is_error: true } : {}),
      };
      // Results of one turn's calls go together in one user message.
      const last = out.at(-1);
      if (last?.role === "user" && (last.content[0] as { type?: string })?.type === "tool_result") {
        last.content.push(block);
      } else out.push({ role: "user", content: [block] });
    }
  }
  return out;
}

/** A provider speaking Anthropic Messages. */
export function anthropicProvider(o: HttpOptions): Provider {
  const url = `${o.base_url.replace(/\/+$/, "")}/v1/messages`;
  return {
    kind: "anthropic",
    model: o.model,
    redact: (t) => redact(t, o.api_key),
    async complete(req: ModelRequest): Promise<ModelTurn> {
      const body = {
        model: o.model,
        max_tokens: o.max_tokens ?? 1024,
        system: req.system,
        messages: wireMessages(req.messages),
        tools: req.tools.map((t) => ({
          name: t.name,
          description: t.description,
          input_schema: t.input_schema,
        })),
        ...(o.stream ? { stream: true } : {}),
      };
      const headers: Record<string, string> = {
        "anthropic-version": VERSION,
        ...(o.api_key ? { "x-api-key": o.api_key } : {}),
      };
      const res = await postJson(url, body, headers, o, req.signal);
      if (!o.stream) {
        const j = await readJson(res, o);
        let text = "";
        const calls: ToolCall[] = [];
        for (const b of j?.content ?? []) {
          if (b.type === "text") text += b.text ?? "";
          else if (b.type === "tool_use") {
            const raw = JSON.stringify(b.input ?? {});
            calls.push({
              id: String(b.id),
              name: String(b.name),
              raw,
              args: parseArgs(b.input ?? {}),
            });
          }
        }
        return { text, tool_calls: calls, stop: String(j?.stop_reason ?? "") };
      }
      let text = "", stop = "";
      const blocks = new Map<number, { id: string; name: string; raw: string }>();
      for await (const e of sseEvents(res, o)) {
        let j: Record<string, any>;
        try {
          j = JSON.parse(e.data);
        } catch {
          continue;
        }
        const type = j.type ?? e.event;
        if (type === "content_block_start" && j.content_block?.type === "tool_use") {
          blocks.set(j.index, { id: j.content_block.id, name: j.content_block.name, raw: "" });
        } else if (type === "content_block_delta") {
          if (j.delta?.type === "text_delta") text += j.delta.text ?? "";
          else if (j.delta?.type === "input_json_delta") {
            const b = blocks.get(j.index);
            if (b) b.raw += j.delta.partial_json ?? "";
          }
        } else if (type === "message_delta" && j.delta?.stop_reason) stop = j.delta.stop_reason;
        else if (type === "error") {
          throw new Error(
            `${o.base_url} sent an error event: ${j.error?.message ?? e.data.slice(0, 200)}`,
          );
        }
      }
      const tool_calls = [...blocks.entries()].sort((a, b) => a[0] - b[0])
        .map(([, b]) => ({
          id: b.id,
          name: b.name,
          raw: b.raw || "{}",
          args: parseArgs(b.raw || "{}"),
        }));
      return { text, tool_calls, stop };
    },
  };
}
