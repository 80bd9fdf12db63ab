import { TILE_CATALOG } from "./tile-catalog";

/** Metadata of one endpoint property, as tiles publish it. */
export interface PropertySpec {
  /** Value type as the product names it (`String`, `Integer`, `Boolean`). */
  type: "String" | "Integer" | "Boolean";
  /** Human-readable description. */
  description: string;
  /** Whether create, update and validation require it. */
  mandatory: boolean;
  /** Secret properties are masked as `*****` in every response (extra field: `secret: true`). */
  secret?: boolean;
  /** Allowed values, when the property is an enumeration. */
  values?: readonly string[];
}

/** Extra properties a value of another property requires (e.g. k8s `authType: token` needs `token`). */
export interface ConditionalRequirement {
  /** The deciding property. */
  property: string;
  /** The value that triggers the requirement. */
  equals: string;
  /** Properties then required. */
  require: readonly string[];
}

/** Where validation connects to, for types that have a server. */
export type ConnectTarget =
  | { kind: "url"; property: string }
  | { kind: "host-port"; host: string; port: string; tlsWhen: { property: string; equals: string } };

/** One endpoint type. */
export interface TileDefinition {
  /** Endpoint type (`type` of endpoints). */
  tileId: string;
  /** Display name. */
  displayName: string;
  /** Endpoint properties. */
  inputProperties: Readonly<Record<string, PropertySpec>>;
  /** Outputs a task using the endpoint publishes. */
  outputProperties: Readonly<Record<string, PropertySpec>>;
  /** Conditional requirements. */
  requires?: readonly ConditionalRequirement[];
  /** What validation connects to (none for agent). */
  connect?: ConnectTarget;
}

/** The mask secret properties carry in responses. */
export const SECRET_MASK = "*****";

const byId = new Map(TILE_CATALOG.map((t) => [t.tileId, t]));

/** All endpoint types, in catalogue order. */
export function allTiles(): readonly TileDefinition[] {
  return TILE_CATALOG;
}

/** The tile of an endpoint type. */
export function tileFor(type: string): TileDefinition | undefined {
  return byId.get(type);
}

/** The names of all endpoint types. */
export function tileIds(): string[] {
  return TILE_CATALOG.map((t) => t.tileId);
}

/**
 * Whether a value is a reference to a pipeline variable (`${var.NAME}`), the product's way of keeping
 * a secret out of the endpoint: it is stored as given and, holding no secret, never masked.
 */
export function isVariableReference(value: unknown): boolean {
  return typeof value === "string" && /^\$\{var\.[^}]+\}$/.test(value.trim());
}

/** Whether a property of a type is secret. */
export function isSecret(tile: TileDefinition | undefined, key: string): boolean {
  return tile?.inputProperties[key]?.secret === true;
}

function propertyView(spec: PropertySpec): Record<string, unknown> {
  const description = spec.values
    ? `${spec.description} One of: ${spec.values.join(", ")}.`
    : spec.description;
  return { type: spec.type, description, mandatory: spec.mandatory, ...(spec.secret && { secret: true }) };
}

function propertiesView(props: Readonly<Record<string, PropertySpec>>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(props).map(([k, v]) => [k, propertyView(v)]));
}

/** A tile as `GET /endpoint-tiles` answers it. */
export function tileView(tile: TileDefinition): Record<string, unknown> {
  return {
    tileId: tile.tileId,
    displayName: tile.displayName,
    inputProperties: propertiesView(tile.inputProperties),
    outputProperties: propertiesView(tile.outputProperties),
  };
}
