import type { ApiProject } from "./api";
import { isForbidden } from "../common/api-failures";
import { unlessNotFound } from "../client/errors";

/*
 * The server's projects (IaaS `GET /iaas/api/projects`), fetched once per process: `check` runs for
 * every endpoint of every preview. A name not in the list is looked up once more, in case the
 * project was made after the list was fetched. A failed fetch is not remembered. When the server
 * will not list projects to these credentials (403) or has no such API (404), `check` cannot tell,
 * and says nothing: the server itself refuses an unknown project at create time.
 */

/** Whether a project exists, or undefined when the server does not say. */
export interface ProjectAnswer {
  /** True when the server lists a project of that name. */
  readonly exists: boolean;
  /** Every project name the server lists, sorted, for the message of an unknown project. */
  readonly names: readonly string[];
}

/** A once-per-process cache of the names of the server's projects. */
export class ProjectCatalogue {
  private pending?: Promise<Set<string> | undefined>;
  private readonly refetched = new Set<string>();

  /** @param fetchProjects fetches every project (the client's `listAllProjects`). */
  constructor(private readonly fetchProjects: () => Promise<ApiProject[]>) {}

  /** Whether the server has a project of that name; undefined when it will not list projects. */
  async lookup(name: string): Promise<ProjectAnswer | undefined> {
    let names = await this.load();
    if (names && !names.has(name) && !this.refetched.has(name)) {
      this.refetched.add(name);
      this.pending = undefined;
      names = await this.load();
    }
    if (!names) return undefined;
    return { exists: names.has(name), names: [...names].sort() };
  }

  private load(): Promise<Set<string> | undefined> {
    if (!this.pending) {
      this.pending = unlessNotFound(() => this.fetchProjects()).then(
        (projects) => projects && new Set(projects.map((project) => project.name)),
        (error: unknown) => {
          if (isForbidden(error)) return undefined;
          this.pending = undefined;
          throw error;
        },
      );
    }
    return this.pending;
  }
}
