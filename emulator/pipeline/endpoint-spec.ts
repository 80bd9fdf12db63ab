import { badRequest } from "../core/http-error";
import type { PropertyValue } from "./endpoint-store";
import { SECRET_MASK, tileFor, tileIds, type TileDefinition } from "./tiles";

/** A create, update or validation body after structural checks. */
export interface EndpointSpecInput {
  name: string;
  type: string;
  description: string;
  isRestricted: boolean;
  /** Project name; `undefined` when the body names none. */
  project?: string;
  properties: Record<string, PropertyValue>;
  cloudProxyId?: string;
  /** Only in validation bodies: id of an existing endpoint. */
  id?: string;
}

type Body = Record<string, unknown>;

function optionalString(body: Body, field: string): string | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "string") throw badRequest(`Field '${field}' must be a string`);
  return value;
}

function requiredString(body: Body, field: string): string {
  const value = optionalString(body, field);
  if (value === undefined) throw badRequest(`Field '${field}' is required`);
  if (value.trim() === "") throw badRequest(`Field '${field}' must not be empty`);
  return value;
}

function parseProperties(body: Body): Record<string, PropertyValue> {
  const raw = body.properties;
  if (raw === undefined || raw === null) throw badRequest("Field 'properties' is required");
  if (typeof raw !== "object" || Array.isArray(raw)) throw badRequest("Field 'properties' must be an object");
  const properties: Record<string, PropertyValue> = {};
  for (const [key, value] of Object.entries(raw as Body)) {
    if (value === null || value === undefined) continue;
    if (typeof value !== "string" && typeof value !== "number" && typeof value !== "boolean") {
      throw badRequest(`Property '${key}' must be a string, number or boolean`);
    }
    properties[key] = value;
  }
  return properties;
}

/**
 * Checks the structure of an endpoint body: `name`, `type` and `properties` are required,
 * `description` defaults to "", `isRestricted` to false; unknown types answer 400 listing the
 * valid ones. Unknown top-level fields (e.g. response fields sent back) are ignored.
 */
export function parseEndpointSpec(body: unknown, options: { allowId?: boolean } = {}): EndpointSpecInput {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw badRequest("Request body must be a JSON object holding the endpoint specification");
  }
  const b = body as Body;
  const name = requiredString(b, "name");
  const type = requiredString(b, "type");
  if (!tileFor(type))
    throw badRequest(`Unknown endpoint type '${type}'. Valid types: ${tileIds().join(", ")}`);
  const properties = parseProperties(b);
  const isRestricted = b.isRestricted ?? false;
  if (typeof isRestricted !== "boolean") throw badRequest("Field 'isRestricted' must be a boolean");
  const project = optionalString(b, "project");
  const cloudProxyId = optionalString(b, "cloudProxyId");
  const id = options.allowId ? optionalString(b, "id") : undefined;
  return {
    name,
    type,
    description: optionalString(b, "description") ?? "",
    isRestricted,
    ...(project !== undefined && project !== "" && { project }),
    properties,
    ...(cloudProxyId !== undefined && { cloudProxyId }),
    ...(id !== undefined && id !== "" && { id }),
  };
}

/**
 * Replaces masked secrets (`*****`) with the stored values, so a PUT (or validation of an
 * existing endpoint) carrying the mask keeps the secret. Answers a problem when there is no
 * stored value to keep.
 */
export function unmaskSecrets(
  tile: TileDefinition,
  incoming: Record<string, PropertyValue>,
  stored: Record<string, PropertyValue> | undefined,
): { properties: Record<string, PropertyValue>; problem?: string } {
  const properties = { ...incoming };
  for (const [key, value] of Object.entries(incoming)) {
    if (value !== SECRET_MASK || tile.inputProperties[key]?.secret !== true) continue;
    const previous = stored?.[key];
    if (previous === undefined) {
      return {
        properties,
        problem: `Property '${key}' holds the mask '${SECRET_MASK}' but there is no stored value to keep; send the secret itself`,
      };
    }
    properties[key] = previous;
  }
  return { properties };
}

const isBlank = (value: PropertyValue | undefined): boolean => value === undefined || value === "";

/** Checks properties against the tile; answers the first problem, naming the properties. */
export function propertyProblem(
  tile: TileDefinition,
  properties: Record<string, PropertyValue>,
): string | undefined {
  const known = tile.inputProperties;
  const unknown = Object.keys(properties).filter((k) => !(k in known));
  if (unknown.length > 0) {
    return (
      `Unknown properties for endpoint type '${tile.tileId}': ${unknown.join(", ")}. ` +
      `Valid properties: ${Object.keys(known).join(", ")}`
    );
  }
  for (const [key, spec] of Object.entries(known)) {
    const value = properties[key];
    if (isBlank(value)) continue;
    if (spec.values && !spec.values.includes(String(value))) {
      return `Property '${key}' of endpoint type '${tile.tileId}' must be one of: ${spec.values.join(", ")}`;
    }
    if (spec.type === "Integer" && !/^-?\d+$/.test(String(value))) {
      return `Property '${key}' of endpoint type '${tile.tileId}' must be an integer`;
    }
  }
  const missing = Object.entries(known)
    .filter(([key, spec]) => spec.mandatory && isBlank(properties[key]))
    .map(([key]) => key);
  for (const rule of tile.requires ?? []) {
    if (String(properties[rule.property]) !== rule.equals) continue;
    for (const key of rule.require) if (isBlank(properties[key]) && !missing.includes(key)) missing.push(key);
  }
  if (missing.length > 0) {
    return `Missing mandatory properties for endpoint type '${tile.tileId}': ${missing.join(", ")}`;
  }
  return undefined;
}
