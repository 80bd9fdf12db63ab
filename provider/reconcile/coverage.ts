/**
 * Coverage: of the endpoints in the projects looked in, how many the given stacks manage, per
 * project, per server and in total (driftctl's figure, for endpoints). Pure.
 */
import type { Endpoint as ApiEndpoint } from "../client/schemas";
import type { Coverage, CoverageRatio } from "./report";

/** `managed` out of `total`, the percentage to one decimal (100 where there is nothing). */
export function ratio(managed: number, total: number): CoverageRatio {
  return { managed, total, percent: total === 0 ? 100 : Math.round((1000 * managed) / total) / 10 };
}

/** One server's endpoints and the projects looked in there. */
export interface ServerListing {
  readonly server: string;
  readonly listed: readonly ApiEndpoint[];
  readonly projects: ReadonlySet<string>;
}

/** The coverage of `servers` by the endpoints whose ids are in `managed`. */
export function coverageOf(servers: readonly ServerListing[], managed: ReadonlySet<string>): Coverage {
  let managedCount = 0;
  let totalCount = 0;
  const perServer = servers.map(({ server, listed, projects }) => {
    const perProject = [...projects].sort().map((project) => {
      const there = listed.filter((e) => (e.project ?? "") === project);
      return { project, ...ratio(there.filter((e) => managed.has(e.id)).length, there.length) };
    });
    const m = perProject.reduce((n, p) => n + p.managed, 0);
    const t = perProject.reduce((n, p) => n + p.total, 0);
    managedCount += m;
    totalCount += t;
    return { server, ...ratio(m, t), projects: perProject };
  });
  return { ...ratio(managedCount, totalCount), servers: perServer };
}
