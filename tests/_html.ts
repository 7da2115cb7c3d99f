/**
 * HTML as a document for tests (linkedom): assert the web view's structure (elements, ids,
 * roles, aria attributes) by selector instead of matching its words, and read the words a
 * screen reader hears (decorative `aria-hidden` icons left out) for golden files.
 */
import { parseHTML } from "linkedom";

/** The parsed document of a page or a fragment. */
export function dom(html: string): Document {
  const page = /^\s*<(!doctype|html)/i.test(html)
    ? html
    : `<!doctype html><html><body>${html}</body></html>`;
  return parseHTML(page).document as unknown as Document;
}

const BLOCK = new Set([
  "P",
  "DIV",
  "SECTION",
  "ARTICLE",
  "LI",
  "UL",
  "OL",
  "H1",
  "H2",
  "H3",
  "H4",
  "H5",
  "H6",
  "DT",
  "DD",
  "DL",
  "TD",
  "TH",
  "TR",
  "TABLE",
  "CAPTION",
  "FIGCAPTION",
  "FIGURE",
  "SUMMARY",
  "DETAILS",
  "TEXT",
  "TITLE",
  "HEADER",
  "FOOTER",
  "MAIN",
  "NAV",
  "FORM",
  "LABEL",
  "SMALL",
  "BR",
  "PRE",
  "HR",
]);

/** The words of a node as read aloud: block elements apart, aria-hidden parts left out. */
export function spoken(node: Node): string {
  const out: string[] = [];
  const walk = (n: Node) => {
    if (n.nodeType === 3) out.push(n.textContent ?? "");
    if (n.nodeType !== 1) return;
    const el = n as Element;
    if (el.getAttribute("aria-hidden") === "true") return;
    const block = BLOCK.has(el.tagName.toUpperCase());
    if (block) out.push(" ");
    for (const c of [...el.childNodes]) walk(c);
    if (block) out.push(" ");
  };
  walk(node);
  return out.join("").replace(/\s+/g, " ").trim();
}

/** The spoken text of the first element `selector` finds, or undefined. */
export function textOf(doc: Document | Element, selector: string): string | undefined {
  const el = doc.querySelector(selector);
  return el ? spoken(el) : undefined;
}

/** The spoken texts of every element `selector` finds. */
export function textsOf(doc: Document | Element, selector: string): string[] {
  return [...doc.querySelectorAll(selector)].map(spoken);
}

/** The text of the page's alert (`role="alert"`): the error a screen reader announces first. */
export function alertOf(html: string): string | undefined {
  return textOf(dom(html), '[role="alert"]');
}
