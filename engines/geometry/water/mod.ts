/**
 * Water on an elevation grid (re-exports): the D8 neighbourhood (./d8.ts), depression filling
 * by priority-flood (./fill.ts, Barnes et al. 2014), D8 flow directions, accumulation and
 * upstream areas (./flow.ts), slope and aspect by Horn (1981) and ponding depth
 * (./terrain.ts). Pure functions over a Grid; NaN cells are nodata and act as outlets.
 */
export * from "./d8.ts";
export * from "./fill.ts";
export * from "./flow.ts";
export * from "./terrain.ts";
