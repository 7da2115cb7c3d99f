/**
 * Solar position (re-exports): time scales (./time.ts), the reference NREL SPA (./spa.ts),
 * its batch kernel (./batch.ts), and the fast Meeus method for hour counting (./meeus.ts).
 */
export * from "./time.ts";
export * from "./spa.ts";
export * from "./batch.ts";
export * from "./meeus.ts";
