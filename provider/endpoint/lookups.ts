/**
 * Data functions for endpoints: plain async functions that run in the program process (dynamic
 * providers have no invokes), each with an `...Output` variant taking Inputs, as Pulumi's own
 * `getX`/`getXOutput` pairs do. They run in preview too. Credentials come from the stack's `vra:`
 * config or the environment, as for the resources.
 */
import * as pulumi from "@pulumi/pulumi";
import type { Endpoint as ApiEndpointType } from "../client";
import type { AriaClient } from "../client";
import { odataLiteral } from "./odata";
import { showsCredential } from "../core/secrets";
import { dataFunction, type DataFunctionBody } from "../common/data-functions";
import { withoutUndefined } from "../core/json";

export type { LookupInputs } from "../common/lookup-inputs";
export type { LookupOptions, LookupOutputOptions } from "../common/lookup-output";
import type { LookupInputs } from "../common/lookup-inputs";
import { LookupOptions, lookupOutput, LookupOutputOptions } from "../common/lookup-output";

/** An endpoint as the lookups return it. Secret properties come back as the server shows them (masked). */
export interface EndpointInfo {
  /** Id of the endpoint. */
  id: string;
  /** Name of the endpoint. */
  name: string;
  /** Endpoint type. */
  type: string;
  /** Name of its project. */
  project?: string;
  /** Id of its project. */
  projectId?: string;
  /** Description. */
  description: string;
  /** Whether only administrators can change it. */
  isRestricted: boolean;
  /** Cloud proxy id. */
  cloudProxyId?: string;
  /** Type-specific properties; secret ones masked by the server. */
  properties: Record<string, unknown>;
  /** Creation time, as the server writes it. */
  createdAt?: string;
  /** Last update time, as the server writes it. */
  updatedAt?: string;
  /** Creator. */
  createdBy?: string;
  /** Last updater. */
  updatedBy?: string;
  /** API path of the endpoint. */
  link?: string;
}

/** Which endpoint {@link getEndpoint} reads: by id, or by project and name. */
export type GetEndpointArgs =
  | {
      /** Id of the endpoint. */
      id: string;
    }
  | {
      /** Name of the endpoint's project. */
      project: string;
      /** Name of the endpoint. */
      name: string;
    };

/** Reads one endpoint, by id or by (project, name). */
export async function getEndpoint(args: GetEndpointArgs, opts?: LookupOptions): Promise<EndpointInfo> {
  return dataFunction("getEndpoint", args, opts, (client) =>
    ENDPOINT_DATA_FUNCTIONS.getEndpoint(client, args),
  );
}

async function readEndpoint(client: AriaClient, args: GetEndpointArgs): Promise<EndpointInfo> {
  if ("id" in args && args.id) return toInfo(await client.getEndpoint(args.id));
  const byName = args as { project?: string; name?: string };
  if (!byName.project || !byName.name) {
    throw new Error("getEndpoint needs either `id`, or both `project` and `name`.");
  }
  return toInfo(await client.getEndpointByName(byName.project, byName.name));
}

/**
 * {@link getEndpoint} taking Inputs; the result is secret when it shows any secret value in clear.
 * Looking up an endpoint the program declares itself (`{project: e.project, name: e.name}`) gives an
 * unknown result in a preview that will create or replace it, and reads it once it exists.
 */
export function getEndpointOutput(
  args: LookupInputs<GetEndpointArgs>,
  opts?: LookupOutputOptions,
): pulumi.Output<EndpointInfo> {
  return secretIfNeeded(
    lookupOutput(args, opts, (plain: GetEndpointArgs) => getEndpoint(plain)),
    (info) => [info],
  );
}

/** Which endpoints {@link getEndpoints} lists. */
export interface GetEndpointsArgs {
  /** OData-like filter, e.g. `startswith(name,'ci-')`; combined with `project` and `type` by `and`. */
  filter?: string;
  /** Sort, e.g. `name asc` (server default `name desc`). */
  orderBy?: string;
  /** Endpoints to skip. */
  skip?: number;
  /** Most endpoints to return. Without it (and without `page`), every page is read. */
  top?: number;
  /** Page number (with the server's page size, or `top`). */
  page?: number;
  /** Only endpoints of this project (by name). */
  project?: string;
  /** Only endpoints of this type. */
  type?: string;
}

/** The result of {@link getEndpoints}. */
export interface GetEndpointsResult {
  /** The endpoints, in the server's order. */
  endpoints: EndpointInfo[];
  /** Their ids, in the same order. */
  ids: string[];
  /** How many endpoints match across all pages, as the server counts them. */
  totalCount: number;
}

/** Lists endpoints; `project` and `type` become an OData filter (quotes escaped). */
export async function getEndpoints(
  args: GetEndpointsArgs = {},
  opts?: LookupOptions,
): Promise<GetEndpointsResult> {
  return dataFunction("getEndpoints", args, opts, (client) => listEndpoints(client, args));
}

async function listEndpoints(client: AriaClient, args: GetEndpointsArgs): Promise<GetEndpointsResult> {
  const filter = endpointFilter(args);
  if (args.top !== undefined || args.page !== undefined) {
    const page = await client.listEndpoints({
      filter,
      orderBy: args.orderBy,
      skip: args.skip,
      top: args.top,
      page: args.page,
    });
    const endpoints = page.items.map(toInfo);
    return { endpoints, ids: endpoints.map((e) => e.id), totalCount: page.totalCount };
  }
  const all = (await client.listAllEndpoints({ filter, orderBy: args.orderBy, skip: args.skip })).map(toInfo);
  return { endpoints: all, ids: all.map((e) => e.id), totalCount: all.length + (args.skip ?? 0) };
}

/** {@link getEndpoints} taking Inputs; the result is secret when it shows any secret value in clear. */
export function getEndpointsOutput(
  args: LookupInputs<GetEndpointsArgs> = {},
  opts?: LookupOutputOptions,
): pulumi.Output<GetEndpointsResult> {
  return secretIfNeeded(
    lookupOutput(args, opts, (plain: GetEndpointsArgs) => getEndpoints(plain)),
    (result) => result.endpoints,
  );
}

/** The `$filter` of a listing: the caller's filter, and equality on project and type. */
export function endpointFilter(
  args: Pick<GetEndpointsArgs, "filter" | "project" | "type">,
): string | undefined {
  const parts: string[] = [];
  if (args.filter !== undefined && args.filter.trim() !== "") parts.push(`(${args.filter})`);
  if (args.project !== undefined) parts.push(`project eq ${odataLiteral(args.project)}`);
  if (args.type !== undefined) parts.push(`type eq ${odataLiteral(args.type)}`);
  return parts.length > 0 ? parts.join(" and ") : undefined;
}

function toInfo(endpoint: ApiEndpointType): EndpointInfo {
  const defined = <T>(value: T | null | undefined): T | undefined => value ?? undefined;
  return withoutUndefined({
    id: endpoint.id,
    name: endpoint.name,
    type: endpoint.type,
    project: defined(endpoint.project),
    projectId: defined(endpoint._projectId),
    description: endpoint.description ?? "",
    isRestricted: endpoint.isRestricted === true,
    cloudProxyId: defined(endpoint.cloudProxyId),
    properties: endpoint.properties ?? {},
    createdAt: defined(endpoint.createdAt),
    updatedAt: defined(endpoint.updatedAt),
    createdBy: defined(endpoint.createdBy),
    updatedBy: defined(endpoint.updatedBy),
    link: defined(endpoint._link),
  }) as EndpointInfo;
}

/** True when an endpoint shows a secret-looking property in clear (not masked, not a `${var.x}` reference). */
export function showsSecret(endpoint: EndpointInfo): boolean {
  return Object.entries(endpoint.properties).some(([key, value]) => showsCredential(key, value));
}

function secretIfNeeded<T>(
  result: pulumi.Output<T>,
  endpointsOf: (value: T) => EndpointInfo[],
): pulumi.Output<T> {
  return result.apply((value) => {
    const plain = pulumi.output(value);
    return endpointsOf(value).some(showsSecret) ? pulumi.secret(plain) : plain;
  }) as pulumi.Output<T>;
}

/** The bodies of the endpoint data functions, for the provider core's registry. */
export const ENDPOINT_DATA_FUNCTIONS: {
  readonly getEndpoint: DataFunctionBody<GetEndpointArgs, EndpointInfo>;
  readonly getEndpoints: DataFunctionBody<GetEndpointsArgs, GetEndpointsResult>;
} = {
  getEndpoint: readEndpoint,
  getEndpoints: (client, args) => listEndpoints(client, args ?? {}),
};
