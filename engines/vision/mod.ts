export {
  anglesToPanoPixel,
  anglesToViewPixel,
  focal_px,
  panoPixelToAngles,
  perspectiveView,
  /** An RGB image, 3 bytes a pixel (a panorama or a view); aerial's RgbImage is a GeoTIFF window. */
  type RgbImage as VisionImage,
  viewPixelToAngles,
  viewRing,
  type ViewSpec,
  wrapDeg,
} from "./equirect.ts";
export * from "./assign.ts";
export * from "./detect.ts";
export * from "./place.ts";
export * from "./labels.ts";
export * from "./panorama.ts";
export * from "./room_evidence.ts";
export { COCO_CLASSES } from "./coco.ts";
export {
  CENTERNET_INPUT_PX,
  type Detector,
  DetectorUnavailableError,
  loadCenterNet,
  type ViewDetection,
} from "./centernet.ts";
