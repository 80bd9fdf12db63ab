import { seededRandom, stableId } from "../core/ids";
import { PROJECTS } from "../state/projects";
import { CLOUD_ACCOUNTS, ORG_ID, type StoredDeployment, type StoredResource, type Tag } from "./model";

interface SeedType {
  type: string;
  cloudType: string;
  prefix: string;
  properties: (pick: <T>(items: readonly T[]) => T, n: number) => Record<string, unknown>;
}

const SEED_TYPES: readonly SeedType[] = [
  {
    type: "Cloud.vSphere.Machine",
    cloudType: "vsphere",
    prefix: "vm",
    properties: (pick, n) => ({
      cpuCount: pick([1, 2, 4, 8]),
      totalMemoryMB: pick([2048, 4096, 8192, 16384]),
      powerState: pick(["ON", "ON", "ON", "OFF"]),
      osType: pick(["LINUX", "LINUX", "WINDOWS"]),
      address: `10.20.${Math.floor(n / 250)}.${(n % 250) + 2}`,
      region: "Datacenter:datacenter-2",
      zone: pick(["Cluster:prod-cluster", "Cluster:lab-cluster"]),
    }),
  },
  {
    type: "Cloud.vSphere.Disk",
    cloudType: "vsphere",
    prefix: "disk",
    properties: (pick) => ({ capacityGb: pick([20, 50, 100, 500]), region: "Datacenter:datacenter-2" }),
  },
  {
    type: "Cloud.AWS.EC2.Instance",
    cloudType: "aws",
    prefix: "ec2",
    properties: (pick, n) => ({
      instanceType: pick(["t3.micro", "t3.medium", "m5.large", "c5.xlarge"]),
      region: pick(["us-east-1", "eu-west-1"]),
      powerState: pick(["ON", "ON", "OFF"]),
      address: `172.31.${Math.floor(n / 250)}.${(n % 250) + 4}`,
    }),
  },
  {
    type: "Cloud.AWS.S3.Bucket",
    cloudType: "aws",
    prefix: "s3",
    properties: (pick) => ({ region: pick(["us-east-1", "eu-west-1"]), versioning: pick([true, false]) }),
  },
  {
    type: "Cloud.Azure.Machine",
    cloudType: "azure",
    prefix: "azvm",
    properties: (pick) => ({
      vmSize: pick(["Standard_B2s", "Standard_D4s_v3"]),
      region: pick(["westeurope", "northeurope"]),
      powerState: pick(["ON", "OFF"]),
    }),
  },
  {
    type: "Cloud.GCP.Machine",
    cloudType: "gcp",
    prefix: "gce",
    properties: (pick) => ({
      machineType: pick(["e2-small", "n2-standard-4"]),
      zone: pick(["europe-west1-b", "us-central1-a"]),
    }),
  },
  {
    type: "Cloud.NSX.Network",
    cloudType: "nsxt",
    prefix: "net",
    properties: (pick, n) => ({
      networkType: pick(["routed", "outbound", "private"]),
      cidr: `192.168.${n % 256}.0/24`,
    }),
  },
];

const APPS = ["web", "api", "db", "cache", "batch", "billing", "ledger", "auth", "search", "queue"];
const ENVS = ["dev", "test", "prod"];
const TEAMS: Record<string, string> = {
  "Default Project": "core",
  Platform: "platform",
  Payments: "payments",
};
const BASE_TIME = Date.UTC(2024, 0, 15, 8, 0, 0);

/** The seed: deterministic resources spread over projects, types, cloud accounts, tags and origins. */
export function seedResources(count: number): {
  deployments: StoredDeployment[];
  resources: StoredResource[];
} {
  const random = seededRandom(20240115);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
  const deployments: StoredDeployment[] = [];
  const resources: StoredResource[] = [];
  let d = 0;
  while (resources.length < count) {
    const project = pick(PROJECTS);
    const app = pick(APPS);
    const env = pick(ENVS);
    const createdMs = BASE_TIME + d * 7 * 3_600_000 + Math.floor(random() * 3_600_000);
    const deployment: StoredDeployment = {
      id: stableId(`deployment:${d}`),
      name: `${app}-${env}-${String(d + 1).padStart(3, "0")}`,
      description: `${app} (${env}) for ${project.name}`,
      projectId: project.id,
      ownedBy: pick(["admin", "developer"]),
      createdAt: new Date(createdMs).toISOString(),
    };
    deployments.push(deployment);
    const size = Math.min(1 + Math.floor(random() * 4), count - resources.length);
    for (let j = 0; j < size; j += 1) {
      const n = resources.length;
      const spec = pick(SEED_TYPES);
      const account = pick(CLOUD_ACCOUNTS.filter((a) => a.cloudType === spec.cloudType));
      const tags: Tag[] = [
        { key: "env", value: env },
        { key: "team", value: TEAMS[project.name] ?? "core" },
        ...(random() < 0.3 ? [{ key: "tier", value: pick(["gold", "silver"]) }] : []),
      ];
      const roll = random();
      const total = Math.round(random() * 40000) / 100;
      resources.push({
        id: stableId(`resource:${n}`),
        name: `${spec.prefix}-${app}-${String(n + 1).padStart(3, "0")}`,
        type: spec.type,
        description: `${spec.type} of ${deployment.name}`,
        properties: { ...spec.properties(pick, n), account: account.name, tags },
        createdAt: new Date(createdMs + j * 60_000).toISOString(),
        syncStatus: roll < 0.05 ? "STALE" : roll < 0.08 ? "MISSING" : "SUCCESS",
        origin: pick(["ONBOARDED", "ONBOARDED", "DISCOVERED", "DISCOVERED", "MIGRATED"] as const),
        expense: {
          totalExpense: total,
          computeExpense: Math.round(total * 60) / 100,
          storageExpense: Math.round(total * 30) / 100,
          additionalExpense: Math.round(total * 10) / 100,
          unit: "USD",
          lastUpdatedTime: new Date(BASE_TIME + 400 * 24 * 3_600_000).toISOString(),
        },
        deploymentId: deployment.id,
        projectId: project.id,
        orgId: ORG_ID,
        cloudAccountId: account.id,
        cloudType: spec.cloudType,
        tags,
      });
    }
    d += 1;
  }
  return { deployments, resources };
}
