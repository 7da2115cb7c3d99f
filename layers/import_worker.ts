/**
 * The worker of layers/stoppable.ts: one import, its plan and report sent back as plain data,
 * or its error with the code and data a surface reads.
 */
import { errorToWire, type WireError } from "../ground/errors.ts";
import type { LoadedPlan } from "../ground/plan.ts";
import type { ImportReport } from "./types.ts";
import { importSource, type ImportSourceOptions } from "./mod.ts";

/** What layers/stoppable.ts passes on: plain data, so that it can cross to a worker. */
export type StoppableOptions = Pick<
  ImportSourceOptions,
  "id" | "max_mb" | "time_limit_s" | "time_limit_from"
>;

export interface ImportRequest {
  source: string;
  opts: StoppableOptions;
}

export type ImportReply =
  | { ok: { loaded: LoadedPlan; report: ImportReport } }
  | { error: WireError };

const post = (r: ImportReply) => (self as unknown as Worker).postMessage(r);

self.onmessage = async (e: MessageEvent<ImportRequest>) => {
  try {
    post({ ok: await importSource(e.data.source, e.data.opts) });
  } catch (err) {
    post({ error: errorToWire(err) });
  }
};
