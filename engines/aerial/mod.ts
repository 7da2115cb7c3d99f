export * from "./geotiff.ts";
export * from "./reproject.ts";
export * from "./sample.ts";
export * from "./facts.ts";
export * from "./imagery.ts";
export * from "./horizon.ts";
