/**
 * Inputs the access tools share (step_free_route, door_clearance, turning_space): each filled
 * from a preference key, then the active persona's preset, then a default cited here. A
 * person's own measurements (chair width, turning circle) have no default (design.md): a
 * preference, a persona or the person fills them, or they are asked.
 * The folder starts with "_" so the registry does not take it for a tool.
 */
import { fill, z } from "../../core/manifest.ts";

/** Width of the person's chair or aid (metres): theirs, so no default; asked when unfilled. */
export const chair_width_m = z.number().min(0.3).max(2).meta(
  fill.preference("access.chair_width_m", {
    ask: "How wide is your wheelchair or mobility aid?",
    unit: "m",
    label: "your chair or aid's width",
  }),
);

/**
 * The chair width for tools that can answer without one (door_clearance against a standard):
 * filled like {@link chair_width_m} but never asked; left out, the standard alone is the need.
 */
export const chair_width_optional_m = chair_width_m.optional().meta({
  description:
    "Your chair or aid's width (metres); when given, the door you need is it plus the side margin, and the standard's minimum is a separate check. Left out: the standard's minimum alone.",
});

/**
 * Room needed beside the chair, both sides together: default 0.05 m, an assumption (hands on
 * the push rims); no standard gives it.
 */
export const side_margin_m = z.number().min(0).max(0.5).default(0.05).meta(
  fill.preference("access.side_margin_m", {
    ask: "How much room do you need beside your chair or aid, both sides together?",
    unit: "m",
    label: "a side margin for hands on the push rims (assumed; no standard found)",
  }),
);

/** Minimum door clear width: default ADA 2010 §404.2.3, 32 in (815 mm). */
export const min_clear_width_m = z.number().min(0.3).max(3).default(0.815).meta(
  fill.preference("access.min_clear_width_m", {
    ask: "What is the narrowest clear door width you can get through?",
    unit: "m",
    label: "a minimum door clear width (ADA 2010 §404.2.3)",
  }),
);

/** Highest threshold or step: default ADA 2010 §404.2.5, 1/2 in (13 mm). */
export const max_step_m = z.number().min(0).max(1).default(0.013).meta(
  fill.preference("access.max_step_m", {
    ask: "What is the highest step or threshold you can cross?",
    unit: "m",
    label: "a highest threshold (ADA 2010 §404.2.5)",
  }),
);

/** Steepest ramp: default ADA 2010 §405.2, 1:12. */
export const max_ramp_slope = z.number().min(0).max(1).default(1 / 12).meta(
  fill.preference("access.max_ramp_slope", {
    ask: "What is the steepest ramp you can use, as rise over run (1:12 is 0.083)?",
    unit: "rise/run",
    label: "a steepest ramp slope (ADA 2010 §405.2)",
  }),
);

/** Whether routes must avoid stairs: default yes, ADA 2010 §303 (over 1/2 in needs a ramp). */
export const step_free = z.boolean().default(true).meta(
  fill.preference("access.step_free", {
    ask: "Must every route be free of stairs and steps?",
    label: "step-free routes (ADA 2010 §303)",
  }),
);

/**
 * The circle the person needs to turn around in (metres): theirs, so no default (ADA 2010
 * §304.3.1's 60 in / 1525 mm comes with the wheelchair personas); asked when unfilled.
 */
export const turning_diameter_m = z.number().min(0.5).max(5).meta(
  fill.preference("access.turning_diameter_m", {
    ask: "How wide a circle do you need to turn around in?",
    example: { value_m: 1.525, source: "ADA §304.3.1" },
    unit: "m",
    label: "your turning diameter",
  }),
);
