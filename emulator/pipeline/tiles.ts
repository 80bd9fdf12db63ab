import { isSecretProperty } from "./secrets";
import { TILE_CATALOG } from "./tile-catalog";
import type { PropertySpec, TileDefinition } from "./tile-types";

export type { ConditionalRequirement, ConnectTarget, PropertySpec, TileDefinition } from "./tile-types";

/** The mask secret properties carry in responses. */
export { SECRET_MASK } from "./secrets";

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

/** Whether a property of a type is secret. */
export function isSecret(tile: TileDefinition | undefined, key: string): boolean {
  return isSecretProperty(tile?.inputProperties[key]);
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
