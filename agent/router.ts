/**
 * The offline router: which tool a question is about, from the manifests alone (id, title,
 * summary, model_description, audience, example questions, the kinds of subject it takes, and
 * each input's label, question, description, unit and allowed values). No tool is named in
 * code: a tool folder added tomorrow is found by the words of its manifest.
 *
 * Ranking is Okapi BM25 (Robertson & Zaragoza 2009, "The Probabilistic Relevance Framework:
 * BM25 and Beyond", Foundations and Trends in IR 3(4)) over one document per tool, its fields
 * weighted as in BM25F's simple form (Robertson, Zaragoza & Taylor 2004: a field's term
 * frequencies and length count `weight` times), with k1 = 1.2, b = 0.75 and the non-negative
 * idf ln(1 + (N − df + 0.5) / (df + 0.5)). Question words are expanded with synonyms (text.ts)
 * and unknown words of five letters or more are matched to the manifests' words within one or
 * two edits (misspellings). The subjects the question names (subjects.ts: an item, a room, a
 * rule pack or section, the ground …) then add to the tools whose manifests take them, so an
 * item and a room point to a tool that takes both, whatever the verb.
 */
import type { QuestionSubject } from "../core/manifest.ts";
import { extract } from "./extract.ts";
import { SUBJECT_WEIGHT, subjectsOf } from "./subjects.ts";
import { editDistance, expandedTokens, hasSynonym, isStop, stem, tokens, words } from "./text.ts";

/** What the router reads of a manifest: its JSON (as `threshold tools --json` prints it). */
export interface ToolCard {
  id: string;
  title: string;
  summary: string;
  model_description: string;
  audience: string[];
  /** Example questions the tool answers. */
  questions?: string[];
  /** The kinds of subject it takes. */
  subjects?: string[];
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
  /** 0–1: how far it leads the runner-up (see {@link confidenceOf}); the others, their share of the best. */
  confidence: number;
}

/** A router built once over a set of manifests. */
export interface RouterIndex {
  cards: ToolCard[];
  /** Per tool: weighted term frequency of each term in its document. */
  weights: Map<string, Map<string, number>>;
  /** Per tool: its weighted document length. */
  lengths: Map<string, number>;
  avgLength: number;
  idf: Map<string, number>;
  /** Manifest words of five letters or more → their stems, for mending misspellings. */
  vocabulary: Map<string, string>;
  params: RouterParams;
  /** Each example question as a document of its own (its tool, term frequencies, length). */
  examples: { tool: string; tf: Map<string, number>; len: number }[];
  exampleIdf: Map<string, number>;
  exampleAvgLength: number;
}

/** The router's constants (tuned on the tuning part of the question set only). */
export interface RouterParams {
  /** BM25's term-frequency saturation and length normalisation (Robertson & Zaragoza 2009 § 3). */
  k1: number;
  b: number;
  /** How much each field's words count (BM25F's field weights). */
  fields: Record<keyof typeof FIELD_WEIGHTS, number>;
  /** How much the subjects a question names add, against the best text score. */
  subjectBoost: number;
  /** How much the best-matching example question counts beside the whole manifest. */
  exampleWeight: number;

  /** Scores below this match no tool: the question is not one threshold answers. */
  minScore: number;
  /** Below this lead the best two are a near-tie and the router asks which is meant. */
  minConfidence: number;
}

const FIELD_WEIGHTS = {
  id: 3,
  title: 3,
  summary: 2,
  questions: 1,
  model_description: 1,
  audience: 1,
  inputs: 0.4,
  enums: 1,
};

/** The constants in use. */
export const PARAMS: RouterParams = {
  k1: 2,
  b: 0.6,
  fields: FIELD_WEIGHTS,
  subjectBoost: 0.6,
  exampleWeight: 0.25,
  minScore: 3.5,
  minConfidence: 0.1,
};

/** Builds the index over `cards`. */
export function buildIndex(cards: ToolCard[], params: RouterParams = PARAMS): RouterIndex {
  const FW = params.fields;
  const weights = new Map<string, Map<string, number>>();
  const lengths = new Map<string, number>();
  const df = new Map<string, number>();
  const vocabulary = new Map<string, string>();
  for (const c of cards) {
    const w = new Map<string, number>();
    let len = 0;
    const addField = (text: string, weight: number, expand = false) => {
      const ts = expand ? expandedTokens(text) : tokens(text);
      for (const t of ts) w.set(t, (w.get(t) ?? 0) + weight);
      len += ts.length * weight;
    };
    addField(c.id.replaceAll("_", " "), FW.id);
    addField(c.title, FW.title);
    addField(c.summary, FW.summary);
    // Example questions are in people's words: read them as questions are read.
    addField((c.questions ?? []).join(" . "), FW.questions, true);
    addField(c.model_description, FW.model_description);
    addField(c.audience.join(" ").replaceAll("-", " "), FW.audience);
    const inputText: string[] = [];
    const enumText: string[] = [];
    for (const [name, p] of Object.entries(c.inputs.properties ?? {})) {
      inputText.push(name.replaceAll("_", " "));
      for (const k of ["label", "ask", "description", "unit"]) {
        if (typeof p[k] === "string") inputText.push(p[k] as string);
      }
      if (Array.isArray(p.enum)) enumText.push(p.enum.join(" "));
    }
    addField(inputText.join(" "), FW.inputs);
    for (
      const x of words(
        [
          c.id.replaceAll("_", " "),
          c.title,
          c.summary,
          c.model_description,
          ...(c.questions ?? []),
          ...inputText,
        ].join(" "),
      )
    ) if (x.length >= 5 && !/\d/.test(x)) vocabulary.set(x, stem(x));
    addField(enumText.join(" "), FW.enums);
    weights.set(c.id, w);
    lengths.set(c.id, len);
    for (const t of w.keys()) df.set(t, (df.get(t) ?? 0) + 1);
  }
  const n = cards.length;
  const idf = new Map([...df].map(([t, d]) => [t, Math.log(1 + (n - d + 0.5) / (d + 0.5))]));
  const avgLength = n ? [...lengths.values()].reduce((a, b) => a + b, 0) / n : 1;
  // The example questions, each its own document: a question close to one example counts
  // even when the rest of the manifest's text is about something wider.
  const examples = cards.flatMap((c) =>
    (c.questions ?? []).map((q) => {
      const tf = new Map<string, number>();
      const ts = expandedTokens(q);
      for (const t of ts) tf.set(t, (tf.get(t) ?? 0) + 1);
      return { tool: c.id, tf, len: ts.length };
    })
  );
  const exDf = new Map<string, number>();
  for (const e of examples) for (const t of e.tf.keys()) exDf.set(t, (exDf.get(t) ?? 0) + 1);
  const ne = examples.length;
  const exampleIdf = new Map(
    [...exDf].map(([t, d]) => [t, Math.log(1 + (ne - d + 0.5) / (d + 0.5))]),
  );
  const exampleAvgLength = ne ? examples.reduce((a, e) => a + e.len, 0) / ne : 1;
  return {
    cards,
    weights,
    lengths,
    avgLength,
    idf,
    vocabulary,
    params,
    examples,
    exampleIdf,
    exampleAvgLength,
  };
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
  // Numbers and one- or two-letter words say nothing about the tool (the binder reads the
  // numbers; "en" of "en suite" is not EN 17037). A short word with a digit ("m4") counts.
  const out = expandedTokens(question).filter((t) =>
    (t.length > 2 || /\d/.test(t)) && !/^\d+$/.test(t)
  );
  // Misspelt words: a word neither the manifests nor the synonyms know, mended by spelling.
  for (const w of words(question)) {
    if (w.length < 5 || isStop(w) || hasSynonym(w) || index.idf.has(stem(w))) continue;
    const f = fuzzy(index, w);
    if (f) out.push(f);
  }
  return out;
}

/** One term's BM25 weight in a tool's document. */
function termScore(index: RouterIndex, tool: string, t: string): number {
  const tf = index.weights.get(tool)!.get(t);
  if (!tf) return 0;
  const { k1, b } = index.params;
  const norm = 1 - b + b * index.lengths.get(tool)! / index.avgLength;
  return index.idf.get(t)! * tf * (k1 + 1) / (tf + k1 * norm);
}

/** Every tool ranked for the question, best first. */
export function rank(index: RouterIndex, question: string): Ranked[] {
  const mentions = extract(question);
  const qt = questionTokens(index, question);
  // A thing to move named (a dishwasher, a grand piano) is an item, as manifests say it.
  if (mentions.some((m) => m.kind === "item")) qt.push("item");
  // A word counts at most twice, so a repeated word cannot outweigh the rest.
  const counts = new Map<string, number>();
  for (const t of qt) counts.set(t, Math.min(2, (counts.get(t) ?? 0) + 1));
  const { k1, b, exampleWeight } = index.params;
  const exBest = new Map<string, number>();
  for (const e of index.examples) {
    let s = 0;
    const norm = 1 - b + b * e.len / index.exampleAvgLength;
    for (const [t, n] of counts) {
      const tf = e.tf.get(t);
      if (tf) {
        s += index.exampleIdf.get(t)! * tf * (k1 + 1) / (tf + k1 * norm) * (n === 1 ? 1 : 1.5);
      }
    }
    if (s > (exBest.get(e.tool) ?? 0)) exBest.set(e.tool, s);
  }
  const text = index.cards.map((c) => {
    let s = 0;
    for (const [t, n] of counts) s += termScore(index, c.id, t) * (n === 1 ? 1 : 1.5);
    return s + exampleWeight * (exBest.get(c.id) ?? 0);
  });
  const named = subjectsOf(question, mentions);
  const topText = Math.max(0, ...text);
  const scored = index.cards.map((c, i) => {
    const takes = new Set(c.subjects ?? []);
    let boost = 0;
    for (const k of named) if (takes.has(k)) boost += SUBJECT_WEIGHT[k as QuestionSubject] ?? 0;
    // Subjects only sharpen a question the words already point somewhere with.
    const s = text[i] > 0 ? text[i] + index.params.subjectBoost * topText * boost : 0;
    return { tool: c.id, title: c.title, score: Math.round(s * 1000) / 1000 };
  }).sort((a, b) => b.score - a.score || a.tool.localeCompare(b.tool));
  const top = scored[0]?.score ?? 0, second = scored[1]?.score ?? 0;
  return scored.map((r, i) => ({
    ...r,
    confidence: i === 0
      ? confidenceOf(top, second)
      : top > 0
      ? Math.round(r.score / top * 100) / 100
      : 0,
  }));
}

/**
 * Confidence of the best tool: how far it leads the runner-up, (top − second) / top: a tie
 * is 0, no runner-up is 1.
 */
export function confidenceOf(top: number, second: number): number {
  if (top <= 0) return 0;
  return Math.round((top - second) / top * 100) / 100;
}

/** What the router decided. */
export type Route =
  | { kind: "tools"; tools: (Ranked & { clause?: string })[]; why: string }
  | { kind: "ask"; candidates: Ranked[]; why: string }
  | { kind: "none"; why: string; /** Some words matched, too weakly to act on. */ weak: boolean };

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
      // A clause is short: half the score a whole question needs, but a clear lead.
      const { minScore, minConfidence } = index.params;
      if (!r || r.score < minScore / 2 || r.confidence < minConfidence * 2) continue;
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
  if (!best || best.score < index.params.minScore) {
    return {
      kind: "none",
      weak: !!best && best.score > 0,
      why: best && best.score > 0
        ? "the question's words match the tools only weakly"
        : "no tool's manifest matches the question's words",
    };
  }
  if (best.confidence < index.params.minConfidence) {
    // A near-tie: the tools within the band of the best, best first (at most three).
    const band = best.score * (1 - index.params.minConfidence);
    return {
      kind: "ask",
      candidates: ranked.filter((r) => r.score >= band).slice(0, 3),
      why: "more than one tool matches the question about equally well",
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
  const seen = new Set<string>();
  // The person's own words that matched (or whose synonyms matched), strongest first.
  const hits = words(question).filter((x) => x.length > 1 && !/^\d+$/.test(x))
    .map((x) => ({
      x,
      s: Math.max(0, ...questionTokens(index, x).map((t) => termScore(index, tool, t))),
    }))
    .filter((h) => h.s > 0 && !seen.has(h.x) && seen.add(h.x))
    .sort((a, b) => b.s - a.s)
    .slice(0, 3)
    .map((h) => h.x);
  return hits.length ? `its description matches "${hits.join('", "')}"` : "it is the closest match";
}
