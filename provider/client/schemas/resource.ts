/** Deployment resources: creation request and answer, the resource, and its page. */
import { z } from "zod";
import type * as generated from "./generated";
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

/** The fields every expanded reference has, `what` naming the object (`Project`, `Deployment`). */
const referenceFields = (what: string) => ({
  id: z.string().nullish().describe(`${what} id.`),
  name: z.string().nullish().describe(`${what} name.`),
  description: z.string().nullish().describe("Description."),
});

export const ResourceReference = z
  .looseObject({ ...referenceFields("Project"), version: z.string().nullish().describe("Version.") })
  .meta({
    id: "ProjectReference",
    description: "A reference to a project (expanded with `expand=project`).",
  });

export const DeploymentReference = z
  .looseObject({
    ...referenceFields("Deployment"),
    ownedBy: z.string().nullish().describe("Owner."),
    iconId: z.string().nullish().describe("Icon id."),
    leaseExpireAt: z.string().nullish().describe("When the lease expires."),
  })
  .meta({
    id: "DeploymentReference",
    description: "A reference to a deployment (expanded with `expand=deployment`).",
  });

export const Resource = z
  .looseObject({
    id: z.string().describe("Resource id."),
    name: z.string().describe("Name."),
    type: z.string().describe("Type."),
    description: z.string().nullish().describe("Description."),
    properties: JsonObject.nullish().describe("Properties."),
    createdAt: z.string().nullish().describe("Creation time."),
    syncStatus: z.string().nullish().describe("SUCCESS, MISSING or STALE."),
    origin: z.string().nullish().describe("DISCOVERED, ONBOARDED, MIGRATED (DEPLOYED also seen)."),
    expense: z.looseObject({}).nullish().describe("Cost information."),
    deploymentId: z.string().nullish().describe("Deployment id."),
    projectId: z.string().nullish().describe("Project id."),
    orgId: z.string().nullish().describe("Organisation id."),
    project: ResourceReference.nullish().describe("The project (with `expand=project`)."),
    deployment: DeploymentReference.nullish().describe("The deployment (with `expand=deployment`)."),
    currentRequest: Request.nullish().describe("The running request (with `expand=currentRequest`)."),
  })
  .meta({ id: "Resource", description: "A deployment resource as the API returns it." });
/** A deployment resource. */
export type Resource = generated.Resource;

/** `GET /resources`: a Spring page of resources. */
export const ResourcePage = springPage(Resource);
/** A page of resources. */
export type ResourcePage = z.infer<typeof ResourcePage>;
