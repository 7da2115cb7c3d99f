/**
 * Binds what a question states to a tool's inputs, by the inputs' own words: a length goes
 * to the metre input whose name, label, question or description shares the most words with
 * the words around the length; a share to a fraction or slope input; a date to a date input;
 * a room named in the question to an input that takes a room; an allowed value (an enum
 * value, a rule pack or level the input's text lists) where the question says it. Nothing
 * here names a tool or an input: a new tool's inputs bind the same way.
 */
import type { Mention } from "./extract.ts";
import { editDistance, expandedTokens, isStop, stem, tokens, words } from "./text.ts";
import type { ToolCard } from "./router.ts";
import { ROOM_WORDS } from "./rooms.ts";

/** A room or floor of the selected scan, as the binder needs it. */
export interface PlanRooms {
  rooms: { id: string; floor: string; label: string; name?: string }[];
  floors: { id: string; index: number; name?: string }[];
  openings?: {
    id: string;
    kind: string;
    between: (string | null)[];
    main_entrance?: boolean;
  }[];
}

/**
 * The door to the outside the question names other than the main one ("the back door",
 * "the kitchen door", "the patio door"): its id when exactly one fits. The front door or
 * main entrance is what tools start from when left out, so it is not bound.
 */
export function outsideDoorMention(question: string, plan: PlanRooms): string | undefined {
  const m = /\b(back|rear|garden|patio|side|yard|[a-z]+)\s+(?:door|doorway|entrance|entry)\b/i
    .exec(question.toLowerCase().replace(/\b(the|our|my|a)\s+/g, ""));
  if (!m || /^(front|main|bathroom|bedroom|every|each|any|which|wide|narrow)$/.test(m[1])) {
    return undefined;
  }
  const outside = (plan.openings ?? []).filter((o) =>
    o.kind !== "window" && o.between.includes(null) && !o.main_entrance
  );
  const word = m[1];
  const generic = /^(back|rear|garden|patio|side|yard)$/.test(word);
  const roomIds = new Set(
    plan.rooms.filter((r) =>
      r.label === word || (r.name ?? "").toLowerCase().split(/\s+/).includes(word) ||
      (ROOM_WORDS[r.label] ?? []).includes(word)
    ).map((r) => r.id),
  );
  const hits = generic
    ? outside
    : outside.filter((o) => o.between.some((b) => b && roomIds.has(b)));
  return hits.length === 1 ? hits[0].id : undefined;
}

/** A scan a question may name. */
export interface ScanName {
  id: string;
  name?: string;
}

/** What binding gives: explicit values by input, and sentences about what it could not bind. */
export interface Bound {
  values: Record<string, unknown>;
  notes: string[];
  /** Subjects named that are several things in the plan, or none: to ask about by name. */
  asks: { input: string; named: string; ids: string[] }[];
}

type Prop = Record<string, unknown>;

/** The words of an input: name (unit suffix dropped) twice, label, question, description. */
function inputWords(name: string, p: Prop): Map<string, number> {
  const w = new Map<string, number>();
  const add = (text: string, weight: number) => {
    for (const t of new Set(expandedTokens(text))) w.set(t, Math.max(w.get(t) ?? 0, weight));
  };
  for (const k of ["description", "ask", "label"]) {
    if (typeof p[k] === "string") add(p[k] as string, 1);
  }
  add(name.replace(/_(m|m2|deg|min|l)$/, "").replaceAll("_", " "), 2);
  // A limit ("min_…", "max_…") takes a value said as a limit ("under 32 in", "at least 2.4 m").
  if (/^(min|max)_/.test(name)) w.set(LIMIT_TOKEN, 4);
  return w;
}

/** The token a value said as a limit carries in its context (see {@link limitSaid}). */
const LIMIT_TOKEN = "\u0000limit";

/** Words just before a value that say it is a limit: "under", "narrower than", "at least" … */
const LIMIT_WORDS =
  /\b(under|below|over|above|beneath|less than|more than|fewer than|narrower than|wider than|lower than|higher than|shorter than|taller than|smaller than|bigger than|at least|at most|minimum(?: of)?|maximum(?: of)?|min|max|vs\.?|versus|against)\s*$/i;

/** Whether the words just before `start` say the value there is a limit. */
function limitSaid(question: string, start: number): boolean {
  return LIMIT_WORDS.test(question.slice(Math.max(0, start - 24), start).trimEnd());
}

function score(context: string[], iw: Map<string, number>): number {
  let s = 0;
  for (const t of context) s += iw.get(t) ?? 0;
  return s;
}

function withinBounds(p: Prop, v: number): boolean {
  if (typeof p.minimum === "number" && v < p.minimum) return false;
  if (typeof p.maximum === "number" && v > p.maximum) return false;
  if (typeof p.exclusiveMinimum === "number" && v <= p.exclusiveMinimum) return false;
  if (typeof p.exclusiveMaximum === "number" && v >= p.exclusiveMaximum) return false;
  return true;
}

const isNumber = (p: Prop) => p.type === "number" || p.type === "integer";
const unitOf = (name: string, p: Prop) =>
  typeof p.unit === "string" ? p.unit : /_m$/.test(name) ? "m" : undefined;

/** What kind of thing a string input names, from its `refers` or its own words. */
function refersOf(name: string, p: Prop): string | undefined {
  if (typeof p.refers === "string") return p.refers;
  if ((p.fill as { from?: string } | undefined)?.from === "selection") return "scan";
  if (p.type !== "string" || Array.isArray(p.enum)) return undefined;
  const text = `${name} ${p.label ?? ""} ${p.ask ?? ""} ${p.description ?? ""}`.toLowerCase();
  if (/\bplace\b/.test(text)) return "place";
  if (/\bdoor\b|\bopening\b/.test(text)) return "door";
  if (/\broom\b/.test(text)) return "room";
  return undefined;
}

/**
 * Assigns mentions of one kind to candidate inputs: each mention to the input whose words
 * best match its context (ties to the first input); an input keeps its best mention; a
 * mention whose best input is taken is dropped rather than pushed onto a worse one.
 */
function assign(
  mentions: { context: string[]; value: unknown; num: number }[],
  candidates: [string, Prop][],
  out: Record<string, unknown>,
  lone: boolean,
) {
  const free = candidates.filter(([n]) => !(n in out));
  if (!free.length || !mentions.length) return;
  const pairs: { m: number; input: string; s: number }[] = [];
  mentions.forEach((m, i) => {
    let best: { input: string; s: number } | undefined;
    for (const [n, p] of free) {
      if (!withinBounds(p, m.num)) continue;
      const s = score(m.context, inputWords(n, p));
      if (!best || s > best.s) best = { input: n, s };
    }
    if (best && best.s > 0) pairs.push({ m: i, ...best });
  });
  pairs.sort((a, b) => b.s - a.s);
  const used = new Set<number>();
  for (const p of pairs) {
    if (p.input in out || used.has(p.m)) continue;
    out[p.input] = mentions[p.m].value;
    used.add(p.m);
  }
  // One value of the kind and one input that a person would give it: bind without words.
  if (lone && mentions.length === 1 && !used.size) {
    const asked = free.filter(([, p]) => p.ask !== undefined || p.fill !== undefined);
    if (asked.length === 1 && withinBounds(asked[0][1], mentions[0].num)) {
      out[asked[0][0]] = mentions[0].value;
    }
  }
}

const UP =
  /\b(upstairs|up\s*stairs|first floor|1st floor|second floor|2nd floor|upper floor|top floor|upper)\b/i;
const DOWN = /\b(downstairs|ground floor|ground level|main floor|lower floor|ground-floor)\b/i;

type RoomCandidate = { phrase: string; ids: string[]; exact: boolean };
const candidatesOf = new WeakMap<PlanRooms, RoomCandidate[]>();

/** The phrases that name rooms of `plan` (their names and the label words), built once a plan. */
function roomCandidates(plan: PlanRooms): RoomCandidate[] {
  const hit = candidatesOf.get(plan);
  if (hit) return hit;
  const cands: RoomCandidate[] = [];
  const clean = (s: string) =>
    s.toLowerCase().replace(/\(.*?\)/g, "").replace(/[^a-z0-9]+/g, " ").trim();
  const labelPhrases = new Set(Object.values(ROOM_WORDS).flat());
  for (const r of plan.rooms) {
    if (r.name) {
      const n = clean(r.name.split(/\s+(?:under|with|by|next to)\s+/i)[0]);
      // A name that is also a label's word ("Office") is read with the label, below.
      if (n && !labelPhrases.has(n)) cands.push({ phrase: n, ids: [r.id], exact: true });
      const m = /^(\w+) room$/.exec(n);
      if (m && m[1].length >= 4 && !labelPhrases.has(m[1])) {
        cands.push({ phrase: m[1], ids: [r.id], exact: true });
      }
    }
  }
  for (const [label, phrases] of Object.entries(ROOM_WORDS)) {
    const ids = plan.rooms.filter((r) => r.label === label).map((r) => r.id);
    for (const p of phrases) {
      const all = [...new Set([...ids, ...sameNamed(plan, p)])];
      if (all.length) cands.push({ phrase: p, ids: all, exact: false });
    }
  }
  // Names that are also a label's word ("Kitchen") resolve to the room so named first.
  cands.sort((a, b) => b.phrase.length - a.phrase.length || Number(b.exact) - Number(a.exact));
  candidatesOf.set(plan, cands);
  return cands;
}

/** Rooms the question names, resolved against the plan: one id per mention, or ambiguity. */
export function roomMentions(
  question: string,
  plan: PlanRooms,
): { at: number; ids: string[]; text: string }[] {
  const q = ` ${question.toLowerCase().replace(/['’]s\b/g, "").replace(/[^a-z0-9]+/g, " ")} `;
  const cands = roomCandidates(plan);
  const taken: [number, number][] = [];
  const out: { at: number; ids: string[]; text: string }[] = [];
  const place = (c: (typeof cands)[number], s: number, e: number) => {
    if (taken.some(([a, b]) => !(e <= a || s >= b))) return;
    taken.push([s, e]);
    let ids = c.ids;
    if (ids.length > 1) {
      // A floor word near the room narrows it ("the upstairs bathroom").
      const near = q.slice(Math.max(0, s - 30), Math.min(q.length, e + 30));
      const upper = UP.test(near), lower = DOWN.test(near);
      if (upper !== lower) {
        const idx = new Map(plan.floors.map((f) => [f.id, f.index]));
        const narrowed = ids.filter((id) => {
          const fi = idx.get(plan.rooms.find((r) => r.id === id)!.floor) ?? 0;
          return upper ? fi > 0 : fi <= 0;
        });
        if (narrowed.length) ids = narrowed;
      }
    }
    // Still several: the room named exactly so ("the office" is the room called Office).
    const named = ids.filter((id) => sameNamed(plan, c.phrase).includes(id));
    if (ids.length > 1 && named.length === 1) ids = named;
    out.push({ at: s, ids, text: c.phrase });
  };
  for (const c of cands) {
    const needle = ` ${c.phrase} `;
    for (let i = q.indexOf(needle); i >= 0; i = q.indexOf(needle, i + 1)) {
      place(c, i + 1, i + 1 + c.phrase.length);
    }
  }
  // Misspelt room words ("the dinning room"): within one edit (two from nine letters), the
  // same first letter, phrases of six letters or more, where nothing was read yet.
  const spans: [number, number][] = [];
  for (const m of q.matchAll(/[a-z0-9]+/g)) spans.push([m.index!, m.index! + m[0].length]);
  for (const c of cands) {
    if (c.phrase.length < 6) continue;
    const n = c.phrase.split(" ").length;
    const cap = c.phrase.length >= 9 ? 2 : 1;
    for (let i = 0; i + n <= spans.length; i++) {
      const s = spans[i][0], e = spans[i + n - 1][1];
      if (Math.abs(e - s - c.phrase.length) > cap || q[s] !== c.phrase[0]) continue;
      const text = q.slice(s, e);
      if (text === c.phrase || text[0] !== c.phrase[0] || isStop(text)) continue;
      if (editDistance(text, c.phrase, cap) <= cap) place(c, s, e);
    }
  }
  return out.sort((a, b) => a.at - b.at);
}

function sameNamed(plan: PlanRooms, phrase: string): string[] {
  return plan.rooms.filter((r) => r.name && r.name.toLowerCase() === phrase).map((r) => r.id);
}

/**
 * Kinds of room the question names that the plan has none of ("the garage" in a flat), with
 * where they are named.
 */
export function missingRooms(question: string, plan: PlanRooms): { at: number; text: string }[] {
  const q = ` ${question.toLowerCase().replace(/['’]s\b/g, "").replace(/[^a-z0-9]+/g, " ")} `;
  const out: { at: number; text: string }[] = [];
  for (const [label, phrases] of Object.entries(ROOM_WORDS)) {
    if (plan.rooms.some((r) => r.label === label)) continue;
    for (const p of phrases) {
      if (sameNamed(plan, p).length) continue;
      const i = q.indexOf(` ${p} `);
      if (i >= 0) out.push({ at: i + 1, text: p });
    }
  }
  return out.sort((a, b) => a.at - b.at);
}

/** Values an input's own text lists as allowed ("(ada-2010, irc-2021, uk-adm, fha, …)"). */
function listedValues(p: Prop): string[] {
  const text = `${p.ask ?? ""} ${p.description ?? ""}`;
  const out: string[] = [];
  for (const m of text.matchAll(/\(([^()]*(?:\([^()]*\)[^()]*)*)\)/g)) {
    const inner = m[1].replace(/^[^:]*:\s*/, "");
    const vals = inner.split(/,\s*/).map((v) => v.trim())
      .filter((v) => v && !/\s/.test(v) && /[a-z]/i.test(v) && v.length <= 24);
    if (vals.length >= 2) out.push(...vals); // a list, not a parenthetical word
  }
  return [...new Set(out)];
}

/** Phrases people use for a listed value's leading word ("fair housing" → "fha"). */
const VALUE_ALIASES: [RegExp, string][] = [
  [/\bfair housing\b/i, "fha"],
  [/\bamericans with disabilities\b/i, "ada"],
  [/\binternational residential code\b|\bresidential code\b/i, "irc"],
  [
    /\bpart m\b|\bapproved document m\b|\badm\b|\bm4\s*\(?[123]\)?|\bbuilding regs?\b|\bbuilding regulations\b/i,
    "uk",
  ],
];

/** A regular expression matching a listed value loosely ("M4(2)" ~ "m4 2", "ada-2010" ~ "ADA 2010"). */
function looseValue(v: string): RegExp {
  // Letters and digits apart too: "en17037" reads "EN 17037" as well.
  const parts = v.toLowerCase().split(/[^a-z0-9]+|(?<=[a-z])(?=\d)/).filter(Boolean);
  return new RegExp(`(?<![a-z0-9])${parts.join("[\\s()\\-]*")}(?![a-z0-9])`, "i");
}

/** The inputs of a card, by name. */
type Props = [string, Prop][];

/** Binds a question's mentions to `card`'s inputs, phase by phase; an input bound stays bound. */
export function bindInputs(
  card: ToolCard,
  question: string,
  mentions: Mention[],
  opts: { plan?: PlanRooms; scans?: ScanName[] } = {},
): Bound {
  const props: Props = Object.entries(card.inputs.properties ?? {});
  const out: Record<string, unknown> = {};
  const notes: string[] = [];
  const asks: Bound["asks"] = [];
  bindSizesAndItems(props, mentions, out, notes);
  bindQuantities(props, question, mentions, out);
  bindDate(props, mentions, out, notes);
  bindPlaces(props, question, mentions, out, opts.scans);
  if (opts.plan) {
    bindRoom(props, question, opts.plan, out, asks);
    bindOutsideDoor(props, question, opts.plan, out);
  }
  bindListedValues(props, question, out);
  return { values: out, notes, asks };
}

/** Sizes and named items (a sofa, a fridge) to the inputs that take them. */
function bindSizesAndItems(
  props: Props,
  mentions: Mention[],
  out: Record<string, unknown>,
  notes: string[],
): void {
  // Sizes (W × D × H) go to inputs named for width, depth and height, in that order.
  const size = mentions.find((m) => m.kind === "size");
  if (size && size.kind === "size") {
    const dims = ["width", "depth", "height"];
    size.values_m.forEach((v, i) => {
      const hit = props.find(([n, p]) =>
        isNumber(p) && n.startsWith(dims[i]) && unitOf(n, p) === "m"
      );
      if (hit && withinBounds(hit[1], v)) out[hit[0]] = v;
    });
  }
  // Named items: their kind to an input that lists it; their own size when they have one.
  for (const m of mentions) {
    if (m.kind !== "item") continue;
    const enumInput = props.find(([, p]) =>
      Array.isArray(p.enum) && (p.enum as unknown[]).includes(m.item.kind)
    );
    if (!enumInput || enumInput[0] in out) continue;
    out[enumInput[0]] = m.item.kind;
    if (m.item.size && !size) {
      for (const [dim, v] of Object.entries(m.item.size)) {
        const hit = props.find(([n, p]) => n === dim && isNumber(p));
        if (hit && !(hit[0] in out)) out[hit[0]] = v;
      }
      notes.push(`Took ${m.item.source} as the size of the ${m.text}.`);
    }
  }
}

/** Lengths, fractions, minutes, angles and counts to the numeric inputs in their units. */
function bindQuantities(
  props: Props,
  question: string,
  mentions: Mention[],
  out: Record<string, unknown>,
): void {
  const ctxOf = (m: Mention) => m.context;
  const numeric = (unit: (u: string | undefined, n: string, p: Prop) => boolean) =>
    props.filter(([n, p]) => isNumber(p) && unit(unitOf(n, p), n, p));
  assign(
    mentions.flatMap((m) =>
      m.kind === "length"
        ? [{
          context: limitSaid(question, m.start) ? [...ctxOf(m), LIMIT_TOKEN] : ctxOf(m),
          value: m.value_m,
          num: m.value_m,
        }]
        : []
    ),
    numeric((u) => u === "m"),
    out,
    true,
  );
  assign(
    mentions.flatMap((m) =>
      m.kind === "fraction" ? [{ context: ctxOf(m), value: m.value, num: m.value }] : []
    ),
    numeric((u, n) =>
      u === "fraction" || u === "rise/run" || /slope|ratio|waste|share|fraction/.test(n)
    ),
    out,
    true,
  );
  assign(
    mentions.flatMap((m) =>
      m.kind === "minutes" ? [{ context: ctxOf(m), value: m.value, num: m.value }] : []
    ),
    numeric((u) => u === "min"),
    out,
    true,
  );
  assign(
    mentions.flatMap((m) =>
      m.kind === "angle" ? [{ context: ctxOf(m), value: m.value_deg, num: m.value_deg }] : []
    ),
    numeric((u) => u === "deg"),
    out,
    true,
  );
  assign(
    mentions.flatMap((m) =>
      m.kind === "count" ? [{ context: ctxOf(m), value: m.value, num: m.value }] : []
    ),
    props.filter(([, p]) => p.type === "integer"),
    out,
    false,
  );
}

/** A date said to the input that takes a YYYY-MM-DD date (the 21st for a month alone). */
function bindDate(
  props: Props,
  mentions: Mention[],
  out: Record<string, unknown>,
  notes: string[],
): void {
  // Dates: to a string input that takes a YYYY-MM-DD date.
  const dateInput = props.find(([n, p]) =>
    p.type === "string" && (/date/.test(n) || String(p.pattern ?? "").includes("\\d{2}-\\d{2}"))
  );
  const date = mentions.find((m) => m.kind === "date");
  if (dateInput && date && date.kind === "date" && !(dateInput[0] in out)) {
    const def = typeof dateInput[1].default === "string"
      ? /^(\d{4})/.exec(dateInput[1].default)?.[1]
      : undefined;
    const year = date.year ?? Number(def ?? new Date().getFullYear());
    const day = date.day ?? 21;
    out[dateInput[0]] = `${String(year).padStart(4, "0")}-${String(date.month).padStart(2, "0")}-${
      String(day).padStart(2, "0")
    }`;
    if (date.day === undefined) {
      notes.push(`Took the 21st for "${date.text}" (a month without a day).`);
    }
  }
}

/** Coordinates to an input that takes a place; a stored scan named to a scan or place input. */
function bindPlaces(
  props: Props,
  question: string,
  mentions: Mention[],
  out: Record<string, unknown>,
  scans: ScanName[] | undefined,
): void {
  // Coordinates: to an input that takes a place.
  const coords = mentions.find((m) => m.kind === "coordinates");
  for (const [n, p] of props) {
    const refers = refersOf(n, p);
    if (n in out) continue;
    if (refers === "place" && coords && coords.kind === "coordinates") {
      out[n] = `${coords.lat},${coords.lon}`;
    } else if ((refers === "scan" || refers === "place") && scans?.length) {
      const lower = ` ${words(question).join(" ")} `;
      const hit = scans.filter((s) =>
        (s.id.length >= 3 && lower.includes(` ${words(s.id).join(" ")} `)) ||
        (s.name && s.name.length >= 4 && lower.includes(` ${words(s.name).join(" ")} `))
      );
      if (hit.length === 1) out[n] = hit[0].id;
    }
  }
}

/** A room named to the input that takes a room, or asked about by name when it is not one room. */
function bindRoom(
  props: Props,
  question: string,
  plan: PlanRooms,
  out: Record<string, unknown>,
  asks: Bound["asks"],
): void {
  // Rooms: to the input that takes a room; the one after "to"/"into"/"in" when several. A
  // room named that is several rooms (or none) is asked about by name, never dropped.
  const roomInputs = props.filter(([n, p]) => refersOf(n, p) === "room");
  if (roomInputs.length) {
    const rooms = roomMentions(question, plan);
    const lower = question.toLowerCase().replace(/[^a-z0-9]+/g, " ");
    const before = (r: { at: number }, re: RegExp) =>
      re.test(` ${lower.slice(0, Math.max(0, r.at - 1))}`);
    const lead = "\\s+(?:(?:the|my|our|a|an|upstairs|downstairs|main|back|front)\\s+)*$";
    const into = new RegExp(`\\b(to|into|in|inside|reach|reaching|for|of)${lead}`);
    const [name] = roomInputs[0];
    // The room it goes to ("to the bathroom"), never the one it starts from.
    // Not a room passed through or started from ("in through the front entrance").
    const passed = new RegExp(`\\b(from|through|thru|via|past)${lead}`);
    const target = [...rooms].reverse().find((r) => before(r, into)) ??
      [...rooms].reverse().find((r) => !before(r, passed));
    if (target && target.ids.length === 1) out[name] = target.ids[0];
    else if (target) asks.push({ input: name, named: target.text, ids: target.ids });
    else {
      const missing = missingRooms(question, plan).find((r) => before(r, into));
      if (missing) asks.push({ input: name, named: missing.text, ids: [] });
    }
  }
}

/** A door to the outside other than the main one, to an input that takes such a door. */
function bindOutsideDoor(
  props: Props,
  question: string,
  plan: PlanRooms,
  out: Record<string, unknown>,
): void {
  const door = props.find(([n, p]) =>
    !(n in out) && refersOf(n, p) === "door" &&
    /outside/.test(`${p.ask ?? ""} ${p.description ?? ""}`)
  );
  const id = door ? outsideDoorMention(question, plan) : undefined;
  if (door && id) out[door[0]] = id;
}

/** Values the inputs list (enum values, packs and levels by name) said in the question. */
function bindListedValues(props: Props, question: string, out: Record<string, unknown>): void {
  const qLower = question.toLowerCase();
  const qWords = new Set(words(question).map(stem));
  for (const [n, p] of props) {
    if (n in out || p.type !== "string" || refersOf(n, p)) continue;
    if (Array.isArray(p.enum)) {
      const hits = (p.enum as string[]).filter((v) => {
        if (v === "custom" || v === "none" || v.length < 3) return false;
        // A value with a number matches whole, or by its leading word of three letters or
        // more ("BRE" for bre209; not "en" of "en suite" for en17037).
        const head = v.replace(/\d+$/, "");
        if (/\d/.test(v)) {
          return looseValue(v).test(qLower) || (head.length >= 3 && qWords.has(head));
        }
        return qWords.has(stem(v.toLowerCase()));
      });
      if (hits.length === 1) out[n] = hits[0];
      continue;
    }
    const listed = listedValues(p);
    if (!listed.length) continue;
    const hits = listed.filter((v) => looseValue(v).test(qLower));
    if (hits.length === 1) {
      out[n] = hits[0];
      continue;
    }
    const heads = new Set(
      tokens(qLower).concat(
        VALUE_ALIASES.filter(([re]) => re.test(question)).map(([, h]) => h),
      ),
    );
    const byHead = listed.filter((v) => heads.has(v.toLowerCase().split(/[^a-z0-9]/)[0]));
    if (byHead.length === 1) out[n] = byHead[0];
  }
}
