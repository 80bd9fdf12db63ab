/** Pipeline endpoints: the request spec, the stored endpoint, and the list envelope. */
import { z } from "zod";
import { JsonObject } from "./common";
import { AriaTimestamp } from "./timestamp";
import { readOwnerMark } from "../owner-mark";

/** The body of create and update (`EndpointSpec`, plus the top-level `cloudProxyId` real clients send). */
export const EndpointSpec = z.object({
  /** Name, unique within the project; used by the by-name paths. */
  name: z.string().min(1),
  /** Endpoint type (`jenkins`, `git`, `k8s`, ...): a tile id. */
  type: z.string().min(1),
  /** Type-specific properties. */
  properties: JsonObject,
  /** Description; the spec requires it, real clients omit it: sent as "" when missing. */
  description: z.string().default(""),
  /** When true, only an administrator can create, update or delete it. */
  isRestricted: z.boolean().optional(),
  /** Project name. */
  project: z.string().min(1).optional(),
  /** Cloud proxy to reach an on-premises server through. */
  cloudProxyId: z.string().optional(),
});
/** An endpoint spec as sent (description filled in). */
export type EndpointSpec = z.output<typeof EndpointSpec>;
/** An endpoint spec as written by callers (description optional). */
export type EndpointSpecInput = z.input<typeof EndpointSpec>;

/** The body of `POST /endpoint-validation`: a spec plus the id of an existing endpoint. */
export const EndpointValidationSpec = EndpointSpec.extend({
  /** Id of the endpoint, if it already exists. */
  id: z.string().min(1).optional(),
});
/** A validation spec as sent. */
export type EndpointValidationSpec = z.output<typeof EndpointValidationSpec>;
/** A validation spec as written by callers. */
export type EndpointValidationSpecInput = z.input<typeof EndpointValidationSpec>;

/** A stored endpoint's fields, as the server sends them. Unknown fields are kept. */
const StoredEndpoint = z.looseObject({
  /** Server-assigned id. */
  id: z.string(),
  /** Name. */
  name: z.string(),
  /** Endpoint type. */
  type: z.string(),
  /** Type-specific properties; secret ones come back masked. */
  properties: JsonObject.default({}),
  /** Description ("" when absent). */
  description: z
    .string()
    .nullish()
    .transform((value) => value ?? ""),
  /** Admin-only writes. */
  isRestricted: z.boolean().nullish(),
  /** Project name. */
  project: z.string().nullish(),
  /** Project id. */
  _projectId: z.string().nullish(),
  /** Cloud proxy id. */
  cloudProxyId: z.string().nullish(),
  /** Partial URL of this endpoint (`/pipeline/api/endpoints/<id>`). */
  _link: z.string().nullish(),
  /** Creation time, in one of the server's forms. */
  createdAt: AriaTimestamp.nullish(),
  /** Last update time, in one of the server's forms. */
  updatedAt: AriaTimestamp.nullish(),
  /** Creator. */
  createdBy: z.string().nullish(),
  /** Last updater. */
  updatedBy: z.string().nullish(),
  /** Creation time in microseconds. */
  _createTimeInMicros: z.number().nullish(),
  /** Update time in microseconds. */
  _updateTimeInMicros: z.number().nullish(),
  /** Always `ENDPOINT`. */
  kind: z.string().nullish(),
  /** Whether the endpoint is locked. */
  isLocked: z.boolean().nullish(),
  /** Version of the object. */
  version: z.string().nullish(),
  /** Validation errors stored with the endpoint. */
  validationOutput: z.unknown().optional(),
});

/**
 * A stored endpoint, as the server answers it. Unknown fields are kept. A create's owner mark is
 * taken out of `description` into `createdFor` (../owner-mark.ts): no reader above the client sees it.
 */
export const Endpoint = StoredEndpoint.transform((endpoint) => {
  const read = readOwnerMark(endpoint.description);
  // `createdFor`: the URN of the resource a Pulumi create made the endpoint for; not a server field.
  const createdFor: { createdFor?: string } =
    read.createdFor === undefined ? {} : { createdFor: read.createdFor };
  return { ...endpoint, description: read.description, ...createdFor };
});
/** A stored endpoint. */
export type Endpoint = z.infer<typeof Endpoint>;

/** `GET /endpoints`: `documents` keyed by `_link`, `links` giving the order. */
export const EndpointList = z.looseObject({
  /** Endpoints on this page. */
  count: z.number().nullish(),
  /** Endpoints across all pages. */
  totalCount: z.number().nullish(),
  /** `_link`s of the page's endpoints, in order. */
  links: z.array(z.string()).default([]),
  /** The endpoints, keyed by `_link`. */
  documents: z.record(z.string(), Endpoint).default({}),
});
/** The raw list envelope. */
export type EndpointList = z.infer<typeof EndpointList>;

/** One page of endpoints, in the server's order (what `listEndpoints` returns). */
export const EndpointPage = z.object({
  /** Endpoints on this page. */
  count: z.number(),
  /** Endpoints across all pages. */
  totalCount: z.number(),
  /** The endpoints, in the server's order. */
  items: z.array(Endpoint),
});
/** One page of endpoints, in order. */
export type EndpointPage = z.infer<typeof EndpointPage>;
