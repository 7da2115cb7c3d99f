/**
 * The printable report: one self-contained HTML document about one scan — the building,
 * every tool's verdict, its checks, findings and assumptions, its plan picture inline (an
 * SVG as a data: URL with alt text), and the findings a person rejected listed apart with
 * their reasons. Headings go h1 → h2 (the building, verdicts, each tool, rejected findings)
 * → h3 (a tool's parts), so a screen reader can move by them. Renders only: every number
 * comes from the results. HTML through preact-render-to-string (it escapes every text).
 */
import type { JSX } from "preact";
import { renderToString } from "preact-render-to-string";
import type { Plan } from "../ground/plan.ts";
import type { Chart, FindingStatus, Overlay, Status, ToolResult } from "../core/result.ts";
import { chartSvg } from "./charts.ts";
import { planSvg } from "./planview.ts";

/** A finding as the report lists it: the stored status and reason, the run's severity. */
export interface ReportFinding {
  id: string;
  title: string;
  detail?: string;
  status: FindingStatus;
  reason?: string;
  severity?: "fail" | "warn" | "info";
}

/** One tool's part of the report: its result, or why it has none. */
export interface ReportTool {
  id: string;
  title: string;
  summary: string;
  result?: ToolResult;
  /** When the result was made (ISO 8601). */
  ran_at?: string;
  /** Why there is no result ("needs your chair width", …). */
  not_run?: string;
  findings: ReportFinding[];
  /** Draw the plan with the result's overlays (the tool has a PlanView block). */
  plan_view: boolean;
}

export interface ReportInput {
  scan: string;
  plan: Plan;
  generated_at: string;
  imported_at?: string;
  tools: ReportTool[];
}

/** A status in words for people. */
export const STATUS_TEXT: Record<Status, string> = {
  pass: "Pass",
  fail: "Fail",
  warn: "Too close to call",
  unknown: "Could not be judged",
  error: "Error",
};

function num(v: number | undefined, unit?: string): string {
  if (v === undefined) return "—";
  const s = Number.isInteger(v) ? String(v) : String(Math.round(v * 1000) / 1000);
  return unit ? `${s} ${unit}` : s;
}

/** A date for people: "1 December 2026, 15:03 UTC". */
function when(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${
    d.toLocaleDateString("en-GB", {
      day: "numeric",
      month: "long",
      year: "numeric",
      timeZone: "UTC",
    })
  }, ${d.toISOString().slice(11, 16)} UTC`;
}

/**
 * A plan picture's alt text: what is drawn and what is marked, counted by status, with the
 * names of the marked things that fail or are too close to call.
 */
export function planAlt(plan: Plan, tool: string, overlays: Overlay[]): string {
  const floors = [...plan.floors].sort((a, b) => a.index - b.index)
    .map((f) => f.name ?? `floor ${f.index}`);
  const where = floors.length
    ? `${floors.length} floor${floors.length === 1 ? "" : "s"} (${floors.join(", ")})`
    : "the plan";
  const base = `Plan of ${plan.name || plan.id}, ${where}, with ${plan.rooms.length} room${
    plan.rooms.length === 1 ? "" : "s"
  }`;
  if (!overlays.length) return `${base}; ${tool} marks nothing on it.`;
  const count = (s: Status) => overlays.filter((o) => o.status === s).length;
  const parts = (["fail", "warn", "pass", "unknown"] as Status[])
    .filter((s) => count(s) > 0)
    .map((s) => `${count(s)} ${STATUS_TEXT[s].toLowerCase()}`);
  const named = overlays.filter((o) => (o.status === "fail" || o.status === "warn") && o.label)
    .map((o) => `${o.label} (${STATUS_TEXT[o.status!].toLowerCase()})`);
  const unmarked = overlays.length - parts.reduce((n, p) => n + Number(p.split(" ")[0]), 0);
  const all = [...parts, ...(unmarked > 0 ? [`${unmarked} marked without a status`] : [])];
  return `${base}; ${tool} marks ${overlays.length} thing${overlays.length === 1 ? "" : "s"}: ${
    all.join(", ")
  }.${
    named.length
      ? ` Failing or too close to call: ${named.slice(0, 12).join("; ")}${
        named.length > 12 ? `; and ${named.length - 12} more` : ""
      }.`
      : ""
  }`;
}

/** A chart's alt text: its title, and what it draws. */
export function chartAlt(chart: Chart): string {
  const days = chart.days.map((d) => d.label);
  const windows = chart.windows?.length ?? 0;
  return `Sun-path chart: ${chart.title}${
    chart.subtitle ? `, ${chart.subtitle}` : ""
  }. The sun's path across the sky on ${days.length ? days.join(", ") : "no day"}, with hour lines${
    chart.horizon?.length ? ", the horizon" : ""
  }${windows ? ` and the facing of ${windows} window${windows === 1 ? "" : "s"}` : ""}.`;
}

function svgDataUrl(svg: string): string {
  const bytes = new TextEncoder().encode(svg);
  let bin = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return `data:image/svg+xml;base64,${btoa(bin)}`;
}

const CSS = `
body{font-family:"DejaVu Sans",Arial,sans-serif;color:#1a1a1a;margin:2rem auto;max-width:56rem;line-height:1.45;padding:0 1rem}
h1{font-size:1.7rem;margin-bottom:.2rem}h2{font-size:1.3rem;margin-top:2rem;border-bottom:2px solid #333;padding-bottom:.2rem}
h3{font-size:1.05rem;margin-top:1.2rem}
table{border-collapse:collapse;width:100%;margin:.5rem 0;font-size:.9rem}
th,td{border:1px solid #999;padding:.25rem .4rem;text-align:left;vertical-align:top}
thead th{background:#eee}
.status{font-weight:bold;white-space:nowrap}
.s-pass{color:#1d6b31}.s-fail{color:#a8200f}.s-warn{color:#8a5d00}.s-unknown{color:#555}.s-error{color:#6c3483}
.verdict{font-size:1rem;border-left:6px solid #555;padding:.4rem .7rem;background:#f6f6f6}
.verdict.s-pass{border-color:#1d6b31}.verdict.s-fail{border-color:#a8200f}.verdict.s-warn{border-color:#8a5d00}
figure{margin:1rem 0;break-inside:avoid}figure img{max-width:100%;height:auto;border:1px solid #ccc}
figcaption{font-size:.85rem;color:#333}
.meta{color:#444;font-size:.9rem}small{display:block;color:#444}
section.tool{break-before:page}
@media print{body{margin:0;max-width:none}a{color:inherit}}
`;

function Status({ s }: { s: Status }): JSX.Element {
  return <span class={`status s-${s}`}>{STATUS_TEXT[s]}</span>;
}

function Building({ input }: { input: ReportInput }): JSX.Element {
  const p = input.plan;
  const count = (k: string) => p.openings.filter((o) => o.kind === k).length;
  const rows: [string, string][] = [
    ["Scan", input.scan],
    ["Source", `${p.source.format}${p.source.ref ? `: ${p.source.ref.split(/[\\/]/).pop()}` : ""}`],
    ...(input.imported_at ? [["Imported", when(input.imported_at)] as [string, string]] : []),
    [
      "Floors",
      p.floors.length ? p.floors.map((f) => f.name ?? `floor ${f.index}`).join(", ") : "none",
    ],
    ["Rooms", String(p.rooms.length)],
    ["Doors, windows, openings", `${count("door")}, ${count("window")}, ${count("opening")}`],
    ["Stairs, ramps and lifts", String(p.verticals.length)],
    ...(p.site
      ? [[
        "Site",
        `${p.site.address ? `${p.site.address}, ` : ""}${p.site.lat}°, ${p.site.lon}°`,
      ] as [string, string]]
      : []),
    [
      "Measurement uncertainty",
      `${num(p.source.uncertainty_m, "m")} or ${
        num(p.source.uncertainty_rel * 100)
      } %, the larger; a value that close to its limit is too close to call`,
    ],
  ];
  return (
    <section aria-labelledby="h-building">
      <h2 id="h-building">The building</h2>
      <table>
        <tbody>
          {rows.map(([k, v]) => (
            <tr key={k}>
              <th scope="row">{k}</th>
              <td>{v}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function Verdicts({ tools }: { tools: ReportTool[] }): JSX.Element {
  return (
    <section aria-labelledby="h-verdicts">
      <h2 id="h-verdicts">Verdicts</h2>
      <table>
        <thead>
          <tr>
            <th scope="col">Question</th>
            <th scope="col">Verdict</th>
            <th scope="col">In short</th>
          </tr>
        </thead>
        <tbody>
          {tools.map((t) => (
            <tr key={t.id}>
              <th scope="row">
                <a href={`#tool-${t.id}`}>{t.title}</a>
              </th>
              <td>{t.result ? <Status s={t.result.verdict.status} /> : "Not run"}</td>
              <td>{t.result ? t.result.verdict.text : t.not_run}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function ToolPart({ t, plan }: { t: ReportTool; plan: Plan }): JSX.Element {
  const r = t.result;
  const open = t.findings.filter((f) => f.status === "open");
  const resolved = t.findings.filter((f) => f.status === "resolved");
  const rejected = t.findings.filter((f) => f.status === "rejected").length;
  return (
    <section class="tool" id={`tool-${t.id}`} aria-labelledby={`h-${t.id}`}>
      <h2 id={`h-${t.id}`}>{t.title}</h2>
      <p class="meta">
        {t.summary}
        {t.ran_at ? ` Run ${when(t.ran_at)}.` : ""}
      </p>
      {!r ? <p class="verdict s-unknown">Not run: {t.not_run}</p> : (
        <>
          <p class={`verdict s-${r.verdict.status}`}>
            <Status s={r.verdict.status} />: {r.verdict.text}
          </p>
          {r.metrics.length > 0 && (
            <>
              <h3>Measures</h3>
              <table>
                <tbody>
                  {r.metrics.map((m) => (
                    <tr key={m.id}>
                      <th scope="row">{m.label}</th>
                      <td>
                        {m.value === null
                          ? "—"
                          : typeof m.value === "number"
                          ? num(m.value, m.unit)
                          : `${m.value}${m.unit ? ` ${m.unit}` : ""}`}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </>
          )}
          <h3>Checks</h3>
          {r.checks.length
            ? (
              <table>
                <thead>
                  <tr>
                    <th scope="col">Check</th>
                    <th scope="col">Status</th>
                    <th scope="col">Measured</th>
                    <th scope="col">Limit</th>
                    <th scope="col">Rule</th>
                  </tr>
                </thead>
                <tbody>
                  {r.checks.map((c) => (
                    <tr key={c.id}>
                      <th scope="row">
                        {c.label}
                        {c.note ? <small>{c.note}</small> : null}
                      </th>
                      <td>
                        <Status s={c.status} />
                      </td>
                      <td>{num(c.measured, c.unit)}</td>
                      <td>{num(c.limit, c.unit)}</td>
                      <td>
                        {c.rule
                          ? `${c.rule.pack} ${c.rule.section}${
                            c.rule.unverified ? " (unverified)" : ""
                          }`
                          : "—"}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )
            : (
              <p>
                This tool makes no checks of its own; its answer is in the verdict and measures.
              </p>
            )}
          <h3>Findings</h3>
          {open.length
            ? (
              <ul>
                {open.map((f) => (
                  <li key={f.id}>
                    <strong>{f.title}</strong>
                    {f.severity === "warn" ? " (too close to call: measure on site)" : ""}
                    {f.detail ? <small>{f.detail}</small> : null}
                    <small>Finding {f.id}</small>
                  </li>
                ))}
              </ul>
            )
            : (
              <p>
                {r.verdict.status === "unknown" || r.verdict.status === "error"
                  ? "No open findings, but the verdict could not be judged: see above."
                  : "No open findings."}
              </p>
            )}
          {resolved.length > 0 && (
            <p>
              Resolved since an earlier run: {resolved.map((f) => f.title).join("; ")}.
            </p>
          )}
          {rejected > 0 && (
            <p>
              {rejected} finding{rejected === 1 ? " was" : "s were"} rejected: see{" "}
              <a href="#h-rejected">Rejected findings</a>.
            </p>
          )}
          <h3>Assumptions</h3>
          {r.assumptions.length
            ? (
              <ul>
                {r.assumptions.map((a, i) => <li key={i}>{a.text}</li>)}
              </ul>
            )
            : <p>None: every input was given.</p>}
          {t.plan_view && plan.rooms.length > 0 && (
            <figure>
              <img
                src={svgDataUrl(
                  planSvg(plan, { overlays: r.overlays, title: `${t.title}: ${r.verdict.text}` }),
                )}
                alt={planAlt(plan, t.title, r.overlays)}
              />
              <figcaption>
                Plan with the {t.title.toLowerCase()}{" "}
                results marked (colours and their words are in the legend under the drawing).
              </figcaption>
            </figure>
          )}
          {Object.entries(r.data?.charts ?? {}).map(([name, chart]) => (
            <figure key={name}>
              <img src={svgDataUrl(chartSvg(chart))} alt={chartAlt(chart)} />
              <figcaption>{chart.title}</figcaption>
            </figure>
          ))}
        </>
      )}
    </section>
  );
}

function Rejected({ tools }: { tools: ReportTool[] }): JSX.Element {
  const rows = tools.flatMap((t) =>
    t.findings.filter((f) => f.status === "rejected").map((f) => ({ t, f }))
  );
  return (
    <section aria-labelledby="h-rejected">
      <h2 id="h-rejected">Rejected findings</h2>
      {rows.length
        ? (
          <table>
            <thead>
              <tr>
                <th scope="col">Finding</th>
                <th scope="col">Question</th>
                <th scope="col">Reason given</th>
              </tr>
            </thead>
            <tbody>
              {rows.map(({ t, f }) => (
                <tr key={f.id}>
                  <th scope="row">
                    {f.title}
                    <small>Finding {f.id}</small>
                  </th>
                  <td>{t.title}</td>
                  <td>{f.reason ?? "no reason given"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )
        : <p>No finding was rejected.</p>}
    </section>
  );
}

/** The report as one HTML document (UTF-8, no outside resources). */
export function reportHtml(input: ReportInput): string {
  const name = input.plan.name || input.plan.id;
  const doc = (
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{`threshold report: ${name}`}</title>
        <style dangerouslySetInnerHTML={{ __html: CSS }} />
      </head>
      <body>
        <header>
          <h1>threshold report: {name}</h1>
          <p class="meta">
            Made {when(input.generated_at)} from scan{" "}
            {input.scan}. Scans are not tape measures: a value within the scan's uncertainty of its
            limit is reported as too close to call.
          </p>
        </header>
        <main>
          <Building input={input} />
          <Verdicts tools={input.tools} />
          {input.tools.map((t) => <ToolPart key={t.id} t={t} plan={input.plan} />)}
          <Rejected tools={input.tools} />
        </main>
      </body>
    </html>
  );
  return `<!DOCTYPE html>\n${renderToString(doc)}\n`;
}
