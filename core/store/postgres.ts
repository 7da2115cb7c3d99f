/**
 * The PostgreSQL store: the same synchronous {@link Store} interface as the SQLite store, so
 * every surface (the command line, runs, batch workers on many machines) works unchanged with
 * `THRESHOLD_STORE=postgres://…`.
 *
 * How it stays synchronous: PostgreSQL clients in JavaScript are asynchronous, so the queries
 * run in a Deno Worker (core/store/postgres_worker.ts, postgres.js) and each call here posts
 * the operation and blocks on `Atomics.wait` until the worker has written the JSON reply into
 * a SharedArrayBuffer (in 1 MiB chunks for large replies). One call costs one worker round
 * trip (~0.1 ms) on top of the query. Chosen over an async Store interface so that the
 * runner, the session and the CLI — all synchronous over the store — need no change.
 */
import { StoreError } from "../../ground/errors.ts";
import type { Store } from "./types.ts";
import { checkScanId } from "./scans.ts";
import { PG_OPS } from "./postgres_ops.ts";
import { STORE_SCHEMA_VERSION } from "./schema.ts";

/**
 * The PostgreSQL schema version this threshold writes: the count of the migrations both stores
 * share (./schema.ts). Version 4 is the first of the shared list; a store at 1–3 (written when
 * PostgreSQL had its own list, whose 1 already held the scans' counts) upgrades by the shared
 * steps after its version, each of which changes nothing that is already there.
 */
export const PG_SCHEMA_VERSION = STORE_SCHEMA_VERSION;
const CHUNK = 1 << 20;
const WAIT_MS = 120_000;

/** Hides the password in a connection URL (for messages). */
export function redactUrl(url: string): string {
  return url.replace(/\/\/([^:@/]*):([^@/]*)@/, "//$1:***@");
}

/**
 * Opens (migrating on first use) the PostgreSQL store at `url`. An unreachable server or a
 * newer schema is a {@link StoreError} naming the URL (password hidden).
 */
export function openPostgresStore(url: string): Store {
  const name = redactUrl(url);
  const ctrlBuf = new SharedArrayBuffer(12);
  const ctrl = new Int32Array(ctrlBuf);
  const dataBuf = new SharedArrayBuffer(CHUNK);
  const data = new Uint8Array(dataBuf);
  const worker = new Worker(new URL("./postgres_worker.ts", import.meta.url), {
    type: "module",
  });
  let closed = false;
  const decoder = new TextDecoder();
  const wait = (what: string) => {
    const r = Atomics.wait(ctrl, 0, 0, WAIT_MS);
    if (r === "timed-out") {
      throw new StoreError(name, `no answer from PostgreSQL in ${WAIT_MS / 1000} s (${what})`);
    }
  };
  const send = (msg: Record<string, unknown>, what: string): unknown => {
    if (closed) throw new StoreError(name, `is closed (${what})`);
    Atomics.store(ctrl, 0, 0);
    worker.postMessage(msg);
    wait(what);
    const parts: Uint8Array[] = [];
    for (;;) {
      const len = Atomics.load(ctrl, 1);
      parts.push(data.slice(0, len));
      if (Atomics.load(ctrl, 2) === 0) break;
      Atomics.store(ctrl, 0, 0);
      worker.postMessage({ type: "next" });
      wait(what);
    }
    const total = parts.reduce((n, p) => n + p.length, 0);
    const all = new Uint8Array(total);
    let o = 0;
    for (const p of parts) (all.set(p, o), o += p.length);
    const out = JSON.parse(decoder.decode(all)) as {
      ok?: unknown;
      undefined?: boolean;
      error?: string;
      code?: string;
      data?: Record<string, unknown>;
    };
    if (out.error !== undefined) {
      throw new StoreError(
        name,
        `${what}: ${out.error}`,
        out.code ? { code: out.code, data: out.data } : undefined,
      );
    }
    return out.undefined ? undefined : out.ok;
  };
  try {
    send({ type: "open", url, ctrl: ctrlBuf, data: dataBuf, latest: PG_SCHEMA_VERSION }, "open");
  } catch (e) {
    worker.terminate();
    closed = true;
    throw e;
  }
  const call = (op: string) => (...args: unknown[]) => send({ type: "call", op, args }, op);
  const ops = Object.keys(PG_OPS);
  const store = Object.fromEntries(ops.map((op) => [op, call(op)])) as unknown as Store;
  return {
    ...store,
    file: name,
    // Read-only and full-disk modes are the embedded file's; PostgreSQL says so itself.
    readOnly: false,
    putScan(loaded, report) {
      checkScanId(loaded.plan.id, "scan id");
      call("putScan")(loaded, report);
    },
    close() {
      if (closed) return;
      try {
        send({ type: "close" }, "close");
      } finally {
        closed = true;
        worker.terminate();
      }
    },
    syncFindings(scan, tool, findings, runId, judged) {
      const plain = findings.map((f) => ({
        id: f.id,
        title: f.title,
        ...(f.detail !== undefined ? { detail: f.detail } : {}),
        ...(f.subject !== undefined ? { subject: f.subject } : {}),
      }));
      return new Set(
        call("syncFindings")(scan, tool, plain, runId, judged ?? { scope: "" }) as string[],
      );
    },
    batchKeys(batch) {
      return new Set(call("batchKeys")(batch) as string[]);
    },
  };
}
