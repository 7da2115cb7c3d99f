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
import { pickEntrance } from "../../engines/geometry/routes/entrance.ts";
import { Island } from "../island.tsx";
import type { BlockProps } from "./types.ts";
import { fmtNumber } from "../../ground/text.ts";

/**
 * The most rooms the web view draws inline: past it the drawing alone would be megabytes
 * (every room a path with its label), so the page says so and points to `--svg`.
 */
export const MAX_DRAWN_ROOMS = 2000;

export function PlanView({ result, plan, units }: BlockProps): JSX.Element | null {
  if (!plan) return null;
  return (
    <PlanFloors plan={plan} overlays={result.overlays} title={result.verdict.text} units={units} />
  );
}

/**
 * The floor a plan opens on: the main entrance's (engines/geometry/routes/entrance.ts), else
 * the floor of any door to the outside, else the ground floor (index 0), else the lowest.
 */
export function entranceFloor(plan: Plan): string | undefined {
  const e = pickEntrance(plan);
  const byIndex = [...plan.floors].sort((a, b) => a.index - b.index);
  return e.entrance?.floor ?? e.candidates[0]?.floor ?? byIndex.find((f) => f.index === 0)?.id ??
    byIndex[0]?.id;
}

/** The plan's floors with overlays (also the scan page's plan, a level-2 section there). */
export function PlanFloors(
  { plan, overlays = [], title, level = 3, units }: {
    plan: Plan;
    /** The scale bar's unit (display.units). */
    units?: "metric" | "imperial" | "both";
    overlays?: Overlay[];
    title?: string;
    /** The heading's level: 3 under a result's verdict, 2 on a scan's page. */
    level?: 2 | 3;
  },
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
  const H = level === 2 ? "h2" : "h3";
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
        units,
      }),
    }))
    : [{ id: "", name: "No floors", svg: planSvg(plan, { overlays, title, units }) }];
  const viewId = "plan-view";
  return (
    <section class="block planview" aria-labelledby="h-plan">
      <H id="h-plan">Plan</H>
      <Island
        name="PlanViewer"
        props={{
          view: viewId,
          floors: panels.map(({ id, name }) => ({ id, name })),
          start: entranceFloor(plan),
        }}
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
