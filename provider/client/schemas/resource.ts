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
export const ResourceReference = z
  .looseObject({
    /** Project id. */
    id: z.string().nullish().describe("Project id."),
    /** Project name. */
    name: z.string().nullish().describe("Project name."),
    /** Description. */
    description: z.string().nullish().describe("Description."),
    /** Version. */
    version: z.string().nullish().describe("Version."),
  })
  .meta({
    id: "ProjectReference",
    description: "A reference to a project (expanded with `expand=project`).",
  });

/** A reference to a deployment (expanded with `expand=deployment`). */
export const DeploymentReference = z
  .looseObject({
    /** Deployment id. */
    id: z.string().nullish().describe("Deployment id."),
    /** Deployment name. */
    name: z.string().nullish().describe("Deployment name."),
    /** Description. */
    description: z.string().nullish().describe("Description."),
    /** Owner. */
    ownedBy: z.string().nullish().describe("Owner."),
    /** Icon id. */
    iconId: z.string().nullish().describe("Icon id."),
    /** When the lease expires. */
    leaseExpireAt: z.string().nullish().describe("When the lease expires."),
  })
  .meta({
    id: "DeploymentReference",
    description: "A reference to a deployment (expanded with `expand=deployment`).",
  });

/** A deployment resource. Unknown fields are kept. */
export const Resource = z
  .looseObject({
    /** Resource id. */
    id: z.string().describe("Resource id."),
    /** Name. */
    name: z.string().describe("Name."),
    /** Type. */
    type: z.string().describe("Type."),
    /** Description. */
    description: z.string().nullish().describe("Description."),
    /** Properties. */
    properties: JsonObject.nullish().describe("Properties."),
    /** Creation time. */
    createdAt: z.string().nullish().describe("Creation time."),
    /** SUCCESS, MISSING or STALE. */
    syncStatus: z.string().nullish().describe("SUCCESS, MISSING or STALE."),
    /** DISCOVERED, ONBOARDED, MIGRATED (DEPLOYED also seen). */
    origin: z.string().nullish().describe("DISCOVERED, ONBOARDED, MIGRATED (DEPLOYED also seen)."),
    /** Cost information. */
    expense: z.looseObject({}).nullish().describe("Cost information."),
    /** Deployment id. */
    deploymentId: z.string().nullish().describe("Deployment id."),
    /** Project id. */
    projectId: z.string().nullish().describe("Project id."),
    /** Organisation id. */
    orgId: z.string().nullish().describe("Organisation id."),
    /** The project (with `expand=project`). */
    project: ResourceReference.nullish().describe("The project (with `expand=project`)."),
    /** The deployment (with `expand=deployment`). */
    deployment: DeploymentReference.nullish().describe("The deployment (with `expand=deployment`)."),
    /** The running request (with `expand=currentRequest`). */
    currentRequest: Request.nullish().describe("The running request (with `expand=currentRequest`)."),
  })
  .meta({ id: "Resource", description: "A deployment resource as the API returns it." });
/** A deployment resource. */
export type Resource = z.infer<typeof Resource>;

/** `GET /resources`: a Spring page of resources. */
export const ResourcePage = springPage(Resource);
/** A page of resources. */
export type ResourcePage = z.infer<typeof ResourcePage>;
