/**
 * The object detector's contract: what a run is handed (engines/vision/centernet.ts makes
 * one from CenterNet; tests hand their own) and the plain detections it returns.
 */
import type { RgbImage } from "./image.ts";

/** One detection in a view, in the view's pixels. */
export interface ViewDetection {
  /** [x1, y1, x2, y2] in view pixels. */
  box_px: [number, number, number, number];
  score: number;
  /** COCO class name ("toilet", "sink" …). */
  label: string;
}

/** A loaded detector. `detect` runs one inference on one square view. */
export interface Detector {
  backend: string;
  /** The side of the square input the model takes (512). */
  input_px: number;
  /** How many views it answers at once (a worker pool, layers/detector_pool.ts); 1 when absent. */
  parallel?: number;
  detect(view: RgbImage, minScore?: number): Promise<ViewDetection[]>;
}
