/**
 * The store: scans, sites, preferences, personas, the selection, runs, findings, panorama
 * detections and batches, in one SQLite file (core/store/sqlite.ts) or in PostgreSQL
 * (core/store/postgres.ts), behind one {@link Store} interface. Each table's statements are in
 * its own file under core/store/; the migrations are core/store/schema.ts.
 * @module
 */
import type { Store } from "./store/types.ts";
import { storeLocation } from "./store/location.ts";
import { openStore } from "./store/sqlite.ts";
import { openPostgresStore } from "./store/postgres.ts";

export type {
  BatchRecord,
  BatchRow,
  FindingRow,
  JudgedScope,
  RunRow,
  ScanRow,
  Store,
} from "./store/types.ts";
export { STORE_SCHEMA_VERSION } from "./store/schema.ts";
export { defaultHome, storeLocation } from "./store/location.ts";
export { diskProblem, openStore } from "./store/sqlite.ts";
export { checkScanId, SCAN_ID } from "./store/scans.ts";
export { BUSY_TIMEOUT_MS, isBusy, retryBusy, WRITE_WAIT_MS } from "./store/busy.ts";

/** A store location that names a PostgreSQL database rather than a folder. */
export function isPostgresLocation(location: string): boolean {
  return /^postgres(ql)?:\/\//i.test(location);
}

/**
 * Opens the store at a location: a `postgres://` or `postgresql://` URL opens the PostgreSQL
 * store (core/store/postgres.ts, the same {@link Store} interface), anything else is a folder
 * for the embedded SQLite store.
 */
export function openStoreAt(location: string = storeLocation()): Store {
  if (isPostgresLocation(location)) return openPostgresStore(location);
  return openStore(location);
}
