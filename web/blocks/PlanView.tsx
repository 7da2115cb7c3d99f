/**
 * PlanView: the plan drawn by render/planview.ts (the same SVG as `--svg`), one panel per
 * floor, inline, with the result's overlays tinted by status (the legend says the statuses in
 * words). The PlanViewer island adds the floor switch, zoom and pan, and the link between
 * findings and overlays.
 */
import type { JSX } from "preact";
import type { Overlay } from "../../core/result.ts";
import type { Plan } from "../../ground/plan.ts";
import { planSvg } from "../../render/planview.ts";
import { Island } from "../island.tsx";
import type { BlockProps } from "./types.ts";
import { fmtNumber } from "../words.ts";

/**
 * The most rooms the web view draws inline: past it the drawing alone would be megabytes
 * (every room a path with its label), so the page says so and points to `--svg`.
 */
export const MAX_DRAWN_ROOMS = 2000;

export function PlanView({ result, plan }: BlockProps): JSX.Element | null {
  if (!plan) return null;
  return <PlanFloors plan={plan} overlays={result.overlays} title={result.verdict.text} />;
}

/** The plan's floors with overlays (also the scan page's plan). */
export function PlanFloors(
  { plan, overlays = [], title }: { plan: Plan; overlays?: Overlay[]; title?: string },
): JSX.Element {
  if (plan.rooms.length > MAX_DRAWN_ROOMS) {
    return (
      <section class="block planview" aria-labelledby="h-plan">
        <h3 id="h-plan">Plan</h3>
        <p class="note">
          This plan has {fmtNumber(plan.rooms.length)}{" "}
          rooms, too many to draw on a page (the web view draws up to {fmtNumber(MAX_DRAWN_ROOMS)});
          {" "}
          <code>threshold run … --svg FILE</code> draws it to a file.
        </p>
      </section>
    );
  }
  const floors = [...plan.floors].sort((a, b) => a.index - b.index);
  const floorName = (f: { id: string; name?: string; index: number }) =>
    f.name ?? `Floor ${f.index}`;
  const panels = floors.length
    ? floors.map((f) => ({
      id: f.id,
      name: floorName(f),
      svg: planSvg(plan, {
        floor: f.id,
        overlays,
        title: `${plan.name || plan.id}, ${floorName(f)}${title ? `: ${title}` : ""}`,
      }),
    }))
    : [{ id: "", name: "No floors", svg: planSvg(plan, { overlays, title }) }];
  const viewId = "plan-view";
  return (
    <section class="block planview" aria-labelledby="h-plan">
      <h3 id="h-plan">Plan</h3>
      <Island
        name="PlanViewer"
        props={{ view: viewId, floors: panels.map(({ id, name }) => ({ id, name })) }}
      />
      <div
        class="plan-viewport"
        id={viewId}
        tabIndex={0}
        role="region"
        aria-label="Plan drawing. Arrow keys pan, plus and minus zoom, 0 resets."
      >
        {panels.map((p) => (
          <div
            class="plan-panel"
            data-floor-panel={p.id}
            key={p.id}
            // The SVG is render/planview.ts's output: every text in it is escaped there.
            dangerouslySetInnerHTML={{ __html: p.svg.replace("<svg ", '<svg role="img" ') }}
          />
        ))}
      </div>
    </section>
  );
}
