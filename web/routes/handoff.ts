/**
 * Downloads that hand a scan's results on: its findings as BCF 3.0 (for BIM tools) and the
 * printable report as HTML or PDF. The report here shows the stored runs only (a GET runs no
 * tool). PDF needs to start headless Chromium, which the confined web view may not do
 * (web/confine.ts): there the route says so and points to the HTML report.
 */
import { findPlan } from "../../core/context.ts";
import type { App } from "../app.ts";
import { HttpError } from "../http.ts";

function knownScan(app: App, sid: string): void {
  if (!findPlan({ store: app.store, builtins: app.builtins }, sid)) {
    throw new HttpError(404, `no scan ${JSON.stringify(sid)}; the home page lists the scans`);
  }
}

/** Whether this server may start a program (the PDF printer). */
export function canPrintPdf(): boolean {
  return Deno.permissions.querySync({ name: "run" }).state === "granted";
}

function download(bytes: Uint8Array, type: string, name: string): Response {
  return new Response(bytes as Uint8Array<ArrayBuffer>, {
    headers: {
      "content-type": type,
      "content-disposition": `attachment; filename="${name.replace(/[^A-Za-z0-9_.-]/g, "_")}"`,
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
    },
  });
}

/** GET /scans/:sid/findings.bcfzip */
export async function bcfDownload(app: App, sid: string): Promise<Response> {
  knownScan(app, sid);
  const { exportBcf } = await import("../../handoff/bcf.ts");
  const r = await exportBcf({ store: app.store, scan: sid, home: app.home });
  return download(r.bytes, "application/zip", `${sid}-findings.bcfzip`);
}

/** GET /scans/:sid/report.html and /scans/:sid/report.pdf */
export async function reportDownload(
  app: App,
  sid: string,
  format: "html" | "pdf",
): Promise<Response> {
  knownScan(app, sid);
  if (format === "pdf" && !canPrintPdf()) {
    throw new HttpError(
      503,
      "This web view runs confined and starts no programs, so it cannot print a PDF: download the HTML report and print it from your browser, or run threshold report --scan " +
        `${sid} --out report.pdf`,
    );
  }
  const { reportBytes } = await import("../../handoff/report.ts");
  const bytes = await reportBytes(
    { store: app.store, scan: sid, runMissing: false, home: app.home, toolsDir: app.toolsDir },
    format,
  );
  return download(
    bytes,
    format === "pdf" ? "application/pdf" : "text/html; charset=utf-8",
    `${sid}-report.${format}`,
  );
}
