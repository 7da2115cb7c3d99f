/**
 * A tool input that names a room, door, window or floor: resolved by id, name or label
 * (ground/names.ts), or an InputError naming the input and the candidates by name.
 * The folder starts with "_" so the registry does not take it for a tool.
 */
import { BudgetExceeded, ticker } from "../../ground/budget.ts";
import type { Ctx } from "../../core/context.ts";
import { InputError } from "../../ground/errors.ts";
import type { InputsSchema, Manifest } from "../../core/manifest.ts";
import type { HandlerResult, Said } from "../../core/result.ts";
import type { Plan } from "../../ground/plan.ts";
import {
  namesInText,
  type PlanNames,
  planNames,
  type RefKind,
  refProblem,
  resolveRef,
  withDisplayNames,
} from "../../ground/names.ts";

/** The id of the element `value` names, or an InputError on `input` saying what it could be. */
export function resolveInput(
  plan: Plan,
  kind: RefKind,
  input: string,
  value: string,
  scan?: string,
  names: PlanNames = planNames(plan),
): string {
  const r = resolveRef(plan, kind, value, names);
  if (r.ok) return r.id;
  throw new InputError(input, refProblem(kind, value, r, scan), {
    code: `ref.${r.reason}`,
    data: {
      kind,
      got: value,
      allowed: r.candidates.map((c) => c.id),
      ...(scan !== undefined ? { scan } : {}),
    },
  });
}

/**
 * A tool whose people-facing text names elements by name, not id: the plan it reads names
 * each room and floor by its display name (ground/names.ts `withDisplayNames`: "bedroom (1)",
 * never a bare repeated "bedroom"), and its steps, verdict, metric labels, check labels and
 * notes, finding titles and details, overlay labels, assumptions and its table's text cells
 * (all but an `id` column) have every id of the scan's plan replaced by its display name.
 * Ids stay in ids (findings, subjects, overlays), in data and in `--json`'s inputs.
 */
export function named<S extends InputsSchema>(m: Manifest<S>): Manifest<S> {
  return {
    ...m,
    async run(ctx, inputs) {
      const scan = (inputs as Record<string, unknown>).scan;
      let names: PlanNames | undefined;
      if (typeof scan === "string") {
        try {
          names = planNames(ctx.plan(scan));
        } catch (e) {
          if (e instanceof BudgetExceeded) throw e;
          names = undefined;
        }
      }
      if (!names) return await m.run(ctx, inputs);
      const n = names;
      // Every text of a large result is rewritten: within the run's budget (ground/budget.ts),
      // checked every 8th text (one rewrite of a plan with 100,000 ids takes milliseconds).
      // Performance (issue 29): a check at each of a 1,000-room result's ~4,000 texts cost
      // more than the rewrites (the budget's store read each time).
      const tick = ticker(8);
      const sub = (t: string) => (tick(), namesInText(t, n));
      const step = (s: Said | string) =>
        ctx.step(typeof s === "string" ? sub(s) : { ...s, text: sub(s.text) });
      const named: Ctx = Object.create(ctx, {
        step: { value: step },
        plan: {
          value: (sid: string) => sid === scan ? withDisplayNames(ctx.plan(sid), n) : ctx.plan(sid),
        },
      });
      const h: HandlerResult = await m.run(named, inputs);
      const table = h.data?.table;
      return {
        ...h,
        verdict: { ...h.verdict, text: sub(h.verdict.text) },
        ...(h.metrics ? { metrics: h.metrics.map((x) => ({ ...x, label: sub(x.label) })) } : {}),
        ...(table
          ? {
            data: {
              ...h.data,
              table: {
                ...table,
                rows: table.rows.map((row) =>
                  row.map((c, i) => typeof c === "string" && table.columns[i] !== "id" ? sub(c) : c)
                ),
              },
            },
          }
          : {}),
        ...(h.checks
          ? {
            // A check whose texts name no id is kept as it is, not copied (as overlays).
            checks: h.checks.map((c) => {
              const label = sub(c.label);
              const note = c.note === undefined ? undefined : sub(c.note);
              if (label === c.label && note === c.note) return c;
              return { ...c, label, ...(c.note !== undefined ? { note } : {}) };
            }),
          }
          : {}),
        ...(h.findings
          ? {
            findings: h.findings.map((f) => ({
              ...f,
              title: sub(f.title),
              ...(f.detail !== undefined ? { detail: sub(f.detail) } : {}),
            })),
          }
          : {}),
        ...(h.overlays
          ? {
            // An overlay whose label names no id (a room's, already its display name) is
            // kept as it is, not copied (a 1,000-room result has 1,000 of them).
            overlays: h.overlays.map((o) => {
              if (o.label === undefined) return o;
              const label = sub(o.label);
              return label === o.label ? o : { ...o, label };
            }),
          }
          : {}),
        ...(h.assumptions
          ? { assumptions: h.assumptions.map((a) => ({ ...a, text: sub(a.text) })) }
          : {}),
      };
    },
  };
}
