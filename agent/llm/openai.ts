/**
 * OpenAI-compatible Chat Completions with tools (POST {base}/chat/completions), as OpenAI,
 * Ollama, llama.cpp's server and vLLM speak it: tools as `{type: "function", function:
 * {name, description, parameters}}`, tool calls with JSON-text arguments, tool results as
 * `role: "tool"` messages; streamed as server-sent events whose deltas carry text and
 * tool-call fragments by index, ending with `data: [DONE]`.
 * Reference: https://platform.openai.com/docs/api-reference/chat/create
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

function wireMessages(system: string, messages: ModelMessage[]): unknown[] {
  const out: unknown[] = [{ role: "system", content: system }];
  for (const m of messages) {
    if (m.role === "user") out.push({ role: "user", content: m.content });
    else if (m.role === "assistant") {
      out.push({
        role: "assistant",
        content: m.content || null,
        ...(m.tool_calls.length
          ? {
            tool_calls: m.tool_calls.map((c) => ({
              id: c.id,
              type: "function",
              function: { name: c.name, arguments: c.raw },
            })),
          }
          : {}),
      });
    } else out.push({ role: "tool", tool_call_id: m.tool_call_id, content: m.content });
  }
  return out;
}

/** A provider speaking OpenAI-compatible Chat Completions. */
export function openaiProvider(o: HttpOptions): Provider {
  const url = `${o.base_url.replace(/\/+$/, "")}/chat/completions`;
  return {
    kind: "openai",
    model: o.model,
    redact: (t) => redact(t, o.api_key),
    async complete(req: ModelRequest): Promise<ModelTurn> {
      const body = {
        model: o.model,
        messages: wireMessages(req.system, req.messages),
        tools: req.tools.map((t) => ({
          type: "function",
          function: { name: t.name, description: t.description, parameters: t.input_schema },
        })),
        ...(o.max_tokens ? { max_tokens: o.max_tokens } : {}),
        ...(o.stream ? { stream: true } : {}),
      };
      const headers: Record<string, string> = o.api_key
        ? { authorization: `Bearer ${o.api_key}` }
        : {};
      const res = await postJson(url, body, headers, o, req.signal);
      if (!o.stream) {
        const j = await readJson(res, o);
        const choice = j?.choices?.[0] ?? {};
        const msg = choice.message ?? {};
        const calls: ToolCall[] = (msg.tool_calls ?? []).map(
          (c: Record<string, any>, i: number) => {
            const raw = typeof c.function?.arguments === "string"
              ? c.function.arguments
              : JSON.stringify(c.function?.arguments ?? {});
            return {
              id: String(c.id ?? `call_${i}`),
              name: String(c.function?.name ?? ""),
              raw,
              args: parseArgs(raw),
            };
          },
        );
        return {
          text: typeof msg.content === "string" ? msg.content : "",
          tool_calls: calls,
          stop: String(choice.finish_reason ?? ""),
        };
      }
      let text = "", stop = "";
      const parts = new Map<number, { id: string; name: string; raw: string }>();
      for await (const e of sseEvents(res, o)) {
        if (e.data.trim() === "[DONE]") break;
        let j: Record<string, any>;
        try {
          j = JSON.parse(e.data);
        } catch {
          continue; // a keep-alive or comment line
        }
        const choice = j.choices?.[0];
        if (!choice) continue;
        const d = choice.delta ?? {};
        if (typeof d.content === "string") text += d.content;
        for (const tc of d.tool_calls ?? []) {
          const i = Number(tc.index ?? 0);
          const p = parts.get(i) ?? { id: "", name: "", raw: "" };
          if (tc.id) p.id = tc.id;
          if (tc.function?.name) p.name += tc.function.name;
          if (tc.function?.arguments) p.raw += tc.function.arguments;
          parts.set(i, p);
        }
        if (choice.finish_reason) stop = choice.finish_reason;
      }
      const tool_calls = [...parts.entries()].sort((a, b) => a[0] - b[0])
        .map(([i, p]) => ({
          id: p.id || `call_${i}`,
          name: p.name,
          raw: p.raw,
          args: parseArgs(p.raw),
        }));
      return { text, tool_calls, stop };
    },
  };
}
