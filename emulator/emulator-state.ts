import type { EmulatorClock } from "./core/clock";
import { seedResources } from "./deployment/seed";
import { DeploymentStore, type DeploymentSnapshot } from "./deployment/store";
import { EndpointStore, type StoredEndpoint } from "./pipeline/endpoint-store";
import { ProjectStore, type Project } from "./state/projects";

/*
 * The composition of the emulator's data: projects (state/), the endpoints (pipeline/) and the
 * deployment service (deployment/). It lives at the top of the emulator because it knows all three;
 * state/ itself knows neither pipeline/ nor deployment/.
 */

/** Format tag of data files. */
export const DATA_FORMAT = "aria-emulator/1";

/** What a data file holds. */
export interface PersistedState {
  format: typeof DATA_FORMAT;
  /** Token signing secret (base64), so tokens survive a restart. */
  tokenSecret: string;
  /** The projects (absent in files written before projects could be managed: then the seed's). */
  projects?: Project[];
  endpoints: StoredEndpoint[];
  deployment: DeploymentSnapshot;
}

/** Whether parsed JSON has the shape of a data file. */
export function isPersistedState(data: unknown): data is PersistedState {
  const d = data as Partial<PersistedState> | null;
  const deployment = d?.deployment;
  return (
    d !== null &&
    typeof d === "object" &&
    d.format === DATA_FORMAT &&
    typeof d.tokenSecret === "string" &&
    Array.isArray(d.endpoints) &&
    (d.projects === undefined ||
      (Array.isArray(d.projects) &&
        d.projects.every((p) => typeof p?.id === "string" && typeof p?.name === "string"))) &&
    !!deployment &&
    Array.isArray(deployment.resources) &&
    Array.isArray(deployment.deployments) &&
    Array.isArray(deployment.requests)
  );
}

/** All data of one emulator: projects, endpoints and the deployment service. */
export class EmulatorState {
  readonly projects: ProjectStore;
  readonly endpoints: EndpointStore;
  readonly deployment: DeploymentStore;

  /**
   * @param seedCount seeded deployment resources
   * @param seededProjects the projects of a fresh start (the defaults and any seeded at start)
   * @param onChange called after every change (schedules the data file)
   * @param clock the emulator's clock (deployment requests progress by it)
   */
  constructor(
    private readonly seedCount: number,
    private readonly seededProjects: readonly Project[],
    onChange: () => void,
    clock: EmulatorClock,
  ) {
    this.projects = new ProjectStore(seededProjects, onChange);
    this.endpoints = new EndpointStore(onChange);
    this.deployment = new DeploymentStore(onChange, this.projects, clock);
  }

  /** Back to the seed: the seeded projects, no endpoints, `seedCount` seeded resources, no requests. */
  resetToSeed(): void {
    this.projects.load(this.seededProjects);
    this.endpoints.clear();
    const { deployments, resources } = seedResources(this.seedCount);
    this.deployment.load({ deployments, resources, requests: [] });
  }

  /**
   * Replaces everything with persisted data. Projects seeded at this start that the file does not
   * know (by name) are added, so a seed given later takes effect on an existing data file.
   */
  load(persisted: PersistedState): void {
    const projects = [...(persisted.projects ?? this.seededProjects)];
    for (const seeded of this.seededProjects) {
      if (projects.some((p) => p.name === seeded.name)) continue;
      if (projects.some((p) => p.id === seeded.id)) {
        throw new Error(
          `Seeded project '${seeded.name}' has the id ${seeded.id}, which the data file gives to another project`,
        );
      }
      projects.push(seeded);
    }
    this.projects.load(projects);
    this.endpoints.clear();
    for (const e of persisted.endpoints) this.endpoints.put(e);
    this.deployment.load(persisted.deployment);
  }

  /** Everything, ready to be written. */
  persisted(tokenSecret: Buffer): PersistedState {
    return {
      format: DATA_FORMAT,
      tokenSecret: tokenSecret.toString("base64"),
      projects: this.projects.all(),
      endpoints: this.endpoints.all(),
      deployment: this.deployment.snapshot(),
    };
  }

  /**
   * Why a project cannot be deleted (endpoints or deployment resources still in it), or undefined.
   * The product refuses to delete a project that still holds things.
   */
  projectInUse(project: Project): string | undefined {
    this.deployment.settle();
    const endpoints = this.endpoints.candidates({ project: project.name })?.length ?? 0;
    const resources = [...this.deployment.resources.values()].filter(
      (r) => r.projectId === project.id,
    ).length;
    if (endpoints === 0 && resources === 0) return undefined;
    const parts = [
      ...(endpoints > 0 ? [`${endpoints} endpoint${endpoints === 1 ? "" : "s"}`] : []),
      ...(resources > 0 ? [`${resources} deployment resource${resources === 1 ? "" : "s"}`] : []),
    ];
    return `Project '${project.name}' still holds ${parts.join(" and ")}; delete them first`;
  }
}
