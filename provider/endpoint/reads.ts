import type { ApiEndpoint, EndpointApi } from "./api";
import { odataLiteral } from "./odata";
import { collectPages } from "../client/paging";
import type { Clock } from "../core/clock";

/*
 * Reads of endpoints by id, for `read` (`pulumi refresh`, `pulumi up --refresh`). A refresh reads every
 * endpoint of the stack, one engine call each: hundreds of round trips for a large stack, each paying
 * the HTTP client's and the server's per-request work (and, against a remote server, its latency).
 *
 * So once the process has read `readsBeforeListing` endpoints of one project, it lists that project
 * (`GET /endpoints?$filter=project eq '…'`, pages of `pageSize`) and answers that project's next
 * reads from the listing: the same Endpoint documents GET answers, taken a moment earlier in the
 * same run. Small stacks never list (fewer reads than the threshold). A listing is only taken while
 * its pages cost no more requests than the reads already seen, so a small stack in a large project
 * keeps its one GET per endpoint. Anything a listing does not answer (an endpoint created after it,
 * moved to another project, deleted, or a listing that failed or is older than `maxAgeMs`) is read
 * with its own GET, whose 404 is what tells the provider the endpoint is gone. Each write of the
 * process forgets every listing, so no read answers from a listing older than a write.
 */

/** The client operations reads use. */
export type EndpointReadApi = Pick<EndpointApi, "getEndpoint" | "listEndpoints">;

/** Tuning, for tests; the defaults suit the engine's refresh. */
export interface EndpointReadsOptions {
  /** Reads of one project answered by GET before the project is listed (default 10). */
  readonly readsBeforeListing?: number;
  /** How long a listing answers reads, from when it was asked for (default 10 s). */
  readonly maxAgeMs?: number;
  /** Endpoints per listing page (default 100). */
  readonly pageSize?: number;
}

/** What is known of one project's reads in this process. */
interface ProjectReads {
  /** Reads of the project so far. */
  reads: number;
  /** Reads after which the project is listed. */
  listAfter: number;
  /** The listing asked for, by id; resolves to undefined when it failed or was not worth it. */
  listing?: Promise<Map<string, ApiEndpoint> | undefined>;
  /** When the listing was asked for. */
  listedAt?: number;
}

/** Reads endpoints by id, from a listing of their project when many are read (see above). */
export class EndpointReads {
  private readonly projects = new Map<string, ProjectReads>();
  private readonly readsBeforeListing: number;
  private readonly maxAgeMs: number;
  private readonly pageSize: number;

  /**
   * @param api the client (called on each use, as the provider's client is set by `configure`).
   * @param clock what the age of a listing is measured on.
   */
  constructor(
    private readonly api: () => EndpointReadApi,
    private readonly clock: Pick<Clock, "now">,
    options: EndpointReadsOptions = {},
  ) {
    this.readsBeforeListing = options.readsBeforeListing ?? 10;
    this.maxAgeMs = options.maxAgeMs ?? 10_000;
    this.pageSize = options.pageSize ?? 100;
  }

  /**
   * The endpoint with this id as the server has it; `project` is the project it was last seen in
   * (none: a plain GET). Fails as GET does (a 404 when the endpoint is gone).
   */
  async read(id: string, project: string | undefined): Promise<ApiEndpoint> {
    const listing = project ? await this.listingFor(project) : undefined;
    const listed = listing?.get(id);
    if (listed) {
      // Each document answers one read: reading the same endpoint again asks the server.
      listing?.delete(id);
      return listed;
    }
    return this.api().getEndpoint(id);
  }

  /** Forgets every listing: the provider calls it before each write. */
  forget(): void {
    this.projects.clear();
  }

  private listingFor(project: string): ProjectReads["listing"] {
    const now = this.clock.now();
    let entry = this.projects.get(project);
    if (entry?.listedAt !== undefined && now - entry.listedAt > this.maxAgeMs) entry = undefined;
    if (!entry) {
      entry = { reads: 0, listAfter: this.readsBeforeListing };
      this.projects.set(project, entry);
    }
    entry.reads += 1;
    if (!entry.listing && entry.reads > entry.listAfter) {
      entry.listedAt = now;
      entry.listing = this.list(project, entry);
    }
    return entry.listing;
  }

  /** Lists the project, unless its pages would cost more requests than the reads seen so far. */
  private async list(project: string, entry: ProjectReads): Promise<Map<string, ApiEndpoint> | undefined> {
    const api = this.api();
    const filter = `project eq ${odataLiteral(project)}`;
    const byId = new Map<string, ApiEndpoint>();
    const add = (items: readonly ApiEndpoint[]) => {
      // The filter should keep other projects out; a server that ignored it must not answer for them.
      for (const item of items) if (item.project === project) byId.set(item.id, item);
    };
    try {
      const first = await api.listEndpoints({ filter, skip: 0, top: this.pageSize });
      add(first.items);
      const total = first.totalCount ?? first.items.length;
      const pages = Math.ceil(total / this.pageSize);
      if (pages > entry.reads) {
        // A large project read a little: GETs are cheaper. Look again once as many reads as pages came.
        if (this.projects.get(project) === entry) {
          entry.listing = undefined;
          entry.listedAt = undefined;
          entry.listAfter = pages;
        }
        return byId;
      }
      if (first.items.length > 0 && first.items.length < total) {
        const rest = await collectPages(
          async (skip, top) => {
            const page = await api.listEndpoints({ filter, skip, top });
            return { items: page.items, total: page.totalCount };
          },
          { skip: first.items.length, pageSize: this.pageSize },
        );
        add(rest);
      }
      return byId;
    } catch {
      // Reads go on with GETs, which report whatever is wrong with the server for each endpoint.
      return undefined;
    }
  }
}
