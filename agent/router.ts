/**
 * The offline router: which tool a question is about, from the manifests' text alone (id,
 * title, summary, model_description, audience, and each input's label, question,
 * description, unit and allowed values). No tool is named in code: a tool folder added
 * tomorrow is found by the words of its manifest.
 *
 * Scoring is a weighted bag of words with inverse document frequency (Spärck Jones 1972):
 * a question word counts by the field it matches in (title and id most, then summary, model
 * description, audience, inputs) times log(1 + N / df), so words every manifest uses
 * ("scan", "room") count little. Question words are expanded with synonyms (text.ts) and
 * unknown words of five letters or more are matched to the manifests' words within one or
 * two edits (misspellings).
 */
import { editDistance, expandedTokens, hasSynonym, isStop, stem, tokens, words } from "./text.ts";
import { round } from "../ground/text.ts";

/** What the router reads of a manifest: its JSON (as `threshold tools --json` prints it). */
export interface ToolCard {
  id: string;
  title: string;
  summary: string;
  model_description: string;
  audience: string[];
  inputs: {
    properties?: Record<string, Record<string, unknown>>;
    required?: string[];
  };
}

/** A tool and how well the question matches it. */
export interface Ranked {
  tool: string;
  title: string;
  score: number;
  /** 0–1: the score against the best and the runner-up (see {@link decideRoute}). */
  confidence: number;
}

/** A router built once over a set of manifests. */
export interface RouterIndex {
  cards: ToolCard[];
  weights: Map<string, Map<string, number>>;
  idf: Map<string, number>;
  /** Manifest words of five letters or more → their stems, for mending misspellings. */
  vocabulary: Map<string, string>;
}

const FIELD_WEIGHTS = {
  id: 3,
  title: 3,
  summary: 2,
  model_description: 1,
  audience: 1,
  inputs: 0.4,
  enums: 1,
};

/** Builds the index over `cards`. */
export function buildIndex(cards: ToolCard[]): RouterIndex {
  const weights = new Map<string, Map<string, number>>();
  const df = new Map<string, number>();
  const vocabulary = new Map<string, string>();
  for (const c of cards) {
    const w = new Map<string, number>();
    const addField = (text: string, weight: number) => {
      for (const t of new Set(tokens(text))) w.set(t, (w.get(t) ?? 0) + weight);
    };
    addField(c.id.replaceAll("_", " "), FIELD_WEIGHTS.id);
    addField(c.title, FIELD_WEIGHTS.title);
    addField(c.summary, FIELD_WEIGHTS.summary);
    addField(c.model_description, FIELD_WEIGHTS.model_description);
    addField(c.audience.join(" ").replaceAll("-", " "), FIELD_WEIGHTS.audience);
    const inputText: string[] = [];
    const enumText: string[] = [];
    for (const [name, p] of Object.entries(c.inputs.properties ?? {})) {
      inputText.push(name.replaceAll("_", " "));
      for (const k of ["label", "ask", "description", "unit"]) {
        if (typeof p[k] === "string") inputText.push(p[k] as string);
      }
      if (Array.isArray(p.enum)) enumText.push(p.enum.join(" "));
    }
    addField(inputText.join(" "), FIELD_WEIGHTS.inputs);
    for (
      const w of words(
        [c.id.replaceAll("_", " "), c.title, c.summary, c.model_description, ...inputText].join(
          " ",
        ),
      )
    ) if (w.length >= 5 && !/\d/.test(w)) vocabulary.set(w, stem(w));
    addField(enumText.join(" "), FIELD_WEIGHTS.enums);
    weights.set(c.id, w);
    for (const t of w.keys()) df.set(t, (df.get(t) ?? 0) + 1);
  }
  const n = cards.length;
  const idf = new Map([...df].map(([t, d]) => [t, Math.log(1 + n / d)]));
  return { cards, weights, idf, vocabulary };
}

const fuzzyCache = new Map<string, string | null>();

/** The manifest word (stemmed) a misspelt question word stands for, if exactly one is close. */
function fuzzy(index: RouterIndex, t: string): string | undefined {
  if (t.length < 5 || /\d/.test(t)) return undefined;
  const key = `${index.vocabulary.size}:${t}`;
  const hit = fuzzyCache.get(key);
  if (hit !== undefined) return hit ?? undefined;
  const cap = t.length >= 8 ? 2 : 1;
  let best: string | undefined, bestD = cap + 1, ties = 0;
  for (const [v, st] of index.vocabulary) {
    const d = editDistance(t, v, cap);
    if (d < bestD) [best, bestD, ties] = [st, d, 0];
    else if (d === bestD && st !== best) ties++;
  }
  const out = bestD <= cap && ties === 0 ? best : undefined;
  fuzzyCache.set(key, out ?? null);
  return out;
}

/** The question's tokens as the index knows them (synonyms added, misspellings mended). */
export function questionTokens(index: RouterIndex, question: string): string[] {
  // Numbers and single letters say nothing about the tool (the binder reads the numbers).
  const out = expandedTokens(question).filter((t) => t.length > 1 && !/^\d+$/.test(t));
  // Misspelt words: a word neither the manifests nor the synonyms know, mended by spelling.
  for (const w of words(question)) {
    if (w.length < 5 || isStop(w) || hasSynonym(w) || index.idf.has(stem(w))) continue;
    const f = fuzzy(index, w);
    if (f) out.push(f);
  }
  return out;
}

/** Every tool ranked for the question, best first. */
export function rank(index: RouterIndex, question: string): Ranked[] {
  const qt = questionTokens(index, question);
  // A word counts at most twice, so a repeated word cannot outweigh the rest.
  const counts = new Map<string, number>();
  for (const t of qt) counts.set(t, Math.min(2, (counts.get(t) ?? 0) + 1));
  const scored = index.cards.map((c) => {
    const w = index.weights.get(c.id)!;
    let s = 0;
    for (const [t, n] of counts) {
      const tw = w.get(t);
      if (tw) s += tw * index.idf.get(t)! * (n === 1 ? 1 : 1.5);
    }
    return { tool: c.id, title: c.title, score: s };
  }).sort((a, b) => b.score - a.score || a.tool.localeCompare(b.tool));
  const top = scored[0]?.score ?? 0, second = scored[1]?.score ?? 0;
  return scored.map((r, i) => ({
    ...r,
    confidence: i === 0 ? confidenceOf(top, second) : top > 0 ? r.score / top * 0.5 : 0,
  }));
}

/** Scores below this are too weak to act on (about two title words, or one rare one). */
export const MIN_SCORE = 3;

/**
 * Confidence of the best tool: how far it leads the runner-up (share of the two scores,
 * rescaled so a tie is 0 and no runner-up is 1), damped when the score itself is weak.
 */
export function confidenceOf(top: number, second: number): number {
  if (top <= 0) return 0;
  const lead = (top - second) / top;
  const strength = Math.min(1, top / (2 * MIN_SCORE));
  return round(lead * strength, 2);
}

/** Below this confidence the router asks which tool is meant. */
export const MIN_CONFIDENCE = 0.15;

/** What the router decided. */
export type Route =
  | { kind: "tools"; tools: (Ranked & { clause?: string })[]; why: string }
  | { kind: "ask"; candidates: Ranked[]; why: string };

/** Clauses a question may join two requests with. */
const CLAUSE =
  /\?|;|\.\s|\band also\b|\balso\b|\bplus\b|,?\s+and\s+(?=(?:is|are|can|does|do|how|will|what|which|where|when|check|tell|show|give|find)\b)|,\s+(?=(?:is|are|can|does|do|how|will|what|which|where|when)\b)/i;

/**
 * Routes a question: one tool when one leads clearly; two when the question joins two
 * requests that each lead to a different tool clearly; otherwise the two or three likeliest
 * tools, by title, to ask which is meant.
 */
export function decideRoute(index: RouterIndex, question: string): Route {
  const ranked = rank(index, question);
  const best = ranked[0];
  const clauses = requests(question);
  if (clauses.length >= 2) {
    const picks: (Ranked & { clause: string })[] = [];
    for (const c of clauses) {
      const r = rank(index, c)[0];
      if (!r || r.score < MIN_SCORE || r.confidence < MIN_CONFIDENCE * 2) continue;
      const same = picks.find((p) => p.tool === r.tool);
      if (same) same.clause += ` ${c}`;
      else picks.push({ ...r, clause: c });
    }
    if (picks.length >= 2) {
      return {
        kind: "tools",
        tools: picks,
        why: `the question asks ${picks.length} things: ${
          picks.map((p) => `"${p.title}"`).join(" and ")
        }`,
      };
    }
  }
  if (!best || best.score === 0) {
    // Nothing matches: offer every tool by title rather than three at random.
    return {
      kind: "ask",
      candidates: [...ranked].sort((a, b) => a.title.localeCompare(b.title)),
      why: "no tool's description matches the question's words",
    };
  }
  if (best.score < MIN_SCORE || best.confidence < MIN_CONFIDENCE) {
    const pool = ranked.filter((r) => r.score > 0).slice(0, 3);
    return {
      kind: "ask",
      candidates: pool.filter((r, i) => i < 2 || r.score >= pool[0].score * 0.6),
      why: best.score < MIN_SCORE
        ? "the question's words match the tools only weakly"
        : "more than one tool matches the question about equally well",
    };
  }
  return { kind: "tools", tools: [best], why: whyOf(index, question, best.tool) };
}

const REQUEST =
  /^(?:and\s+)?(is|are|can|could|does|do|how|will|would|what|which|where|when|check|tell|show|give|find|list|measure|count)\b/i;

/** The parts of a question that ask something (a question or a command), not statements. */
export function requests(question: string): string[] {
  const out: string[] = [];
  const re = new RegExp(CLAUSE.source, "gi");
  let last = 0;
  const push = (s: string, endsWithQ: boolean) => {
    const t = s.trim().replace(/^(?:and|also|plus)\s+/i, "");
    if (words(t).length >= 2 && (endsWithQ || REQUEST.test(t))) out.push(t);
  };
  for (let m = re.exec(question); m; m = re.exec(question)) {
    if (m[0].length === 0) {
      re.lastIndex++;
      continue;
    }
    push(question.slice(last, m.index), m[0].startsWith("?"));
    last = m.index + m[0].length;
  }
  push(question.slice(last), false);
  return out;
}

/** The question's words that matched the tool's manifest most, as a short reason. */
export function whyOf(index: RouterIndex, question: string, tool: string): string {
  const w = index.weights.get(tool)!;
  const seen = new Set<string>();
  // The person's own words that matched (or whose synonyms matched), strongest first.
  const hits = words(question).filter((x) => x.length > 1 && !/^\d+$/.test(x))
    .map((x) => ({
      x,
      s: Math.max(
        0,
        ...questionTokens(index, x).map((t) => (w.get(t) ?? 0) * (index.idf.get(t) ?? 0)),
      ),
    }))
    .filter((h) => h.s > 0 && !seen.has(h.x) && seen.add(h.x))
    .sort((a, b) => b.s - a.s)
    .slice(0, 3)
    .map((h) => h.x);
  return hits.length ? `its description matches "${hits.join('", "')}"` : "it is the closest match";
}
