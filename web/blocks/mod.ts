/**
 * One Preact component per panel block name (core/result.ts BLOCKS): the web view draws a
 * result by the blocks its manifest names, in that order.
 */
import type { FunctionComponent } from "preact";
import type { Block } from "../../core/result.ts";
import { AssumptionList } from "./AssumptionList.tsx";
import { Chart } from "./Chart.tsx";
import { CheckList } from "./CheckList.tsx";
import { FindingList } from "./FindingList.tsx";
import { MetricGrid } from "./MetricGrid.tsx";
import { PlanView } from "./PlanView.tsx";
import { StepLog } from "./StepLog.tsx";
import { Table } from "./Table.tsx";
import { VerdictHeader } from "./VerdictHeader.tsx";
import type { BlockProps } from "./types.ts";

export type { BlockProps } from "./types.ts";

/** The component for each block name. */
export const BLOCK_COMPONENTS: Record<Block, FunctionComponent<BlockProps>> = {
  VerdictHeader,
  CheckList,
  MetricGrid,
  FindingList,
  AssumptionList,
  StepLog,
  PlanView,
  Table,
  Chart,
};
