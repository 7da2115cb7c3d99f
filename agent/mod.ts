/**
 * The agent: ask in words, get the right tool, and be asked only what nothing fills. Offline
 * by default (a router over the manifests' text); with a language model when one is set up.
 * @module
 */
export {
  ask,
  type AskOutcome,
  type AskRun,
  decide,
  type Decision,
  decisionLine,
  type ToolDecision,
} from "./ask.ts";
export { type AskOptions } from "./cards.ts";
export { askModel, type ModelOutcome, modelTool } from "./model.ts";
export { anthropicProvider } from "./llm/anthropic.ts";
export { openaiProvider } from "./llm/openai.ts";
export { modelSettings, providerFrom } from "./llm/config.ts";
export { ModelError } from "./llm/http.ts";
export type { HttpOptions, ModelTool, Provider } from "./llm/types.ts";
export { extract, type Mention } from "./extract.ts";
export { buildIndex, decideRoute, rank, type ToolCard } from "./router.ts";
