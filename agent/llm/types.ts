/**
 * The one shape both language model providers are spoken through: tools as name,
 * description and JSON Schema; messages as the person's words, the model's turns (text and
 * tool calls) and tool results; a turn as text, tool calls and why it stopped.
 */

/** A tool as a model sees it: the manifest's id, model_description and input schema. */
export interface ModelTool {
  name: string;
  description: string;
  input_schema: Record<string, unknown>;
}

/** A tool call the model made. `args` is undefined when its arguments were not a JSON object. */
export interface ToolCall {
  id: string;
  name: string;
  args: Record<string, unknown> | undefined;
  /** The arguments as the model sent them. */
  raw: string;
}

/** A conversation message, provider-neutral. */
export type ModelMessage =
  | { role: "user"; content: string }
  | { role: "assistant"; content: string; tool_calls: ToolCall[] }
  | { role: "tool"; tool_call_id: string; name: string; content: string; is_error?: boolean };

/** What one model turn gave. */
export interface ModelTurn {
  text: string;
  tool_calls: ToolCall[];
  /** The provider's stop reason ("stop", "tool_calls", "end_turn", "tool_use" …). */
  stop: string;
}

/** One completion request. */
export interface ModelRequest {
  system: string;
  messages: ModelMessage[];
  tools: ModelTool[];
  signal?: AbortSignal;
}

/** A language model provider. */
export interface Provider {
  readonly kind: "openai" | "anthropic";
  readonly model: string;
  complete(req: ModelRequest): Promise<ModelTurn>;
  /** The text with the provider's key taken out wherever it appears (a server may echo it). */
  redact?(text: string): string;
}

/** How a provider talks over HTTP. */
export interface HttpOptions {
  /** Base URL ("https://api.openai.com/v1", "http://127.0.0.1:11434/v1", "https://api.anthropic.com"). */
  base_url: string;
  model: string;
  /** The API key (from the environment only); never logged, never stored. */
  api_key?: string;
  /** The environment variable the key came from, for error messages. */
  key_env?: string;
  /** Per-request timeout (ms), default 60 000. */
  timeout_ms?: number;
  /** Retries after a 429 or 5xx or a dropped connection, default 3. */
  retries?: number;
  /** First backoff (ms), doubled per retry, default 500; a Retry-After header wins (capped at 30 s). */
  backoff_ms?: number;
  /** Ask for a streamed response (server-sent events). */
  stream?: boolean;
  max_tokens?: number;
}
