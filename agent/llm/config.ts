/**
 * Which language model `threshold ask` uses: the provider, base URL and model from the
 * preferences (`agent.provider`, `agent.base_url`, `agent.model`) or the environment
 * (`THRESHOLD_AGENT_PROVIDER`, `THRESHOLD_AGENT_BASE_URL`, `THRESHOLD_AGENT_MODEL`). For the
 * model a preference wins; for the two settings that decide where the key is sent (provider
 * and base URL) the environment wins, and a saved preference that differs is named in `notes`
 * with the reason, never silently used or dropped. The key comes only from the environment
 * (`THRESHOLD_AGENT_API_KEY`, else `OPENAI_API_KEY` / `ANTHROPIC_API_KEY`): it is never stored
 * or printed.
 */
import { InputError } from "../../ground/errors.ts";
import type { Store } from "../../core/store.ts";
import { anthropicProvider } from "./anthropic.ts";
import { openaiProvider } from "./openai.ts";
import type { HttpOptions, Provider } from "./types.ts";

const DEFAULTS = {
  openai: { base_url: "https://api.openai.com/v1", key_env: "OPENAI_API_KEY" },
  anthropic: { base_url: "https://api.anthropic.com", key_env: "ANTHROPIC_API_KEY" },
} as const;

/** The settings in force, without the key (safe to print). */
export interface ModelSettings {
  provider: "offline" | "openai" | "anthropic";
  base_url?: string;
  model?: string;
  /** The variable the key is read from, and whether it is set (never its value). */
  key_env?: string;
  key_set?: boolean;
  /** Where the provider and base URL came from. */
  from?: { provider: SettingSource; base_url?: SettingSource };
  /** Sentences saying which setting was used and why, when a preference is in play. */
  notes?: string[];
}

/** Where a setting came from. */
export type SettingSource = "environment" | "preference" | "default";

/** Reads the settings from the store's preferences, then the environment. */
export function modelSettings(
  store?: Store,
  env: (k: string) => string | undefined = (k) => Deno.env.get(k),
): ModelSettings {
  const pref = (k: string) => {
    const v = store?.getPref(k);
    return typeof v === "string" && v ? v : undefined;
  };
  const notes: string[] = [];
  /** A setting that routes the key: the environment's, else the preference's, said which. */
  const routed = (key: string, variable: string, fallback?: string) => {
    const e = env(variable), p = pref(key);
    if (e !== undefined && e !== "") {
      if (p !== undefined && p !== e) {
        notes.push(
          `${key}: ${variable} (${JSON.stringify(e)}) is used, not the saved preference (${
            JSON.stringify(p)
          }): the environment decides where the key is sent.`,
        );
      }
      return { value: e, from: "environment" as const };
    }
    if (p !== undefined) {
      notes.push(
        `${key}: the saved preference (${JSON.stringify(p)}) is used: ${variable} is not set.`,
      );
      return { value: p, from: "preference" as const };
    }
    return { value: fallback, from: "default" as const };
  };
  const prov = routed("agent.provider", "THRESHOLD_AGENT_PROVIDER", "offline");
  const provider = (prov.value ?? "offline").toLowerCase();
  if (provider !== "offline" && provider !== "openai" && provider !== "anthropic") {
    throw new InputError(
      "agent.provider",
      `${JSON.stringify(provider)} is not a provider; allowed: offline, openai, anthropic`,
      {
        code: "input.not_allowed",
        data: { got: provider, allowed: ["offline", "openai", "anthropic"] },
      },
    );
  }
  if (provider === "offline") return { provider, from: { provider: prov.from } };
  const d = DEFAULTS[provider];
  const key_env = env("THRESHOLD_AGENT_API_KEY") ? "THRESHOLD_AGENT_API_KEY" : d.key_env;
  const base = routed("agent.base_url", "THRESHOLD_AGENT_BASE_URL", d.base_url);
  return {
    provider,
    base_url: base.value,
    model: pref("agent.model") ?? env("THRESHOLD_AGENT_MODEL"),
    key_env,
    key_set: Boolean(env(key_env)),
    from: { provider: prov.from, base_url: base.from },
    ...(notes.length ? { notes } : {}),
  };
}

/** The provider the settings name, or undefined for offline. */
export function providerFrom(
  s: ModelSettings,
  extra: Partial<HttpOptions> = {},
  env: (k: string) => string | undefined = (k) => Deno.env.get(k),
): Provider | undefined {
  if (s.provider === "offline") return undefined;
  if (!s.model) {
    throw new InputError(
      "agent.model",
      `is not set; set it with \`threshold prefs set agent.model NAME\` or THRESHOLD_AGENT_MODEL`,
      { code: "agent.model_not_set", data: { env: "THRESHOLD_AGENT_MODEL" } },
    );
  }
  const o: HttpOptions = {
    base_url: s.base_url!,
    model: s.model,
    api_key: s.key_env ? env(s.key_env) : undefined,
    key_env: s.key_env,
    ...extra,
  };
  return s.provider === "openai" ? openaiProvider(o) : anthropicProvider(o);
}
