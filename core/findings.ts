/**
 * A person's verdict on a finding, for every surface: reject one (it stays hidden in later
 * runs and listings, design.md "a rejected finding stays hidden") or restore it. The finding
 * is named by its stable id; when the same id exists in several scans the scan must be said.
 */
import { InputError } from "../ground/errors.ts";
import type { FindingRow, Store } from "./store.ts";

/** Input names for error messages, as the surface calls them. */
export type FindingInputNames = Partial<Record<"id" | "scan", string>>;

/**
 * Sets a finding's status ("rejected" with a reason, default "rejected"; or "open" again) and
 * returns the finding as it was found. An unknown id, or one in several scans without `scan`,
 * is an InputError naming the input.
 */
export function setFindingVerdict(
  store: Store,
  id: string,
  change: { status: "rejected" | "open"; scan?: string; reason?: string },
  names: FindingInputNames = {},
): FindingRow {
  const n = { id: "finding", scan: "scan", ...names };
  const rows = store.findFinding(id, change.scan);
  if (!rows.length) {
    throw new InputError(
      n.id,
      `no finding ${JSON.stringify(id)}${
        change.scan ? ` in scan ${change.scan}` : ""
      }; see threshold findings --all`,
    );
  }
  if (rows.length > 1) {
    throw new InputError(
      n.scan,
      `finding ${id} exists in scans ${
        rows.map((r) => r.scan).join(", ")
      }; say which with ${n.scan}`,
    );
  }
  store.setFindingStatus(
    rows[0].scan,
    id,
    change.status,
    change.status === "rejected" ? change.reason ?? "rejected" : undefined,
  );
  return rows[0];
}
