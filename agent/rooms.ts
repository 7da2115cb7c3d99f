/**
 * The words people use for the kinds of room (the plan vocabulary's labels): "loo" and "WC"
 * are a toilet, "lounge" and "den" a living room, "en suite" a bathroom. The binder resolves
 * them against a plan's rooms; the router reads them as a room being named.
 */
export const ROOM_WORDS: Record<string, string[]> = {
  bathroom: ["bathroom", "bath room", "bath", "shower room", "ensuite", "en suite", "washroom"],
  toilet: ["toilet", "wc", "loo", "restroom", "powder room", "half bath", "lavatory", "cloakroom"],
  living: ["living room", "living", "lounge", "sitting room", "family room", "front room", "den"],
  kitchen: ["kitchen", "kitchenette"],
  dining: ["dining room", "dining"],
  bedroom: ["bedroom", "bed room", "bedrooms", "nursery", "guest room", "spare room", "box room"],
  entrance: ["entrance", "entry", "foyer", "porch", "vestibule"],
  hallway: ["hallway", "hall", "corridor", "landing"],
  office: ["office", "study"],
  closet: ["closet"],
  laundry: ["laundry", "laundry room"],
  utility: ["utility", "utility room"],
  garage: ["garage"],
  stairs: ["stairwell", "staircase"],
  balcony: ["balcony"],
  storage: ["storage", "storeroom", "attic", "loft"],
};
