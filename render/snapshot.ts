/**
 * A region of the plan picture as PNG: the floor drawn by {@link planSvg} (with the given
 * overlays), rasterised by sharp at `width_px` across the rectangle, cropped to the rectangle
 * given in plan metres. Parts of the
 * rectangle beyond the picture are white paper. Used for BCF snapshots, so the snapshot shows
 * exactly what the viewpoint's camera frames.
 */
import type { Plan, Point } from "../ground/plan.ts";
import type { Overlay } from "../core/result.ts";
import { planPixel, planSvg, svgToPng } from "./planview.ts";

/** A snapshot's width, px. */
export const SNAPSHOT_WIDTH_PX = 800;

/** The PNG of the plan region centred on `centre`, `width_m` × `height_m`, on `floor`. */
export async function planRegionPng(
  plan: Plan,
  region: { floor: string; centre: Point; width_m: number; height_m: number },
  opts: { overlays?: Overlay[]; title?: string; width_px?: number } = {},
): Promise<Uint8Array> {
  const svgOpts = { floor: region.floor, overlays: opts.overlays ?? [], title: opts.title };
  const svg = planSvg(plan, svgOpts);
  const frame = planPixel(plan, svgOpts);
  const scale = (opts.width_px ?? SNAPSHOT_WIDTH_PX) / region.width_m / frame.px_per_m;
  const png = await svgToPng(svg, { scale });
  const [cx, cy] = region.centre;
  const tl = frame.at(region.floor, [cx - region.width_m / 2, cy + region.height_m / 2]);
  if (!tl) throw new Error(`snapshot: floor ${region.floor} is not drawn`);
  const { default: sharp } = await import("npm:sharp@0.35.5");
  const meta = await sharp(png).metadata();
  const W = Math.max(1, Math.round(region.width_m * frame.px_per_m * scale));
  const H = Math.max(1, Math.round(region.height_m * frame.px_per_m * scale));
  const left = Math.round(tl[0] * scale), top = Math.round(tl[1] * scale);
  const pad = {
    left: Math.max(0, -left),
    top: Math.max(0, -top),
    right: Math.max(0, left + W - (meta.width ?? 0)),
    bottom: Math.max(0, top + H - (meta.height ?? 0)),
  };
  const paper = await sharp(png).extend({ ...pad, background: "#ffffff" }).toBuffer();
  const out = await sharp(paper)
    .extract({ left: left + pad.left, top: top + pad.top, width: W, height: H })
    .png()
    .toBuffer();
  return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
}
