/**
 * `threshold batch` and `threshold worker` on the command line: flags in, progress and the
 * summary tables out. The work itself is batch/ (local pool) and batch/queue.ts (BullMQ).
 */
import { clipWords } from "../ground/text.ts";
import { InputError } from "../ground/errors.ts";
import type { Store } from "../core/store.ts";
import type { BatchSummary } from "../batch/output.ts";
import { makeProgress } from "../batch/progress.ts";
import type { BatchSpec } from "../batch/jobs.ts";

/** The flags of `threshold batch`. */
export interface BatchFlags {
  tools?: string;
  set: string[];
  persona?: string;
  workers?: string;
  out?: string;
  json?: boolean;
  resume?: string | boolean;
  timeout?: string;
  name?: string;
  queue?: string;
}

/** What the command needs from cli.ts. */
export interface CliParts {
  store(): Store;
  location(): string;
  out(s: string): void;
  err(s: string): void;
  table(head: string[], rows: (string | number)[][]): string;
  parseKv(kv: string): [string, unknown];
}

function positiveInt(flag: string, raw: string | undefined, def: number, min = 1): number {
  if (raw === undefined) return def;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min) {
    throw new InputError(flag, `expected a whole number ≥ ${min}, got ${JSON.stringify(raw)}`, {
      code: "batch.not_a_count",
      data: { got: raw, minimum: min },
    });
  }
  return n;
}

/** Renders the end-of-batch summary as tables. */
export function renderSummary(s: BatchSummary, table: CliParts["table"]): string {
  const statuses = ["pass", "warn", "fail", "unknown", "error", "failed"];
  const parts = [
    `Batch ${s.batch}: ${s.rows} rows (${s.ran} run now${
      s.skipped ? `, ${s.skipped} already done` : ""
    }) in ${s.elapsed_s} s, ${s.rows_per_s} rows/s`,
    table(
      ["Tool", ...statuses],
      s.by_tool.map((t) => [t.tool, ...statuses.map((k) => t.counts[k] ?? 0)]),
    ),
  ];
  if (s.slowest.length) {
    parts.push(
      "Slowest runs:",
      table(
        ["Scan", "Tool", "ms", "Verdict"],
        s.slowest.map((r) => [r.scan, r.tool, r.duration_ms, r.status]),
      ),
    );
  }
  if (s.failures.length) {
    parts.push(
      `Failures (${s.failures.length}):`,
      table(
        ["Scan", "Tool", "Reason"],
        s.failures.slice(0, 20).map((f) => [f.scan, f.tool, clipWords(f.reason, 160)]),
      ),
    );
    if (s.failures.length > 20) parts.push(`… and ${s.failures.length - 20} more (see --out).`);
  }
  return parts.join("\n");
}

/** `threshold batch`. Returns the exit code: 0 when every row ran (even with fail verdicts). */
export async function cmdBatch(targets: string[], f: BatchFlags, c: CliParts): Promise<number> {
  const { createBatch, resumeSpec, runBatch } = await import("../batch/run.ts");
  // Flags first, so a typo costs nothing (no import, no batch recorded).
  const workers = positiveInt("--workers", f.workers, navigator.hardwareConcurrency || 1, 0);
  const timeout_s = positiveInt("--timeout", f.timeout, 60);
  if (f.out) {
    const { outFormat } = await import("../batch/output.ts");
    outFormat(f.out); // an InputError naming --out, what it got and the endings allowed
  }
  const store = c.store();
  let spec: BatchSpec;
  if (f.resume !== undefined && f.resume !== false) {
    if (targets.length || f.tools) {
      throw new InputError(
        "--resume",
        "continues a recorded batch as it was asked for; give no scans or --tools with it",
        { code: "batch.resume_with_targets" },
      );
    }
    spec = resumeSpec(store, typeof f.resume === "string" ? f.resume : undefined);
  } else {
    if (!f.tools) {
      throw new InputError("--tools", "name the tools to run: --tools a,b,c", {
        code: "batch.no_tools",
      });
    }
    const set = Object.fromEntries(f.set.map((kv) => c.parseKv(kv)));
    const persona = f.persona ?? store.getSelection("persona");
    const made = await createBatch(store, {
      targets,
      tools: f.tools.split(",").map((t) => t.trim()).filter(Boolean),
      set,
      persona,
      timeout_s,
      id: f.name,
    });
    spec = made.spec;
    const bad = made.imports.filter((i) => !i.ok);
    if (made.imports.length && !f.json) {
      c.err(
        `imported ${made.imports.length - bad.length} of ${made.imports.length} files` +
          (bad.length ? `; ${bad.length} failed (their rows fail with the reason)` : ""),
      );
      for (const i of made.imports) {
        if (i.renamed_from) {
          c.err(
            `  ${i.file}: stored as scan ${i.scan}, since ${i.renamed_from} already holds another building`,
          );
        }
      }
    }
  }
  const total = spec.scans.length * spec.tools.length;
  if (f.queue) {
    const { runQueuedBatch } = await import("../batch/queue.ts");
    const progress = makeProgress(total, {
      json: f.json,
      tty: Deno.stderr.isTerminal(),
      batch: spec.id,
    });
    if (!f.json) {
      c.err(
        `batch ${spec.id}: ${total} rows on ${f.queue}; waiting for workers (threshold worker --queue ${f.queue})`,
      );
    }
    const r = await runQueuedBatch(store, spec, {
      url: f.queue,
      out: f.out,
      progress,
      say: (s) => c.err(`batch ${spec.id}: ${s}`),
    });
    return finish(r.summary, r.missing);
  }
  const ac = new AbortController();
  const onSig = () => ac.abort();
  Deno.addSignalListener("SIGINT", onSig);
  try {
    const already = store.batchKeys(spec.id).size;
    const progress = makeProgress(total, {
      json: f.json,
      tty: Deno.stderr.isTerminal(),
      skipped: already,
      batch: spec.id,
    });
    const r = await runBatch(store, spec, {
      workers,
      location: c.location(),
      out: f.out,
      progress,
      signal: ac.signal,
    });
    if (ac.signal.aborted) {
      c.err(
        `interrupted: ${r.rows.length} of ${total} rows are done; continue with --resume ${spec.id}`,
      );
      return 130;
    }
    return finish(r.summary, r.missing);
  } finally {
    Deno.removeSignalListener("SIGINT", onSig);
  }

  function finish(summary: BatchSummary, missing: number): number {
    if (f.json) c.out(JSON.stringify({ type: "summary", ...summary, missing }));
    else {
      c.out(renderSummary(summary, c.table));
      if (f.out) c.err(`wrote ${f.out}`);
    }
    if (missing) {
      c.err(`${missing} rows have no result; run again with --resume ${spec.id}`);
      return 1;
    }
    return 0;
  }
}

/** `threshold worker --queue redis://…`: runs queued jobs until SIGTERM / SIGINT. */
export async function cmdWorker(
  f: { queue?: string; concurrency?: string; json?: boolean },
  c: CliParts,
): Promise<number> {
  if (!f.queue) {
    throw new InputError("--queue", "give the Redis URL: --queue redis://host:6379", {
      code: "batch.no_queue",
    });
  }
  const { runWorker } = await import("../batch/queue.ts");
  const concurrency = positiveInt("--concurrency", f.concurrency, 1);
  await runWorker(c.store(), {
    url: f.queue,
    concurrency,
    location: c.location(),
    log: (s) => (f.json ? c.out(JSON.stringify(s)) : c.err(s.text)),
  });
  return 0;
}
