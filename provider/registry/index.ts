/*
 * The composition root: every resource kind (./kinds.ts), typed endpoint (./typed-endpoints.ts) and data
 * function (./data-functions.ts), declared once each. The doors (../dynamic, ../plugin), the tools
 * (../export) and ../index.ts read what exists from here. Import the file you need rather than this
 * index where loading matters (the dynamic door's stub and implementation import ./kinds.ts only).
 */
export * from "./kinds";
export * from "./typed-endpoints";
export * from "./data-functions";
