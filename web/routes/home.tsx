/**
 * Home: the stored scans and the demo (which one is selected), importing a building by upload,
 * and the active persona and preferences, saved to the store the command line uses.
 */
import type { JSX } from "preact";
import { IMPORTERS } from "../../layers/mod.ts";
import type { ImportReport } from "../../layers/mod.ts";
import type { LoadedPlan } from "../../ground/plan.ts";
import { listScanEntries } from "../../core/scans.ts";
import { planChoices } from "../../core/session.ts";
import { listPersonas } from "../../presets/personas.ts";
import { PREFERENCE_KEYS } from "../../presets/preferences.ts";
import type { App } from "../app.ts";
import { pageInfo, uploadLimit } from "../app.ts";
import { html } from "../http.ts";
import { Island } from "../island.tsx";
import { Page } from "../layout.tsx";

/** Messages after a change, by code (the redirect carries the code, not the text). */
const NOTES: Record<string, string> = {
  selected: "Scan selected: tools now run on it.",
  persona: "Persona saved.",
  pref: "Preference saved.",
  unset: "Preference forgotten.",
  rejected: "Finding rejected: it stays hidden in later runs and listings.",
  restored: "Finding restored.",
};

/** Every scan a person can choose: the stored ones and the built-in demo (core's listing). */
export function allScans(app: App) {
  return listScanEntries({ store: app.store, builtins: app.builtins });
}

export function homePage(app: App, url: URL, extra?: JSX.Element, status = 200): Response {
  const note = NOTES[url.searchParams.get("note") ?? ""];
  return html(
    <Page info={pageInfo(app, "Home", "home")}>
      <h1>Your buildings</h1>
      {note
        ? (
          <p class="note" role="status">
            <span aria-hidden="true">✓</span>
            {note}
          </p>
        )
        : null}
      {extra}
      <ScansTable app={app} />

      <section aria-labelledby="h-import">
        <h2 id="h-import">Import a building</h2>
        <Island
          name="Upload"
          props={{
            action: "/import",
            max_bytes: uploadLimit(app),
            formats: IMPORTERS.map((i) => i.format).join(", "),
          }}
        />
      </section>

      <PersonaSection app={app} />
      <PreferencesSection
        app={app}
        open={["pref", "unset"].includes(url.searchParams.get("note") ?? "") || status !== 200}
      />
    </Page>,
    status,
  );
}

/** Every scan and the demo, one row each, the selected one marked and the others selectable. */
function ScansTable({ app }: { app: App }): JSX.Element {
  const sel = app.store.getSelection("scan");
  const scans = allScans(app);
  return (
    <div class="scroll" tabIndex={0} role="region" aria-label="Scans table, scrolls sideways">
      <table class="scans">
        <caption class="sr-only">Stored scans and the demo building</caption>
        <thead>
          <tr>
            <th scope="col">Scan</th>
            <th scope="col">Format</th>
            <th scope="col">Floors</th>
            <th scope="col">Rooms</th>
            <th scope="col">Selected</th>
          </tr>
        </thead>
        <tbody>
          {scans.map((s) => (
            <tr key={s.id} class={s.id === sel ? "selected" : ""}>
              <th scope="row">
                <a href={`/scans/${encodeURIComponent(s.id)}`}>{s.name || s.id}</a>{" "}
                <span class="muted">({s.id})</span>
              </th>
              <td>{s.builtin ? "built-in demo" : s.format}</td>
              <td>{s.floors}</td>
              <td>{s.rooms}</td>
              <td>
                {s.id === sel
                  ? (
                    <span class="badge status-pass">
                      <span aria-hidden="true">✓</span> Selected
                    </span>
                  )
                  : (
                    <form method="post" action="/select" class="inline">
                      <input type="hidden" name="scan" value={s.id} />
                      <button type="submit" aria-label={`Select ${s.name || s.id}`}>
                        Select
                      </button>
                    </form>
                  )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The active persona, chosen from the stored ones. */
function PersonaSection({ app }: { app: App }): JSX.Element {
  const personas = listPersonas(app.store);
  const active = app.store.getSelection("persona");
  return (
    <section aria-labelledby="h-persona">
      <h2 id="h-persona">Who you are</h2>
      <form method="post" action="/persona" class="row">
        <label for="persona">Persona (its presets fill inputs you have not set)</label>
        <select id="persona" name="persona">
          <option value="none" selected={!active}>none</option>
          {personas.map((p) => (
            <option key={p.id} value={p.id} selected={p.id === active}>{p.title}</option>
          ))}
        </select>
        <button type="submit">Save persona</button>
      </form>
    </section>
  );
}

/** Every preference key with its saved value, behind a disclosure (`open` when one just changed). */
function PreferencesSection({ app, open }: { app: App; open: boolean }): JSX.Element {
  const prefs = new Map(app.store.listPrefs().map((p) => [p.key, p.value]));
  return (
    <section aria-labelledby="h-prefs">
      <h2 id="h-prefs">Your preferences</h2>
      <p>Saved here, the command line uses them too (threshold prefs list).</p>
      {/* About 60 Tab stops: behind a disclosure, open when one was just saved. */}
      <details class="prefs-all" open={open}>
        <summary>
          All preferences ({PREFERENCE_KEYS.length},{" "}
          {PREFERENCE_KEYS.filter((k) => prefs.has(k.key)).length} set)
        </summary>
        <ul class="prefs">
          {PREFERENCE_KEYS.map((k) => <PreferenceItem key={k.key} k={k} v={prefs.get(k.key)} />)}
        </ul>
      </details>
    </section>
  );
}

/**
 * One preference: a form to save or forget it; a key that routes a secret (where an API key is
 * sent) is shown but set only on the command line.
 */
function PreferenceItem(
  { k, v }: { k: (typeof PREFERENCE_KEYS)[number]; v: unknown },
): JSX.Element {
  const id = `pref-${k.key.replace(/[^a-z0-9]/g, "-")}`;
  if (k.routes_secret) {
    return (
      <li>
        {k.description} <span class="muted">{k.key}</span>:{" "}
        {v === undefined ? "not set" : typeof v === "string" ? v : JSON.stringify(v)}.{" "}
        It decides where your API key is sent, so it is set only on the command line (<code>
          threshold prefs set {k.key} …
        </code>), never here.
      </li>
    );
  }
  return (
    <li>
      <form method="post" action="/prefs" class="row">
        <input type="hidden" name="key" value={k.key} />
        <label for={id}>
          {k.description}
          {k.unit ? ` (${k.unit})` : ""} <span class="muted">{k.key}</span>
        </label>
        <input
          id={id}
          name="value"
          value={v === undefined ? "" : typeof v === "string" ? v : JSON.stringify(v)}
          placeholder="not set"
          autocomplete="off"
        />
        <button type="submit" name="action" value="save">
          Save<span class="sr-only">{` ${k.key}`}</span>
        </button>
        {v !== undefined
          ? (
            <button type="submit" name="action" value="unset" class="secondary">
              Forget<span class="sr-only">{` ${k.key}`}</span>
            </button>
          )
          : null}
      </form>
    </li>
  );
}

/** The import report, as `threshold import` prints it, with the rooms by name. */
export function ImportReportView(
  { loaded, report, file }: { loaded: LoadedPlan; report: ImportReport; file: string },
): JSX.Element {
  const p = loaded.plan;
  const count = (k: string) => p.openings.filter((x) => x.kind === k).length;
  const lists: [string, string[]][] = [
    ["Mapped", report.mapped],
    ["Source lacked", report.lacking],
    ["Assumptions", report.assumptions],
    ["Warnings", report.warnings],
  ];
  return (
    <section class="report" aria-labelledby="h-report">
      <h2 id="h-report" tabIndex={-1}>
        <span aria-hidden="true">✓</span>Imported {file} as scan {p.id} ({report.format})
      </h2>
      {(report.headlines ?? []).map((h) => (
        <p key={h.code} class="warning" role="alert">
          <strong>Warning:</strong> {h.text}
        </p>
      ))}
      <p>
        {p.floors.length} floors, {p.rooms.length} rooms, {count("door")} doors, {count("window")}
        {" "}
        windows, {count("opening")} openings, {p.verticals.length} stairs and lifts,{" "}
        {p.objects.length} objects. <a href={`/scans/${encodeURIComponent(p.id)}`}>Open it</a>
      </p>
      {lists.filter(([, l]) => l.length).map(([t, l]) => (
        <details key={t} open={t !== "Mapped"}>
          <summary>{t} ({l.length})</summary>
          <ul>{l.map((x, i) => <li key={i}>{x}</li>)}</ul>
        </details>
      ))}
      <h3>Rooms</h3>
      <ul class="rooms-list">
        {planChoices(p, "room").map((c) => <li key={String(c.value)}>{c.label}</li>)}
      </ul>
    </section>
  );
}
