/**
 * `threshold findings`, `reject <finding>` and `restore <finding>` (a finding's number as
 * listed, or its id; also as `threshold findings reject …`).
 * @module
 */
import type { Command } from "commander";
import { L, out, type Register, store, tableOf } from "../common.ts";

type Act = Parameters<Register>[1]["act"];

/** `reject`/`restore` under `parent`: the finding by its number as listed or its id. */
function verdictCommand(
  parent: Command,
  act: Act,
  name: string,
  status: "rejected" | "open",
  desc: string,
): void {
  parent.command(`${name} <finding>`).description(desc).option("--scan <sid>")
    .option("--reason <text>")
    .action(act((id: string, o: { scan?: string; reason?: string }) => {
      const row = L.setFindingVerdict(store(), id, { status, scan: o.scan, reason: o.reason }, {
        id: "finding",
        scan: "--scan",
      });
      const num = row.num !== undefined ? `#${row.num} ` : "";
      out(`${status === "rejected" ? "Rejected" : "Restored"} ${num}${row.id} (scan ${row.scan})`);
    }));
}

/** `findings`: open findings (--all: resolved and rejected too). */
export const findings: Register = (p, { act }) => {
  const list = p.command("findings").description(
    "Open findings (--all: resolved and rejected too); findings reject|restore <finding>",
  )
    .option("--scan <sid>").option("--all").option("--json")
    .action(act((o: { scan?: string; all?: boolean; json?: boolean }) => {
      const rows = store().listFindings({ scan: o.scan, all: o.all });
      if (o.json) return out(JSON.stringify(rows, null, 2));
      if (!rows.length) return out(o.all ? "No findings." : "No open findings.");
      // Each finding's number (kept for good: `threshold reject 3`) and its whole id, never
      // wrapped mid-id; a long title or reason is a note below. By scan, then by number (first seen first).
      const listed = [...rows].sort((a, b) =>
        a.scan < b.scan ? -1 : a.scan > b.scan ? 1 : (a.num ?? Infinity) - (b.num ?? Infinity)
      );
      // One scan's findings say the scan once, above the table, and leave its column out: with
      // the whole id, six columns do not fit 80.
      const one = new Set(listed.map((r) => r.scan)).size === 1;
      const cells = (r: (typeof listed)[number]) =>
        one
          ? [r.num ?? "", r.id, r.status, r.title, r.reason ?? ""]
          : [r.num ?? "", r.scan, r.id, r.status, r.title, r.reason ?? ""];
      if (one) out(`Findings of scan ${listed[0].scan}:`);
      out(
        tableOf(
          one
            ? ["#", "Finding", "Status", "Title", "Reason"]
            : ["#", "Scan", "Finding", "Status", "Title", "Reason"],
          listed.map(cells),
          // A long title or reason goes to a numbered note under the table rather than wrap
          // a few letters a line beside the whole id.
          one ? [3, 4] : [4, 5],
          one ? [0, 1] : [0, 2],
        ),
      );
    }));
  const reject =
    "Reject a finding (its number as listed, or its id): it stays hidden in later runs and listings";
  const restore = "Restore a rejected finding (its number as listed, or its id)";
  for (const parent of [p, list]) {
    verdictCommand(parent, act, "reject", "rejected", reject);
    verdictCommand(parent, act, "restore", "open", restore);
  }
};
