/** The rules engine lives in rules/; this path re-exports it for existing importers. */
export * from "./rules/mod.ts";
