/** Deployment resources: creation request and answer, the resource, and its page. */
import { z } from "zod";
import { JsonObject, springPage } from "./common";
import { Request } from "./request";

/** The body of `POST /resources` (`ResourceSpecification`). */
export const ResourceCreateRequest = z.object({
  /** Resource name. */
  name: z.string().min(1),
  /** Resource type (e.g. `Custom.Thing`). */
  type: z.string().min(1),
  /** Project id. */
  projectId: z.string().min(1).optional(),
  /** Existing deployment to add it to. */
  deploymentId: z.string().min(1).optional(),
  /** Resource properties. */
  properties: JsonObject.optional(),
});
/** The body of a resource creation. */
export type ResourceCreateRequest = z.infer<typeof ResourceCreateRequest>;

/** The answer of `POST /resources`: creation is asynchronous, poll `requestId`. */
export const ResourceRequestResponse = z.looseObject({
  /** The deployment holding the resource. */
  deploymentId: z.string(),
  /** The project. */
  projectId: z.string().nullish(),
  /** The request to poll. */
  requestId: z.string(),
  /** The resource id. */
  resourceId: z.string(),
});
/** The answer of a resource creation. */
export type ResourceRequestResponse = z.infer<typeof ResourceRequestResponse>;

/** A reference to a project (expanded with `expand=project`). */
export const ResourceReference = z.looseObject({
  /** Project id. */
  id: z.string().nullish(),
  /** Project name. */
  name: z.string().nullish(),
  /** Description. */
  description: z.string().nullish(),
  /** Version. */
  version: z.string().nullish(),
});

/** A reference to a deployment (expanded with `expand=deployment`). */
export const DeploymentReference = z.looseObject({
  /** Deployment id. */
  id: z.string().nullish(),
  /** Deployment name. */
  name: z.string().nullish(),
  /** Description. */
  description: z.string().nullish(),
  /** Owner. */
  ownedBy: z.string().nullish(),
  /** Icon id. */
  iconId: z.string().nullish(),
  /** When the lease expires. */
  leaseExpireAt: z.string().nullish(),
});

/** A deployment resource. Unknown fields are kept. */
export const Resource = z.looseObject({
  /** Resource id. */
  id: z.string(),
  /** Name. */
  name: z.string(),
  /** Type. */
  type: z.string(),
  /** Description. */
  description: z.string().nullish(),
  /** Properties. */
  properties: JsonObject.nullish(),
  /** Creation time. */
  createdAt: z.string().nullish(),
  /** SUCCESS, MISSING or STALE. */
  syncStatus: z.string().nullish(),
  /** DISCOVERED, ONBOARDED, MIGRATED (DEPLOYED also seen). */
  origin: z.string().nullish(),
  /** Cost information. */
  expense: z.looseObject({}).nullish(),
  /** Deployment id. */
  deploymentId: z.string().nullish(),
  /** Project id. */
  projectId: z.string().nullish(),
  /** Organisation id. */
  orgId: z.string().nullish(),
  /** The project (with `expand=project`). */
  project: ResourceReference.nullish(),
  /** The deployment (with `expand=deployment`). */
  deployment: DeploymentReference.nullish(),
  /** The running request (with `expand=currentRequest`). */
  currentRequest: Request.nullish(),
});
/** A deployment resource. */
export type Resource = z.infer<typeof Resource>;

/** `GET /resources`: a Spring page of resources. */
export const ResourcePage = springPage(Resource);
/** A page of resources. */
export type ResourcePage = z.infer<typeof ResourcePage>;
