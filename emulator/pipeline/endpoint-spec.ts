import { z } from "zod";
import { badRequest } from "../core/http-error";
import type { PropertyValue } from "./endpoint-store";
import { isSecret, SECRET_MASK, tileFor, tileIds, type TileDefinition } from "./tiles";

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

/** A string field: `Field 'x' is required` when absent or null (when required), else its type. */
function stringField(field: string, required: true): z.ZodType<string>;
function stringField(field: string, required: false): z.ZodType<string | undefined>;
function stringField(field: string, required: boolean): z.ZodType<string | undefined> {
  const text = z.string({
    error: (issue) =>
      issue.input === undefined || issue.input === null
        ? `Field '${field}' is required`
        : `Field '${field}' must be a string`,
  });
  return required
    ? text.refine((value) => value.trim() !== "", `Field '${field}' must not be empty`)
    : text.nullish().transform((value) => value ?? undefined);
}

/** The body's structure. Unknown top-level fields (response fields sent back) are ignored. */
const EndpointBody = z.looseObject({
  name: stringField("name", true),
  type: stringField("type", true),
  properties: z
    .record(z.string(), z.union([z.string(), z.number(), z.boolean()]).nullish(), {
      error: (issue) =>
        issue.input === undefined || issue.input === null
          ? "Field 'properties' is required"
          : "Field 'properties' must be an object",
    })
    .transform(
      (bag) =>
        Object.fromEntries(
          Object.entries(bag).filter(([, value]) => value !== null && value !== undefined),
        ) as Record<string, PropertyValue>,
    ),
  isRestricted: z.boolean({ error: "Field 'isRestricted' must be a boolean" }).nullish(),
  project: stringField("project", false),
  cloudProxyId: stringField("cloudProxyId", false),
  description: stringField("description", false),
  id: stringField("id", false),
});

/** The message of the first problem: a bad property value is named by its key. */
function messageOf(issue: z.core.$ZodIssue): string {
  const [field, key] = issue.path;
  if (field === "properties" && key !== undefined) {
    return `Property '${String(key)}' must be a string, number or boolean`;
  }
  return issue.message;
}

/**
 * Checks the structure of an endpoint body: `name`, `type` and `properties` are required,
 * `description` defaults to "", `isRestricted` to false; unknown types answer 400 listing the
 * valid ones. Unknown top-level fields (e.g. response fields sent back) are ignored; `id` is read
 * only where `allowId` says (validation bodies).
 */
export function parseEndpointSpec(body: unknown, options: { allowId?: boolean } = {}): EndpointSpecInput {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw badRequest("Request body must be a JSON object holding the endpoint specification");
  }
  const schema = options.allowId ? EndpointBody : EndpointBody.omit({ id: true });
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw badRequest(messageOf(parsed.error.issues[0]));
  const { name, type, properties, project, cloudProxyId, description } = parsed.data;
  const id = options.allowId ? (parsed.data as { id?: string }).id : undefined;
  if (!tileFor(type))
    throw badRequest(`Unknown endpoint type '${type}'. Valid types: ${tileIds().join(", ")}`);
  return {
    name,
    type,
    description: description ?? "",
    isRestricted: parsed.data.isRestricted ?? false,
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
    if (value !== SECRET_MASK || !isSecret(tile, key)) continue;
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
