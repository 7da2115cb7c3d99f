/**
 * Words for the offline router: tokens, a light stemmer, stop words, and the synonyms that
 * carry people's words ("stroller", "headroom", "flooring") onto the words manifests use
 * ("wheelchair", "ceiling", "floor"). Nothing here names a tool: synonyms point at words,
 * and the router finds the words in whichever manifests use them.
 */

/** Words that carry no meaning for choosing a tool. */
const STOP = new Set(
  (
    "a an the and or of to in on at by for from with into onto is are was were be been being do does " +
    "did can could will would shall should may might must i me my we our you your it its this that " +
    "these those there here what which who whom whose how why when where if than then so as about " +
    "any some all every each no not yes please tell know want need get got just also too very much " +
    "many more most less least us them they their he she his her am have has had up down out over " +
    "under again once only own same other such one s t let lets im ive id dont isnt wont cant whats " +
    "hi hey ok okay like would make made list house home"
  ).split(" "),
);

/** Lower-case words (letters, digits, apostrophes dropped), in order. */
export function words(text: string): string[] {
  return text.toLowerCase().replace(/['’]/g, "").split(/[^a-z0-9]+/).filter(Boolean);
}

/** A light suffix stemmer (plural, -ing, -ed, -ly, -er); enough to match "doors" with "door". */
export function stem(w: string): string {
  if (w.length <= 3 || /^\d/.test(w)) return w;
  if (w.endsWith("ies") && w.length > 4) return w.slice(0, -3) + "y";
  if (w.endsWith("sses")) return w.slice(0, -2);
  if (w.endsWith("ing") && w.length > 5) return w.slice(0, -3);
  if (w.endsWith("ed") && w.length > 4) return w.slice(0, -2);
  if (w.endsWith("es") && /(ch|sh|x|ss)es$/.test(w)) return w.slice(0, -2);
  if (w.endsWith("s") && !w.endsWith("ss") && !w.endsWith("us")) return w.slice(0, -1);
  // A silent e goes, so "slope" meets "sloping" and "sloped", "move" meets "moving".
  if (w.endsWith("e") && !w.endsWith("ee") && /[^aeiou][aeiou][^aeiouwy]e$/.test(w)) {
    return w.slice(0, -1);
  }
  return w;
}

/** True for a word that says nothing about which tool is meant. */
export function isStop(w: string): boolean {
  return STOP.has(w);
}

/** Content tokens of a text: words without stop words, stemmed. */
export function tokens(text: string): string[] {
  return words(text).filter((w) => !STOP.has(w)).map(stem);
}

/**
 * People's words and phrases → the words manifests use (all lower case, before stemming).
 * A phrase is matched on word boundaries before single words; the words it maps to are
 * added to the question's tokens (the original words stay).
 */
export const SYNONYMS: [string, string][] = [
  // mobility aids and the people who use them
  ["power chair", "wheelchair"],
  ["powerchair", "wheelchair"],
  ["electric wheelchair", "wheelchair"],
  ["mobility scooter", "wheelchair mobility"],
  ["scooter", "wheelchair mobility"],
  ["rollator", "walker mobility"],
  ["zimmer", "walker mobility"],
  ["walking frame", "walker mobility"],
  ["my frame", "walker mobility"],
  ["frame", "walker"],
  ["on the level", "step-free route"],
  ["level access", "step-free route"],
  ["make it to", "route reach"],
  ["lift", "stair route"],
  ["crutches", "walker mobility"],
  ["cane", "walker mobility"],
  ["stroller", "wheelchair walker"],
  ["pram", "wheelchair walker"],
  ["buggy", "wheelchair walker"],
  ["pushchair", "wheelchair walker"],
  ["chair", "wheelchair"],
  ["wheelie", "wheelchair"],
  ["whelchair", "wheelchair"],
  ["wheelchar", "wheelchair"],
  ["weelchair", "wheelchair"],
  ["wheel chair", "wheelchair"],
  // getting about
  ["front door", "entrance route"],
  ["main entrance", "entrance route"],
  ["every room", "every room route"],
  ["all the rooms", "every room route"],
  ["each room", "every room"],
  ["get around", "route"],
  ["go upstairs", "route stair"],
  ["get upstairs", "route stair"],
  ["long", "longest"],
  ["within", "within radius"],
  ["deep", "depth"],
  ["high", "height"],
  ["step free", "step-free route"],
  ["stepfree", "step-free route"],
  ["no steps", "step-free route"],
  ["without steps", "step-free route"],
  ["without stairs", "step-free route"],
  ["stairs", "stair step"],
  ["step", "step-free"],
  ["reach", "route"],
  ["get to", "route reach"],
  ["get into", "route reach"],
  ["get in", "route reach"],
  ["get from", "route"],
  ["roll", "route wheelchair"],
  ["wheel", "route wheelchair"],
  ["go through", "route door"],
  ["accessible", "wheelchair route"],
  ["access", "route"],
  ["barrier", "block"],
  // doors
  ["doorway", "door clear width"],
  ["doorways", "door clear width"],
  ["dorway", "door clear width"],
  ["dor", "door"],
  ["narrow", "narrow width"],
  ["wide enough", "clear width narrow"],
  ["wide", "width"],
  ["widths", "width"],
  ["squeeze", "narrow width"],
  ["fit through", "door narrow"],
  // turning
  ["turn around", "turn turning"],
  ["turn round", "turn turning"],
  ["turnaround", "turn turning"],
  ["turning circle", "turning diameter"],
  ["spin", "turn turning"],
  ["rotate", "turn turning"],
  ["manoeuvre", "turn turning"],
  ["maneuver", "turn turning"],
  ["360", "turn turning circle"],
  ["t turn", "turning"],
  ["tight", "turn"],
  // ceilings and height
  ["headroom", "ceiling height low"],
  ["head room", "ceiling height low"],
  ["ceilling", "ceiling"],
  ["celing", "ceiling"],
  ["cieling", "ceiling"],
  ["ceilings", "ceiling"],
  ["low", "low lower"],
  ["tall", "tall height"],
  ["stoop", "ceiling low"],
  ["duck", "ceiling low"],
  ["bump my head", "ceiling low"],
  ["hit my head", "ceiling low"],
  ["headspace", "ceiling height"],
  ["loft", "ceiling"],
  ["how high", "height"],
  ["floor to ceiling", "ceiling height"],
  ["fall short", "low lower"],
  // moving things in
  ["couch", "sofa item"],
  ["settee", "sofa item"],
  ["loveseat", "sofa item"],
  ["sectional", "sofa item"],
  ["sofabed", "sofa item"],
  ["bed", "mattress item"],
  ["fridge freezer", "fridge item"],
  ["refrigerator", "fridge item"],
  ["freezer", "fridge item"],
  ["frige", "fridge item"],
  ["wardrobe", "wardrobe item"],
  ["armoire", "wardrobe item"],
  ["closet", "wardrobe"],
  ["dresser", "wardrobe item"],
  ["cabinet", "wardrobe item"],
  ["bookcase", "wardrobe item"],
  ["pianno", "piano item"],
  ["piano", "piano item"],
  ["mattress", "mattress item"],
  ["matress", "mattress item"],
  ["sofa", "sofa item"],
  ["fridge", "fridge item"],
  ["move in", "carry item fit"],
  ["moving", "carry item"],
  ["movers", "carry item"],
  ["carry", "carry item"],
  ["bring", "carry item"],
  ["delivery", "carry item"],
  ["get up the stairs", "carry item"],
  ["fit", "fit"],
  ["box", "item"],
  // what the panoramas show
  ["bathtub", "object fixture"],
  ["shower", "object fixture"],
  ["sink", "object fixture"],
  ["oven", "object fixture"],
  ["stove", "object fixture"],
  ["have a bath", "object fixture"],
  ["room type", "label"],
  ["room types", "label"],
  ["kind of room", "label"],
  ["what sort of room", "label"],
  // quantities
  ["flooring", "floor flooring"],
  ["carpet", "flooring floor"],
  ["laminate", "flooring floor"],
  ["tiles", "flooring floor"],
  ["tile", "flooring floor"],
  ["hardwood", "flooring floor"],
  ["paint", "paint wall"],
  ["repaint", "paint wall"],
  ["painting", "paint wall"],
  ["litres", "paint litre"],
  ["liters", "paint litre"],
  ["gallons", "paint"],
  ["square footage", "floor area"],
  ["square feet", "floor area"],
  ["sq ft", "floor area"],
  ["sq m", "floor area"],
  ["floor space", "floor area"],
  ["floorspace", "floor area"],
  ["usable space", "floor area"],
  ["square metres", "floor area"],
  ["square meters", "floor area"],
  ["sqm", "floor area"],
  ["m2", "area"],
  ["footage", "floor area"],
  ["how big", "area"],
  ["size", "area"],
  ["area", "area"],
  ["skirting", "skirting"],
  ["baseboard", "skirting"],
  ["baseboards", "skirting"],
  ["trim", "skirting"],
  ["molding", "skirting"],
  ["moulding", "skirting"],
  ["quantities", "quantity takeoff"],
  ["quantity", "quantity takeoff"],
  ["materials", "quantity takeoff"],
  ["estimate", "quantity"],
  ["volume", "volume"],
  ["walls", "wall"],
  // sun
  ["sunlight", "sun"],
  ["sunshine", "sun"],
  ["sunny", "sun"],
  ["sunniest", "sun"],
  ["sunnier", "sun"],
  ["morning", "sun"],
  ["sunlit", "sun"],
  ["daylight", "sun"],
  ["sunlite", "sun"],
  ["light", "sun"],
  ["bright", "sun"],
  ["dark", "sun"],
  ["shade", "sun"],
  ["shady", "sun"],
  ["solar", "sun"],
  ["south facing", "sun window"],
  ["north facing", "sun window"],
  ["winter", "sun"],
  ["afternoon", "sun"],
  ["evening", "sun"],
  ["summer", "sun"],
  ["solstice", "sun"],
  ["equinox", "sun"],
  ["hours", "hour"],
  ["en 17037", "sunlight standard"],
  ["bre", "sunlight standard"],
  // water and ground
  ["rain", "water rain"],
  ["rainwater", "water rain"],
  ["flooding", "water pond"],
  ["flood", "water pond"],
  ["floods", "water pond"],
  ["puddle", "pond water"],
  ["puddles", "pond water"],
  ["pooling", "pond water"],
  ["pool", "pond"],
  ["damp", "water"],
  ["wet", "water"],
  ["drain", "drain drainage"],
  ["drains", "drain drainage"],
  ["drainage", "drain drainage"],
  ["grading", "ground fall"],
  ["graded", "ground fall"],
  ["gradient", "slope ground"],
  ["runoff", "water drain"],
  ["run off", "water drain"],
  ["foundation", "wall ground"],
  ["basement", "water"],
  ["slopes away", "fall ground"],
  ["slope away", "fall ground"],
  ["lot", "ground site"],
  ["yard", "ground site"],
  ["garden", "ground site"],
  // place
  ["elevation", "elevation"],
  ["altitude", "elevation"],
  ["above sea level", "elevation"],
  ["hilly", "slope"],
  ["hillside", "slope"],
  ["hill", "slope"],
  ["plot", "site ground"],
  ["steep", "slope"],
  ["trees", "greenery vegetated"],
  ["green", "greenery vegetated"],
  ["vegetation", "greenery vegetated"],
  ["paved", "hard-surfaced"],
  ["concrete", "hard-surfaced"],
  ["flood zone", "flood-prone low"],
  ["flood risk", "flood-prone low"],
  ["floodplain", "flood-prone low"],
  ["low lying", "low ground flood-prone"],
  ["terrain", "elevation slope"],
  ["neighbourhood", "place"],
  ["neighborhood", "place"],
  ["location", "place"],
  ["coordinates", "place"],
  // codes
  ["code", "code rule"],
  ["codes", "code rule"],
  ["compliant", "code rule"],
  ["compliance", "code rule"],
  ["comply", "code rule"],
  ["regulations", "code rule"],
  ["regs", "code rule"],
  ["regulation", "code rule"],
  ["violations", "fail rule"],
  ["violation", "fail rule"],
  ["inspection", "code rule"],
  ["standard", "rule"],
  ["ada", "ada rule code"],
  ["irc", "irc rule code"],
  ["fha", "fha rule code"],
  ["fair housing", "fha rule code"],
  ["part m", "rule code"],
  ["approved document", "rule code"],
  ["building regs", "rule code"],
  ["m4", "rule code"],
  ["egress", "egress"],
];

// Every phrase in one alternation, longest first, so one pass finds them (and a regular
// expression is compiled once, not once per phrase).
const PHRASE_ADD = new Map(SYNONYMS.filter(([k]) => k.includes(" ")));
const PHRASE_RE = new RegExp(
  `\\b(?:${
    [...PHRASE_ADD.keys()].sort((a, b) => b.length - a.length)
      .map((k) => k.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|")
  })\\b`,
  "g",
);
const SINGLE = new Map(SYNONYMS.filter(([k]) => !k.includes(" ")));

/** The tokens of a question with the synonyms' words added (stemmed). */
export function expandedTokens(text: string): string[] {
  let lower = text.toLowerCase().replace(/['’]/g, "");
  const out: string[] = [];
  // A phrase's words are read as the phrase: "flood risk" is not also "flood".
  const kept: string[] = [];
  lower = lower.replace(PHRASE_RE, (m) => {
    out.push(...tokens(PHRASE_ADD.get(m)!));
    kept.push(...words(m));
    return " ";
  });
  for (const w of kept) if (!STOP.has(w)) out.push(stem(w));
  for (const w of words(lower)) {
    const s = SINGLE.get(w) ?? SINGLE.get(stem(w));
    const own = STOP.has(w) ? undefined : stem(w);
    if (s) out.push(...tokens(s).filter((t) => t !== own));
    if (own) out.push(own);
  }
  return out;
}

/** True when a word has a synonym entry. */
export function hasSynonym(w: string): boolean {
  return SINGLE.has(w) || SINGLE.has(stem(w));
}

/** Levenshtein distance, capped: returns `cap + 1` as soon as it is known to exceed `cap`. */
export function editDistance(a: string, b: string, cap = 2): number {
  if (Math.abs(a.length - b.length) > cap) return cap + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const v = Math.min(
        prev[j] + 1,
        cur[j - 1] + 1,
        prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
      cur.push(v);
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > cap) return cap + 1;
    prev = cur;
  }
  return prev[b.length];
}
