/**
 * A scan: its plan per floor (inline SVG; floor switch, zoom and pan), its rooms by name, and
 * the findings open across tools, each with its overlay from the tool's latest run; rejected
 * findings are listed apart, with a way to restore them.
 */
import { findPlan } from "../../core/context.ts";
import type { Finding, Overlay } from "../../core/result.ts";
import { planChoices } from "../../core/session.ts";
import type { PlanSources } from "../../core/context.ts";
import type { Plan } from "../../ground/plan.ts";
import type { Store } from "../../core/store.ts";
import type { App } from "../app.ts";
import { pageInfo } from "../app.ts";
import { FindingItem } from "../blocks/FindingList.tsx";
import { PageNav, pageSlice } from "../blocks/paging.tsx";
import { renderToString } from "preact-render-to-string";
import { PlanFloors } from "../blocks/PlanView.tsx";
import { html, HttpError } from "../http.ts";
import { Page, StatusBadge } from "../layout.tsx";
import { fmtNumber } from "../words.ts";
import { canPrintPdf } from "./handoff.ts";

/** The downloads that hand the scan's results on: BCF for BIM tools, the printable report. */
function HandOn({ sid, findings }: { sid: string; findings: number }) {
  const base = `/scans/${encodeURIComponent(sid)}`;
  return (
    <section aria-labelledby="h-handon">
      <h2 id="h-handon">Hand it on</h2>
      <ul>
        <li>
          <a href={`${base}/findings.bcfzip`} download>
            Download the findings as BCF
          </a>{" "}
          ({findings}{" "}
          finding{findings === 1 ? "" : "s"}, BCF 3.0 for Solibri, BIMcollab, Revit, Archicad and
          other BIM tools; rejected ones are closed, with your reason)
        </li>
        <li>
          <a href={`${base}/report.html`} download>Download the report (HTML)</a>{" "}
          (every tool's latest answer on this scan, with its plan pictures, in one page to print)
        </li>
        <li>
          {canPrintPdf()
            ? <a href={`${base}/report.pdf`} download>Download the report (PDF)</a>
            : (
              <>
                Report as PDF: this web view runs confined and starts no programs, so print the HTML
                report from your browser, or run{" "}
                <code>threshold report --scan {sid} --out report.pdf</code>
              </>
            )}
        </li>
      </ul>
    </section>
  );
}

/** The module that draws a scan's page in a worker (web/render_job.tsx). */
const RENDER = new URL("../render_job.tsx", import.meta.url).href;

/**
 * GET /scans/:id — drawn in a worker (a scan of 100,000 rooms is parsed and named there),
 * its rooms a page at a time (`?page=N`).
 */
export async function scanPage(app: App, sid: string, req: Request): Promise<Response> {
  const raw = new URL(req.url).searchParams.get("page");
  const page = raw === null ? 1 : Number(raw);
  if (!Number.isInteger(page) || page < 1 || page > 1e9) {
    throw new HttpError(400, `page must be a whole number from 1, got ${JSON.stringify(raw)}`);
  }
  const got = await app.pool.job<{ title: string; html: string } | undefined>(
    RENDER,
    "scanPageJob",
    { sid, page },
    req.signal,
  );
  if (!got) {
    throw new HttpError(404, `no scan ${JSON.stringify(sid)}; the home page lists the scans`);
  }
  return html(
    <Page info={pageInfo(app, got.title, "scan")}>
      <div dangerouslySetInnerHTML={{ __html: got.html }} />
    </Page>,
  );
}

/** The scan's rooms by name, kind, floor and ceiling height, a page at a time. */
function RoomsTable(
  { plan, roomNames, page, back }: {
    plan: Plan;
    roomNames: Map<string, string>;
    page: number;
    back: string;
  },
) {
  const floorName = new Map(plan.floors.map((f) => [f.id, f.name ?? `Floor ${f.index}`]));
  const rooms = pageSlice(plan.rooms, { n: page, base: back });
  return (
    <section aria-labelledby="h-rooms">
      <h2 id="h-rooms">Rooms ({plan.rooms.length})</h2>
      <PageNav s={rooms} what="rooms" page={{ n: page, base: back }} />
      <div class="scroll" tabIndex={0} role="region" aria-label="Rooms table, scrolls sideways">
        <table class="rooms">
          <thead>
            <tr>
              <th scope="col">Room</th>
              <th scope="col">Kind</th>
              <th scope="col">Floor</th>
              <th scope="col">Ceiling height</th>
            </tr>
          </thead>
          <tbody>
            {rooms.items.map((r) => (
              <tr key={r.id}>
                <th scope="row">{roomNames.get(r.id) ?? r.name ?? r.label}</th>
                <td>{r.label}</td>
                <td>{floorName.get(r.floor) ?? r.floor}</td>
                <td>{r.height_m === undefined ? "unknown" : `${fmtNumber(r.height_m)} m`}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** A scan page's content (title and HTML), or undefined when there is no such scan. */
export function scanContent(
  app: PlanSources & { store: Store },
  sid: string,
  page = 1,
): { title: string; html: string } | undefined {
  const loaded = findPlan({ store: app.store, builtins: app.builtins }, sid);
  if (!loaded) return undefined;
  const plan = loaded.plan;
  const selected = app.store.getSelection("scan") === sid;
  const all = app.store.listFindings({ scan: sid, all: true });
  const open = all.filter((f) => f.status === "open");
  const rejected = all.filter((f) => f.status === "rejected");

  // Each tool's latest run on this scan: the overlays its open findings point at.
  const overlays: Overlay[] = [];
  const findingOverlays = new Map<string, string[]>();
  const severity = new Map<string, Finding["severity"]>();
  const latest = new Map<string, { id: string; at: string }>();
  for (const r of app.store.listRuns({ scan: sid, limit: 500 })) {
    const prev = latest.get(r.tool);
    if (!prev || prev.at < r.started_at) latest.set(r.tool, { id: r.id, at: r.started_at });
  }
  const openIds = new Set(open.map((f) => f.id));
  for (const [tool, { id: runId }] of latest) {
    const res = app.store.getRun(runId)?.result;
    if (!res) continue;
    const byId = new Map(res.overlays.map((o) => [o.id, o]));
    for (const f of res.findings) {
      if (f.severity) severity.set(f.id, f.severity);
      if (!openIds.has(f.id) || !f.overlays?.length) continue;
      const ids: string[] = [];
      for (const oid of f.overlays) {
        const o = byId.get(oid);
        if (!o) continue;
        const id = `${tool}/${oid}`;
        if (!overlays.some((x) => x.id === id)) overlays.push({ ...o, id });
        ids.push(id);
      }
      findingOverlays.set(f.id, ids);
    }
  }
  const roomNames = new Map(planChoices(plan, "room").map((c) => [String(c.value), c.label]));
  const back = `/scans/${encodeURIComponent(sid)}`;
  return {
    title: plan.name || sid,
    html: renderToString(
      <>
        <h1>{plan.name || sid}</h1>
        <p>
          Scan {sid} ({plan.source.format}). {plan.floors.length} floors, {plan.rooms.length} rooms.
          {" "}
          {selected
            ? (
              <span class="badge status-pass">
                <span aria-hidden="true">✓</span> Selected
              </span>
            )
            : (
              <form method="post" action="/select" class="inline">
                <input type="hidden" name="scan" value={sid} />
                <input type="hidden" name="back" value={back} />
                <button type="submit">Select this scan</button>
              </form>
            )} <a href="/tools">Run a tool on it</a>
        </p>
        {loaded.warnings.length
          ? (
            <details>
              <summary>Warnings from the import ({loaded.warnings.length})</summary>
              <ul>{loaded.warnings.map((w, i) => <li key={i}>{w}</li>)}</ul>
            </details>
          )
          : null}
        <PlanFloors plan={plan} overlays={overlays} />

        <section aria-labelledby="h-findings">
          <h2 id="h-findings">Open findings ({open.length})</h2>
          {open.length
            ? (
              <ul class="finding-list">
                {open.map((f) => {
                  const finding: Finding = {
                    id: f.id,
                    status: "open",
                    title: f.title,
                    ...(f.detail ? { detail: f.detail } : {}),
                    ...(severity.get(f.id) ? { severity: severity.get(f.id) } : {}),
                    ...(findingOverlays.get(f.id)?.length
                      ? { overlays: findingOverlays.get(f.id) }
                      : {}),
                  };
                  return (
                    <FindingItem key={f.id} f={finding} scan={sid} back={back} tool={f.tool} />
                  );
                })}
              </ul>
            )
            : <p>No open findings. Run a tool to look for some.</p>}
          {rejected.length
            ? (
              <details class="rejected">
                <summary>Rejected findings ({rejected.length})</summary>
                <ul class="finding-list">
                  {rejected.map((f) => (
                    <li key={f.id} class="finding">
                      <StatusBadge status="rejected" /> <strong>{f.title}</strong>{" "}
                      <span class="muted">({f.tool}) — {f.reason ?? "no reason given"}</span>
                      <form method="post" action="/findings/restore" class="inline">
                        <input type="hidden" name="scan" value={sid} />
                        <input type="hidden" name="id" value={f.id} />
                        <input type="hidden" name="back" value={back} />
                        <button type="submit" aria-label={`Restore ${f.title}`}>Restore</button>
                      </form>
                    </li>
                  ))}
                </ul>
              </details>
            )
            : null}
        </section>

        <HandOn sid={sid} findings={all.length} />

        <RoomsTable plan={plan} roomNames={roomNames} page={page} back={back} />
      </>,
    ),
  };
}
