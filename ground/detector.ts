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

/** Where a perspective view of a panorama looks (engines/vision/equirect.ts ViewSpec). */
export interface ViewAim {
  yaw_deg: number;
  pitch_deg: number;
  fov_deg: number;
  size_px: number;
}

/** Views of one panorama handed to a detector that cuts them itself ({@link Detector.panorama}). */
export interface PanoramaSearch {
  /** Detects in the view cut from the panorama, as `detect(perspectiveView(pano, view))`. */
  detect(view: ViewAim, minScore?: number): Promise<ViewDetection[]>;
  /** The panorama is no longer needed. */
  release(): void;
}

/** A loaded detector. `detect` runs one inference on one square view. */
export interface Detector {
  backend: string;
  /** The side of the square input the model takes (512). */
  input_px: number;
  /** How many views it answers at once (a worker pool, layers/detector_pool.ts); 1 when absent. */
  parallel?: number;
  /**
   * How many views may be handed to it at once, answered or waiting their turn (the worker pool
   * takes two a worker, so each starts its next view as soon as it is done with one);
   * `parallel` when absent.
   */
  in_flight?: number;
  detect(view: RgbImage, minScore?: number): Promise<ViewDetection[]>;
  /**
   * Optional: takes one panorama where the detector runs (the worker pool shares it with its
   * workers once, not a copy per view) and cuts its views there, with the same cut
   * (engines/vision/equirect.ts perspectiveView), so the detections are those of `detect`.
   */
  panorama?(pano: RgbImage): PanoramaSearch;
}
