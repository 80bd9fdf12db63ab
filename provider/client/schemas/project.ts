/** IaaS projects: the projects endpoints belong to (by name) and deployment resources (by id). */
import { z } from "zod";

/** One project as `GET /iaas/api/projects` lists it. */
export const Project = z.looseObject({
  /** Project id (a uuid): a deployment resource's `projectId`. */
  id: z.string(),
  /** Project name: an endpoint's `project`. */
  name: z.string(),
  /** Description. */
  description: z.string().nullish(),
});
/** One project. */
export type Project = z.infer<typeof Project>;

/** `GET /iaas/api/projects`: `{content, totalElements, numberOfElements}`. */
export const ProjectPage = z.looseObject({
  /** The projects of this page. */
  content: z.array(Project).default([]),
  /** Projects across all pages. */
  totalElements: z.number().nullish(),
  /** Projects on this page. */
  numberOfElements: z.number().nullish(),
});
/** A page of projects. */
export type ProjectPage = z.infer<typeof ProjectPage>;
