export * from "./geojson.ts";
export * from "./walls.ts";
export * from "./clip.ts";
export * from "./clearance.ts";
export * from "./routes.ts";
export * from "./fit.ts";
export * from "./sun.ts";
export * from "./sun_exposure.ts";
