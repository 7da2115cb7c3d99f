/**
 * Where the store is: `$THRESHOLD_STORE`, `$THRESHOLD_HOME` or `~/.threshold`.
 * @module
 */
import { joinPath as join } from "../../ground/path_join.ts";

/** `$THRESHOLD_HOME`, else `~/.threshold`. */
export function defaultHome(): string {
  const env = Deno.env.get("THRESHOLD_HOME");
  if (env) return env;
  const home = Deno.env.get("HOME") ?? Deno.env.get("USERPROFILE") ?? ".";
  return join(home, ".threshold");
}

/**
 * Where the store is: `$THRESHOLD_STORE` when set (a `postgres://` URL shared by many
 * machines, or a folder), else {@link defaultHome}.
 */
export function storeLocation(): string {
  return Deno.env.get("THRESHOLD_STORE") || defaultHome();
}
