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

export function PlanViewer({ view, floors, start }: PlanViewerProps): JSX.Element {
  const [floor, setFloor] = useState(firstFloor(floors, start));
  const [zoom, setZoom] = useState(1);
  const [pan, setPan] = useState<[number, number]>([0, 0]);
  const [note, setNote] = useState("");
  const state = useRef({ zoom, pan, floor });
  state.current = { zoom, pan, floor };

  // Show the chosen floor, transformed.
  useEffect(() => {
    const vp = document.getElementById(view);
    if (!vp) return;
    for (const p of vp.querySelectorAll<HTMLElement>("[data-floor-panel]")) {
      const on = floors.length < 2 || p.dataset.floorPanel === floor;
      p.hidden = !on;
      const svg = p.querySelector("svg");
      if (svg) {
        svg.style.transformOrigin = "0 0";
        svg.style.transform = `translate(${pan[0]}px, ${pan[1]}px) scale(${zoom})`;
      }
    }
  }, [floor, zoom, pan]);

  // Keys, dragging, and findings ↔ overlays.
  useEffect(() => {
    const vp = document.getElementById(view);
    if (!vp) return;
    const onKey = (e: KeyboardEvent) => {
      const { zoom: z, pan: [x, y] } = state.current;
      const moves: Record<string, [number, number]> = {
        ArrowLeft: [STEP_PX, 0],
        ArrowRight: [-STEP_PX, 0],
        ArrowUp: [0, STEP_PX],
        ArrowDown: [0, -STEP_PX],
      };
      if (moves[e.key]) setPan([x + moves[e.key][0], y + moves[e.key][1]]);
      else if (e.key === "+" || e.key === "=") setZoom(Math.min(8, z * 1.25));
      else if (e.key === "-") setZoom(Math.max(0.25, z / 1.25));
      else if (e.key === "0") {
        setZoom(1);
        setPan([0, 0]);
      } else return;
      e.preventDefault();
    };
    let drag: { x: number; y: number; px: number; py: number } | undefined;
    const down = (e: PointerEvent) => {
      if ((e.target as Element).closest("[data-overlay]")) return;
      drag = { x: e.clientX, y: e.clientY, px: state.current.pan[0], py: state.current.pan[1] };
      vp.setPointerCapture(e.pointerId);
    };
    const move = (e: PointerEvent) => {
      if (drag) setPan([drag.px + e.clientX - drag.x, drag.py + e.clientY - drag.y]);
    };
    const up = () => (drag = undefined);
    const clearHl = () => document.querySelectorAll(".hl").forEach((x) => x.classList.remove("hl"));
    const onClick = (e: MouseEvent) => {
      const t = e.target as Element;
      const btn = t.closest<HTMLElement>("[data-show-overlays]");
      if (btn) {
        const ids = (btn.dataset.showOverlays ?? "").split(" ").filter(Boolean);
        clearHl();
        let shown = 0;
        for (const id of ids) {
          for (const el of vp.querySelectorAll(`[data-overlay="${CSS.escape(id)}"]`)) {
            el.classList.add("hl");
            shown++;
            const panel = el.closest<HTMLElement>("[data-floor-panel]");
            if (panel?.dataset.floorPanel !== undefined) setFloor(panel.dataset.floorPanel);
          }
        }
        const li = btn.closest("li");
        li?.classList.add("hl");
        const title = li?.querySelector("strong")?.textContent ?? "the finding";
        setNote(
          shown ? `Highlighted on the plan: ${title}.` : `${title} has no mark on this plan.`,
        );
        vp.scrollIntoView({ block: "nearest" });
        return;
      }
      const ov = t.closest<HTMLElement>("[data-overlay]");
      if (ov && vp.contains(ov)) {
        const id = ov.getAttribute("data-overlay")!;
        clearHl();
        ov.classList.add("hl");
        const li = [...document.querySelectorAll<HTMLElement>("li[data-overlays]")].find((x) =>
          (x.dataset.overlays ?? "").split(" ").includes(id)
        );
        if (li) {
          li.classList.add("hl");
          li.tabIndex = -1;
          li.focus();
          setNote(`Finding: ${li.querySelector("strong")?.textContent ?? id}.`);
        }
      }
    };
    vp.addEventListener("keydown", onKey);
    vp.addEventListener("pointerdown", down);
    vp.addEventListener("pointermove", move);
    vp.addEventListener("pointerup", up);
    document.addEventListener("click", onClick);
    return () => {
      vp.removeEventListener("keydown", onKey);
      vp.removeEventListener("pointerdown", down);
      vp.removeEventListener("pointermove", move);
      vp.removeEventListener("pointerup", up);
      document.removeEventListener("click", onClick);
    };
  }, []);

  return (
    <div class="plan-tools js-only">
      {floors.length > 1
        ? (
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
        )
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
