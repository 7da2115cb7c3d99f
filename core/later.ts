/**
 * A dynamic import that Deno cannot see before it runs (issue 29). Deno builds the module
 * graph of every `import("…")` written as a plain string at start-up, before any code runs —
 * for `threshold tools` that was every command, the whole library, zod and commander, about
 * 30 ms of a cold start. A specifier made at run time is loaded only when the import runs.
 * Type it with `typeof import("…")` (a type, never loaded at run time).
 * @module
 */

/** Imports `url` when called (and not before). */
export function later<T>(url: URL): Promise<T> {
  return import(url.href) as Promise<T>;
}
