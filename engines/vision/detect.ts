/**
 * Detections in one view → detections in panorama angles, and one detection per object where
 * views overlap: greedy non-maximum suppression (Felzenszwalb et al. 2010, "Object Detection with
 * Discriminatively Trained Part-Based Models", PAMI 32(9), § 4: keep the best box, drop those it
 * overlaps) on boxes measured in yaw and pitch degrees, yaw wrapping at ±180°.
 */
import { viewPixelToAngles, type ViewSpec, wrapDeg } from "./equirect.ts";
import type { ViewDetection } from "../../ground/detector.ts";
import { ticker } from "../../ground/budget.ts";

/** A box in panorama angles; yaw_min_deg may exceed 180 or fall below −180 across the seam. */
export interface AngleBox {
  yaw_min_deg: number;
  yaw_max_deg: number;
  pitch_min_deg: number;
  pitch_max_deg: number;
}

/** One object seen in a panorama. */
export interface PanoDetection {
  /** COCO class ("toilet", "sink" …). */
  label: string;
  score: number;
  /** Bearing of the box centre: yaw from the centre column (right positive), pitch up. */
  yaw_deg: number;
  pitch_deg: number;
  box: AngleBox;
  /** How many views saw it (after suppression, the views whose boxes were merged into it). */
  views: number;
}

/** Maps a view detection's box into panorama angles (its edges sampled at 9 points each). */
export function toPanoAngles(spec: ViewSpec, d: ViewDetection): PanoDetection {
  const [x1, y1, x2, y2] = d.box_px;
  const yaws: number[] = [], pitches: number[] = [];
  const k = 8;
  for (let s = 0; s <= k; s++) {
    const x = x1 + ((x2 - x1) * s) / k, y = y1 + ((y2 - y1) * s) / k;
    for (const [i, j] of [[x, y1], [x, y2], [x1, y], [x2, y]]) {
      const [yaw, pitch] = viewPixelToAngles(spec, i - 0.5, j - 0.5);
      yaws.push(spec.yaw_deg + wrapDeg(yaw - spec.yaw_deg));
      pitches.push(pitch);
    }
  }
  const box: AngleBox = {
    yaw_min_deg: Math.min(...yaws),
    yaw_max_deg: Math.max(...yaws),
    pitch_min_deg: Math.min(...pitches),
    pitch_max_deg: Math.max(...pitches),
  };
  const [cyaw, cpitch] = viewPixelToAngles(spec, (x1 + x2) / 2 - 0.5, (y1 + y2) / 2 - 0.5);
  return {
    label: d.label,
    score: d.score,
    yaw_deg: wrapDeg(cyaw),
    pitch_deg: cpitch,
    box,
    views: 1,
  };
}

/** Intersection area of two angle boxes (deg²), with b's yaw shifted by whole turns to meet a. */
export function intersection_deg2(a: AngleBox, b: AngleBox): number {
  const ca = (a.yaw_min_deg + a.yaw_max_deg) / 2, cb = (b.yaw_min_deg + b.yaw_max_deg) / 2;
  const shift = ca + wrapDeg(cb - ca) - cb;
  const w = Math.min(a.yaw_max_deg, b.yaw_max_deg + shift) -
    Math.max(a.yaw_min_deg, b.yaw_min_deg + shift);
  const h = Math.min(a.pitch_max_deg, b.pitch_max_deg) - Math.max(a.pitch_min_deg, b.pitch_min_deg);
  return w > 0 && h > 0 ? w * h : 0;
}

const area = (b: AngleBox) => (b.yaw_max_deg - b.yaw_min_deg) * (b.pitch_max_deg - b.pitch_min_deg);

/**
 * One detection per object: greedy NMS per class in panorama angles. A box is dropped when it
 * overlaps a kept box of the same class by IoU > `iou`, or when more than `contained` of its
 * own area lies inside it (an object cut by one view's edge and whole in the next).
 */
export function suppress(
  dets: PanoDetection[],
  opts: { iou?: number; contained?: number } = {},
): PanoDetection[] {
  const { iou = 0.3, contained = 0.6 } = opts;
  const sorted = [...dets].sort((a, b) => b.score - a.score);
  const kept: PanoDetection[] = [];
  const tick = ticker(16);
  for (const d of sorted) {
    tick();
    const owner = kept.find((k) => {
      if (k.label !== d.label) return false;
      const inter = intersection_deg2(k.box, d.box);
      if (inter <= 0) return false;
      const union = area(k.box) + area(d.box) - inter;
      return inter / union > iou || inter / Math.min(area(d.box), area(k.box)) > contained;
    });
    if (owner) owner.views += d.views;
    else kept.push({ ...d, box: { ...d.box } });
  }
  return kept;
}

/** The angular distance between two yaws, 0–180°. */
export function yawDistance_deg(a: number, b: number): number {
  return Math.abs(wrapDeg(a - b));
}
