export {
  anglesToPanoPixel,
  anglesToViewPixel,
  focal_px,
  panoPixelToAngles,
  perspectiveView,
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
export { CENTERNET_INPUT_PX, DetectorUnavailableError } from "./centernet.ts";
