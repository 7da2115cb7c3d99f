/**
 * Scores the offline agent on a list of cases (_questions.ts, _questions_more.ts,
 * _held_out.ts): the right tool or tools (for a question no tool answers: no tool run),
 * exactly the inputs the question states with their values, exactly the subjects it asks
 * about by name, and no question for an input something already fills.
 */
import { decide } from "../../agent/ask.ts";
import { openStore } from "../../core/store.ts";
import { BUILTIN_SCANS } from "../../layers/builtin.ts";
import type { Case } from "./_questions.ts";

const same = (a: unknown, b: unknown) =>
  typeof a === "number" && typeof b === "number" ? Math.abs(a - b) < 5e-4 : a === b;

/** One case, decided and scored. */
export interface Outcome {
  c: Case;
  /** The tools chosen to run (none when it asks which tool, or says none answers). */
  tools: string[];
  status: string;
  inputs: Record<string, unknown>;
  asked: string[];
  toolOk: boolean;
  inputsOk: boolean;
  askedFilled: string[];
}

/** Decides each case on the demo building (selected, nothing saved) and scores it. */
export async function evaluate(cases: Case[]): Promise<Outcome[]> {
  const store = openStore(":memory:");
  const out: Outcome[] = [];
  for (const c of cases) {
    const d = await decide(c.q, { store, builtins: BUILTIN_SCANS, selection: "demo" });
    const want = [c.tool].flat().sort();
    const expected = c.inputs ?? {};
    const wantAsks = [...(c.asks ?? [])].sort();
    if (d.status !== "tools") {
      const toolOk = want.length === 0;
      out.push({
        c,
        tools: [],
        status: d.status,
        inputs: {},
        asked: [],
        toolOk,
        inputsOk: toolOk && Object.keys(expected).length === 0 && wantAsks.length === 0,
        askedFilled: [],
      });
      continue;
    }
    const tools = d.tools.map((t) => t.tool).sort();
    const inputs: Record<string, unknown> = {};
    const askedFilled: string[] = [];
    const asked: string[] = [];
    for (const t of d.tools) {
      for (const [k, v] of Object.entries(t.inputs)) if (v.from === "question") inputs[k] = v.value;
      for (const q of t.questions) {
        if (q.input in t.inputs) askedFilled.push(`${t.tool}.${q.input}`);
        if ((q as { named?: string }).named !== undefined) asked.push(q.input);
      }
    }
    asked.sort();
    const inputsOk = Object.keys(inputs).length === Object.keys(expected).length &&
      Object.entries(expected).every(([k, v]) => same(inputs[k], v)) &&
      JSON.stringify(asked) === JSON.stringify(wantAsks);
    out.push({
      c,
      tools,
      status: d.status,
      inputs,
      asked,
      toolOk: JSON.stringify(tools) === JSON.stringify(want),
      inputsOk,
      askedFilled,
    });
  }
  return out;
}

/** The three figures of a scored list. */
export function figures(rs: Outcome[]) {
  return {
    n: rs.length,
    tool: rs.filter((r) => r.toolOk).length / rs.length,
    inputs: rs.filter((r) => r.toolOk && r.inputsOk).length / rs.length,
    askedFilled: rs.flatMap((r) => r.askedFilled).length,
  };
}

/** The figures and every miss, in lines. */
export function report(name: string, rs: Outcome[]): string {
  const f = figures(rs);
  const lines = [
    `${name}: ${f.n} questions; right tool ${(f.tool * 100).toFixed(1)} %, exact inputs ${
      (f.inputs * 100).toFixed(1)
    } %, filled inputs asked ${f.askedFilled}`,
  ];
  for (const m of rs.filter((r) => !r.toolOk || !r.inputsOk)) {
    lines.push(
      `  miss: ${JSON.stringify(m.c.q)} → ${m.tools.join("+") || m.status} ${
        JSON.stringify(m.inputs)
      }${m.asked.length ? ` asks ${m.asked.join(",")}` : ""} (want ${
        [m.c.tool].flat().join("+") || "none"
      } ${JSON.stringify(m.c.inputs ?? {})}${m.c.asks ? ` asks ${m.c.asks.join(",")}` : ""})`,
    );
  }
  return lines.join("\n");
}
