/**
 * Terminal layout: tables and text that fit the terminal's width (`COLUMNS`; the terminal's
 * own size; 100 when neither is known). Cells wrap on word boundaries (a word longer than its
 * column is split), and long notes leave the table for numbered notes below it, each distinct
 * note once. Renders only.
 *
 * The box is drawn here rather than by cli-table3: its layout grew quadratically with rows
 * (10,000 rows took 10 s, 20,000 took 53 s; bench/layout_bench.ts) and it loaded Node's
 * compatibility modules at start-up. The lines are the ones cli-table3 drew with these
 * characters, byte for byte (tests/cli/layout_test.ts).
 */
/**
 * How tables are written: `table` (boxes), `plain` (one line or a short list per row, no box
 * characters: what a screen reader reads well) or `markdown` (pipe tables to paste).
 */
export const FORMATS = ["table", "plain", "markdown"] as const;
export type Format = typeof FORMATS[number];

/** The width used when neither `COLUMNS` nor a terminal says otherwise. */
export const DEFAULT_WIDTH = 100;
/** Narrower than this and tables cannot be laid out sensibly; used as a floor. */
const MIN_WIDTH = 40;

/** The width to fit: `COLUMNS` when set to a number, else the terminal's, else 100. */
export function termWidth(): number {
  const env = Number(Deno.env.get("COLUMNS"));
  if (Number.isFinite(env) && env > 0) return Math.max(MIN_WIDTH, Math.floor(env));
  try {
    // A pseudo-terminal that gives no size (0 columns, as `script` does) is not a width.
    const columns = Deno.stdout.isTerminal() ? Deno.consoleSize().columns : 0;
    if (columns > 0) return Math.max(MIN_WIDTH, columns);
  } catch {
    // not a terminal
  }
  return DEFAULT_WIDTH;
}

// deno-lint-ignore no-control-regex
const ANSI = /\x1b\[[0-9;]*m/g;

/** Visible length of a string (ANSI colour codes do not count). */
export function visibleLength(s: string): number {
  return [...s.replace(ANSI, "")].length;
}

/**
 * Wraps text to `width` columns on spaces; a word longer than the width is split. Existing
 * line breaks are kept. Text with colour codes that already fits is returned as it is.
 */
export function wrapText(text: string, width: number): string[] {
  const w = Math.max(1, width);
  const out: string[] = [];
  for (const para of text.split("\n")) {
    if (visibleLength(para) <= w) {
      out.push(para);
      continue;
    }
    const plain = para.replace(ANSI, "");
    let line = "";
    for (let word of plain.split(/ +/)) {
      while ([...word].length > w) {
        const room = line ? w - [...line].length - 1 : w;
        if (room >= 4 || !line) {
          const chars = [...word];
          let take = Math.max(1, room);
          // Prefer to break after a joining character (snake_case, paths, ranges).
          const cut = chars.slice(0, take).join("").search(/[_/\-.][^_/\-.]*$/);
          if (cut >= 2) take = cut + 1;
          out.push(
            line ? `${line} ${chars.slice(0, take).join("")}` : chars.slice(0, take).join(""),
          );
          word = chars.slice(take).join("");
          line = "";
        } else {
          out.push(line);
          line = "";
        }
      }
      if (!word) continue;
      if (!line) line = word;
      else if ([...line].length + 1 + [...word].length <= w) line += ` ${word}`;
      else {
        out.push(line);
        line = word;
      }
    }
    out.push(line);
  }
  return out;
}

/** Wraps a paragraph with a first-line prefix and a hanging indent for the lines after it. */
export function wrapIndented(text: string, width: number, first: string, rest = ""): string {
  const pad = rest || " ".repeat(visibleLength(first));
  const lines = wrapText(text, Math.max(10, width - visibleLength(pad)));
  return lines.map((l, i) => (i === 0 ? first : pad) + l).join("\n");
}

/** Numbered notes moved out of a table: the same text gets the same number. */
export interface Notes {
  readonly texts: string[];
  /** The reference for a note (`[n]`), adding it when new. */
  ref(text: string): string;
  /** The notes as text below a table, wrapped to `width`; empty when there are none. */
  render(width: number, title?: string): string;
}

/**
 * A fresh, empty set of numbered notes. `words` (for plain text) refers to them as
 * "see note 2" and lists them as "Note 2: …" rather than with brackets.
 */
export function newNotes(style: "brackets" | "words" = "brackets"): Notes {
  const texts: string[] = [];
  const index = new Map<string, number>();
  return {
    texts,
    ref(text) {
      let i = index.get(text);
      if (i === undefined) {
        i = texts.push(text) - 1;
        index.set(text, i);
      }
      return style === "words" ? `see note ${i + 1}` : `[${i + 1}]`;
    },
    render(width, title = "Notes") {
      if (!texts.length) return "";
      const mark = (i: number) => (style === "words" ? `  Note ${i + 1}: ` : `  [${i + 1}] `);
      return `${title}:\n` +
        texts.map((t, i) => wrapIndented(t, width, mark(i))).join("\n");
    },
  };
}

/** Box characters without a rule between rows. */
export const COMPACT = { "mid": "", "left-mid": "", "mid-mid": "", "right-mid": "" };

export interface FitOptions {
  /** Total width to fit (default: {@link termWidth}). */
  width?: number;
  /**
   * Columns whose long cells (over `noteOver` characters) move to numbered notes below the
   * table; the cell keeps its reference (`[2]`).
   */
  noteColumns?: number[];
  /** Longest cell kept inline in a note column (default 40). */
  noteOver?: number;
  /** The column repeated in each part when the table must be split to fit (default 0). */
  key?: number;
  /** Where the notes go: a shared collector, or (default) a list printed under this table. */
  notes?: Notes;
  /** Boxes (default), plain lines or a markdown table. */
  format?: Format;
  /**
   * Columns never narrowed (a finding id a person copies): they keep their natural width,
   * so an id is not wrapped mid-id while the other columns fit what is left.
   */
  whole?: number[];
}

/** A cell for a markdown table: no colour, `|` escaped, line breaks as `<br>`. */
function mdCell(s: string): string {
  return s.replace(ANSI, "").replaceAll("\\", "\\\\").replaceAll("|", "\\|").replaceAll(
    "\n",
    "<br>",
  );
}

/** A markdown pipe table (not wrapped: a person pastes it whole). */
export function markdownTable(head: string[], rows: string[][]): string {
  return [
    `| ${head.map(mdCell).join(" | ")} |`,
    `| ${head.map(() => "---").join(" | ")} |`,
    ...rows.map((r) => `| ${head.map((_, i) => mdCell(r[i] ?? "")).join(" | ")} |`),
  ].join("\n");
}

/**
 * A table as plain lines, no box characters: each row starts with its key cell; a row with
 * one other cell is one line ("key: value"), a row with more is a short list under its key
 * ("  Heading: value"), each line wrapped to `width`. Empty cells are left out.
 */
export function plainTable(head: string[], rows: string[][], width: number, key = 0): string {
  return rows.map((r) => {
    const name = r[key] || "(no name)";
    const cells = head.flatMap((h, i) => (i === key || !r[i] ? [] : [[h, r[i]] as const]));
    if (cells.length === 0) return wrapIndented(name, width, "", "  ");
    if (cells.length === 1) return wrapIndented(`${name}: ${cells[0][1]}`, width, "", "  ");
    return [
      wrapIndented(name, width, "", "  "),
      ...cells.map(([h, v]) => wrapIndented(`${h ? `${h}: ` : ""}${v}`, width, "  ", "    ")),
    ].join("\n");
  }).join("\n");
}

/**
 * A table that fits `width`: each column gets its natural width when all fit; otherwise the
 * widest columns are narrowed to a common cap (never below their header's longest word or 6
 * characters) and their cells wrap.
 */
export function fitTable(
  head: string[],
  rows: string[][],
  o: FitOptions = {},
): string {
  const width = o.width ?? termWidth();
  if (o.format === "markdown") return markdownTable(head, rows);
  const own = !o.notes;
  const notes = o.notes ?? newNotes(o.format === "plain" ? "words" : "brackets");
  const over = o.noteOver ?? 40;
  const body = rows.map((r) =>
    r.map((cell, i) =>
      o.noteColumns?.includes(i) && visibleLength(cell) > over ? notes.ref(cell) : cell
    )
  );
  if (o.format === "plain") {
    const text = plainTable(head, body, width, o.key ?? 0);
    const below = own ? notes.render(width) : "";
    return below ? `${text}\n${below}` : text;
  }
  const natural = naturalWidths(head, body);
  // For packing columns into parts, each column asks for up to 16 characters (less if narrower).
  const floor = natural.map((w) => Math.min(w, 16));
  // Each column costs its content plus 2 of padding and 1 of border; one more border closes.
  const cost = (cols: number[]) => cols.reduce((s, i) => s + floor[i] + 3, 1);
  const key = o.key ?? 0;
  if (cost(head.map((_, i) => i)) > width && head.length > 2) {
    // Too many columns to fit even narrowed: split into groups, each repeating the key column.
    const groups: number[][] = [];
    let cur = [key];
    for (let i = 0; i < head.length; i++) {
      if (i === key) continue;
      if (cur.length > 1 && cost([...cur, i]) > width) {
        groups.push(cur);
        cur = [key];
      }
      cur.push(i);
    }
    groups.push(cur);
    const parts = groups.map((g) =>
      layout(
        g.map((i) => head[i]),
        body.map((r) => g.map((i) => r[i] ?? "")),
        width,
        g.flatMap((i, k) => (o.whole?.includes(i) ? [k] : [])),
      )
    );
    const below = own ? notes.render(width) : "";
    return [...parts, ...(below ? [below] : [])].join("\n");
  }
  const text = layout(head, body, width, o.whole);
  const below = own ? notes.render(width) : "";
  return below ? `${text}\n${below}` : text;
}

/** The narrowest a column gets: its header's longest word, between 6 and 12 characters. */
function floorWidth(head: string, natural: number): number {
  return Math.min(
    natural,
    Math.max(6, Math.min(12, ...head.split(/\s+/).map((w) => [...w].length))),
  );
}

/**
 * Lays out one table that fits `width` (columns narrowed to a common cap and wrapped; the
 * `whole` columns keep their natural width).
 */
function layout(head: string[], body: string[][], width: number, whole: number[] = []): string {
  const n = head.length;
  const natural = naturalWidths(head, body);
  const floor = head.map((h, i) => whole.includes(i) ? natural[i] : floorWidth(h, natural[i]));
  const budget = Math.max(n * 3, width - (3 * n + 1));
  let widths = natural;
  if (natural.reduce((a, b) => a + b, 0) > budget) {
    let lo = 1, hi = natural.reduce((a, b) => Math.max(a, b), 1);
    const total = (cap: number) =>
      natural.reduce((s, w, i) => s + Math.min(w, Math.max(cap, floor[i])), 0);
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      if (total(mid) <= budget) lo = mid;
      else hi = mid - 1;
    }
    widths = natural.map((w, i) => Math.min(w, Math.max(lo, floor[i])));
  }
  const out = [drawRule("┌", "┬", "┐", widths)];
  drawRow(head.map((h, i) => wrapText(h, widths[i])), widths, out);
  for (const r of body) drawRow(widths.map((w, i) => wrapText(r[i] ?? "", w)), widths, out);
  out.push(drawRule("└", "┴", "┘", widths));
  return out.join("\n");
}

/** Each column's widest line, its header included (at least 1); linear in cells. */
function naturalWidths(head: string[], body: string[][]): number[] {
  return head.map((h, i) => {
    let w = 1;
    for (const line of h.split("\n")) w = Math.max(w, visibleLength(line));
    for (const r of body) {
      for (const line of (r[i] ?? "").split("\n")) w = Math.max(w, visibleLength(line));
    }
    return w;
  });
}

/** A border line: `left` + each column's width plus its padding in `─`, joined by `mid`. */
function drawRule(left: string, mid: string, right: string, widths: number[]): string {
  return left + widths.map((w) => "─".repeat(w + 2)).join(mid) + right;
}

/** One row of already wrapped cells, as many lines as its tallest cell; cells padded by one. */
function drawRow(cells: string[][], widths: number[], out: string[]): void {
  let height = 1;
  for (const c of cells) height = Math.max(height, c.length);
  for (let line = 0; line < height; line++) {
    let s = "│";
    for (let i = 0; i < widths.length; i++) s += ` ${fit(cells[i]?.[line] ?? "", widths[i])} │`;
    out.push(s);
  }
}

/** A line padded with spaces to `width` visible characters; a longer one cut with "…". */
function fit(line: string, width: number): string {
  const len = visibleLength(line);
  if (len <= width) return line + " ".repeat(width - len);
  return [...line.replace(ANSI, "")].slice(0, Math.max(0, width - 1)).join("") + "…";
}

/**
 * Whether questions a run stopped on are printed as JSON on stdout too (issue 27): with --json,
 * or when stdout is not a terminal (a program reads it: the documented exit 3 with the questions
 * as JSON). On a terminal without --json a person reads them, and the words on stderr, wrapped to
 * COLUMNS, are the whole output: JSON cannot be wrapped without breaking a string, so it is left
 * to programs, which have no columns.
 */
export function questionsAsJson(
  json: boolean | undefined,
  stdoutTerminal: boolean = Deno.stdout.isTerminal(),
): boolean {
  return !!json || !stdoutTerminal;
}
