/**
 * Where an input is filled from when nobody gives it, in fill order (design.md § "A tool":
 * the selected building, a saved preference, the active persona's preset, the schema
 * default; only then a question). Plain data and no zod, so listings built from manifest
 * JSON (the tool reference, `threshold show`) and the run session say it the same way.
 */

/** One source in an input's fill order. */
export interface FillStep {
  from: "explicit" | "selection" | "preference" | "persona" | "default" | "asked" | "optional";
  /** The preference or persona key. */
  key?: string;
  /** The default value. */
  value?: unknown;
}

/** What the fill order needs to know of an input (its metadata, as in its JSON Schema). */
export interface FillInfo {
  fill?: { from: string; key?: string };
  default?: unknown;
}

/**
 * The sources that fill an input, in order, ending in "asked" when nothing else can fill it
 * and it is required, or "optional" when it may be left out.
 */
export function fillSteps(p: FillInfo, required: boolean): FillStep[] {
  const out: FillStep[] = [{ from: "explicit" }];
  const f = p.fill;
  if (f?.from === "selection") out.push({ from: "selection" });
  if (f?.from === "preference") {
    out.push({ from: "preference", key: f.key }, { from: "persona", key: f.key });
  }
  if (f?.from === "persona") out.push({ from: "persona", key: f.key });
  if (p.default !== undefined) out.push({ from: "default", value: p.default });
  else out.push({ from: required ? "asked" : "optional" });
  return out;
}

/** True when something besides the person can fill the input (or it may be left out). */
export function fillable(p: FillInfo, required: boolean): boolean {
  return fillSteps(p, required).some((s) => s.from !== "explicit" && s.from !== "asked");
}

/** The fill order as short labels for a table: "--set → preference x → persona x → default 1". */
export function fillLabels(p: FillInfo, required: boolean): string[] {
  return fillSteps(p, required).map((s) => {
    switch (s.from) {
      case "explicit":
        return "--set";
      case "selection":
        return "selection / --scan";
      case "preference":
        return `preference ${s.key}`;
      case "persona":
        return `persona ${s.key}`;
      case "default":
        return `default ${JSON.stringify(s.value)}`;
      default:
        return s.from;
    }
  });
}

/**
 * The fill order in words for a model or a form: "the selected scan, else the default 2.13";
 * undefined when only the person can fill it.
 */
export function fillSentence(p: FillInfo, required: boolean): string | undefined {
  const steps = fillSteps(p, required);
  const parts = steps.flatMap((s, i) => {
    switch (s.from) {
      case "selection":
        return ["the selected scan"];
      case "preference":
        return [`the person's saved preference ${s.key}`];
      case "persona":
        return [
          steps[i - 1]?.from === "preference"
            ? "their persona's preset"
            : `the persona's preset ${s.key}`,
        ];
      case "default":
        return [`the default ${JSON.stringify(s.value)}`];
      default:
        return [];
    }
  });
  return parts.length ? parts.join(", else ") : undefined;
}

/** True when the input is filled from the selected scan (it names a scan). */
export function fillsFromSelection(p: FillInfo): boolean {
  return p.fill?.from === "selection";
}
