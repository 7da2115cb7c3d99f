/**
 * Every operation of the PostgreSQL store, by name, gathered from the tables' files: the worker
 * runs them, and the client (./postgres.ts) posts each by its name.
 * @module
 */
import type { PgOps } from "./db.ts";
import { scansPg } from "./scans.ts";
import { sitesPg } from "./sites.ts";
import { preferencesPg } from "./preferences.ts";
import { personasPg } from "./personas.ts";
import { selectionPg } from "./selection.ts";
import { runsPg } from "./runs.ts";
import { findingsPg } from "./findings.ts";
import { visionPg } from "./vision.ts";
import { batchesPg } from "./batches.ts";

export const PG_OPS: PgOps = {
  ...scansPg,
  ...sitesPg,
  ...preferencesPg,
  ...personasPg,
  ...selectionPg,
  ...runsPg,
  ...findingsPg,
  ...visionPg,
  ...batchesPg,
};
