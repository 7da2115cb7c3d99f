/** What every panel block component receives. */
import type { Plan } from "../../ground/plan.ts";
import type { ToolResult } from "../../core/result.ts";
import type { PageOpts } from "./paging.tsx";

export interface BlockProps {
  result: ToolResult;
  /** The plan the result is about (PlanView draws it). */
  plan?: Plan;
  /** The stored run, for links (the table's CSV) and for coming back after a change. */
  runId?: string;
  /** Where a finding's reject form returns to (a path this server made). */
  back?: string;
  /** Which page of long lists to show (default the first). */
  page?: PageOpts;
}
