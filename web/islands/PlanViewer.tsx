/**
 * PlanViewer island: the controls of a PlanView — floor switch, zoom and pan (buttons, arrow
 * and +/− keys on the focused plan, dragging) — and the link between findings and overlays:
 * "Show on plan" highlights a finding's overlays, choosing an overlay highlights its finding.
 * The SVG itself is rendered on the server (render/planview.ts); this acts on it in place.
 */
import type { JSX } from "preact";
import { useEffect, useRef, useState } from "preact/hooks";

export interface PlanViewerProps {
  /** The id of the viewport holding the floor panels. */
  view: string;
  floors: { id: string; name: string }[];
  /** The floor shown first: the entrance's (a foundation level is not where a visit starts). */
  start?: string;
}

const STEP_PX = 40;

/** The floor shown first: `start` when it is one of them, else the first. */
function firstFloor(floors: { id: string }[], start?: string): string {
  return start !== undefined && floors.some((f) => f.id === start) ? start : floors[0]?.id ?? "";
}

interface ViewState {
  zoom: number;
  pan: [number, number];
  floor: string;
}

/** The viewer's state setters, handed to the event handlers. */
interface Setters {
  setFloor(floor: string): void;
  setZoom(zoom: number): void;
  setPan(pan: [number, number]): void;
  setNote(note: string): void;
}

export function PlanViewer({ view, floors, start }: PlanViewerProps): JSX.Element {
  const [floor, setFloor] = useState(firstFloor(floors, start));
  const [zoom, setZoom] = useState(1);
  const [pan, setPan] = useState<[number, number]>([0, 0]);
  const [note, setNote] = useState("");
  const state = useRef<ViewState>({ zoom, pan, floor });
  state.current = { zoom, pan, floor };

  // Show the chosen floor, transformed.
  useEffect(() => {
    const vp = document.getElementById(view);
    if (vp) showFloor(vp, floors.length < 2 ? undefined : floor, zoom, pan);
  }, [floor, zoom, pan]);

  // Keys, dragging, and findings ↔ overlays.
  useEffect(() => {
    const vp = document.getElementById(view);
    if (!vp) return;
    return attachControls(vp, state, { setFloor, setZoom, setPan, setNote });
  }, []);

  return (
    <div class="plan-tools js-only">
      {floors.length > 1
        ? <FloorSwitch view={view} floors={floors} floor={floor} setFloor={setFloor} />
        : null}
      <div class="zoom" role="group" aria-label="Zoom and pan">
        <button type="button" onClick={() => setZoom(Math.min(8, zoom * 1.25))}>
          <span aria-hidden="true">+</span> Zoom in
        </button>
        <button type="button" onClick={() => setZoom(Math.max(0.25, zoom / 1.25))}>
          <span aria-hidden="true">−</span> Zoom out
        </button>
        <button
          type="button"
          onClick={() => {
            setZoom(1);
            setPan([0, 0]);
          }}
        >
          Reset view
        </button>
        <span class="muted">{Math.round(zoom * 100)} %</span>
      </div>
      <p class="sr-status" role="status">{note}</p>
    </div>
  );
}

/** The floor radio buttons (only drawn for a plan of more than one floor). */
function FloorSwitch(
  { view, floors, floor, setFloor }: {
    view: string;
    floors: { id: string; name: string }[];
    floor: string;
    setFloor(floor: string): void;
  },
): JSX.Element {
  return (
    <fieldset class="floor-switch">
      <legend>Floor</legend>
      {floors.map((f) => (
        <label key={f.id}>
          <input
            type="radio"
            name={`${view}-floor`}
            value={f.id}
            checked={floor === f.id}
            onChange={() => setFloor(f.id)}
          />{" "}
          {f.name}
        </label>
      ))}
    </fieldset>
  );
}

/** Shows floor `floor`'s panel (every panel when undefined), its drawing panned and zoomed. */
function showFloor(
  vp: HTMLElement,
  floor: string | undefined,
  zoom: number,
  pan: [number, number],
) {
  for (const p of vp.querySelectorAll<HTMLElement>("[data-floor-panel]")) {
    const on = floor === undefined || p.dataset.floorPanel === floor;
    p.hidden = !on;
    const svg = p.querySelector("svg");
    if (svg) {
      svg.style.transformOrigin = "0 0";
      svg.style.transform = `translate(${pan[0]}px, ${pan[1]}px) scale(${zoom})`;
    }
  }
}

/** Wires keys, dragging and findings ↔ overlays to the viewport; returns what undoes it. */
function attachControls(vp: HTMLElement, state: { current: ViewState }, set: Setters): () => void {
  const onKey = keyHandler(state, set);
  const drag = dragHandlers(vp, state, set);
  const onClick = (e: MouseEvent) => {
    const t = e.target as Element;
    const btn = t.closest<HTMLElement>("[data-show-overlays]");
    if (btn) return showFindingOnPlan(vp, btn, set);
    const ov = t.closest<HTMLElement>("[data-overlay]");
    if (ov && vp.contains(ov)) showOverlayFinding(ov, set);
  };
  vp.addEventListener("keydown", onKey);
  vp.addEventListener("pointerdown", drag.down);
  vp.addEventListener("pointermove", drag.move);
  vp.addEventListener("pointerup", drag.up);
  document.addEventListener("click", onClick);
  return () => {
    vp.removeEventListener("keydown", onKey);
    vp.removeEventListener("pointerdown", drag.down);
    vp.removeEventListener("pointermove", drag.move);
    vp.removeEventListener("pointerup", drag.up);
    document.removeEventListener("click", onClick);
  };
}

/** Arrow keys pan by STEP_PX, + (or =) and − zoom by 1.25 within 0.25–8, 0 resets. */
function keyHandler(state: { current: ViewState }, set: Setters) {
  return (e: KeyboardEvent) => {
    const { zoom: z, pan: [x, y] } = state.current;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [STEP_PX, 0],
      ArrowRight: [-STEP_PX, 0],
      ArrowUp: [0, STEP_PX],
      ArrowDown: [0, -STEP_PX],
    };
    if (moves[e.key]) set.setPan([x + moves[e.key][0], y + moves[e.key][1]]);
    else if (e.key === "+" || e.key === "=") set.setZoom(Math.min(8, z * 1.25));
    else if (e.key === "-") set.setZoom(Math.max(0.25, z / 1.25));
    else if (e.key === "0") {
      set.setZoom(1);
      set.setPan([0, 0]);
    } else return;
    e.preventDefault();
  };
}

/** Dragging the plan pans it; a press on an overlay is a choice, not a drag. */
function dragHandlers(vp: HTMLElement, state: { current: ViewState }, set: Setters) {
  let drag: { x: number; y: number; px: number; py: number } | undefined;
  return {
    down: (e: PointerEvent) => {
      if ((e.target as Element).closest("[data-overlay]")) return;
      drag = { x: e.clientX, y: e.clientY, px: state.current.pan[0], py: state.current.pan[1] };
      vp.setPointerCapture(e.pointerId);
    },
    move: (e: PointerEvent) => {
      if (drag) set.setPan([drag.px + e.clientX - drag.x, drag.py + e.clientY - drag.y]);
    },
    up: () => (drag = undefined),
  };
}

function clearHighlights() {
  document.querySelectorAll(".hl").forEach((x) => x.classList.remove("hl"));
}

/**
 * "Show on plan": highlights the finding's overlays (switching to the floor they are on) and the
 * finding itself, and says what was shown.
 */
function showFindingOnPlan(vp: HTMLElement, btn: HTMLElement, set: Setters) {
  const ids = (btn.dataset.showOverlays ?? "").split(" ").filter(Boolean);
  clearHighlights();
  let shown = 0;
  for (const id of ids) {
    for (const el of vp.querySelectorAll(`[data-overlay="${CSS.escape(id)}"]`)) {
      el.classList.add("hl");
      shown++;
      const panel = el.closest<HTMLElement>("[data-floor-panel]");
      if (panel?.dataset.floorPanel !== undefined) set.setFloor(panel.dataset.floorPanel);
    }
  }
  const li = btn.closest("li");
  li?.classList.add("hl");
  const title = li?.querySelector("strong")?.textContent ?? "the finding";
  set.setNote(shown ? `Highlighted on the plan: ${title}.` : `${title} has no mark on this plan.`);
  vp.scrollIntoView({ block: "nearest" });
}

/** Choosing an overlay highlights it and the finding that names it, and focuses that finding. */
function showOverlayFinding(ov: HTMLElement, set: Setters) {
  const id = ov.getAttribute("data-overlay")!;
  clearHighlights();
  ov.classList.add("hl");
  const li = [...document.querySelectorAll<HTMLElement>("li[data-overlays]")].find((x) =>
    (x.dataset.overlays ?? "").split(" ").includes(id)
  );
  if (li) {
    li.classList.add("hl");
    li.tabIndex = -1;
    li.focus();
    set.setNote(`Finding: ${li.querySelector("strong")?.textContent ?? id}.`);
  }
}
