/**
 * Data functions for endpoints, declared once each: the program's `getX`/`getXOutput` pairs are
 * generated from these declarations (../dynamic/generated/data-functions.ts), the plugin serves them
 * by token. In a program they run in the program process (dynamic providers have no invokes), in
 * preview too; credentials come from the stack's `vra:` config or the environment, as for the
 * resources.
 */
import type { Endpoint as ApiEndpointType } from "../client";
import type { AriaClient } from "../client";
import { AriaApiError, isAriaApiError } from "../client";
import { odataLiteral } from "./odata";
import { defineDataFunction } from "../common/data-function";
import { withoutUndefined } from "../core/json";
import {
  EndpointInfo,
  GetEndpointArgs as GetEndpointArgsSchema,
  GetEndpointsArgs,
  GetEndpointsResult,
} from "./lookup-schemas";

export type { LookupInputs } from "../common/lookup-inputs";
export type { LookupOptions, LookupOutputOptions } from "../common/lookup-output";

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

/** `getEndpoint`, declared for the composition root: its token, arguments, result and body. */
export const getEndpointFunction = defineDataFunction({
  name: "getEndpoint",
  description: "Reads one endpoint, by id or by project and name.",
  args: GetEndpointArgsSchema,
  result: EndpointInfo,
  body: readEndpoint,
  program: {
    argsType: "GetEndpointArgs",
    argsOptional: false,
    resultType: "EndpointInfo",
    outputNote:
      "Looking up an endpoint the program declares itself (`{project: e.project, name: e.name}`) gives an unknown result in a preview that will create or replace it, and reads it once it exists.",
  },
});

async function readEndpoint(client: AriaClient, args: GetEndpointArgs): Promise<EndpointInfo> {
  if ("id" in args && args.id) return toInfo(await client.getEndpoint(args.id));
  const byName = args as { project?: string; name?: string };
  if (!byName.project || !byName.name) {
    throw new Error("getEndpoint needs either `id`, or both `project` and `name`.");
  }
  try {
    return toInfo(await client.getEndpointByName(byName.project, byName.name));
  } catch (error) {
    if (isAriaApiError(error, "NotFound")) {
      // Same class, code and details: only the message gains what to do.
      const Class = error.constructor as new (message: string, details: AriaApiError) => AriaApiError;
      throw new Class(`${error.message} ${DECLARED_HERE_HINT}`, error);
    }
    throw error;
  }
}

/**
 * Why a lookup by name of an endpoint the program itself declares can fail: a Pulumi YAML program's
 * `fn::invoke` (and a plain `getEndpoint` call) runs as soon as its arguments are known, and the name
 * is known in the first preview, before the endpoint exists. Its `id` is not known until the endpoint
 * is created, so a lookup by id waits. The Go SDK under the YAML host sends a plain invoke, which
 * ignores `options: dependsOn` (only output-form invokes honour it).
 */
const DECLARED_HERE_HINT =
  "If this program declares the endpoint itself, look it up by its id instead (Pulumi YAML: " +
  "`id: ${<resource>.id}`; TypeScript, Python: getEndpointOutput): a lookup by name runs as soon " +
  "as the name is known, before the endpoint is created.";

/** `getEndpoints`, declared for the composition root. */
export const getEndpointsFunction = defineDataFunction({
  name: "getEndpoints",
  description: "Lists endpoints; `project` and `type` become an OData filter (quotes escaped).",
  args: GetEndpointsArgs,
  result: GetEndpointsResult,
  body: (client, args: GetEndpointsArgs) => listEndpoints(client, args ?? {}),
});

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
