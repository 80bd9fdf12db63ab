import { badRequest, conflict, notFound } from "../core/http-error";
import { stableId } from "../core/ids";

/** A project the emulator knows. Endpoints name it (`project`); deployment resources carry its id. */
export interface Project {
  /** Uuid (what `_projectId` and the deployment API's `projectId` carry). */
  id: string;
  /** Name (what an endpoint's `project` carries), unique. */
  name: string;
  /** Description. */
  description: string;
}

/** A project to seed at start: a name, and optionally its id and description. */
export interface ProjectSeed {
  /** Name, unique among the emulator's projects. */
  name: string;
  /** Uuid; default: derived from the name, so it is the same on every start. */
  id?: string;
  /** Description; default empty. */
  description?: string;
}

/** The projects every emulator starts with (same ids on every start). */
export const PROJECTS: readonly Project[] = [
  { id: "2e1f5c3a-7b64-4d8e-9a10-5c3d7e8f9a01", name: "Default Project", description: "Default project" },
  { id: "7c9d2b4e-1a3f-4e6b-8c5d-2f4a6b8c0d02", name: "Platform", description: "Platform engineering" },
  { id: "b4a6c8e0-3d5f-4a7b-9e1c-6d8f0a2b4c03", name: "Payments", description: "Payments team" },
];

/** The project an endpoint or a resource lands in when the request names none. */
export const DEFAULT_PROJECT_NAME = "Default Project";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The id a seeded project without one gets: stable, derived from its name. */
export function seededProjectId(name: string): string {
  return stableId(`project:${name}`);
}

/**
 * The projects of a start: the defaults, then the seeds (a seed naming a default project replaces
 * its description and id). Throws naming the problem: a seed without a name, a bad or repeated id,
 * a repeated name.
 */
export function seedProjects(seeds: readonly (ProjectSeed | string)[] = []): Project[] {
  const byName = new Map(PROJECTS.map((p) => [p.name, { ...p }]));
  const seen = new Set<string>();
  for (const raw of seeds) {
    const seed = typeof raw === "string" ? { name: raw } : raw;
    if (
      seed === null ||
      typeof seed !== "object" ||
      typeof seed.name !== "string" ||
      seed.name.trim() === ""
    ) {
      throw new TypeError(`Every seeded project needs a non-empty 'name' (got ${JSON.stringify(raw)})`);
    }
    if (seen.has(seed.name)) throw new TypeError(`Project '${seed.name}' is seeded twice`);
    seen.add(seed.name);
    if (seed.id !== undefined && (typeof seed.id !== "string" || !UUID.test(seed.id))) {
      throw new TypeError(
        `Seeded project '${seed.name}': 'id' must be a uuid (got ${JSON.stringify(seed.id)})`,
      );
    }
    if (seed.description !== undefined && typeof seed.description !== "string") {
      throw new TypeError(`Seeded project '${seed.name}': 'description' must be a string`);
    }
    const existing = byName.get(seed.name);
    byName.set(seed.name, {
      id: seed.id ?? existing?.id ?? seededProjectId(seed.name),
      name: seed.name,
      description: seed.description ?? existing?.description ?? "",
    });
  }
  const projects = [...byName.values()];
  const ids = new Set<string>();
  for (const p of projects) {
    if (ids.has(p.id.toLowerCase()))
      throw new TypeError(`Project id '${p.id}' is used by two seeded projects`);
    ids.add(p.id.toLowerCase());
  }
  return projects;
}

/** The projects of one emulator, by id and by name (managed through the IaaS projects API). */
export class ProjectStore {
  private readonly byIdMap = new Map<string, Project>();
  private readonly byNameMap = new Map<string, Project>();

  constructor(
    initial: readonly Project[] = PROJECTS,
    private readonly onChange: () => void = () => undefined,
  ) {
    this.load(initial);
  }

  /** Replaces all projects. */
  load(projects: readonly Project[]): void {
    this.byIdMap.clear();
    this.byNameMap.clear();
    for (const p of projects) this.index({ ...p });
    this.onChange();
  }

  /** Every project, in creation order. */
  all(): Project[] {
    return [...this.byIdMap.values()];
  }

  /** Number of projects. */
  get size(): number {
    return this.byIdMap.size;
  }

  /** The project with this name, if any. */
  byName(name: string): Project | undefined {
    return this.byNameMap.get(name);
  }

  /** The project with this id, if any. */
  byId(id: string): Project | undefined {
    return this.byIdMap.get(id);
  }

  /** The project with this name, or 400 naming it and the known projects. */
  requireByName(name: string): Project {
    const project = this.byNameMap.get(name);
    if (!project) {
      throw badRequest(`Project '${name}' does not exist. Known projects: ${this.names()}`);
    }
    return project;
  }

  /** The project with this id, or 400 naming it and the known project ids. */
  requireById(id: string): Project {
    const project = this.byIdMap.get(id);
    if (!project) {
      const known = this.all()
        .map((p) => `${p.id} (${p.name})`)
        .join(", ");
      throw badRequest(`Project with id '${id}' does not exist. Known projects: ${known || "(none)"}`);
    }
    return project;
  }

  /** The project used when a request names none (`Default Project`), or 400 when it was deleted. */
  defaultProject(): Project {
    return this.requireByName(DEFAULT_PROJECT_NAME);
  }

  /** Creates a project; 409 when the name is taken. */
  create(project: Project): Project {
    if (this.byNameMap.has(project.name)) {
      throw conflict(
        `A project named '${project.name}' already exists (id ${this.byNameMap.get(project.name)?.id})`,
      );
    }
    const stored = { ...project };
    this.index(stored);
    this.onChange();
    return stored;
  }

  /** Changes a project's name and description; 404 when there is none, 409 when the name is taken. */
  update(id: string, changes: { name?: string; description?: string }): Project {
    const project = this.byIdMap.get(id);
    if (!project) throw notFound(`Project with id '${id}' not found`);
    const name = changes.name ?? project.name;
    const holder = this.byNameMap.get(name);
    if (holder && holder.id !== id) {
      throw conflict(`A project named '${name}' already exists (id ${holder.id})`);
    }
    this.byNameMap.delete(project.name);
    const updated = { ...project, name, description: changes.description ?? project.description };
    this.index(updated);
    this.onChange();
    return updated;
  }

  /** Deletes a project by id; 404 when there is none. Answers the deleted project. */
  remove(id: string): Project {
    const project = this.byIdMap.get(id);
    if (!project) throw notFound(`Project with id '${id}' not found`);
    this.byIdMap.delete(id);
    this.byNameMap.delete(project.name);
    this.onChange();
    return project;
  }

  private index(project: Project): void {
    this.byIdMap.set(project.id, project);
    this.byNameMap.set(project.name, project);
  }

  private names(): string {
    const names = this.all().map((p) => p.name);
    return names.length > 0 ? names.join(", ") : "(none)";
  }
}
