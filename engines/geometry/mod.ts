export * from "./geojson.ts";
