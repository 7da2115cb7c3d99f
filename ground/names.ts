/**
 * Names people read (design.md, "Truthful results": people read names, not ids): display
 * names for a plan's floors, rooms, doors, windows and verticals, disambiguated when they
 * repeat; and the resolution of a person's reference (an id, a name or a label, any case) to
 * one element, with the candidates when it is ambiguous or unknown. Pure functions over plan
 * data.
 */
import type { Plan } from "./plan.ts";
import { checkpoint, ticker } from "./budget.ts";
import { capitalise } from "./text.ts";

/** Display names by id, one map per kind of element. */
export interface PlanNames {
  floor: Map<string, string>;
  room: Map<string, string>;
  opening: Map<string, string>;
  vertical: Map<string, string>;
  /** Panoramas (sweeps): "panorama (Kitchen)", numbered when a room has several. */
  sweep: Map<string, string>;
  /** Any element's display name by id (floors, rooms, openings, verticals, sweeps); else the id. */
  of(id: string | null | undefined): string;
}

/** "living" -> "Living room": the vocabulary label as words. */
const LABEL_WORDS: Record<string, string> = {
  entrance: "Entrance",
  hallway: "Hallway",
  living: "Living room",
  dining: "Dining room",
  kitchen: "Kitchen",
  bedroom: "Bedroom",
  bathroom: "Bathroom",
  toilet: "Toilet",
  closet: "Closet",
  laundry: "Laundry",
  utility: "Utility room",
  office: "Office",
  garage: "Garage",
  stairs: "Stairs",
  balcony: "Balcony",
  outdoor: "Outdoor area",
  storage: "Storage",
  other: "Room",
};

/** A room label (vocabulary word) in words: "living" -> "Living room". */
export function labelWords(label: string): string {
  return LABEL_WORDS[label] ?? capitalise(label);
}

/** `name`, primed (′) until no name taken has it (without case); then taken. */
function unused(taken: Set<string>, name: string, lower?: string): string {
  let low = lower ?? name.toLowerCase();
  while (taken.has(low)) name += "′", low = name.toLowerCase();
  taken.add(low);
  return name;
}

/** Gives repeated names a suffix: the qualifier when it tells them apart, else (2), (3), …. */
export function disambiguate(
  items: { id: string; base: string; qualifier?: string }[],
): Map<string, string> {
  const out = new Map<string, string>();
  const groups = new Map<string, typeof items>();
  // Within a run's time limit (ground/budget.ts): a plan may have 100,000 rooms.
  const tick = ticker(1024);
  for (const it of items) {
    tick();
    // Pushed in place: copying the group on every item made 100,000 same-named rooms quadratic.
    // Each base without case, made once (toLowerCase of a name with "↔" is not cheap).
    const key = it.base.toLowerCase();
    const g = groups.get(key);
    if (g) g.push(it);
    else groups.set(key, [it]);
  }
  checkpoint();
  // Every base without case is taken, then each name given; where only numbers are given and
  // none can collide, no set of names taken is kept (numberedOnly).
  const taken = numberedOnly(groups, tick) ? undefined : new Set<string>(groups.keys());
  groups.forEach((group, key) => {
    tick();
    if (group.length === 1) out.set(group[0].id, group[0].base);
    else if (!taken || !group.some((g) => g.qualifier)) numberedInto(out, taken, group, key);
    else qualifiedInto(out, taken, group);
  });
  return out;
}

/**
 * Whether every repeated base is only numbered, and none of those numbers makes a base that
 * is there already: then no name collides and none is primed (two numbered names never
 * collide: "b (n)" ends in its one number, so it is of base b and number n). A base that is
 * "b (n)" is told from its last characters, and b and n read from it: no numbered name is
 * made to look up. Performance (issue 29): the names given were kept in a set and each
 * looked up before it (a 3,000-door plan's ~3,000 numbered names; tests/ground/
 * disambiguate_test.ts holds both ways to the names of before).
 */
function numberedOnly(groups: Map<string, { qualifier?: string }[]>, tick: () => void): boolean {
  let plain = true;
  groups.forEach((group, key) => {
    tick();
    if (!plain) return;
    if (group.length > 1) {
      for (let k = 0; k < group.length; k++) if (group[k].qualifier) plain = false;
    }
    // A base "b (n)": the name numbering gives the n-th of b's group, when b has n or more.
    const m = key.length, d = key.charCodeAt(m - 2);
    if (key.charCodeAt(m - 1) !== 41 || d < 48 || d > 57) return; // ")" after a digit
    const open = key.lastIndexOf(" (");
    const n = key.slice(open + 2, m - 1);
    if (open < 0 || !/^[1-9][0-9]*$/.test(n)) return;
    const of = groups.get(key.slice(0, open));
    if (of && of.length > 1 && of.length >= Number(n)) plain = false;
  });
  return plain;
}

/**
 * A group without qualifiers, numbered in order, as the general case numbers them, without
 * its per-group lists and maps. The group's key is its base without case, and " (n)" has
 * none: the name without case is the key and the number (toLowerCase maps no letter by what
 * follows it but a final Σ, which stays final before " ("). Indexed loops, no closure per
 * group (a 3,000-door plan has ~1,000 pairs; issue 29). `taken` undefined: no name can
 * collide ({@link numberedOnly}), none is looked up.
 */
function numberedInto(
  out: Map<string, string>,
  taken: Set<string> | undefined,
  group: { id: string; base: string }[],
  key: string,
): void {
  for (let k = 0; k < group.length; k++) {
    const g = group[k], n = ` (${k + 1})`;
    out.set(g.id, taken ? unused(taken, `${g.base}${n}`, `${key}${n}`) : `${g.base}${n}`);
  }
}

/** A group some of whose names have a qualifier: by it where it tells them apart, then numbered. */
function qualifiedInto(
  out: Map<string, string>,
  taken: Set<string>,
  group: { id: string; base: string; qualifier?: string }[],
): void {
  const quals = group.map((g) => g.qualifier ?? "");
  const qualUnique = quals.every((q) => q) && new Set(quals).size === quals.length;
  const byQual = new Map<string, typeof group>();
  for (const g of group) {
    const q = g.qualifier ?? "";
    const sub = byQual.get(q);
    if (sub) sub.push(g);
    else byQual.set(q, [g]);
  }
  checkpoint();
  for (const [q, sub] of byQual) {
    sub.forEach((g, k) => {
      const parts: string[] = [];
      if (q && (qualUnique || byQual.size > 1)) parts.push(q);
      if (sub.length > 1) parts.push(String(k + 1));
      out.set(g.id, unused(taken, `${g.base} (${parts.join(", ")})`));
    });
  }
}

/**
 * Display names for every element of a plan. Floors: their name, else "Level n" (index).
 * Rooms: their name, else their label in words; repeats get their floor's name, else a
 * number ("Bedroom (First floor)", "Bedroom (2)"). Doors and openings: "door (Hall ↔ Kitchen)",
 * "front door (Hall ↔ outside)" for a marked main entrance. Windows: "window (Kitchen)".
 * Stairs: "stair (Ground floor → First floor)", with the source's name when it has one
 * ("stair Wendeltreppe (Erdgeschoss → Dachgeschoss)").
 */
export function planNames(
  plan: Pick<Plan, "floors" | "rooms" | "openings" | "verticals"> & Partial<Pick<Plan, "sweeps">>,
): PlanNames {
  let names = NAMED.get(plan);
  if (!names) NAMED.set(plan, names = namesOf(plan));
  return names;
}

/**
 * Each plan object's names, made once: plans are not changed once made (withDisplayNames and
 * core/session.ts keep per-object results the same way). Performance (issue 29): a
 * 1,000-room, 3,000-door plan's names cost ~3 ms of each step_free_route run
 * (bench/routes_figures.ts).
 */
const NAMED = new WeakMap<object, PlanNames>();

function namesOf(
  plan: Pick<Plan, "floors" | "rooms" | "openings" | "verticals"> & Partial<Pick<Plan, "sweeps">>,
): PlanNames {
  const floorItems = plan.floors.map((f) => ({
    id: f.id,
    base: f.name?.trim() || `Level ${f.index}`,
  }));
  const floor = disambiguate(floorItems);
  // Each element's base name, within a run's time limit (ground/budget.ts).
  const tick = ticker(1024);
  const multiFloor = plan.floors.length > 1;
  // Repeated names are told apart by the rooms' own numbers when they have them ("Foyer
  // (A101)"), else by their floors.
  const room = disambiguate(plan.rooms.map((r) => (tick(), {
    id: r.id,
    base: r.name?.trim() || labelWords(r.label),
    qualifier: r.number?.trim() || (multiFloor ? floor.get(r.floor) : undefined),
  })));
  const side = (id: string | null) => id === null ? "outside" : room.get(id) ?? id;
  const opening = disambiguate(plan.openings.map((o) => {
    tick();
    if (o.kind === "window") {
      const inside = o.between.find((r) => r !== null) ?? null;
      return { id: o.id, base: `window (${side(inside)})` };
    }
    // Its sides, the outside last (no list made per door).
    const swap = o.between[0] === null;
    const a = swap ? o.between[1] : o.between[0], b = swap ? o.between[0] : o.between[1];
    const word = o.kind === "door" ? (o.main_entrance ? "front door" : "door") : "opening";
    return { id: o.id, base: `${word} (${side(a)} ↔ ${side(b)})` };
  }));
  const vertical = disambiguate(plan.verticals.map((v) => ({
    id: v.id,
    base: `${v.kind}${v.name?.trim() ? ` ${v.name.trim()}` : ""} (${
      floor.get(v.from_floor) ?? v.from_floor
    } → ${floor.get(v.to_floor) ?? v.to_floor})`,
  })));
  const sweep = disambiguate((plan.sweeps ?? []).map((s) => ({
    id: s.id,
    base: `panorama (${s.room ? room.get(s.room) ?? s.room : floor.get(s.floor) ?? s.floor})`,
  })));
  return {
    floor,
    room,
    opening,
    vertical,
    sweep,
    of(id) {
      if (id === null || id === undefined) return "outside";
      return room.get(id) ?? opening.get(id) ?? floor.get(id) ?? vertical.get(id) ??
        sweep.get(id) ?? id;
    },
  };
}

/**
 * A room as offered among choices: its display name (from {@link planNames}), its vocabulary
 * label when its own name is not that label ("Main bedroom (bedroom)"), and its floor's
 * display name on a plan of several floors unless the display name already carries it.
 */
export function roomChoiceName(
  plan: Pick<Plan, "floors" | "rooms">,
  names: Pick<PlanNames, "room" | "floor">,
  roomId: string,
  /** The room itself when the caller has it (a list of every room's name stays linear). */
  room?: Plan["rooms"][number],
): string {
  const r = room?.id === roomId ? room : plan.rooms.find((x) => x.id === roomId);
  const base = names.room.get(roomId) ?? roomId;
  if (!r) return base;
  const hint = r.name && r.name.trim().toLowerCase() !== r.label ? ` (${r.label})` : "";
  const floor = names.floor.get(r.floor) ?? r.floor;
  const where = plan.floors.length > 1 && !base.includes(floor) ? `, ${floor}` : "";
  return `${base}${hint}${where}`;
}

/** The kinds of element a person may name. */
export type RefKind = "room" | "door" | "window" | "floor";

/** The outcome of resolving a reference: the id, or why not with the candidates to offer. */
export type RefResolution =
  | { ok: true; id: string; name: string }
  | { ok: false; reason: "ambiguous" | "unknown"; candidates: { id: string; name: string }[] };

/**
 * Resolves what a person typed to one element of `kind`: its id (exact), its display name,
 * its own name, or (rooms) its label in the vocabulary or in words — compared without case.
 * Tiers are tried in that order; a tier with one match wins, a tier with several is
 * ambiguous (the candidates are those matches), and no match at all is unknown (the
 * candidates are every element of the kind).
 */
export function resolveRef(
  plan: Pick<Plan, "floors" | "rooms" | "openings" | "verticals">,
  kind: RefKind,
  input: string,
  names: PlanNames = planNames(plan),
): RefResolution {
  const q = input.trim().toLowerCase();
  type El = { id: string; name: string; own?: string; labels?: string[] };
  let all: El[];
  if (kind === "room") {
    all = plan.rooms.map((r) => ({
      id: r.id,
      name: names.room.get(r.id)!,
      own: r.name,
      labels: [r.label, labelWords(r.label), ...(r.number ? [r.number] : [])],
    }));
  } else if (kind === "floor") {
    all = plan.floors.map((f) => ({
      id: f.id,
      name: names.floor.get(f.id)!,
      own: f.name,
      labels: [String(f.index), `level ${f.index}`],
    }));
  } else {
    const want = kind === "window" ? ["window"] : ["door", "opening"];
    all = plan.openings.filter((o) => want.includes(o.kind)).map((o) => ({
      id: o.id,
      name: names.opening.get(o.id)!,
      labels: o.kind !== "window" && o.main_entrance ? ["front door", "main entrance"] : [],
    }));
  }
  const tiers: ((e: El) => boolean)[] = [
    (e) => e.id === input.trim(),
    (e) => e.id.toLowerCase() === q,
    (e) => e.name.toLowerCase() === q,
    (e) => e.own?.trim().toLowerCase() === q,
    (e) => (e.labels ?? []).some((l) => l.toLowerCase() === q),
    // A name that starts with what was typed ("bedroom" finds "Bedroom (First floor)").
    (e) => q.length >= 3 && e.name.toLowerCase().startsWith(q),
  ];
  for (const t of tiers) {
    const hits = all.filter(t);
    if (hits.length === 1) return { ok: true, id: hits[0].id, name: hits[0].name };
    if (hits.length > 1) {
      return {
        ok: false,
        reason: "ambiguous",
        candidates: hits.map(({ id, name }) => ({ id, name })),
      };
    }
  }
  return { ok: false, reason: "unknown", candidates: all.map(({ id, name }) => ({ id, name })) };
}

/**
 * A sentence for a failed resolution, naming the input and the candidates by name:
 * `"bedroom" is ambiguous: it could be Bedroom (Ground floor) or Bedroom (First floor)`.
 */
export function refProblem(
  kind: RefKind,
  input: string,
  r: Extract<RefResolution, { ok: false }>,
  scan?: string,
): string {
  const list = (c: { name: string }[]) =>
    c.length <= 1
      ? c.map((x) => x.name).join("")
      : `${c.slice(0, -1).map((x) => x.name).join(", ")} or ${c.at(-1)!.name}`;
  if (r.reason === "ambiguous") {
    return `${JSON.stringify(input)} is ambiguous: it could be ${list(r.candidates)}`;
  }
  return `no ${kind} ${JSON.stringify(input)}${scan ? ` in scan ${scan}` : ""}; ${kind}s: ${
    r.candidates.map((c) => c.name).join(", ") || "none"
  } (by name, label or id, any case)`;
}

/**
 * Replaces every element id in a sentence by its display name (ids stand alone: not part of
 * a longer word, i.e. not next to an ASCII letter, digit, `_` or `$`; the longest id wins).
 * For texts built by engines that only know ids.
 *
 * Performance (issue 29): one scan of the text, looking ids up in a Set at each place a
 * word may start, instead of one regular expression alternating every id of the plan
 * (compiled again for each plan's names: a 1,000-room, 3,000-door plan's pattern cost more
 * than the rewrites). The same result as that pattern, `(?<![\w$])(?:id|…)(?![\w$])` with
 * the ids longest first (tests/ground/names_in_text_test.ts compares the two).
 */
export function namesInText(text: string, names: PlanNames): string {
  const lk = idLookup(names);
  if (!lk) return text;
  let out = "", last = 0;
  const n = text.length;
  if (lk.plain) {
    // Every id is made of ASCII letters, digits, `_` and `$` only (the common case): an id
    // standing alone at p ends where that run of characters ends, so the run is the one
    // candidate (the loop below tries each length; the same match, one lookup). Performance
    // (issue 29): a 1,000-room result's texts were tried ~4 lengths at each "d" and "r".
    for (let p = 0; p < n; p++) {
      const c = text.charCodeAt(p);
      if (!idChar(c)) continue;
      let e = p + 1;
      while (e < n && idChar(text.charCodeAt(e))) e++;
      if (lk.first[c] !== 0 && e - p <= lk.longest) {
        const id = text.slice(p, e);
        const name = lk.ids.get(id);
        if (name !== undefined) out += text.slice(last, p) + name, last = e;
      }
      p = e - 1;
    }
    if (last === 0) return tidyWords(text);
    return tidyWords(out + text.slice(last));
  }
  for (let p = 0; p < n; p++) {
    if (lk.first[text.charCodeAt(p)] === 0 || (p > 0 && idChar(text.charCodeAt(p - 1)))) continue;
    for (const len of lk.lengths) {
      const e = p + len;
      if (e > n || (e < n && idChar(text.charCodeAt(e)))) continue;
      const id = text.slice(p, e);
      const name = lk.ids.get(id);
      if (name === undefined) continue;
      out += text.slice(last, p) + name;
      last = e;
      p = e - 1;
      break;
    }
  }
  if (last === 0) return tidyWords(text);
  return tidyWords(out + text.slice(last));
}

/**
 * "door d2" made "door door (Hall ↔ Kitchen)" is said "door (Hall ↔ Kitchen)", and "sweep
 * panorama (…)" "panorama (…)".
 */
export function tidyWords(text: string): string {
  if (!text.includes(" (")) return text; // the patterns below need one
  // Performance (issue 29): each pattern runs only where its words are, found with indexOf
  // (a third of a batch row's renaming went to running both over every text).
  if (text.includes("sweep panorama (")) text = text.replace(/\bsweep panorama \(/g, "panorama (");
  if (!kindTwice(text)) return text;
  // "stair s1" becomes "stair Wendeltreppe (… → …)" when the stair has its own name.
  return text.replace(
    /\b(door|window|opening|stair|ramp|lift|step) (front )?(door|window|opening|stair|ramp|lift|step) (?=\(|[^()\n]+ \()/gi,
    (m, word: string, front: string | undefined, again: string) => {
      // The second word is the display name's own kind (lower case); a capitalised one
      // begins the source's name ("lift Lift A (…)") and stays.
      if (again !== word.toLowerCase()) return m;
      const cap = word[0] === word[0].toUpperCase();
      if (!front) return `${word} `;
      return `${cap ? "Front" : "front"} ${word.toLowerCase()} `;
    },
  );
}

const KIND_WORDS = ["door", "window", "opening", "stair", "ramp", "lift", "step"];
/**
 * Each kind word with a space, and with " front ", made once. Performance (issue 29): made
 * per text they cost a string each (seven a text; a 1,000-room result has ~4,000 texts).
 */
const KIND_AGAIN = KIND_WORDS.map((w) => w + " ");
const KIND_FRONT = KIND_WORDS.map((w) => w + " front ");

/**
 * Whether {@link tidyWords}' kind pattern could change `text`: only where a kind word in lower
 * case and a space follow the same word in any case and a space, or that and "front " (its
 * replacer keeps every other match as it is). Letters compared as ASCII `| 0x20`, which may
 * say yes where the pattern does not match (then it runs), never no where it would.
 */
function kindTwice(text: string): boolean {
  for (let w = 0; w < KIND_AGAIN.length; w++) {
    const again = KIND_AGAIN[w];
    for (let j = text.indexOf(again); j >= 0; j = text.indexOf(again, j + 1)) {
      if (foldedAt(text, j - again.length, again)) return true;
      if (foldedAt(text, j - again.length - 6, KIND_FRONT[w])) return true;
    }
  }
  return false;
}

/** `text` at `at` is `lower` (lower-case ASCII letters and spaces), letters in any case. */
function foldedAt(text: string, at: number, lower: string): boolean {
  if (at < 0) return false;
  for (let k = 0; k < lower.length; k++) {
    if ((text.charCodeAt(at + k) | 0x20) !== lower.charCodeAt(k)) return false;
  }
  return true;
}

/** An ASCII letter, digit, `_` or `$` (what `[\w$]` matches without the u flag). */
function idChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 ||
    c === 36;
}

/** The ids a text may name (those whose name differs from the id), for {@link namesInText}. */
interface IdLookup {
  /**
   * Each such id's display name (`names.of(id)`, read once). Performance (issue 29): one
   * lookup per id met, not a set's and then of()'s map after map (3,000 ids in one text).
   */
  ids: Map<string, string>;
  /** Their distinct lengths, longest first. */
  lengths: number[];
  /** 1 at each UTF-16 code unit an id starts with. */
  first: Uint8Array;
  /** Every id is made of ASCII letters, digits, `_` and `$` only. */
  plain: boolean;
  /** The longest id's length. */
  longest: number;
}

const lookups = new WeakMap<PlanNames, IdLookup | null>();
/**
 * The last names looked up and their lookup. Performance (issue 29): a run rewrites its ~4,000
 * texts with one plan's names, and two WeakMap reads per text cost more than its rewrite.
 */
let lastNames: PlanNames | undefined, lastLookup: IdLookup | null = null;
function idLookup(names: PlanNames): IdLookup | null {
  if (names === lastNames) return lastLookup;
  lastNames = names, lastLookup = lookupOf(names);
  return lastLookup;
}

function lookupOf(names: PlanNames): IdLookup | null {
  if (lookups.has(names)) return lookups.get(names)!;
  const ids = new Map<string, string>();
  for (const m of [names.room, names.opening, names.floor, names.vertical, names.sweep]) {
    // forEach, not for…of over keys(): no iterator result per id (4,000 a grid plan; issue 29).
    m.forEach((_, id) => {
      if (id === "") return;
      const name = names.of(id);
      if (name !== id) ids.set(id, name);
    });
  }
  checkpoint();
  const lengths = new Set<number>(), first = new Uint8Array(0x10000);
  let plain = true;
  for (const id of ids.keys()) {
    lengths.add(id.length), first[id.charCodeAt(0)] = 1;
    for (let i = 0; plain && i < id.length; i++) plain = idChar(id.charCodeAt(i));
  }
  const sorted = [...lengths].sort((a, b) => b - a);
  const lk = ids.size ? { ids, lengths: sorted, first, plain, longest: sorted[0] } : null;
  lookups.set(names, lk);
  return lk;
}

const DISPLAYED = new WeakMap<object, object>();

/**
 * The plan as people read it: each room and floor carries its display name (from
 * {@link planNames}: "bedroom (1)", not "bedroom") as its `name`, so whatever a tool or an
 * engine says of it by name is the one disambiguated name. Ids, labels and geometry are
 * unchanged; display names are unique, so naming the result again gives the same names.
 * Made once per plan object.
 */
export function withDisplayNames<
  P extends Pick<Plan, "floors" | "rooms" | "openings" | "verticals">,
>(
  plan: P,
  names: PlanNames = planNames(plan),
): P {
  const done = DISPLAYED.get(plan);
  if (done) return done as P;
  const same = plan.rooms.every((r) => r.name === names.room.get(r.id)) &&
    plan.floors.every((f) => f.name === names.floor.get(f.id));
  const out = same ? plan : {
    ...plan,
    floors: plan.floors.map((f) => ({ ...f, name: names.floor.get(f.id) ?? f.name })),
    rooms: plan.rooms.map((r) => ({ ...r, name: names.room.get(r.id) ?? r.name })),
  };
  DISPLAYED.set(plan, out);
  DISPLAYED.set(out, out);
  return out;
}
