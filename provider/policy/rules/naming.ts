import type { EndpointPolicy } from "../endpoint-policy";
import { describeView, EndpointView, unknown } from "../endpoint-view";

/** Config of {@link namePattern}. */
export interface NamePatternConfig {
  /** A regular expression the whole endpoint name must match; unset (the default): no rule. */
  readonly pattern?: string;
}

/** Config of {@link allowedProjects}. */
export interface AllowedProjectsConfig {
  /** The projects endpoints may belong to; unset (the default): no rule. */
  readonly projects?: readonly string[];
}

/** Endpoint names follow the organisation's pattern. Off until the pack's config sets `pattern`. */
export const namePattern: EndpointPolicy<NamePatternConfig> = {
  name: "aria-endpoint-name-pattern",
  description: "Endpoint names follow the organisation's naming pattern (the policy's config: pattern).",
  enforcementLevel: "mandatory",
  configSchema: {
    properties: {
      pattern: {
        type: "string",
        description: "A regular expression (JavaScript syntax) the whole endpoint name must match.",
      },
    },
  },
  violations(view: EndpointView, config: NamePatternConfig): string[] {
    if (config.pattern === undefined || config.pattern === "") return [];
    let regex: RegExp;
    try {
      regex = new RegExp(`^(?:${config.pattern})$`);
    } catch (error) {
      return [
        `${describeView(view)}: cannot check the name: this policy's config pattern is not a valid regular ` +
          `expression (${(error as Error).message}). Fix "${namePattern.name}".pattern in the policy pack config.`,
      ];
    }
    if (unknown(view.name) || view.name === undefined || regex.test(view.name)) return [];
    return [
      `${describeView(view)}: name '${view.name}' does not match the organisation's pattern /${config.pattern}/. ` +
        `Rename it (the name input; default: the resource name) to match.`,
    ];
  },
};

/** Endpoints belong to the projects the organisation allows. Off until the pack's config sets `projects`. */
export const allowedProjects: EndpointPolicy<AllowedProjectsConfig> = {
  name: "aria-endpoint-allowed-projects",
  description:
    "Endpoints belong to one of the organisation's allowed projects (the policy's config: projects).",
  enforcementLevel: "mandatory",
  configSchema: {
    properties: {
      projects: {
        type: "array",
        items: { type: "string" },
        description: "The names of the projects endpoints may belong to.",
      },
    },
  },
  violations(view: EndpointView, config: AllowedProjectsConfig): string[] {
    const projects = config.projects;
    if (projects === undefined || projects.length === 0 || unknown(view.project)) return [];
    const list = projects.map((p) => `'${p}'`).join(", ");
    if (view.project === undefined) {
      return [
        `${describeView(view)}: project is not set, so the endpoint goes to the server's default project, ` +
          `which is not known to be allowed. Set project to one of ${list}.`,
      ];
    }
    if (projects.includes(view.project)) return [];
    return [
      `${describeView(view)}: project '${view.project}' is not one of the allowed projects. Set project to ` +
        `one of ${list}.`,
    ];
  },
};
