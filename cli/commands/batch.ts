/**
 * `threshold batch` and `threshold worker`: the flags; the commands themselves are cli/batch.ts.
 * @module
 */
import type { BatchFlags, CliParts } from "../batch.ts";
import { storeLocation } from "../../core/store.ts";
import { collect, err, out, parseKv, type Register, store, tableOf } from "../common.ts";

function batchParts(): CliParts {
  return {
    store,
    location: storeLocation,
    out,
    err,
    table: tableOf,
    parseKv: (kv) => parseKv(kv),
  };
}

/** `batch [scans...]`: tools over many scans. */
export const batch: Register = (p, { act }) => {
  p.command("batch [scans...]")
    .description(
      "Run tools over many scans (ids, globs over stored scans, or folders to import)",
    )
    .option("--tools <a,b>", "the tools to run on every scan")
    .option("--set <key=value>", "give an input explicitly for every row (repeatable)", collect, [])
    .option("--persona <id>", "use this persona's presets for every row")
    .option("--workers <n>", "worker threads (default: the machine's cores; 0: in this process)")
    .option("--out <file>", "write one row per scan × tool to .jsonl or .csv")
    .option("--json", "print progress and the summary as JSON events")
    .option("--resume [batch]", "continue the last (or the named) batch; finished rows are kept")
    .option("--timeout <s>", "time limit per row in seconds (default 60)")
    .option("--name <id>", "the batch id (default: batch-<time>-<random>)")
    .option("--queue <redis-url>", "enqueue the rows on Redis for `threshold worker`s")
    .action(act(async (scans: string[], o: BatchFlags) => {
      const { cmdBatch } = await import("../batch.ts");
      return await cmdBatch(scans, o, batchParts());
    }));
};

/** `worker`: queued batch rows until SIGTERM. */
export const worker: Register = (p, { act }) => {
  p.command("worker").description("Run queued batch rows (Redis) until SIGTERM")
    .option("--queue <redis-url>", "the Redis the batch enqueued on")
    .option("--concurrency <n>", "jobs at a time, each on its own thread (default 1)")
    .option("--json", "log as JSON lines")
    .action(act(async (o: { queue?: string; concurrency?: string; json?: boolean }) => {
      const { cmdWorker } = await import("../batch.ts");
      return await cmdWorker(o, batchParts());
    }));
};
