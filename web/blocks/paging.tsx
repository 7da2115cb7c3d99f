/**
 * Long lists in a result are shown a page at a time: the rows that matter first (failures,
 * then what could not be judged, then warnings, then passes), {@link PER_PAGE} at a time,
 * with links to the other pages and to the table as CSV. A page's size is bounded by the page
 * size and not by the result's, so a result about 100,000 rooms is as quick to show as one
 * about ten.
 */
import type { JSX } from "preact";
import { fmtNumber } from "../words.ts";

/** Rows a list shows per page. */
export const PER_PAGE = 100;

/** Which page of the result's lists to show, and where the other pages are. */
export interface PageOpts {
  /** 1-based. */
  n: number;
  /** The stored run's page ("/runs/<id>"); `?page=N` is added. */
  base?: string;
}

/** The order "the rows that matter first" gives a status or severity (lower first). */
const RANK: Record<string, number> = { fail: 0, error: 1, unknown: 2, warn: 3, info: 4, pass: 5 };

/** `xs` with the ones that matter first (stable: equal ranks keep their order). */
export function mattersFirst<T>(xs: readonly T[], key: (x: T) => string | undefined): T[] {
  return xs.map((x, i) => [x, RANK[key(x) ?? ""] ?? 4, i] as const)
    .sort((a, b) => a[1] - b[1] || a[2] - b[2]).map(([x]) => x);
}

/** The slice of `xs` page `page` shows, with its place in the whole. */
export function pageSlice<T>(xs: readonly T[], page?: PageOpts) {
  const total = xs.length;
  const pages = Math.max(1, Math.ceil(total / PER_PAGE));
  const n = Math.min(Math.max(1, Math.floor(page?.n ?? 1)), pages);
  const from = (n - 1) * PER_PAGE;
  return {
    items: xs.slice(from, from + PER_PAGE),
    from,
    to: Math.min(total, from + PER_PAGE),
    total,
    n,
    pages,
  };
}

/** "Showing 101–200 of 99,856." with links to the pages before and after (and the CSV). */
export function PageNav(
  { s, what, page, csv }: {
    s: ReturnType<typeof pageSlice>;
    what: string;
    page?: PageOpts;
    csv?: string;
  },
): JSX.Element | null {
  if (s.pages <= 1) return null;
  const href = (n: number) => page?.base ? `${page.base}?page=${n}` : undefined;
  const prev = s.n > 1 ? href(s.n - 1) : undefined;
  const next = s.n < s.pages ? href(s.n + 1) : undefined;
  return (
    <p class="page-nav" role="status">
      Showing {what} {fmtNumber(s.from + 1)}–{fmtNumber(s.to)} of {fmtNumber(s.total)}
      {s.n === 1 ? ", the ones that matter first" : ""}.{" "}
      {prev ? <a href={prev}>Previous {PER_PAGE}</a> : null}
      {prev && next ? " · " : null}
      {next ? <a href={next}>Next {Math.min(PER_PAGE, s.total - s.to)}</a> : null}
      {csv
        ? (
          <>
            {" · "}
            <a href={csv} download>All of them as CSV</a>
          </>
        )
        : null}
      {!page?.base ? " The run's page shows the others." : null}
    </p>
  );
}
