/**
 * The documented preference keys. Dotted, snake_case, units in the last segment's name.
 * `threshold prefs set` accepts only these keys (or `custom.*`), checked against each schema.
 */
import { z } from "npm:zod@4.6.7";
import { InputError } from "../ground/errors.ts";

export interface PreferenceKey {
  key: string;
  schema: z.ZodType;
  unit?: string;
  description: string;
  /**
   * It decides where a secret (the model server's key) is sent: set only from the command
   * line, never from the web view, and the environment's choice wins over it
   * (agent/llm/config.ts).
   */
  routes_secret?: true;
}

const m = z.number().positive();

/** Every documented preference key. */
export const PREFERENCE_KEYS: PreferenceKey[] = [
  {
    key: "access.chair_width_m",
    schema: m.max(2),
    unit: "m",
    description: "Overall width of your wheelchair or mobility aid.",
  },
  {
    key: "access.chair_length_m",
    schema: m.max(3),
    unit: "m",
    description: "Overall length of your wheelchair or mobility aid, footrests included.",
  },
  {
    key: "access.side_margin_m",
    schema: z.number().min(0).max(0.5),
    unit: "m",
    description:
      "Room you need beside your chair or aid, both sides together (hands on the push rims).",
  },
  {
    key: "access.min_clear_width_m",
    schema: m.max(3),
    unit: "m",
    description: "The narrowest clear door or passage width you can get through.",
  },
  {
    key: "access.turning_diameter_m",
    schema: m.max(5),
    unit: "m",
    description: "Diameter of the circle you need to turn around in.",
  },
  {
    key: "access.max_step_m",
    schema: z.number().min(0).max(1),
    unit: "m",
    description: "The highest step or threshold you can cross.",
  },
  {
    key: "access.max_ramp_slope",
    schema: z.number().min(0).max(1),
    unit: "rise/run",
    description: "The steepest ramp you can use, as rise over run (1:12 = 0.0833).",
  },
  {
    key: "access.step_free",
    schema: z.boolean(),
    description: "Whether every route must be free of stairs.",
  },
  {
    key: "space.min_ceiling_m",
    schema: m.max(6),
    unit: "m",
    description: "The lowest ceiling you can live with.",
  },
  {
    key: "space.min_door_height_m",
    schema: m.max(4),
    unit: "m",
    description: "The lowest door head height you can pass under without stooping.",
  },
  {
    key: "body.height_m",
    schema: m.max(3),
    unit: "m",
    description: "Your height, shoes on.",
  },
  {
    key: "rules.pack",
    schema: z.string().min(1),
    description:
      "The rule pack code_check runs: ada-2010, irc-2021, uk-adm, fha, or the path of a pack JSON file.",
  },
  {
    key: "takeoff.paint_coverage_m2_per_l",
    schema: m.min(0.1).max(50),
    unit: "m²/L",
    description: "Paint coverage per litre per coat.",
  },
  {
    key: "takeoff.paint_coats",
    schema: z.number().int().min(1).max(10),
    description: "Coats of paint.",
  },
  {
    key: "takeoff.flooring_waste",
    schema: z.number().min(0).max(1),
    unit: "fraction",
    description: "Flooring waste factor (0.1 = 10 % extra).",
  },
  {
    key: "sun.date",
    schema: z.string().regex(/^-?\d{1,4}-\d{2}-\d{2}$/),
    description: "The day sun hours are counted on, YYYY-MM-DD (EN 17037: 1 Feb–21 Mar).",
  },
  {
    key: "sun.step_min",
    schema: z.number().int().min(1).max(240),
    unit: "min",
    description: "Minutes between sun positions in the yearly sun-hours profile.",
  },
  {
    key: "sun.standard",
    schema: z.enum(["en17037", "bre209", "none"]),
    description: "The sunlight standard sun hours are checked against (en17037, bre209, none).",
  },
  {
    key: "run.time_limit_s",
    schema: z.number().positive().max(86400),
    unit: "s",
    description:
      "The most seconds one tool run may take; past it the run ends as an error naming the limit (default 120).",
  },
  {
    key: "import.max_mb",
    schema: z.number().positive().max(100000),
    unit: "MB",
    description: "The largest file `threshold import` reads, in MB (default 100).",
  },
  {
    key: "import.time_limit_s",
    schema: z.number().positive().max(86400),
    unit: "s",
    description:
      "The most seconds one import may take; past it the import stops with an error naming the limit and nothing is stored (default 120).",
  },
  {
    key: "vision.commit_score",
    schema: z.number().min(0.2).max(0.99),
    description:
      "The score a room label seen in panoramas needs before room_labels gives it (below it: unknown).",
  },
  {
    key: "vision.min_object_score",
    schema: z.number().min(0.2).max(0.99),
    description: "The detector score an object needs before room_objects lists it.",
  },
  {
    key: "agent.provider",
    schema: z.enum(["offline", "openai", "anthropic"]),
    routes_secret: true,
    description:
      "How `threshold ask` decides: offline (the default, no network), an OpenAI-compatible Chat Completions server, or Anthropic Messages. The key comes only from the environment.",
  },
  {
    key: "agent.base_url",
    schema: z.url(),
    routes_secret: true,
    description:
      "The language model server's base URL (e.g. http://127.0.0.1:11434/v1 for Ollama); the provider's own when unset.",
  },
  {
    key: "agent.model",
    schema: z.string().min(1).max(200),
    description: "The language model's name on that server.",
  },
];

/** Looks up a documented key; `custom.*` keys are free-form. */
export function preferenceKey(key: string): PreferenceKey | undefined {
  return PREFERENCE_KEYS.find((p) => p.key === key);
}

/**
 * A key a person may set: a documented one (returned) or `custom.*` (undefined). Any other is
 * an InputError naming the key and listing the documented ones.
 */
export function checkPreferenceKey(key: string): PreferenceKey | undefined {
  const k = preferenceKey(key);
  if (!k && !/^custom\.[a-z0-9_.]+$/.test(key)) {
    throw new InputError(
      key,
      `unknown preference key; keys: ${PREFERENCE_KEYS.map((x) => x.key).join(", ")} (or custom.*)`,
    );
  }
  return k;
}

/**
 * Checks a value for a preference key against its schema (every surface sets preferences
 * the same way); returns the value, or an InputError naming the key, the problem and unit.
 */
export function checkPreference(key: string, value: unknown): unknown {
  const k = checkPreferenceKey(key);
  if (!k) return value;
  const r = k.schema.safeParse(value);
  if (!r.success) {
    throw new InputError(
      key,
      `${r.error.issues.map((i) => i.message).join("; ")}; got ${JSON.stringify(value)}${
        k.unit ? ` (unit: ${k.unit})` : ""
      }`,
    );
  }
  return value;
}
