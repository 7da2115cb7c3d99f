/**
 * Named items people move, with typical sizes, so "a king-size mattress" or "an upright
 * piano" states a size without a tape measure. `kind` is the word a tool's item list uses
 * (its enum value); an item with a size of its own adds that size as explicit values. Sizes
 * are width × depth × height in metres, width the longest side in plan; no standard fixes
 * them, each is a common retail size and its source says which.
 */
import { round } from "../ground/text.ts";

/** One named item. */
export interface NamedItem {
  /** Phrases that name it (lower case, longest first when matched). */
  names: string[];
  /** The generic word a tool's item choice uses ("mattress", "sofa"). */
  kind: string;
  /** A size of its own, when it differs from the generic kind's. */
  size?: { width_m: number; depth_m: number; height_m: number };
  /** Where the size comes from. */
  source?: string;
}

const IN = 0.0254;
const inches = (w: number, d: number, h: number) => ({
  width_m: round(w * IN, 3),
  depth_m: round(d * IN, 3),
  height_m: round(h * IN, 3),
});

/** The named items, most specific first. */
export const NAMED_ITEMS: NamedItem[] = [
  {
    names: ["california king mattress", "california king", "cal king mattress", "cal king"],
    kind: "mattress",
    size: inches(84, 72, 12),
    source: "US California king mattress, 72 × 84 in, 12 in thick",
  },
  {
    names: [
      "king-size mattress",
      "king size mattress",
      "king mattress",
      "king-size bed",
      "king size bed",
      "king bed",
      "king-size",
      "king size",
    ],
    kind: "mattress",
    size: inches(80, 76, 12),
    source: "US king mattress, 76 × 80 in, 12 in thick",
  },
  {
    names: [
      "queen-size mattress",
      "queen size mattress",
      "queen mattress",
      "queen bed",
      "queen-size",
      "queen size",
    ],
    kind: "mattress",
  },
  {
    names: ["twin mattress", "single mattress", "single bed", "twin bed"],
    kind: "mattress",
    size: inches(75, 38, 10),
    source: "US twin mattress, 38 × 75 in, 10 in thick",
  },
  {
    names: ["double mattress", "double bed", "full-size mattress", "full size mattress"],
    kind: "mattress",
    size: inches(75, 54, 12),
    source: "US full (double) mattress, 54 × 75 in, 12 in thick",
  },
  { names: ["mattress", "matress", "bed"], kind: "mattress" },
  {
    names: ["grand piano", "baby grand"],
    kind: "piano",
    size: inches(60, 58, 40),
    source: "a baby grand piano, about 58 in wide, 5 ft long, 40 in high",
  },
  { names: ["upright piano", "piano", "pianno"], kind: "piano" },
  {
    names: [
      "american fridge",
      "american-style fridge",
      "side-by-side fridge",
      "double door fridge",
      "french door fridge",
    ],
    kind: "fridge",
    size: { width_m: 0.91, depth_m: 0.74, height_m: 1.78 },
    source: "a side-by-side (American-style) fridge-freezer, 91 × 74 × 178 cm",
  },
  {
    names: ["fridge freezer", "fridge-freezer", "fridge", "refrigerator", "frige", "freezer"],
    kind: "fridge",
  },
  {
    names: ["loveseat", "love seat", "two-seater sofa", "two seater sofa", "2-seater sofa"],
    kind: "sofa",
    size: inches(64, 35, 33),
    source: "a two-seat sofa (loveseat), 64 × 35 × 33 in",
  },
  { names: ["three-seater sofa", "sofa", "couch", "settee", "sofabed", "sofa bed"], kind: "sofa" },
  { names: ["wardrobe", "armoire"], kind: "wardrobe" },
  {
    names: ["washing machine", "washer", "dryer", "tumble dryer", "dishwasher"],
    kind: "custom",
    size: { width_m: 0.6, depth_m: 0.6, height_m: 0.85 },
    source: "a standard European washing machine, 60 × 60 × 85 cm",
  },
];
