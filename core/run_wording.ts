/**
 * Core's own words (core/wording.ts): the runner's steps and the assumptions the input fill and
 * the plan's loading add to every tool's result, made here from their codes and data.
 */
import { round } from "../ground/text.ts";
import { convertible, formatQuantity, unitsNow } from "../ground/units.ts";
import { wording } from "./wording.ts";

/** What each sentence needs, by code. */
export interface RunMessages {
  /** The run was not saved: the disk is full, or the store is read-only. */
  "step.not_saved": { why: "full" | "read_only" };
  "step.rejected_hidden": { findings: number };
  /** An input filled from a persona's preset. */
  "assumption.persona_preset": {
    input: string;
    label?: string;
    value: unknown;
    unit?: string;
    persona: string;
    persona_title: string;
    source?: string;
    unverified?: boolean;
  };
  /** An input filled from its default. */
  "assumption.input_default": { input: string; label?: string; value: unknown; unit?: string };
  /** A warning from loading the plan (a self-intersecting polygon, …). */
  "assumption.plan_warning": { scan: string; warning: string };
}

/** `chair width of 0.66 m`: an input by its label (else its name), its value and unit. */
function described(d: { input: string; label?: string; value: unknown; unit?: string }): string {
  const what = d.label ?? d.input.replaceAll("_", " ");
  // A length or area in the run's unit system (display.units); the metric text as before.
  if (typeof d.value === "number" && convertible(d.unit)) {
    return `${what} of ${formatQuantity(d.value, d.unit, unitsNow(), String(round(d.value, 4)))}`;
  }
  const v = typeof d.value === "number" ? String(round(d.value, 4)) : JSON.stringify(d.value);
  return `${what} of ${v}${d.unit ? ` ${d.unit}` : ""}`;
}

export const sayRun = wording<RunMessages>({
  "step.not_saved": (d) =>
    d.why === "full"
      ? "The disk holding the store is full: this run and its findings were not saved."
      : "The store is read-only: this run and its findings were not saved.",
  "step.rejected_hidden": (d) =>
    `${d.findings} finding(s) you rejected are hidden (threshold findings --all shows them).`,
  "assumption.persona_preset": (d) =>
    `Assumed ${described(d)} (persona: ${d.persona_title}${d.source ? `; ${d.source}` : ""}${
      d.unverified ? "; unverified" : ""
    }).`,
  "assumption.input_default": (d) => `Assumed ${described(d)} (default).`,
  "assumption.plan_warning": (d) => `Scan ${d.scan}: ${d.warning}.`,
});
