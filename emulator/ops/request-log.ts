/** One served request, as `GET /__emulator/requests` lists it. */
export interface RequestLogEntry {
  /** HTTP method. */
  method: string;
  /** Path as received, without the query string. */
  path: string;
  /** Raw query string without `?` ("" when none). */
  query: string;
  /** `<METHOD> <route template>`, e.g. `GET /pipeline/api/endpoints/{id}`. */
  route: string;
  /** Status answered; 0 when a `cut` fault closed the socket without answering. */
  status: number;
  /** Time from arrival to answer, in milliseconds. */
  durationMs: number;
  /** The injected fault that shaped this answer, if any. */
  fault?: "status" | "delay" | "cut";
}

/** A request as it arrives, before anything is done with it. */
export interface ArrivedRequest {
  /** HTTP method. */
  method: string;
  /** Path as received, without the query string. */
  path: string;
}

/** The body of `GET /__emulator/requests`. */
export interface RequestLogSnapshot {
  /** Requests served since the last reset of the log. */
  total: number;
  /** Requests per `<METHOD> <route template>`. */
  counts: Record<string, number>;
  /** Sum of `durationMs` over all requests counted in `total` (also those trimmed from `entries`). */
  totalDurationMs: number;
  /** The most recent entries (at most 50,000), oldest first. */
  entries: RequestLogEntry[];
}

/** Counts and remembers API requests (never the operations surface itself). */
export class RequestLog {
  private total = 0;
  private totalDurationMs = 0;
  private counts = new Map<string, number>();
  private entries: RequestLogEntry[] = [];
  private readonly waiters = new Set<{
    match: (e: RequestLogEntry) => boolean;
    left: number;
    done: () => void;
  }>();

  private readonly arrivals = new Set<{
    match: (request: ArrivedRequest) => boolean;
    left: number;
    done: () => void;
  }>();

  constructor(private readonly capacity = 50_000) {}

  /** Resolves once `count` requests that `match` have arrived from now on (see {@link arrive}). */
  arrived(match: (request: ArrivedRequest) => boolean, count = 1): Promise<void> {
    if (count <= 0) return Promise.resolve();
    return new Promise((done) => this.arrivals.add({ match, left: count, done }));
  }

  /** Notes one API request's arrival (it is recorded once answered). */
  arrive(request: ArrivedRequest): void {
    for (const waiter of this.arrivals) {
      if (!waiter.match(request) || --waiter.left > 0) continue;
      this.arrivals.delete(waiter);
      waiter.done();
    }
  }

  /**
   * Resolves once `count` requests that `match` have been served from now on (recorded, whatever the
   * log's later clears): an event to wait on instead of polling on real time.
   */
  served(match: (entry: RequestLogEntry) => boolean, count = 1): Promise<void> {
    if (count <= 0) return Promise.resolve();
    return new Promise((done) => this.waiters.add({ match, left: count, done }));
  }

  /** Records one served request. */
  record(entry: RequestLogEntry): void {
    for (const waiter of this.waiters) {
      if (!waiter.match(entry) || --waiter.left > 0) continue;
      this.waiters.delete(waiter);
      waiter.done();
    }
    this.total += 1;
    this.totalDurationMs += entry.durationMs;
    this.counts.set(entry.route, (this.counts.get(entry.route) ?? 0) + 1);
    this.entries.push(entry);
    // Trim in chunks so recording stays O(1) amortised.
    if (this.entries.length > this.capacity * 1.25) this.entries = this.entries.slice(-this.capacity);
  }

  /** The log as the operations surface answers it. */
  snapshot(): RequestLogSnapshot {
    return {
      total: this.total,
      totalDurationMs: Math.round(this.totalDurationMs * 100) / 100,
      counts: Object.fromEntries(this.counts),
      entries: this.entries.slice(-this.capacity),
    };
  }

  /** Forgets everything. */
  clear(): void {
    this.total = 0;
    this.totalDurationMs = 0;
    this.counts = new Map();
    this.entries = [];
  }
}
