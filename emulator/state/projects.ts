import { badRequest } from "../core/http-error";

/** A project the emulator knows (fixed; projects are not managed through this API). */
export interface Project {
  /** Fixed uuid (what `_projectId` and the deployment API's `projectId` carry). */
  id: string;
  /** Name (what an endpoint's `project` carries). */
  name: string;
  /** Description. */
  description: string;
}

/** The seeded projects. */
export const PROJECTS: readonly Project[] = [
  { id: "2e1f5c3a-7b64-4d8e-9a10-5c3d7e8f9a01", name: "Default Project", description: "Default project" },
  { id: "7c9d2b4e-1a3f-4e6b-8c5d-2f4a6b8c0d02", name: "Platform", description: "Platform engineering" },
  { id: "b4a6c8e0-3d5f-4a7b-9e1c-6d8f0a2b4c03", name: "Payments", description: "Payments team" },
];

/** The project an endpoint lands in when the body names none. */
export const DEFAULT_PROJECT = PROJECTS[0];

const byName = new Map(PROJECTS.map((p) => [p.name, p]));
const byId = new Map(PROJECTS.map((p) => [p.id, p]));

/** The project with this name, if any. */
export function projectByName(name: string): Project | undefined {
  return byName.get(name);
}

/** The project with this id, if any. */
export function projectById(id: string): Project | undefined {
  return byId.get(id);
}

/** The project with this name, or 400 naming it and the known projects. */
export function requireProjectByName(name: string): Project {
  const project = byName.get(name);
  if (!project) {
    throw badRequest(
      `Project '${name}' does not exist. Known projects: ${PROJECTS.map((p) => p.name).join(", ")}`,
    );
  }
  return project;
}

/** The project with this id, or 400 naming it and the known project ids. */
export function requireProjectById(id: string): Project {
  const project = byId.get(id);
  if (!project) {
    const known = PROJECTS.map((p) => `${p.id} (${p.name})`).join(", ");
    throw badRequest(`Project with id '${id}' does not exist. Known projects: ${known}`);
  }
  return project;
}
