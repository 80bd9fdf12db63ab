/*
 * What the unit tests of aria-reconcile's report share: a run's report with one stack in sync, and
 * an endpoint made by hand beside it.
 */
import type { ReconcileReport } from "../../../provider/reconcile/report";

/** The server of the reports' stack. */
export const SERVER = "https://vra.example.com";

/**
 * The coverage of {@link SERVER} where two of Platform's three endpoints are managed and the one of
 * Payments is not.
 */
export const SERVER_COVERAGE = {
  server: SERVER,
  managed: 2,
  total: 4,
  percent: 50,
  projects: [
    { project: "Payments", managed: 0, total: 1, percent: 0 },
    { project: "Platform", managed: 2, total: 3, percent: 66.7 },
  ],
};

/**
 * The report of a run on one stack, `stack`, in sync: two endpoints of Platform on the plugin door,
 * all managed, on {@link SERVER}, in `duration` seconds; `overrides` replace its fields.
 */
export function inSyncReport(
  stack: string,
  duration: number,
  overrides: Partial<ReconcileReport> = {},
): ReconcileReport {
  return {
    result: "in-sync",
    exitCode: 0,
    stacks: [
      {
        name: stack,
        server: SERVER,
        door: "plugin",
        projects: ["Platform"],
        endpoints: 2,
        drifted: 0,
        remediated: false,
      },
    ],
    drifted: [],
    unmanaged: [],
    coverage: {
      managed: 2,
      total: 2,
      percent: 100,
      servers: [
        {
          server: SERVER,
          managed: 2,
          total: 2,
          percent: 100,
          projects: [{ project: "Platform", managed: 2, total: 2, percent: 100 }],
        },
      ],
    },
    events: [{ event: "drift_detection_succeeded", stack }],
    duration,
    ...overrides,
  };
}

/** The Jenkins endpoint `by-hand` (id `h1`) of Platform on {@link SERVER}, made outside any stack. */
export function unmanagedByHand(adopt: { pulumiImport: string; ariaExport: string }) {
  return { server: SERVER, project: "Platform", name: "by-hand", type: "jenkins", id: "h1", adopt };
}
