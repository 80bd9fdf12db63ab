// The phases every benchmark program goes through, in order, with the engine operation of each.

/** The phases: create (`up`), preview with no changes, refresh, `up` changing one resource, destroy. */
export const PHASES = [
  { name: "create", op: "up", label: "create (up)" },
  { name: "preview", op: "preview", label: "preview, no change" },
  { name: "refresh", op: "refresh", label: "refresh" },
  { name: "update", op: "up", label: "up, one changed" },
  { name: "destroy", op: "destroy", label: "destroy" },
];

/** Phases cheap enough to repeat (they change nothing). */
export const REPEATABLE = new Set(["preview", "refresh"]);
