/**
 * `threshold findings`, `reject <finding-id>` and `restore <finding-id>`.
 * @module
 */
import { L, out, type Register, store, tableOf } from "../common.ts";

/** `findings`: open findings (--all: resolved and rejected too). */
export const findings: Register = (p, { act }) => {
  p.command("findings").description("Open findings (--all: resolved and rejected too)")
    .option("--scan <sid>").option("--all").option("--json")
    .action(act((o: { scan?: string; all?: boolean; json?: boolean }) => {
      const rows = store().listFindings({ scan: o.scan, all: o.all });
      if (o.json) return out(JSON.stringify(rows, null, 2));
      if (!rows.length) return out(o.all ? "No findings." : "No open findings.");
      out(
        tableOf(
          ["Scan", "Finding", "Status", "Title", "Reason"],
          rows.map((r) => [r.scan, r.id, r.status, r.title, r.reason ?? ""]),
        ),
      );
    }));
  const findingCmd = (name: string, status: "rejected" | "open", desc: string) =>
    p.command(`${name} <finding-id>`).description(desc).option("--scan <sid>").option(
      "--reason <text>",
    )
      .action(act((id: string, o: { scan?: string; reason?: string }) => {
        const row = L.setFindingVerdict(store(), id, { status, scan: o.scan, reason: o.reason }, {
          id: "finding-id",
          scan: "--scan",
        });
        out(`${status === "rejected" ? "Rejected" : "Restored"} ${id} (scan ${row.scan})`);
      }));
  findingCmd("reject", "rejected", "Reject a finding: it stays hidden in later runs and listings");
  findingCmd("restore", "open", "Restore a rejected finding");
};
