/** The tool list: a card per tool from the catalog, filtered by who it is for. */
import { listManifests } from "../../core/catalog.ts";
import type { App } from "../app.ts";
import { pageInfo } from "../app.ts";
import { html } from "../http.ts";
import { Page } from "../layout.tsx";
import { AUDIENCE_WORDS, audienceWords } from "../words.ts";

export async function toolsPage(app: App, url: URL): Promise<Response> {
  const all = await listManifests({ home: app.home, dir: app.toolsDir });
  const want = url.searchParams.get("for") ?? "";
  const shown = want ? all.filter((t) => (t.audience as string[]).includes(want)) : all;
  const audiences = [...new Set(all.flatMap((t) => t.audience as string[]))].sort((a, b) =>
    Object.keys(AUDIENCE_WORDS).indexOf(a) - Object.keys(AUDIENCE_WORDS).indexOf(b)
  );
  return html(
    <Page info={pageInfo(app, "Tools", "tools")}>
      <h1>Tools</h1>
      <form method="get" action="/tools" class="filter">
        <label for="for">Show tools</label>
        <select id="for" name="for">
          <option value="" selected={!want}>for everyone</option>
          {audiences.map((a) => (
            <option key={a} value={a} selected={a === want}>for {audienceWords(a)}</option>
          ))}
        </select>
        <button type="submit">Show</button>
      </form>
      <p role="status">
        {shown.length} of {all.length} tools{want ? ` for ${audienceWords(want)}` : ""}.
      </p>
      <ul class="cards">
        {shown.map((t) => (
          <li class="card" key={String(t.id)}>
            <h2>
              <a href={`/tools/${encodeURIComponent(String(t.id))}`}>{String(t.title)}</a>
            </h2>
            <p>{String(t.summary)}</p>
            <p class="muted">
              For {(t.audience as string[]).map(audienceWords).join(", ")}
            </p>
          </li>
        ))}
      </ul>
    </Page>,
  );
}
