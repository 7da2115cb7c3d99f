/** will_it_fit's item presets: the typical sizes an item name stands for. */
import type { Item } from "../../engines/geometry/fit.ts";
import { InputError } from "../../ground/errors.ts";

/**
 * Typical sizes (width × depth × height, m). No standard fixes them; each is a common retail
 * size, so a preset is an assumption the result states.
 */
export const ITEM_PRESETS: Record<string, Item & { what: string }> = {
  sofa: {
    width_m: 2.13,
    depth_m: 0.95,
    height_m: 0.85,
    what: "a three-seat sofa, 84 × 37 × 33 in",
  },
  fridge: {
    width_m: 0.7,
    depth_m: 0.68,
    height_m: 1.8,
    what: "a freestanding fridge-freezer, 70 × 68 × 180 cm",
  },
  mattress: {
    width_m: 2.03,
    depth_m: 1.52,
    height_m: 0.3,
    what: "a US queen mattress, 60 × 80 in, 12 in thick",
  },
  wardrobe: {
    width_m: 1.0,
    depth_m: 0.6,
    height_m: 2.0,
    what: "a two-door wardrobe, 100 × 60 × 200 cm",
  },
  piano: {
    width_m: 1.52,
    depth_m: 0.64,
    height_m: 1.27,
    what: "an upright piano, 60 × 25 × 50 in",
  },
};

/**
 * The item to carry in: the sizes given, each one not given from the preset; a custom item
 * without all three is an InputError naming the first size missing.
 */
export function itemOf(inputs: {
  item: string;
  width_m?: number;
  depth_m?: number;
  height_m?: number;
}): { item: Item; preset?: Item & { what: string } } {
  const preset = inputs.item === "custom" ? undefined : ITEM_PRESETS[inputs.item];
  const w = inputs.width_m ?? preset?.width_m;
  const d = inputs.depth_m ?? preset?.depth_m;
  const h = inputs.height_m ?? preset?.height_m;
  if (w === undefined || d === undefined || h === undefined) {
    const missing = [
      w === undefined ? "width_m" : "",
      d === undefined ? "depth_m" : "",
      h === undefined ? "height_m" : "",
    ].filter(Boolean);
    throw new InputError(missing[0], `a custom item needs ${missing.join(", ")} (metres)`);
  }
  return { item: { width_m: w, depth_m: d, height_m: h }, ...(preset ? { preset } : {}) };
}
