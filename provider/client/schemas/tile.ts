/** Endpoint tiles: the catalogue of endpoint types and their properties. */
import { z } from "zod";

/** One input or output property of a tile. */
export const TileProperty = z.looseObject({
  /** Value type (`String`, `Boolean`, ...). */
  type: z.string(),
  /** Human description. */
  description: z.string().nullish(),
  /** Whether the property is required. */
  mandatory: z.boolean().nullish(),
  /** Whether the value is a secret (masked by the server). */
  secret: z.boolean().nullish(),
});
/** One property of a tile. */
export type TileProperty = z.infer<typeof TileProperty>;

/** An endpoint type and its properties. */
export const Tile = z.looseObject({
  /** Type id (`jenkins`, `k8s`, ...). */
  tileId: z.string(),
  /** Display name. */
  displayName: z.string().nullish(),
  /** Properties an endpoint of this type takes. */
  inputProperties: z.record(z.string(), TileProperty).default({}),
  /** Properties it produces. */
  outputProperties: z.record(z.string(), TileProperty).default({}),
});
/** An endpoint type and its properties. */
export type Tile = z.infer<typeof Tile>;

/** `GET /endpoint-tiles`. */
export const Tiles = z.looseObject({ tiles: z.array(Tile).default([]) });
/** Every endpoint type. */
export type Tiles = z.infer<typeof Tiles>;
