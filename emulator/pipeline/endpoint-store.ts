/** A property value of an endpoint. */
export type PropertyValue = string | number | boolean;

/** An endpoint as the emulator stores it (secrets in clear; masking happens in the view). */
export interface StoredEndpoint {
  id: string;
  name: string;
  /** Project name. */
  project: string;
  /** Project uuid. */
  projectId: string;
  type: string;
  description: string;
  isRestricted: boolean;
  properties: Record<string, PropertyValue>;
  cloudProxyId?: string;
  createdMicros: number;
  updatedMicros: number;
  createdBy: string;
  updatedBy: string;
}

/** Equality constraints a filter implies, used to narrow candidates through the indexes. */
export interface IndexConstraints {
  id?: string;
  name?: string;
  project?: string;
}

const key = (project: string, name: string): string => `${project}\u0000${name}`;

function addTo(index: Map<string, Set<string>>, k: string, id: string): void {
  const set = index.get(k);
  if (set) set.add(id);
  else index.set(k, new Set([id]));
}

function removeFrom(index: Map<string, Set<string>>, k: string, id: string): void {
  const set = index.get(k);
  if (!set) return;
  set.delete(id);
  if (set.size === 0) index.delete(k);
}

/**
 * Endpoints indexed by id, by (project, name), by project and by name, so lookups and the
 * common filters stay O(1) at 10,000 endpoints. Sorted views are cached until the next write.
 */
export class EndpointStore {
  private readonly byId = new Map<string, StoredEndpoint>();
  private readonly byKey = new Map<string, string>();
  private readonly byProject = new Map<string, Set<string>>();
  private readonly byName = new Map<string, Set<string>>();
  private sortedCache = new Map<string, StoredEndpoint[]>();

  constructor(private readonly onChange: () => void = () => undefined) {}

  /** Number of endpoints. */
  get size(): number {
    return this.byId.size;
  }

  /** The endpoint with this id. */
  get(id: string): StoredEndpoint | undefined {
    return this.byId.get(id);
  }

  /** The endpoint with this name in this project. */
  findByName(project: string, name: string): StoredEndpoint | undefined {
    const id = this.byKey.get(key(project, name));
    return id === undefined ? undefined : this.byId.get(id);
  }

  /** Adds or replaces an endpoint (by id), keeping every index right. */
  put(endpoint: StoredEndpoint): void {
    this.unindex(endpoint.id);
    this.byId.set(endpoint.id, endpoint);
    this.byKey.set(key(endpoint.project, endpoint.name), endpoint.id);
    addTo(this.byProject, endpoint.project, endpoint.id);
    addTo(this.byName, endpoint.name, endpoint.id);
    this.changed();
  }

  /** Removes an endpoint; answers it. */
  remove(id: string): StoredEndpoint | undefined {
    const existing = this.unindex(id);
    if (existing) this.changed();
    return existing;
  }

  /** Removes everything. */
  clear(): void {
    this.byId.clear();
    this.byKey.clear();
    this.byProject.clear();
    this.byName.clear();
    this.changed();
  }

  /** All endpoints, in insertion order. */
  all(): StoredEndpoint[] {
    return [...this.byId.values()];
  }

  /**
   * The smallest set of endpoints that can satisfy the constraints, or `undefined` when the
   * constraints do not narrow anything (then every endpoint is a candidate).
   */
  candidates(c: IndexConstraints): StoredEndpoint[] | undefined {
    if (c.id !== undefined) {
      const e = this.byId.get(c.id);
      return e ? [e] : [];
    }
    if (c.project !== undefined && c.name !== undefined) {
      const e = this.findByName(c.project, c.name);
      return e ? [e] : [];
    }
    const ids =
      c.name !== undefined
        ? this.byName.get(c.name)
        : c.project !== undefined
          ? this.byProject.get(c.project)
          : undefined;
    if (c.name === undefined && c.project === undefined) return undefined;
    return [...(ids ?? [])].map((id) => this.byId.get(id) as StoredEndpoint);
  }

  /** All endpoints sorted by a comparator, cached under `cacheKey` until the next write. */
  sorted(
    cacheKey: string,
    compare: (a: StoredEndpoint, b: StoredEndpoint) => number,
  ): readonly StoredEndpoint[] {
    let sorted = this.sortedCache.get(cacheKey);
    if (!sorted) {
      if (this.sortedCache.size >= 16) this.sortedCache = new Map();
      sorted = this.all().sort(compare);
      this.sortedCache.set(cacheKey, sorted);
    }
    return sorted;
  }

  private unindex(id: string): StoredEndpoint | undefined {
    const existing = this.byId.get(id);
    if (!existing) return undefined;
    this.byId.delete(id);
    this.byKey.delete(key(existing.project, existing.name));
    removeFrom(this.byProject, existing.project, id);
    removeFrom(this.byName, existing.name, id);
    return existing;
  }

  private changed(): void {
    if (this.sortedCache.size > 0) this.sortedCache = new Map();
    this.onChange();
  }
}
