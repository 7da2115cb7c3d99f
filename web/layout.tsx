/** The page shell: landmarks, a skip link, the navigation, the fingerprinted assets. */
import type { ComponentChildren, JSX } from "preact";
import { STATUS_WORDS } from "./words.ts";

/** What every page knows about the assets and where it is. */
export interface PageInfo {
  title: string;
  /** The navigation entry this page belongs to. */
  nav?: "home" | "tools" | "ask" | "scan";
  css: string;
  js: string;
  selected?: { id: string; name: string };
}

/** One page: header with navigation, main, footer. */
export function Page(
  { info, children }: { info: PageInfo; children?: ComponentChildren },
): JSX.Element {
  const cur = (n: PageInfo["nav"]) => (info.nav === n ? { "aria-current": "page" as const } : {});
  return (
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{`${info.title} · threshold`}</title>
        <link rel="stylesheet" href={info.css} />
        <script type="module" src={info.js} defer />
      </head>
      <body>
        <a class="skip" href="#main">Skip to content</a>
        <header class="top">
          <a class="brand" href="/">threshold</a>
          <nav aria-label="Main">
            <ul>
              <li>
                <a href="/" {...cur("home")}>Home</a>
              </li>
              <li>
                <a href="/tools" {...cur("tools")}>Tools</a>
              </li>
              <li>
                <a href="/ask" {...cur("ask")}>Ask</a>
              </li>
              {info.selected && (
                <li>
                  <a href={`/scans/${encodeURIComponent(info.selected.id)}`} {...cur("scan")}>
                    Scan: {info.selected.name}
                  </a>
                </li>
              )}
            </ul>
          </nav>
        </header>
        <main id="main" tabIndex={-1}>
          {children}
        </main>
        <footer class="foot">
          <p>
            threshold answers questions about a building from its scan. Scans are not tape measures:
            results within the scan's uncertainty say “too close to call”.
          </p>
        </footer>
      </body>
    </html>
  );
}

/** A status said with an icon and in words. */
export function StatusBadge({ status }: { status: string }): JSX.Element {
  const words = STATUS_WORDS[status] ?? { icon: "•", word: status };
  return (
    <span class={`badge status-${status}`}>
      <span aria-hidden="true" class="icon">{words.icon}</span> {words.word}
    </span>
  );
}
