import { seedResources } from "../deployment/seed";
import { DeploymentStore, type DeploymentSnapshot } from "../deployment/store";
import { EndpointStore, type StoredEndpoint } from "../pipeline/endpoint-store";

/** Format tag of data files. */
export const DATA_FORMAT = "aria-emulator/1";

/** What a data file holds. */
export interface PersistedState {
  format: typeof DATA_FORMAT;
  /** Token signing secret (base64), so tokens survive a restart. */
  tokenSecret: string;
  endpoints: StoredEndpoint[];
  deployment: DeploymentSnapshot;
}

/** All data of one emulator: endpoints and the deployment service. */
export class EmulatorState {
  readonly endpoints: EndpointStore;
  readonly deployment: DeploymentStore;

  constructor(
    private readonly seedCount: number,
    onChange: () => void,
  ) {
    this.endpoints = new EndpointStore(onChange);
    this.deployment = new DeploymentStore(onChange);
  }

  /** Back to the seed: no endpoints, `seedCount` seeded resources, no requests. */
  resetToSeed(): void {
    this.endpoints.clear();
    const { deployments, resources } = seedResources(this.seedCount);
    this.deployment.load({ deployments, resources, requests: [] });
  }

  /** Replaces everything with persisted data. */
  load(persisted: PersistedState): void {
    this.endpoints.clear();
    for (const e of persisted.endpoints) this.endpoints.put(e);
    this.deployment.load(persisted.deployment);
  }

  /** Everything, ready to be written. */
  persisted(tokenSecret: Buffer): PersistedState {
    return {
      format: DATA_FORMAT,
      tokenSecret: tokenSecret.toString("base64"),
      endpoints: this.endpoints.all(),
      deployment: this.deployment.snapshot(),
    };
  }
}
