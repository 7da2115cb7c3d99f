/**
 * Rule packs: building-code limits as data (`engines/geometry/packs/<pack>.json`), the zod
 * schema that validates them (schema.ts), the measures a rule can check (measures.ts, computed
 * by measure.ts), the evaluation of a pack on a plan (evaluate.ts) and its wording. Pure: plain
 * data in, plain data out.
 */
export * from "./units.ts";
export * from "./measures.ts";
export * from "./schema.ts";
export * from "./measure.ts";
export * from "./evaluate.ts";
export * from "./wording.ts";
export * from "./scope.ts";
