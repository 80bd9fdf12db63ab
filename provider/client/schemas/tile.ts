/** Endpoint tiles: the catalogue of endpoint types and their properties. */
import { z } from "zod";
import type * as generated from "./generated";

/** One input or output property of a tile. */
export const TileProperty = z
  .looseObject({
    type: z.string().describe("Value type (`String`, `Boolean`, ...)."),
    description: z.string().nullish().describe("Human description."),
    mandatory: z.boolean().nullish().describe("Whether the property is required."),
    secret: z.boolean().nullish().describe("Whether the value is a secret (masked by the server)."),
  })
  .meta({ id: "TileProperty", description: "One input or output property of an endpoint type (tile)." });
/** One property of a tile. */
export type TileProperty = generated.TileProperty;

/** An endpoint type and its properties. */
export const Tile = z
  .looseObject({
    tileId: z.string().describe("Type id (`jenkins`, `k8s`, ...)."),
    displayName: z.string().nullish().describe("Display name."),
    inputProperties: z
      .record(z.string(), TileProperty)
      .default({})
      .describe("Properties an endpoint of this type takes."),
    outputProperties: z.record(z.string(), TileProperty).default({}).describe("Properties it produces."),
  })
  .meta({ id: "Tile", description: "An endpoint type (tile) and its properties." });
/** An endpoint type and its properties. */
export type Tile = generated.Tile;

/** `GET /endpoint-tiles`. */
export const Tiles = z.looseObject({
  tiles: z.array(Tile).default([]).describe("Every endpoint type the server supports."),
});
/** Every endpoint type. */
export type Tiles = z.infer<typeof Tiles>;
