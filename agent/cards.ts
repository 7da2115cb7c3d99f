/**
 * What an agent chooses from and how it is set up: the options of `ask` and `askModel`, the
 * tool cards a question is routed over, and each tool's manifest loaded once. Shared by
 * agent/ask.ts and agent/model.ts, so neither imports the other's module for them.
 */
import type { UnitSystem } from "../ground/units.ts";
import { listManifests, loadTool } from "../core/catalog.ts";
import type { PersonaPresets } from "../core/inputs.ts";
import type { Manifest } from "../core/manifest.ts";
import type { LoadedPlan } from "../ground/plan.ts";
import type { Session, SessionEvent, SessionQuestion } from "../core/session.ts";
import type { Store } from "../core/store.ts";
import type { Provider } from "./llm/types.ts";
import type { ToolCard } from "./router.ts";

/** How `ask` is set up. */
export interface AskOptions {
  store?: Store;
  builtins?: Record<string, () => LoadedPlan>;
  plans?: Record<string, LoadedPlan>;
  /** The selected scan; defaults to the store's selection. */
  selection?: string;
  /** A scan given for this question (`--scan`): an explicit value, not the selection. */
  scan?: string;
  persona?: PersonaPresets;
  /** The unit system the tools' sentences (and so the model's view) are made in; default display.units. */
  units?: UnitSystem;
  /** Values given explicitly besides the question (`--set`), by input; for every chosen tool that takes them. */
  set?: Record<string, unknown>;
  /** The manifests to choose from (default: every tool's, from the catalog). */
  manifests?: ToolCard[];
  /** Tools in hand (library use, tests): chosen from and run instead of the tools folder's. */
  tools?: Manifest[];
  /** The tools folder (default: the project's tools/); a test passes a fixture folder. */
  toolsDir?: URL;
  /** The store folder for the catalog's listing cache. */
  home?: string;
  /** A language model to choose the tools (agent/llm); offline routing when absent. */
  provider?: Provider;
  /** A tool chosen by the person (after "which do you mean?"): no routing. */
  tool?: string;
  /** Decide only; run nothing. */
  planOnly?: boolean;
  /**
   * Answers a session's questions (a terminal prompt, a chat panel). Without it a run that
   * needs input ends with its questions.
   */
  answer?: (
    questions: SessionQuestion[],
    session: Session,
  ) => Promise<
    | {
      answers: Record<string, unknown>;
      save?: string[];
      /** The answers were read already by parseAnswer (core/session.ts): not read again. */
      parsed?: boolean;
    }
    | undefined
  >;
  /** Every session event of every chosen tool (steps as they happen). */
  onEvent?: (e: SessionEvent) => void;
  signal?: AbortSignal;
}

/** The longest question read, in characters. */
export const MAX_QUESTION = 2000;

const loaded = new Map<string, Promise<Manifest>>();
function toolOf(id: string, dir?: URL): Promise<Manifest> {
  const key = `${dir?.href ?? ""}#${id}`;
  let p = loaded.get(key);
  if (!p) loaded.set(key, p = loadTool(id, dir));
  return p;
}

/** A tool's manifest, loaded once (`dir`: the tools folder, default the project's). */
export function toolManifest(id: string, dir?: URL): Promise<Manifest> {
  return toolOf(id, dir);
}

const listings = new Map<string, Promise<ToolCard[]>>();
const cardsOfTools = new WeakMap<Manifest[], ToolCard[]>();

/** The manifests a question is routed over (given, in hand, or every tool's from the catalog). */
export function toolCards(o: AskOptions): Promise<ToolCard[]> {
  return cardsOf(o);
}

async function cardsOf(o: AskOptions): Promise<ToolCard[]> {
  if (o.manifests) return o.manifests;
  if (o.tools) {
    let c = cardsOfTools.get(o.tools);
    if (!c) {
      const { manifestJson } = await import("../core/manifest.ts");
      cardsOfTools.set(o.tools, c = o.tools.map((m) => manifestJson(m) as unknown as ToolCard));
    }
    return c;
  }
  // Once per process and folder: tool modules a process has loaded do not change under it.
  const key = `${o.home ?? ""}\n${o.toolsDir?.href ?? ""}`;
  let p = listings.get(key);
  if (!p) {
    p = listManifests({ home: o.home, dir: o.toolsDir }) as unknown as Promise<ToolCard[]>;
    listings.set(key, p);
    p.catch(() => listings.delete(key));
  }
  return await p;
}
