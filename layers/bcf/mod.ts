/** BCF (BIM Collaboration Format) 3.0 and 2.1: findings as topics, files written and read. */
export * from "./model.ts";
export * from "./guid.ts";
export * from "./view.ts";
export * from "./topics.ts";
export * from "./sync.ts";
export { bcfParts, bcfZip, viewpointFiles } from "./write.ts";
export { MAX_PART_BYTES, MAX_TOTAL_BYTES, readBcf } from "./read.ts";
