/**
 * Built-in personas: presets of preference keys, each number cited. Sources are the
 * research notes' §3 (`shared/reference/rules-and-sun.md`): 2010 ADA Standards, the IDeA
 * Center's Anthropometry of Wheeled Mobility (AWM), IRC 2018/2021. A value the notes mark
 * unverified is marked so here and reaches results as "(unverified)".
 */
import { z } from "npm:zod@4.6.7";
import { formatIssues, InputError } from "../ground/errors.ts";
import type { Store } from "../core/store.ts";

/** One preset value with its source. */
export interface PresetValue {
  value: number | string | boolean;
  source: string;
  unverified?: boolean;
}

/** A persona: a named set of preference presets. */
export interface Persona {
  id: string;
  title: string;
  description: string;
  preset: Record<string, PresetValue>;
  /** true for the personas that ship with threshold. */
  builtin?: boolean;
}

const ADA_DOOR = { value: 0.815, source: "ADA 2010 §404.2.3: door clear width ≥ 32 in (815 mm)" };
const ADA_TURN = {
  value: 1.525,
  source: "ADA 2010 §304.3.1: turning space ≥ 60 in (1525 mm) diameter",
};
const ADA_THRESHOLD = {
  value: 0.013,
  source: "ADA 2010 §404.2.5: thresholds ≤ 1/2 in (13 mm)",
};
const ADA_RAMP = { value: 1 / 12, source: "ADA 2010 §405.2: ramp running slope ≤ 1:12" };
const IRC_CEILING = {
  value: 2.13,
  source: "IRC 2018/2021 R305.1: habitable space ceiling ≥ 7 ft (2134 mm)",
};

/** The personas that ship with threshold. */
export const BUILTIN_PERSONAS: Persona[] = [
  {
    id: "manual-wheelchair-user",
    title: "manual wheelchair user",
    description: "Uses a manual wheelchair; needs step-free routes, clear doors and turning space.",
    preset: {
      "access.chair_width_m": {
        value: 0.76,
        source: "ADA 2010 §305.3: clear floor space 30 × 48 in (760 × 1220 mm)",
      },
      "access.chair_length_m": { value: 1.22, source: "ADA 2010 §305.3: 48 in (1220 mm)" },
      "access.min_clear_width_m": ADA_DOOR,
      "access.turning_diameter_m": ADA_TURN,
      "access.max_step_m": ADA_THRESHOLD,
      "access.max_ramp_slope": ADA_RAMP,
      "access.step_free": {
        value: true,
        source: "ADA 2010 §303: changes in level > 1/2 in need a ramp",
      },
    },
  },
  {
    id: "power-wheelchair-user",
    title: "power wheelchair user",
    description: "Uses a power wheelchair, wider and longer than the ADA reference chair.",
    preset: {
      "access.chair_width_m": {
        value: 0.827,
        source: "AWM (IDeA Center): 95th-percentile occupied power chair 827 × 1414 mm",
      },
      "access.chair_length_m": { value: 1.414, source: "AWM: 95th-percentile power chair 1414 mm" },
      "access.min_clear_width_m": {
        value: 0.915,
        source: "ADA 2010 §403.5.1: route clear width ≥ 36 in (915 mm)",
      },
      "access.turning_diameter_m": {
        value: 1.525,
        source: "ADA 2010 §304.3.1 (many power chair users need more: AWM)",
      },
      "access.max_step_m": ADA_THRESHOLD,
      "access.max_ramp_slope": ADA_RAMP,
      "access.step_free": { value: true, source: "ADA 2010 §303" },
    },
  },
  {
    id: "walker-user",
    title: "walker or rollator user",
    description:
      "Walks with a walker or rollator; small steps are hard, stairs possible with help.",
    preset: {
      "access.chair_width_m": {
        value: 0.66,
        source: "typical walker/rollator width 24–26 in (600–660 mm); no standard found",
        unverified: true,
      },
      "access.min_clear_width_m": ADA_DOOR,
      "access.turning_diameter_m": {
        value: 1.5,
        source: "ISO 21542 / UK M4(3): 1500 mm turning circle",
        unverified: true,
      },
      "access.max_step_m": ADA_THRESHOLD,
      "access.max_ramp_slope": ADA_RAMP,
      "access.step_free": { value: true, source: "ADA 2010 §303" },
    },
  },
  {
    id: "parent-with-stroller",
    title: "parent with a stroller",
    description: "Pushes a stroller; wants step-free routes and doors a stroller passes.",
    preset: {
      "access.chair_width_m": {
        value: 0.6,
        source: "typical single stroller width about 0.6 m; no standard found",
        unverified: true,
      },
      "access.min_clear_width_m": {
        value: 0.75,
        source: "UK Approved Document M4(1) Table 1.1: door clear opening 750 mm",
        unverified: true,
      },
      "access.max_step_m": {
        value: 0.02,
        source: "a stroller's wheels cross about 20 mm without lifting; no standard found",
        unverified: true,
      },
      "access.step_free": { value: true, source: "assumed: a stroller is pushed, not carried" },
    },
  },
  {
    id: "tall-person",
    title: "tall person",
    description: "Taller than most; low ceilings and door heads matter.",
    preset: {
      "body.height_m": {
        value: 1.95,
        source: "assumed 1.95 m person; no standard",
        unverified: true,
      },
      "space.min_ceiling_m": IRC_CEILING,
      "space.min_door_height_m": {
        value: 1.981,
        source: "IRC 2018/2021 R311.2: egress door clear height ≥ 78 in (1981 mm)",
      },
    },
  },
  {
    id: "home-buyer",
    title: "home buyer",
    description: "Judging a home before buying: the common residential minimums.",
    preset: {
      "space.min_ceiling_m": IRC_CEILING,
      "rules.pack": { value: "irc-2021", source: "IRC 2021, the US model residential code" },
    },
  },
  {
    id: "building-inspector",
    title: "building inspector",
    description: "Checks against code limits exactly as printed.",
    preset: {
      "space.min_ceiling_m": {
        value: 2.1336,
        source: "IRC 2018/2021 R305.1: 7 ft exactly (2133.6 mm)",
      },
      "rules.pack": { value: "irc-2021", source: "IRC 2021" },
      "access.min_clear_width_m": ADA_DOOR,
    },
  },
];

/** Schema of a person's own persona (`threshold personas add`). */
export const PersonaSchema = z.object({
  id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/, {
    error: "persona ids are lowercase words joined by hyphens",
  }),
  title: z.string().min(1),
  description: z.string().default(""),
  preset: z.record(
    z.string().regex(/^[a-z0-9_]+(\.[a-z0-9_]+)+$/, { error: "preset keys are dotted keys" }),
    z.object({
      value: z.union([z.number(), z.string(), z.boolean()]),
      source: z.string().default("your own value"),
      unverified: z.boolean().optional(),
    }),
  ),
});

/** Validates a persona a person wrote; an error names the field. */
export function parsePersona(data: unknown): Persona {
  const r = PersonaSchema.safeParse(data);
  if (!r.success) throw new InputError("persona", formatIssues(r.error.issues));
  return r.data;
}

/** Every persona: built-ins, overridden or extended by the store's own. */
export function listPersonas(store?: Store): Persona[] {
  const out = new Map<string, Persona>();
  for (const p of BUILTIN_PERSONAS) out.set(p.id, { ...p, builtin: true });
  for (const p of store?.listPersonas() ?? []) out.set(p.id as string, p as unknown as Persona);
  return [...out.values()];
}

/** One persona by id; an unknown id is an InputError listing the known ones. */
export function getPersona(id: string, store?: Store): Persona {
  const all = listPersonas(store);
  const p = all.find((x) => x.id === id);
  if (!p) {
    throw new InputError(
      "persona",
      `no persona ${JSON.stringify(id)}; personas: ${all.map((x) => x.id).join(", ")}`,
    );
  }
  return p;
}

/** The active persona: the explicit id, else the store's selection, else none. */
export function activePersona(store?: Store, id?: string): Persona | undefined {
  const chosen = id ?? store?.getSelection("persona");
  return chosen ? getPersona(chosen, store) : undefined;
}
