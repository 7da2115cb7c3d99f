/**
 * A person's verdict on a finding, for every surface: reject one (it stays hidden in later
 * runs and listings, design.md "a rejected finding stays hidden") or restore it. The finding
 * is named by its stable id; when the same id exists in several scans the scan must be said.
 */
import { InputError } from "../ground/errors.ts";
import { type Manifest, scopeInputNames } from "./manifest.ts";
import type { ToolResult } from "./result.ts";
import type { FindingRow, JudgedScope, Store } from "./store.ts";

/**
 * What a run judged, for keeping findings (issue 24): its scope — the values of the inputs
 * marked `scope` ("pack=fha;level=…"), "" when none — and the subjects it judged, those of its
 * checks that came to a pass, warn or fail. A run resolves an open finding only when it
 * judged the same subject under the same scope and no longer produced it: an FHA run leaves
 * the ADA findings alone, a run to one room leaves the other rooms' findings alone, and an
 * `unknown` (could not judge) resolves nothing. A run whose checks name no subject at all
 * judged its whole scope (`subjects` absent).
 */
export function judgedScope(
  m: Manifest,
  result: Pick<ToolResult, "checks" | "inputs">,
): JudgedScope {
  const value = (k: string) => result.inputs[k]?.value;
  const scope = scopeInputNames(m)
    .filter((k) => value(k) !== undefined)
    .map((k) => `${k}=${typeof value(k) === "string" ? value(k) : JSON.stringify(value(k))}`)
    .join(";");
  if (!result.checks.some((c) => c.subject !== undefined)) return { scope };
  const subjects = new Set<string>();
  for (const c of result.checks) {
    if (c.subject === undefined || c.aside) continue;
    if (c.status === "pass" || c.status === "warn" || c.status === "fail") subjects.add(c.subject);
  }
  return { scope, subjects: [...subjects] };
}

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
      }; give a finding's number or id as threshold findings --all lists them`,
      { code: "finding.unknown", data: { got: id, ...(change.scan ? { scan: change.scan } : {}) } },
    );
  }
  if (rows.length > 1) {
    throw new InputError(
      n.scan,
      `finding ${id} exists in scans ${
        rows.map((r) => r.scan).join(", ")
      }; say which with ${n.scan}`,
      { code: "finding.ambiguous", data: { got: id, allowed: rows.map((r) => r.scan) } },
    );
  }
  store.setFindingStatus(
    rows[0].scan,
    rows[0].id,
    change.status,
    change.status === "rejected" ? change.reason ?? "rejected" : undefined,
  );
  return rows[0];
}
