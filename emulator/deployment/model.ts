/** A tag of a resource (`key:value` in filters). */
export interface Tag {
  key: string;
  value: string;
}

/** Costs the deployment service reports for a resource. */
export interface Expense {
  totalExpense: number;
  computeExpense: number;
  storageExpense: number;
  additionalExpense: number;
  unit: string;
  lastUpdatedTime: string;
}

/** A deployment resource as the emulator stores it. */
export interface StoredResource {
  id: string;
  name: string;
  type: string;
  description: string;
  properties: Record<string, unknown>;
  /** ISO timestamp. */
  createdAt: string;
  syncStatus: "SUCCESS" | "MISSING" | "STALE";
  origin: "DISCOVERED" | "ONBOARDED" | "MIGRATED";
  expense: Expense;
  deploymentId: string;
  projectId: string;
  orgId: string;
  /** Cloud account the resource lives in (drives the `cloudAccounts` filter). */
  cloudAccountId?: string;
  /** Cloud type, e.g. `vsphere` (drives the `cloudTypes` filter). */
  cloudType?: string;
  tags: Tag[];
}

/** A deployment (a group of resources in one project). */
export interface StoredDeployment {
  id: string;
  name: string;
  description: string;
  projectId: string;
  ownedBy: string;
  createdAt: string;
}

/** Every status a request can have. */
export type RequestStatus =
  | "CREATED"
  | "PENDING"
  | "INITIALIZATION"
  | "CHECKING_APPROVAL"
  | "APPROVAL_PENDING"
  | "USER_INTERACTION_PENDING"
  | "INPROGRESS"
  | "COMPLETION"
  | "APPROVAL_REJECTED"
  | "ABORTED"
  | "SUCCESSFUL"
  | "FAILED";

/** An asynchronous request (resource creation or deletion). */
export interface StoredRequest {
  id: string;
  kind: "create" | "delete";
  name: string;
  actionId: string;
  requestedBy: string;
  deploymentId: string;
  resourceIds: string[];
  inputs: Record<string, unknown>;
  createdAtMs: number;
  /** How long the request runs before reaching its outcome. */
  durationMs: number;
  /** What the request ends as unless cancelled (APPROVAL_REJECTED once its approver rejects it). */
  outcome: "SUCCESSFUL" | "FAILED" | "APPROVAL_REJECTED";
  /** `details` of a failed request. */
  failureDetails?: string;
  /** When it was cancelled (then it ends ABORTED). */
  abortedAtMs?: number;
  dismissed: boolean;
  /** Whether its effect (resource appears or disappears) has been applied. */
  settled: boolean;
  /** The resource a create request will add. */
  draft?: StoredResource;
  /** Its approval, when an approval policy held it (./approvals.ts); absent for one that needed none. */
  approval?: Approval;
}

/**
 * A request's approval: pending (the request waits at APPROVAL_PENDING), or decided at `decidedAtMs`
 * by `approver`, with the `reason` given. An approved request runs its `durationMs` from the decision.
 */
export interface Approval {
  state: "pending" | "approved" | "rejected";
  decidedAtMs?: number;
  approver?: string;
  reason?: string;
}

/** A cloud account resources can belong to. */
export interface CloudAccount {
  id: string;
  name: string;
  cloudType: string;
}

/** Organisation id every resource carries. */
export const ORG_ID = "5a3c9e1f-8b2d-4f6a-9c0e-1d3f5b7a9c2e";

/** Cloud accounts of the emulated organisation. */
export const CLOUD_ACCOUNTS: readonly CloudAccount[] = [
  { id: "0f6e2d4c-1b3a-4958-8e7d-6c5b4a392811", name: "vcenter-prod", cloudType: "vsphere" },
  { id: "1a7f3e5d-2c4b-4a69-9f8e-7d6c5b4a3922", name: "vcenter-lab", cloudType: "vsphere" },
  { id: "2b8a4f6e-3d5c-4b7a-8a9f-8e7d6c5b4a33", name: "aws-main", cloudType: "aws" },
  { id: "3c9b5a7f-4e6d-4c8b-9b0a-9f8e7d6c5b44", name: "azure-payments", cloudType: "azure" },
  { id: "4d0c6b8a-5f7e-4d9c-8c1b-0a9f8e7d6c55", name: "gcp-analytics", cloudType: "gcp" },
  { id: "5e1d7c9b-6a8f-4e0d-9d2c-1b0a9f8e7d66", name: "nsx-manager", cloudType: "nsxt" },
];

/** Cloud type of a resource type name (`Cloud.vSphere.Machine` → `vsphere`). */
export function cloudTypeOf(resourceType: string): string | undefined {
  const m = /^Cloud\.(vSphere|AWS|Azure|GCP|NSX)\./i.exec(resourceType);
  if (!m) return undefined;
  const family = m[1].toLowerCase();
  return family === "nsx" ? "nsxt" : family;
}

/** Display names of cloud types (filter entry names). */
export const CLOUD_TYPE_NAMES: Readonly<Record<string, string>> = {
  vsphere: "vSphere",
  aws: "AWS",
  azure: "Azure",
  gcp: "Google Cloud",
  nsxt: "NSX-T",
};
