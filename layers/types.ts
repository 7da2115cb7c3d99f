/** The importer contract: a real format in, one normalized plan out, with a report. */
import type { PlanInput } from "../ground/plan.ts";

/**
 * A warning that changes every answer about the building (the file models no rooms): shown
 * before everything else in the report. Its sentence is made from code and data in
 * `layers/headlines.ts`.
 */
export interface ImportHeadline {
  code: string;
  data: Record<string, string | number>;
  text: string;
}

/** What an import mapped, what the source lacked, and every assumption made. */
export interface ImportReport {
  format: string;
  /** Warnings that change every answer, first in the report (see {@link ImportHeadline}). */
  headlines?: ImportHeadline[];
  /** What was mapped, in words ("15 rooms from merged layouts"). */
  mapped: string[];
  /** What the source lacked ("no objects", "no Property Intelligence data: …"). */
  lacking: string[];
  /** Every assumption ("ceiling height taken from the room's base quantities, not its geometry"). */
  assumptions: string[];
  /** Problems that did not stop the import (partial rooms skipped, unknown lines …). */
  warnings: string[];
  /** Counts the source itself states or the importer counted (header counts, partial rooms). */
  counts?: Record<string, number>;
}

export interface ImportOptions {
  /** The scan id to store the plan under; importers default to something stable. */
  id?: string;
  /** File name or URL the bytes came from (for `source.ref` and messages). */
  ref: string;
  /** Abort long imports. */
  signal?: AbortSignal;
  /** Environment (tokens for live APIs). Defaults to Deno.env. */
  env?: (key: string) => string | undefined;
  /** fetch for live APIs (tests pass one bound to a local server). */
  fetch?: typeof fetch;
}

/** One format's importer, in `layers/<format>/mod.ts`. */
export interface Importer {
  format: string;
  /** A one-line description for `threshold import --help`. */
  description: string;
  /**
   * Whether this importer reads `source`: from the content (never from the extension
   * alone). `bytes` is undefined for URL-like sources (matterport://…).
   */
  detect(source: string, bytes: Uint8Array | undefined): boolean;
  /**
   * Why this importer's parser can hold the thread past the budget's checkpoints (a wasm
   * parser); such an import runs in a worker that can be terminated (layers/stoppable.ts).
   */
  blocking?: string;
  run(
    source: string,
    bytes: Uint8Array | undefined,
    opts: ImportOptions,
  ): Promise<{ plan: PlanInput; report: ImportReport }>;
}
