/**
 * What a question states, read by code: lengths (m, cm, mm, ft, in, 2' 10", 7 feet,
 * 5 ft 6), sizes (84 x 37 x 33 in), shares (10 %, 1:12), counts (3 coats), minutes,
 * angles, dates and months, coordinates and named items. Each mention keeps the words
 * around it, which is how the binder matches it to an input by the input's own words.
 * Lengths are read by the one length reader every answer is read with (ground/lengths.ts).
 */
import { NUMBER_WORD_TENS, NUMBER_WORD_UNITS } from "../ground/text.ts";
import {
  clean,
  feetInchesM,
  feetInchesRe,
  NUM,
  singleLengthM,
  singleLengthRe,
  UNIT,
  unitM,
} from "../ground/lengths.ts";
import { NAMED_ITEMS, type NamedItem } from "./items.ts";
import { expandedTokens } from "./text.ts";

/** A thing the question states, with where it is and the words around it. */
export type Mention =
  | { kind: "length"; value_m: number; text: string; start: number; end: number; context: string[] }
  | {
    kind: "size";
    values_m: number[];
    text: string;
    start: number;
    end: number;
    context: string[];
  }
  | {
    kind: "fraction";
    value: number;
    text: string;
    start: number;
    end: number;
    context: string[];
  }
  | { kind: "count"; value: number; text: string; start: number; end: number; context: string[] }
  | { kind: "minutes"; value: number; text: string; start: number; end: number; context: string[] }
  | {
    kind: "angle";
    value_deg: number;
    text: string;
    start: number;
    end: number;
    context: string[];
  }
  | {
    kind: "date";
    /** Month (1–12) and day; day is undefined when only a month is named. */
    month: number;
    day?: number;
    year?: number;
    text: string;
    start: number;
    end: number;
    context: string[];
  }
  | {
    kind: "coordinates";
    lat: number;
    lon: number;
    text: string;
    start: number;
    end: number;
    context: string[];
  }
  | { kind: "item"; item: NamedItem; text: string; start: number; end: number; context: string[] };

type WithoutContext<T> = T extends unknown ? Omit<T, "context"> : never;

/** Number words and their values (ground/text.ts, shared with the model guard). */
const NUMBER_WORDS = { ...NUMBER_WORD_UNITS, ...NUMBER_WORD_TENS };

const MONTHS = [
  "january",
  "february",
  "march",
  "april",
  "may",
  "june",
  "july",
  "august",
  "september",
  "october",
  "november",
  "december",
];
const MONTH_RE = "(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|" +
  "sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)";
const monthOf = (s: string) =>
  MONTHS.findIndex((m) => m.startsWith(s.toLowerCase().slice(0, 3))) + 1;

/** Named days of the sun's year (northern hemisphere names, dates of the 2025 events). */
const NAMED_DAYS: [RegExp, number, number][] = [
  [/\b(winter|december) solstice\b|\bshortest day\b|\bmidwinter\b/i, 12, 21],
  [/\b(summer|june) solstice\b|\blongest day\b|\bmidsummer\b/i, 6, 21],
  [/\b(spring|vernal|march) equinox\b/i, 3, 20],
  [/\b(autumn|fall|autumnal|september) equinox\b/i, 9, 22],
  [/\bchristmas\b/i, 12, 25],
];

/** Replaces number words before a unit or noun with digits ("seven feet" → "7 feet"). */
function numberWords(text: string): string {
  return text.replace(
    /\b(twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)[\s-](one|two|three|four|five|six|seven|eight|nine)\b/gi,
    (_, t: string, o: string) =>
      String(NUMBER_WORDS[t.toLowerCase()] + NUMBER_WORDS[o.toLowerCase()]),
  ).replace(
    /\b(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)\b(?=\s*(?:and a half\s+)?(?:feet|foot|ft|inch|inches|met(?:er|re)s?|cent|mil|percent|per cent|coats?|minutes?|degrees?|layers?)\b)/gi,
    (w: string) => String(NUMBER_WORDS[w.toLowerCase()]),
  ).replace(
    // "six foot four": the inches after feet, in words.
    /\b(\d+)(\s*(?:feet|foot|ft)\s+(?:and\s+)?)(one|two|three|four|five|six|seven|eight|nine|ten|eleven)\b/gi,
    (_, f: string, mid: string, w: string) => `${f}${mid}${NUMBER_WORDS[w.toLowerCase()]}`,
  ).replace(/\b(\d+) and a half\b/gi, (_, n: string) => `${n}.5`);
}

const itemKey = (s: string) => s.replace(/[- ]/g, "");
const ITEM_BY_KEY = new Map(
  NAMED_ITEMS.flatMap((item) => item.names.map((n) => [itemKey(n), item])),
);
const ITEM_RE = new RegExp(
  `\\b(?:${
    NAMED_ITEMS.flatMap((item) => item.names).sort((a, b) => b.length - a.length)
      .map((n) => n.replace(/[- ]/g, "[- ]?")).join("|")
  })s?\\b`,
  "g",
);

/**
 * Every mention in `question`, in order of position. Overlapping readings are resolved by
 * reading the most specific first (coordinates, sizes, feet-and-inches, then single values).
 */
export function extract(question: string): Mention[] {
  const text = numberWords(question);
  const out: Mention[] = [];
  const r = reader(text, out);
  readExact(r);
  readRatesAndAngles(r);
  readDatesInWords(r);
  readLengthsItemsCounts(r);
  out.sort((a, b) => a.start - b.start);
  setContexts(out, text);
  return out;
}

/** What the phases of `extract` share: the text read, and its spans already taken. */
interface Reader {
  text: string;
  /** Keeps a mention unless an earlier (more specific) reading took part of its span. */
  add(m: WithoutContext<Mention>): void;
  /** Calls `f` on every match of the global expression `re` in the text. */
  each(re: RegExp, f: (m: RegExpExecArray) => void): void;
}

function reader(text: string, out: Mention[]): Reader {
  const taken: [number, number][] = [];
  const free = (s: number, e: number) => taken.every(([a, b]) => e <= a || s >= b);
  return {
    text,
    add: (m) => {
      if (!free(m.start, m.end)) return;
      taken.push([m.start, m.end]);
      out.push({ ...m, context: [] } as unknown as Mention);
    },
    each: (re, f) => {
      re.lastIndex = 0;
      for (let m = re.exec(text); m; m = re.exec(text)) f(m);
    },
  };
}

/** The readings that leave no doubt, first: coordinates, ISO dates, sizes, feet and inches. */
function readExact(r: Reader): void {
  // Coordinates: "52.52, 13.40" (decimal degrees, both with a decimal point).
  r.each(/(-?\d{1,2}\.\d+)\s*,\s*(-?\d{1,3}\.\d+)/g, (m) => {
    const lat = Number(m[1]), lon = Number(m[2]);
    if (Math.abs(lat) <= 90 && Math.abs(lon) <= 180) {
      r.add({
        kind: "coordinates",
        lat,
        lon,
        text: m[0],
        start: m.index,
        end: m.index + m[0].length,
      });
    }
  });
  // ISO dates.
  r.each(/\b(\d{4})-(\d{2})-(\d{2})\b/g, (m) => {
    r.add({
      kind: "date",
      year: Number(m[1]),
      month: Number(m[2]),
      day: Number(m[3]),
      text: m[0],
      start: m.index,
      end: m.index + m[0].length,
    });
  });
  // Sizes: "84 x 37 x 33 in", "2m x 90cm x 80cm", "70 by 68 by 180 cm".
  const dimPart = String.raw`${NUM}\s*(${UNIT.slice(1, -1)})?`;
  r.each(
    new RegExp(
      String.raw`${dimPart}\s*(?:x|×|by|\*)\s*${dimPart}(?:\s*(?:x|×|by|\*)\s*${dimPart})?`,
      "gi",
    ),
    (m) => {
      const nums = [m[1], m[3], m[5]].filter((x) => x !== undefined).map(Number);
      const units = [m[2], m[4], m[6]].slice(0, nums.length);
      const last = units.filter(Boolean).at(-1);
      if (!last) return; // a size needs a unit somewhere
      const values_m = nums.map((n, i) => clean(n * unitM(units[i] ?? last)));
      r.add({ kind: "size", values_m, text: m[0], start: m.index, end: m.index + m[0].length });
    },
  );
  // Feet and inches: 2' 10", 5 ft 6, 6 foot 2 in, 7 feet 1/2 in.
  r.each(feetInchesRe(), (m) => {
    r.add({
      kind: "length",
      value_m: feetInchesM(m),
      text: m[0],
      start: m.index,
      end: m.index + m[0].length,
    });
  });
}

/** Percentages, ratios ("1:12"), minutes and angles. */
function readRatesAndAngles(r: Reader): void {
  // Percentages and ratios.
  r.each(new RegExp(String.raw`${NUM}\s*(?:%|percent\b|per cent\b|pc\b)`, "gi"), (m) => {
    r.add({
      kind: "fraction",
      value: clean(Number(m[1]) / 100),
      text: m[0],
      start: m.index,
      end: m.index + m[0].length,
    });
  });
  r.each(/\b1\s*(?::|in)\s*(\d+(?:\.\d+)?)\b(?!\s*(?:mm|cm|m|ft|in)\b)/gi, (m) => {
    const n = Number(m[1]);
    if (n >= 2) {
      r.add({
        kind: "fraction",
        value: clean(1 / n),
        text: m[0],
        start: m.index,
        end: m.index + m[0].length,
      });
    }
  });
  // Minutes and angles.
  r.each(new RegExp(String.raw`${NUM}\s*(?:min(?:ute)?s?|mins)\b`, "gi"), (m) => {
    r.add({
      kind: "minutes",
      value: Number(m[1]),
      text: m[0],
      start: m.index,
      end: m.index + m[0].length,
    });
  });
  r.each(new RegExp(String.raw`${NUM}\s*(?:°|deg(?:ree)?s?\b)`, "gi"), (m) => {
    r.add({
      kind: "angle",
      value_deg: Number(m[1]),
      text: m[0],
      start: m.index,
      end: m.index + m[0].length,
    });
  });
}

/** Dates in words: "21 June", "June 21st", named days ("midsummer"), a month alone. */
function readDatesInWords(r: Reader): void {
  // Dates in words: "21 June", "June 21st", "21st of June 2025", "in December".
  r.each(
    new RegExp(
      String.raw`\b(\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?${MONTH_RE}\b\.?(?:,?\s+(\d{4}))?`,
      "gi",
    ),
    (m) => {
      r.add({
        kind: "date",
        day: Number(m[1]),
        month: monthOf(m[2]),
        ...(m[3] ? { year: Number(m[3]) } : {}),
        text: m[0],
        start: m.index,
        end: m.index + m[0].length,
      });
    },
  );
  r.each(
    new RegExp(String.raw`\b${MONTH_RE}\s+(\d{1,2})(?:st|nd|rd|th)?\b(?:,?\s+(\d{4}))?`, "gi"),
    (m) => {
      if (m[1].toLowerCase() === "may" && !/^may\s+\d/i.test(m[0])) return;
      r.add({
        kind: "date",
        month: monthOf(m[1]),
        day: Number(m[2]),
        ...(m[3] ? { year: Number(m[3]) } : {}),
        text: m[0],
        start: m.index,
        end: m.index + m[0].length,
      });
    },
  );
  for (const [re, month, day] of NAMED_DAYS) {
    const m = re.exec(r.text);
    if (m) {
      r.add({ kind: "date", month, day, text: m[0], start: m.index, end: m.index + m[0].length });
    }
  }
  // A month alone ("in December"): "may" only after "in", "during" or "of".
  r.each(
    /\b(?:in|during|of|for|through|throughout)\s+(?:mid[- ]?|early\s+|late\s+)?(january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec)\b/gi,
    (m) => {
      const s = m.index + m[0].length - m[1].length;
      r.add({ kind: "date", month: monthOf(m[1]), text: m[1], start: s, end: s + m[1].length });
    },
  );
  r.each(
    /\b(january|february|april|june|july|august|september|october|november|december)\b/gi,
    (m) =>
      r.add({
        kind: "date",
        month: monthOf(m[1]),
        text: m[0],
        start: m.index,
        end: m.index + m[0].length,
      }),
  );
}

/** Single lengths, then named items, then bare counts before a noun. */
function readLengthsItemsCounts(r: Reader): void {
  // Single lengths: "70 cm", "32 inches", "7 feet", "2.4m", "6'".
  r.each(singleLengthRe(), (m) => {
    r.add({
      kind: "length",
      value_m: singleLengthM(m),
      text: m[0],
      start: m.index,
      end: m.index + m[0].length,
    });
  });
  // Named items, longest names first, in one pass.
  const lower = r.text.toLowerCase();
  ITEM_RE.lastIndex = 0;
  for (let m = ITEM_RE.exec(lower); m; m = ITEM_RE.exec(lower)) {
    const item = ITEM_BY_KEY.get(itemKey(m[0])) ?? ITEM_BY_KEY.get(itemKey(m[0].replace(/s$/, "")));
    if (item) r.add({ kind: "item", item, text: m[0], start: m.index, end: m.index + m[0].length });
  }
  // Counts: a bare whole number before a noun ("3 coats", "a 6-unit building"); not the
  // number of a section, standard or code ("section 304", "BRE 209", "R311").
  r.each(
    /(?<![\w.])(?<!\b(?:section|sections|sec|§|chapter|part|table|figure|clause|no|ada|bre|en|irc|iso|bs|fha|m4)\.?\s*)(\d{1,3})(?:\s+|-)(?=[a-z])/gi,
    (m) => {
      r.add({
        kind: "count",
        value: Number(m[1]),
        text: m[1],
        start: m.index,
        end: m.index + m[1].length,
      });
    },
  );
}

/**
 * Each mention's context: the words between it and its neighbours, at most 5 on each side.
 * Items are words of the sentence, not values: they do not bound a neighbour's context.
 * Context stops at a sentence's end; the two words nearest a value count twice.
 */
function setContexts(out: Mention[], text: string): void {
  const bounds = out.filter((m) => m.kind !== "item");
  out.forEach((m) => {
    const i = (bounds as Mention[]).indexOf(m);
    const prev = i > 0 ? bounds[i - 1].end : 0;
    const next = i >= 0 && i + 1 < bounds.length ? bounds[i + 1].start : text.length;
    const leftText = text.slice(Math.max(0, i < 0 ? 0 : prev), m.start).split(/[?!.;:]\s/).at(-1)!;
    const rightText = text.slice(m.end, next).split(/[?!.;:](?:\s|$)/)[0];
    const left = leftText.split(/\s+/).filter(Boolean).slice(-5);
    const right = rightText.split(/\s+/).filter(Boolean).slice(0, 6);
    const own = m.kind === "item" ? ` ${m.text} item` : "";
    // "6 in of fall": the noun after "of" is what the value measures; it counts most.
    const of = /^\s*of\s+(?:the\s+)?([a-z-]+)/i.exec(rightText)?.[1] ?? "";
    (m as { context: string[] }).context = [
      ...expandedTokens(`${left.join(" ")} ${right.join(" ")}${own}`),
      ...expandedTokens(`${left.slice(-2).join(" ")} ${right.slice(0, 2).join(" ")}`),
      ...expandedTokens(`${of} ${of}`),
    ];
  });
}
