import type { ApiTile, ApiTiles } from "./api";

/*
 * The server's catalogue of endpoint types ("tiles"), fetched once per process: `check` runs for
 * every endpoint of every preview and must not ask the server each time. A failed fetch is not
 * remembered, so the next `check` tries again.
 */

/** What is known about one endpoint type. */
export interface TileLookup {
  /** The tile of the type, when the server knows the type. */
  readonly tile?: ApiTile;
  /** Every type the server knows, sorted, for the message of an unknown type. */
  readonly validTypes: readonly string[];
}

/** A once-per-process cache of the server's endpoint tiles. */
export class TileCatalogue {
  private pending?: Promise<Map<string, ApiTile>>;

  /** @param fetchTiles fetches every tile (the client's `getEndpointTiles`). */
  constructor(private readonly fetchTiles: () => Promise<ApiTiles>) {}

  /** The tile of an endpoint type, fetching the catalogue on first use. */
  async lookup(type: string): Promise<TileLookup> {
    const tiles = await this.load();
    return { tile: tiles.get(type), validTypes: [...tiles.keys()].sort() };
  }

  private load(): Promise<Map<string, ApiTile>> {
    if (!this.pending) {
      this.pending = this.fetchTiles().then(
        (answer) => new Map(answer.tiles.map((tile) => [tile.tileId, tile] as const)),
        (error: unknown) => {
          this.pending = undefined;
          throw error;
        },
      );
    }
    return this.pending;
  }
}
