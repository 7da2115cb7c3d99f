/**
 * The store's rows and its operations ({@link Store}), the same for the SQLite and the
 * PostgreSQL store.
 * @module
 */
import type { LoadedPlan } from "../../ground/plan.ts";
import type { SiteRecord } from "../../ground/site.ts";
import type { Finding, FindingStatus, ToolResult } from "../result.ts";

export interface ScanRow {
  id: string;
  name: string;
  format: string;
  ref: string;
  imported_at: string;
  rooms: number;
  floors: number;
}
export interface RunRow {
  id: string;
  tool: string;
  scan?: string;
  status: string;
  inputs: Record<string, unknown>;
  result: ToolResult;
  /**
   * `result` as JSON text, when the writer made it already (a batch row makes it before it
   * takes the write lock); the SQLite store writes it in place of serialising `result`.
   */
  result_json?: string;
  started_at: string;
  duration_ms: number;
}
export interface FindingRow {
  scan: string;
  id: string;
  tool: string;
  status: FindingStatus;
  title: string;
  detail?: string;
  subject?: string;
  reason?: string;
  /** The scope the finding was judged under (see core/findings.ts judgedScope); "" none. */
  scope?: string;
  first_seen: string;
  last_seen: string;
  last_run?: string;
  /** The finding's number, given once when first seen and kept (`threshold reject 3`). */
  num?: number;
}

/**
 * What one run judged (core/findings.ts judgedScope): the scope its findings are kept under,
 * and the subjects it came to a pass, warn or fail on (absent: its whole scope).
 */
export interface JudgedScope {
  scope: string;
  subjects?: string[];
}

/** One row of a batch (scan × tool): what `--out` files and summaries are made of. */
export interface BatchRow {
  batch: string;
  /** hash(plan, filled inputs, tool version): the row's identity for --resume and retries. */
  key: string;
  scan: string;
  tool: string;
  /** The verdict status, or "failed" when the row could not run (needs input, crash, time). */
  status: string;
  run_id?: string;
  /** The row as --out writes it (verdict text, counts, metrics, duration, reason …). */
  row: Record<string, unknown>;
  done_at: string;
}

/** A batch as it was asked for (so --resume can continue it). */
export interface BatchRecord {
  id: string;
  spec: Record<string, unknown>;
  created_at: string;
}

/** The store's operations. Open one with {@link openStore}. */
export interface Store {
  readonly file: string;
  close(): void;
  putScan(loaded: LoadedPlan, report?: unknown): void;
  getScan(id: string): LoadedPlan | undefined;
  /**
   * From now on, {@link getScan} gives the same plan object again while the scan's stored
   * text is unchanged (its text is still read and compared each time), for callers that only
   * read plans: a batch worker thread's runs (issue 29: the three tools of a scan each parsed
   * its plan and made its display names). Absent where the store cannot tell (PostgreSQL).
   */
  samePlans?(): void;
  /** The scans' summaries (no plan is read). */
  listScans(): ScanRow[];
  /** Deletes a scan with its runs and findings (and clears it as the selection). */
  deleteScan(id: string): boolean;
  /** Deletes a stored site with the runs and findings kept under its id. */
  deleteSite(id: string): boolean;
  /** True when the store was opened read-only: reading works, every write is a StoreError. */
  readonly readOnly: boolean;
  /** Why it is read-only: the file system is, or the disk is full. */
  readonly readOnlyWhy?: "read-only" | "full";
  /**
   * Runs `fn` (synchronous) as one write transaction: every write it makes commits together
   * or not at all, taking the write lock once. Stores that cannot (PostgreSQL, whose writes
   * are one transaction each) leave it out; callers then run `fn` as it is.
   */
  transaction?<T>(fn: () => T): T;
  /**
   * SQLite: turns this connection's own checkpoints of the write-ahead log off (false) or
   * back on (true, SQLite's default: after a commit that leaves the log over 1,000 pages,
   * copying them into the database file and syncing it: https://sqlite.org/wal.html#ckpt).
   * Threads that write many rows turn theirs off while another connection calls
   * {@link checkpoint}, so that none of them waits for the disk. Other stores leave it out.
   */
  autoCheckpoint?(on: boolean): void;
  /**
   * SQLite: copies what the write-ahead log holds into the database file now, as far as it
   * can without waiting for any reader or writer (a PASSIVE checkpoint).
   */
  checkpoint?(): void;
  putSite(site: SiteRecord): void;
  getSite(id: string): SiteRecord | undefined;
  findSite(text: string): SiteRecord | undefined;
  listSites(): SiteRecord[];
  getPref(key: string): unknown;
  setPref(key: string, value: unknown): void;
  unsetPref(key: string): boolean;
  listPrefs(): { key: string; value: unknown; updated_at: string }[];
  putPersona(p: { id: string } & Record<string, unknown>): void;
  getPersona(id: string): Record<string, unknown> | undefined;
  listPersonas(): Record<string, unknown>[];
  getSelection(kind: string): string | undefined;
  setSelection(kind: string, value: string | undefined): void;
  addRun(run: RunRow): void;
  getRun(id: string): RunRow | undefined;
  listRuns(filter?: { tool?: string; scan?: string; limit?: number }): Omit<RunRow, "result">[];
  /**
   * Records a run's findings: upserts those produced (a rejected one stays rejected) under the
   * run's scope, and marks as resolved the tool's earlier open findings for the scan that were
   * not produced, but only those of the same scope whose subject the run judged (`judged`;
   * without it, scope "" and every subject). Returns the ids that are rejected, which callers
   * hide.
   */
  syncFindings(
    scan: string,
    tool: string,
    findings: Finding[],
    runId: string,
    judged?: JudgedScope,
  ): Set<string>;
  listFindings(filter?: { scan?: string; all?: boolean; tool?: string }): FindingRow[];
  /**
   * Finds the rows a person named (one per scan that has it): by the finding's number as
   * listed (`3`, `#3`) or its id (an id typed the old way, with `$`, finds its finding).
   */
  findFinding(id: string, scan?: string): FindingRow[];
  setFindingStatus(scan: string, id: string, status: FindingStatus, reason?: string): void;
  /**
   * Moves a finding to the id its subject has in a re-imported building (its status, reason,
   * number and history kept); false, changing nothing, when that id is already taken.
   */
  renameFinding(scan: string, from: string, to: string, subject: string): boolean;
  /** Records a batch's spec (first write wins: a resumed batch keeps its spec). */
  putBatch(b: BatchRecord): void;
  getBatch(id: string): BatchRecord | undefined;
  /** The most recently created batch, if any. */
  lastBatch(): BatchRecord | undefined;
  /**
   * Writes a finished row and its run in one transaction, once: a row whose (batch, key) is
   * already there changes nothing and returns false (a retried or duplicated job).
   */
  commitBatchRow(row: BatchRow, run?: RunRow): boolean;
  /** The keys of the rows of `batch` already done. */
  batchKeys(batch: string): Set<string>;
  /** Scans whose plan names its building (`plan.building`), oldest import first. */
  scanBuildings(): { id: string; building: string; imported_at: string }[];
  /** How many rows of `batch` are done (cheap, for polling). */
  batchCount(batch: string): number;
  listBatchRows(batch: string): BatchRow[];
  /** Detections stored for an image (by content hash) and detector key; undefined when none. */
  getDetections(imageHash: string, model: string): unknown;
  /** Stores an image's detections; a second put for the same key replaces the first. */
  putDetections(imageHash: string, model: string, detections: unknown): void;
}
