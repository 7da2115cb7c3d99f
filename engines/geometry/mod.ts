export * from "./geojson.ts";
export * from "./walls.ts";
