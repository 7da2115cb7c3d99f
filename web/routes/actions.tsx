/**
 * The state-changing requests (every one a POST whose Origin the server checked): select a
 * scan, choose a persona, save or forget a preference, reject or restore a finding, import an
 * upload. Each changes the store as the matching command does.
 */
import { releaseUploadFolders, storeScan, uploadFolders } from "../../layers/store_scan.ts";
import { join } from "node:path";
import { InputError } from "../../ground/errors.ts";
import { setFindingVerdict } from "../../core/findings.ts";
import { selectScan } from "../../core/scans.ts";
import { importLimits, importSource } from "../../layers/mod.ts";
import { getPersona } from "../../presets/personas.ts";
import { checkPreference, preferenceKey } from "../../presets/preferences.ts";
import { type App, uploadLimit } from "../app.ts";
import {
  buildingFile,
  relinkImages,
  TOUR_MAX_FILES,
  tourPath,
  unzipTour,
  writeTour,
} from "../tour_upload.ts";
import { HttpError, readBody, readForm, redirect, safePath } from "../http.ts";
import { homePage, ImportReportView } from "./home.tsx";

const SMALL = 64 * 1024;

function field(form: FormData, name: string, what = name): string {
  const v = form.get(name);
  if (typeof v !== "string" || v.trim() === "") {
    throw new HttpError(400, `the form lacks ${what}`);
  }
  return v.trim();
}

/** POST /select — select a scan (as `threshold use`). */
export async function selectPost(app: App, req: Request): Promise<Response> {
  const form = await readForm(req, SMALL);
  const sid = field(form, "scan", "the scan to select");
  selectScan({ store: app.store, builtins: app.builtins }, sid, "scan");
  const back = form.get("back");
  return redirect(typeof back === "string" ? back : "/?note=selected");
}

/** POST /persona — activate a persona, or none (as `threshold personas use`). */
export async function personaPost(app: App, req: Request): Promise<Response> {
  const form = await readForm(req, SMALL);
  const id = field(form, "persona", "a persona");
  if (id === "none") app.store.setSelection("persona", undefined);
  else {
    getPersona(id, app.store);
    app.store.setSelection("persona", id);
  }
  return redirect("/?note=persona");
}

/** POST /prefs — save or forget a preference (as `threshold prefs set/unset`). */
export async function prefsPost(app: App, req: Request): Promise<Response> {
  const form = await readForm(req, SMALL);
  const key = field(form, "key", "a preference key");
  const k = preferenceKey(key);
  if (!k) throw new InputError(key, "is not a preference key the web view can set");
  if (k.routes_secret) {
    // Where the key goes is never changed by a page: another site could have sent this form.
    throw new HttpError(
      403,
      `${key} decides where your API key is sent, so the web view never changes it; set it on the command line: threshold prefs ${
        form.get("action") === "unset" ? `unset ${key}` : `set ${key} VALUE`
      }`,
    );
  }
  if (form.get("action") === "unset") {
    app.store.unsetPref(key);
    return redirect("/?note=unset");
  }
  const raw = field(form, "value", `a value for ${key}`);
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    value = raw;
  }
  if (
    key === "rules.pack" && typeof value === "string" && !value.trimStart().startsWith("{") &&
    /[\\/]|\.json$/i.test(value)
  ) {
    throw new InputError(key, "the web view takes a built-in pack id here, not a file path");
  }
  app.store.setPref(key, checkPreference(key, value));
  return redirect("/?note=pref");
}

/** POST /findings/reject and /findings/restore (as `threshold reject/restore`). */
export async function findingPost(
  app: App,
  req: Request,
  status: "rejected" | "open",
): Promise<Response> {
  const form = await readForm(req, SMALL);
  const id = field(form, "id", "the finding");
  const scan = field(form, "scan", "the finding's scan");
  const reason = typeof form.get("reason") === "string"
    ? String(form.get("reason")).trim().slice(0, 500)
    : "";
  try {
    setFindingVerdict(app.store, id, { status, scan, ...(reason ? { reason } : {}) }, {
      id: "id",
      scan: "scan",
    });
  } catch (e) {
    if (e instanceof InputError && e.input === "id") throw new HttpError(404, e.message);
    throw e;
  }
  const back = form.get("back");
  // Back to the finding list (its heading is the fragment's focusable target), so that a
  // screen-reader user keeps their place rather than starting at the top of the page.
  return redirect(
    typeof back === "string"
      ? `${safePath(back).replace(/#.*$/, "")}#h-findings`
      : `/?note=${status === "open" ? "restored" : "rejected"}`,
  );
}

/** A file name as data: its last part, printable, at most 120 characters. */
function displayName(name: string): string {
  // deno-lint-ignore no-control-regex
  const base = name.split(/[\\/]/).pop()!.replace(/[\u0000-\u001f\u007f]/g, "").slice(0, 120);
  return base || "upload";
}

/**
 * POST /import — an upload imported by the same importers as `threshold import`. One building
 * file goes to a file of a random name in the server's own temporary folder (no name from the
 * browser reaches the file system), is imported, and is deleted. A tour with its panoramas (a
 * zip, or several files) is kept in the scan's own image folder (web/tour_upload.ts). A file
 * that is not a building is the importer's error on the page, and nothing is stored.
 */
export async function importPost(app: App, req: Request): Promise<Response> {
  const url = new URL(req.url);
  let file = "the upload";
  try {
    const limit = uploadLimit(app);
    const body = await readBody(req, limit, "The upload");
    const form = await new Request(req.url, {
      method: "POST",
      headers: { "content-type": req.headers.get("content-type") ?? "" },
      body: body as Uint8Array<ArrayBuffer>,
    }).formData().catch((e) => {
      throw new HttpError(400, `the upload could not be read: ${(e as Error).message}`);
    });
    const files = form.getAll("file").filter((f): f is File => f instanceof File && f.size > 0);
    if (!files.length) {
      throw new InputError("file", "no file was chosen, or it is empty; choose a building file");
    }
    file = displayName(files[0].name);
    const idRaw = form.get("id");
    const id = typeof idRaw === "string" && idRaw.trim() ? idRaw.trim() : undefined;
    if (id !== undefined && !/^[A-Za-z0-9_.-]{1,64}$/.test(id)) {
      throw new InputError(
        "scan id",
        `${JSON.stringify(id)} is not allowed; use 1 to 64 letters, digits, "_", "." or "-"`,
      );
    }
    const replace = form.get("replace") === "on" || form.get("replace") === "true";
    const tour = files.length > 1 || /\.zip$/i.test(file);
    if (tour && files.length > 1) file = `${files.length} files`;
    const { out, keep } = tour
      ? await importTour(app, files, file, id, limit)
      : { out: await importOne(app, files[0], file, id, limit), keep: undefined };
    // A replaced tour's images: its upload folder goes once no stored scan reads it.
    const was = replace ? uploadFolders(app.home, app.store.getScan(out.loaded.plan.id)?.plan) : [];
    try {
      out.loaded.plan.source.ref = file;
      const stored = storeScan(app.store, out.loaded, out.report, { replace, input: "scan id" });
      if (stored.unchanged && keep) await Deno.remove(keep, { recursive: true }).catch(() => {});
    } catch (e) {
      if (keep) await Deno.remove(keep, { recursive: true }).catch(() => {});
      throw e;
    }
    await releaseUploadFolders(app.store, app.home, was);
    return homePage(
      app,
      url,
      <ImportReportView loaded={out.loaded} report={out.report} file={file} />,
    );
  } catch (e) {
    const status = e instanceof HttpError ? e.status : e instanceof InputError ? 400 : 500;
    if (status === 500) console.error(`threshold web: import: ${(e as Error)?.stack ?? e}`);
    const msg = (e as Error)?.message ?? String(e);
    return homePage(
      app,
      url,
      <div class="error" role="alert" tabIndex={-1} id="import-error">
        <h2>
          <span aria-hidden="true">!</span>Could not import {file}
        </h2>
        <p>{msg}</p>
        <p>Nothing was stored.</p>
      </div>,
      status,
    );
  }
}

type Imported = Awaited<ReturnType<typeof importSource>>;

/** The import's report with a path of ours said as the upload's name. */
function named(out: Imported, path: string, file: string): Imported {
  const clean = (xs: string[]) => xs.map((x) => x.replaceAll(path, file));
  return {
    loaded: out.loaded,
    report: {
      ...out.report,
      mapped: clean(out.report.mapped),
      lacking: clean(out.report.lacking),
      assumptions: clean(out.report.assumptions),
      warnings: clean(out.report.warnings),
    },
  };
}

/** One building file, imported from a temporary file and deleted. */
async function importOne(
  app: App,
  f: File,
  file: string,
  id: string | undefined,
  limit: number,
): Promise<Imported> {
  const ext = /\.([A-Za-z0-9]{1,10})$/.exec(file)?.[1]?.toLowerCase();
  const tmp = join(app.tmp, `upload-${crypto.randomUUID()}${ext ? `.${ext}` : ""}`);
  await Deno.writeFile(tmp, new Uint8Array(await f.arrayBuffer()));
  try {
    const out = await importSource(tmp, {
      ref: file,
      ...(id ? { id } : {}),
      // The import's time limit as the command line's (import.time_limit_s); the web's size.
      ...importLimits(app.store),
      max_mb: limit / 1e6,
    });
    return named(out, tmp, file);
  } catch (e) {
    if (e instanceof Error) e.message = e.message.replaceAll(tmp, file);
    throw e;
  } finally {
    await Deno.remove(tmp).catch(() => {});
  }
}

/**
 * A tour with its images: a zip, or several files (the building file and its panoramas),
 * written to the scan's own folder `<home>/images/<random>/` and imported from there; its
 * sweeps' images found by name when they came without their folders. The folder is removed
 * when anything fails; `keep` is it, for the caller to remove if storing fails.
 */
async function importTour(
  app: App,
  files: File[],
  file: string,
  id: string | undefined,
  limit: number,
): Promise<{ out: Imported; keep: string }> {
  if (files.length > TOUR_MAX_FILES) {
    throw new InputError(
      "file",
      `${files.length} files are more than ${TOUR_MAX_FILES} in one upload`,
    );
  }
  const tourFiles = files.length === 1
    ? unzipTour(new Uint8Array(await files[0].arrayBuffer()), file, limit)
    : await Promise.all(files.map(async (f) => ({
      path: tourPath(f.name, "the upload"),
      bytes: new Uint8Array(await f.arrayBuffer()),
    })));
  const seen = new Set<string>();
  for (const f of tourFiles) {
    if (seen.has(f.path)) throw new InputError("file", `the upload holds ${f.path} twice`);
    seen.add(f.path);
  }
  const building = buildingFile(tourFiles, file);
  const dir = join(app.home, "images", crypto.randomUUID());
  try {
    await writeTour(dir, tourFiles);
    const path = join(dir, building.path);
    const out = named(
      await importSource(path, {
        ref: building.path,
        ...(id ? { id } : {}),
        ...importLimits(app.store),
        max_mb: limit / 1e6,
      }),
      path,
      building.path,
    );
    const relinked = relinkImages(out.loaded, dir, tourFiles);
    const images = tourFiles.length - 1;
    out.report.mapped.push(
      `${images} image file(s) kept with the scan${
        relinked ? `; ${relinked} sweep image(s) found by name in the upload` : ""
      }`,
    );
    return { out, keep: dir };
  } catch (e) {
    await Deno.remove(dir, { recursive: true }).catch(() => {});
    if (e instanceof Error) e.message = e.message.replaceAll(dir + "/", "");
    throw e;
  }
}
