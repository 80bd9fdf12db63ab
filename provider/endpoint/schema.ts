import { z } from "zod";
import type { EndpointSpecInput } from "../client";
import { UNKNOWN } from "../common/unknowns";

/*
 * The single source of the endpoint's input and state types. The provider validates what the
 * engine hands it against these schemas; the user-facing `EndpointArgs` (../dynamic/endpoint.ts) is derived
 * from the same fields (written out with their descriptions as docs), each wrapped in `pulumi.Input`.
 */

/** A JSON value, the shape of one endpoint property. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** Any JSON value. */
export const JsonValue: z.ZodType<JsonValue> = z.lazy(() =>
  z.union([
    z.string(),
    z.number(),
    z.boolean(),
    z.null(),
    z.array(JsonValue),
    z.record(z.string(), JsonValue),
  ]),
);

/**
 * Type-specific endpoint properties, keyed by the names the endpoint tile declares. A property set to
 * null (an optional input left unset) is the same as no property: the server does not store it.
 */
export const EndpointProperties = z
  .record(z.string().min(1, "property names must not be empty"), JsonValue)
  .transform((bag) => Object.fromEntries(Object.entries(bag).filter(([, value]) => value !== null)));

/**
 * The endpoint's declared fields, fully known, with the defaults applied. Each field's text is its
 * `.describe()`, written once: `EndpointArgs` (../dynamic/endpoint.ts) takes its fields and their docs
 * from the generated `EndpointInputFields` (`npm run gen`), the plugin's schema from the same.
 */
const fields = {
  name: z
    .string()
    .min(1, "must not be empty")
    .describe("Name of the endpoint on the server, unique within its project. Default: the resource name."),
  type: z
    .string()
    .min(1, "must not be empty")
    .describe(
      "Endpoint type, as the server's tiles name it (`jenkins`, `git`, `k8s`, ...). Changing it replaces the endpoint.",
    ),
  project: z
    .string()
    .min(1, "must not be empty")
    .optional()
    .describe(
      "Name of the project the endpoint belongs to. Default: the server's (`Default Project`). Changing it replaces the endpoint.",
    ),
  description: z.string().default("").describe("Human-friendly description. Default: empty."),
  isRestricted: z
    .boolean()
    .default(false)
    .describe(
      "When true, only an administrator can create, update or delete the endpoint; a pipeline that consumes it fails at that task when a non-administrator runs it, and only an administrator can resume it. Default: false.",
    ),
  cloudProxyId: z
    .string()
    .min(1, "must not be empty")
    .optional()
    .describe(
      "Id of the cloud proxy through which the server reaches an on-premises endpoint. Default: the server's.",
    ),
  properties: EndpointProperties.default({}).describe(
    "Type-specific properties that are not secret (`url`, `username`, `fingerprint`, ...). A secret written here (a property the server's tile marks secret, or named as the product names secrets) is moved to `secretProperties` and stored encrypted, with a warning: declare it there instead.",
  ),
  secretProperties: EndpointProperties.default({}).describe(
    "Type-specific properties that are secrets (`password`, `token`, `privateKey`, ...). Stored encrypted in the state and never shown; sent to the server merged into `properties`. A secret changed on the server is not detected (the server masks secrets).",
  ),
  validate: z
    .boolean()
    .optional()
    .describe(
      "Whether preview asks the server to validate the endpoint (connect to it, check the certificate). Default: the provider's `validateEndpoints` setting, itself true by default.",
    ),
  adopt: z
    .boolean()
    .optional()
    .describe(
      "Take over an existing endpoint of the same project and name instead of failing: it is brought to the declared state and, from then on, managed (and destroyed) by this stack.",
    ),
};

/** The resource's inputs once every value is known (at create and update time). */
export const EndpointInputs = z.strictObject(fields);

/** An endpoint's inputs with every value known and defaults applied. */
export type EndpointInputs = z.output<typeof EndpointInputs>;

/**
 * The outputs that are secret whatever their value (the plugin's schema, the dynamic resource's
 * `additionalSecretOutputs` and the kind's own marks read this one list, through the registry).
 */
export const SECRET_OUTPUTS = ["secretProperties"] as const;

/** The names of the resource's inputs. */
export const INPUT_KEYS = Object.keys(fields) as (keyof EndpointInputs)[];

const unknownSentinel = z.literal(UNKNOWN);
const unknownOr = <T extends z.ZodType>(schema: T) => z.union([unknownSentinel, schema]);

/** Inputs as `check` and `diff` see them in preview: any value, at any depth, may be unknown. */
export const PreviewInputs = z.strictObject({
  name: unknownOr(fields.name),
  type: unknownOr(fields.type),
  project: unknownOr(fields.project),
  description: unknownOr(fields.description),
  isRestricted: unknownOr(fields.isRestricted),
  cloudProxyId: unknownOr(fields.cloudProxyId),
  // Property values are JSON, which already admits the sentinel string.
  properties: unknownOr(fields.properties),
  secretProperties: unknownOr(fields.secretProperties),
  validate: unknownOr(fields.validate),
  adopt: unknownOr(fields.adopt),
});

/** An endpoint's inputs as seen in preview, where any value may be the unknown sentinel. */
export type PreviewInputs = z.output<typeof PreviewInputs>;

/**
 * The resource's outputs as stored in state: the inputs, with the server's view of the API
 * fields, plus what the server computes. Parsed leniently: state written by an older release may
 * lack fields.
 */
export const EndpointState = z.looseObject({
  name: z.string().optional(),
  type: z.string().optional(),
  project: z.string().optional(),
  description: z.string().optional(),
  isRestricted: z.boolean().optional(),
  cloudProxyId: z.string().optional(),
  properties: z.record(z.string(), z.unknown()).optional(),
  secretProperties: z.record(z.string(), z.unknown()).optional(),
  validate: z.boolean().optional(),
  adopt: z.boolean().optional(),
  metadata: z.looseObject({}).optional(),
});

const endpointMetadataShape = {
  projectId: z.string().describe("Id of the project the endpoint belongs to."),
  createdAt: z.string().describe("When the endpoint was created, as the server writes it."),
  updatedAt: z.string().describe("When the endpoint was last updated, as the server writes it."),
  createdBy: z.string().describe("Who created the endpoint."),
  updatedBy: z.string().describe("Who last updated the endpoint."),
  link: z.string().describe("The endpoint's API path (`/pipeline/api/endpoints/<id>`)."),
  isRestricted: z
    .boolean()
    .optional()
    .describe(
      "Whether only administrators can change it (also the `isRestricted` output when it is declared).",
    ),
  cloudProxyId: z
    .string()
    .optional()
    .describe(
      "Cloud proxy id, when the server has one (also the `cloudProxyId` output when it is declared).",
    ),
  heldSecrets: z
    .array(z.string())
    .optional()
    .describe(
      "Names of the secret properties the server holds (masked) that are not declared: an update keeps them on the server.",
    ),
};

/**
 * What the server records about an endpoint, kept in the one `metadata` output (state written before
 * 0.2 has these as separate outputs, and `endpointId`; a refresh or update rewrites them). Declared once,
 * here: the provider plugin's schema and the public type are derived from it.
 */
export const EndpointMetadata: z.ZodObject<typeof endpointMetadataShape, z.core.$strip> = z
  .object(endpointMetadataShape)
  .meta({
    id: "EndpointMetadata",
    description:
      "What the server records about an endpoint: project id, creation and update times and users, API path.",
  });

/**
 * The outputs a current release writes for an endpoint (what the provider plugin's schema declares):
 * {@link EndpointState} read strictly, with `metadata` typed. test/unit/plugin holds the two to the
 * same keys.
 */
export const EndpointOutputs = z.strictObject({
  name: z.string().describe("Name of the endpoint."),
  type: z.string().describe("Endpoint type."),
  project: z.string().optional().describe("Name of the project the endpoint belongs to."),
  description: z.string().describe("Description."),
  isRestricted: z
    .boolean()
    .describe(
      "Whether only administrators can change it (the server's view; from `metadata` when not declared).",
    ),
  cloudProxyId: z
    .string()
    .optional()
    .describe("Cloud proxy id, when the server has one for it (from `metadata` when not declared)."),
  properties: z
    .record(z.string(), JsonValue)
    .describe("The declared non-secret properties, as the server has them."),
  secretProperties: z.record(z.string(), JsonValue).describe("The declared secret properties (secret)."),
  validate: z.boolean().optional().describe("The `validate` input, as declared."),
  adopt: z.boolean().optional().describe("The `adopt` input, as declared."),
  // Described by its type.
  metadata: EndpointMetadata,
});

/** What the server records about an endpoint (the `metadata` output; the public type). */
export type EndpointMetadata = Readonly<z.output<typeof EndpointMetadata>>;

/** The resource's outputs as stored in state. */
export type EndpointState = z.output<typeof EndpointState>;

/** The body of a create or update: the client's spec type, with the properties as JSON values. */
export type EndpointSpec = EndpointSpecInput & { description: string; properties: Record<string, JsonValue> };

/** The API spec for known inputs: the secret properties are merged into `properties` here only. */
export function toSpec(inputs: EndpointInputs): EndpointSpec {
  return {
    name: inputs.name,
    type: inputs.type,
    ...(inputs.project !== undefined ? { project: inputs.project } : {}),
    description: inputs.description,
    isRestricted: inputs.isRestricted,
    ...(inputs.cloudProxyId !== undefined ? { cloudProxyId: inputs.cloudProxyId } : {}),
    properties: { ...inputs.properties, ...inputs.secretProperties },
  };
}
