/**
 * The worker of layers/stoppable.ts: one import, its plan and report sent back as plain data,
 * or its error with the code and data a surface reads.
 */
import { InputError } from "../ground/errors.ts";
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
  | {
    error: {
      name: string;
      message: string;
      input?: string;
      code?: string;
      data?: Record<string, unknown>;
    };
  };

const post = (r: ImportReply) => (self as unknown as Worker).postMessage(r);

self.onmessage = async (e: MessageEvent<ImportRequest>) => {
  try {
    post({ ok: await importSource(e.data.source, e.data.opts) });
  } catch (err) {
    const x = err as Error;
    post({
      error: {
        name: x?.name ?? "Error",
        message: x?.message ?? String(err),
        ...(err instanceof InputError
          ? { input: err.input, code: err.code, data: { ...err.data } }
          : {}),
      },
    });
  }
};
