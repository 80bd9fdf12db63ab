/**
 * The endpoint data functions' arguments and results as zod, described: the single declaration of each.
 * The provider plugin's schema is generated from them, the arguments are checked against them, the
 * bodies' TypeScript types are derived from them, and the program's documented types are generated
 * from them (../dynamic/generated/types.ts).
 */
import { z } from "zod";
import { Certificate } from "../client/schemas";
import { JsonValue } from "./schema";

const endpointInfoShape = {
  id: z.string().describe("Id of the endpoint."),
  name: z.string().describe("Name of the endpoint."),
  type: z.string().describe("Endpoint type."),
  project: z.string().optional().describe("Name of its project."),
  projectId: z.string().optional().describe("Id of its project."),
  description: z.string().describe("Description."),
  isRestricted: z.boolean().describe("Whether only administrators can change it."),
  cloudProxyId: z.string().optional().describe("Cloud proxy id."),
  properties: z
    .record(z.string(), z.unknown())
    .describe("Type-specific properties; secret ones masked by the server."),
  createdAt: z.string().optional().describe("Creation time, as the server writes it."),
  updatedAt: z.string().optional().describe("Last update time, as the server writes it."),
  createdBy: z.string().optional().describe("Creator."),
  updatedBy: z.string().optional().describe("Last updater."),
  link: z.string().optional().describe("API path of the endpoint."),
};

/** An endpoint as the lookups return it. */
export const EndpointInfo: z.ZodObject<typeof endpointInfoShape, z.core.$strict> = z
  .strictObject(endpointInfoShape)
  .meta({
    id: "EndpointInfo",
    description:
      "An endpoint as the lookups return it. Secret properties come back as the server shows them (masked).",
  });

export type EndpointInfo = z.output<typeof EndpointInfo>;

const getEndpointArgsShape = {
  id: z.string().optional().describe("Id of the endpoint. Give either `id`, or both `project` and `name`."),
  project: z.string().optional().describe("Name of the endpoint's project (with `name`)."),
  name: z.string().optional().describe("Name of the endpoint (with `project`)."),
};

/**
 * The arguments of `getEndpoint`, flattened: the TS type is a union (`{id}` or `{project, name}`), which
 * a package schema cannot state, so each key is optional here and the function checks the combination.
 */
export const GetEndpointArgs: z.ZodObject<typeof getEndpointArgsShape, z.core.$strict> =
  z.strictObject(getEndpointArgsShape);

const getEndpointsArgsShape = {
  filter: z
    .string()
    .optional()
    .describe(
      "OData-like filter, e.g. `startswith(name,'ci-')`; combined with `project` and `type` by `and`.",
    ),
  orderBy: z.string().optional().describe("Sort, e.g. `name asc` (server default `name desc`)."),
  skip: z.number().optional().describe("Endpoints to skip."),
  top: z
    .number()
    .optional()
    .describe("Most endpoints to return. Without it (and without `page`), every page is read."),
  page: z.number().optional().describe("Page number (with the server's page size, or `top`)."),
  project: z.string().optional().describe("Only endpoints of this project (by name)."),
  type: z.string().optional().describe("Only endpoints of this type."),
};

/** The arguments of `getEndpoints`. */
export const GetEndpointsArgs: z.ZodObject<typeof getEndpointsArgsShape, z.core.$strict> =
  z.strictObject(getEndpointsArgsShape);

/** Which endpoints `getEndpoints` lists. */
export type GetEndpointsArgs = z.input<typeof GetEndpointsArgs>;

const getEndpointsResultShape = {
  endpoints: z.array(EndpointInfo).describe("The endpoints, in the server's order."),
  ids: z.array(z.string()).describe("Their ids, in the same order."),
  totalCount: z.number().describe("How many endpoints match across all pages, as the server counts them."),
};

/** The result of `getEndpoints`. */
export const GetEndpointsResult: z.ZodObject<typeof getEndpointsResultShape, z.core.$strict> =
  z.strictObject(getEndpointsResultShape);

/** The result of `getEndpoints`. */
export type GetEndpointsResult = z.output<typeof GetEndpointsResult>;

const getEndpointTileArgsShape = {
  type: z.string().describe("The endpoint type (tile id), e.g. `jenkins`."),
};

/** The arguments of `getEndpointTile`. */
export const GetEndpointTileArgs: z.ZodObject<typeof getEndpointTileArgsShape, z.core.$strict> =
  z.strictObject(getEndpointTileArgsShape);

/** Which endpoint type `getEndpointTile` reads. */
export type GetEndpointTileArgs = z.input<typeof GetEndpointTileArgs>;

const getEndpointCertificateArgsShape = {
  url: z.string().describe("URL of the server (e.g. `https://jenkins.example.com`)."),
  cloudProxyId: z
    .string()
    .optional()
    .describe("Cloud proxy through which the Aria server reaches it (on-premises servers)."),
};

/** The arguments of `getEndpointCertificate`. */
export const GetEndpointCertificateArgs: z.ZodObject<typeof getEndpointCertificateArgsShape, z.core.$strict> =
  z.strictObject(getEndpointCertificateArgsShape);

/** Which server `getEndpointCertificate` asks about. */
export type GetEndpointCertificateArgs = z.input<typeof GetEndpointCertificateArgs>;

const getEndpointCertificateResultShape = {
  certificates: z.array(Certificate).describe("The chain, leaf first."),
  sha256Fingerprint: z
    .string()
    .optional()
    .describe(
      "SHA-256 fingerprint of the leaf (upper-case hex, no colons): the value for `properties.fingerprint`.",
    ),
  sha1Fingerprint: z.string().optional().describe("SHA-1 fingerprint of the leaf."),
};

/** The result of `getEndpointCertificate`. */
export const GetEndpointCertificateResult: z.ZodObject<
  typeof getEndpointCertificateResultShape,
  z.core.$strict
> = z.strictObject(getEndpointCertificateResultShape);

/** A server's certificate chain as the Aria server sees it. */
export type GetEndpointCertificateResult = z.output<typeof GetEndpointCertificateResult>;

const validateEndpointArgsShape = {
  name: z.string().describe("Name of the endpoint."),
  type: z.string().describe("Endpoint type."),
  project: z.string().optional().describe("Project name."),
  description: z.string().optional().describe("Description."),
  isRestricted: z.boolean().optional().describe("Whether it would be restricted."),
  cloudProxyId: z.string().optional().describe("Cloud proxy id."),
  properties: z.record(z.string(), JsonValue).optional().describe("Non-secret properties."),
  secretProperties: z.record(z.string(), JsonValue).optional().meta({
    description: "Secret properties (merged into `properties` for the server; scrubbed from its message).",
    secret: true,
  }),
  id: z.string().optional().describe("Id of an existing endpoint whose stored secrets fill masked values."),
};

/** The arguments of `validateEndpoint`. */
export const ValidateEndpointArgs: z.ZodObject<typeof validateEndpointArgsShape, z.core.$strict> =
  z.strictObject(validateEndpointArgsShape);

/** The endpoint `validateEndpoint` asks the server to validate (its property bags typed as JSON values). */
export type ValidateEndpointArgs = z.output<typeof ValidateEndpointArgs>;

const validateEndpointResultShape = {
  succeeded: z.boolean().describe("True unless the server answered `FAILED`."),
  status: z.string().describe("The server's status (`COMPLETED`, `FAILED`, ...)."),
  statusMessage: z.string().describe("The server's message, e.g. why it could not connect."),
  duration: z.number().optional().describe("Milliseconds the validation took."),
  output: z
    .record(z.string(), z.unknown())
    .describe("What the validation produced (e.g. the server's certificate fingerprint)."),
};

/** The result of `validateEndpoint`. */
export const ValidateEndpointResult: z.ZodObject<typeof validateEndpointResultShape, z.core.$strict> =
  z.strictObject(validateEndpointResultShape);

/** The server's verdict on an endpoint. */
export type ValidateEndpointResult = z.output<typeof ValidateEndpointResult>;

/**
 * What `pulumi do aria:index:Endpoint list` filters by (the schema's `listInputs`): the server's
 * filters, as `getEndpoints` takes them.
 */
export const EndpointListInputs = GetEndpointsArgs.pick({ project: true, type: true, filter: true });

/** The list inputs of a typed endpoint: the type is the class's own. */
export const TypedEndpointListInputs = EndpointListInputs.omit({ type: true });

/** What an endpoint listing filters by. */
export type EndpointListInputs = z.infer<typeof EndpointListInputs>;
