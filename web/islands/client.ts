/**
 * The browser bundle's entry: hydrates every island marker (web/island.tsx) with its props,
 * and again inside HTML added later (a streamed result).
 */
import { h, hydrate } from "preact";
import { type IslandName, ISLANDS } from "./mod.ts";

const done = new WeakSet<Element>();

function hydrateAll(root: ParentNode): void {
  for (const el of root.querySelectorAll<HTMLElement>("[data-island]")) {
    if (done.has(el)) continue;
    done.add(el);
    const C = ISLANDS[el.dataset.island as IslandName];
    if (!C) continue;
    // deno-lint-ignore no-explicit-any
    hydrate(h(C as any, JSON.parse(el.dataset.props ?? "{}")), el);
  }
}

document.documentElement.classList.add("js");
(globalThis as { __thresholdHydrate?: typeof hydrateAll }).__thresholdHydrate = hydrateAll;
hydrateAll(document);
