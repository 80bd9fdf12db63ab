import type { z } from "zod";
import { AgentEndpointInputs, SPEC as agent } from "./agent";
import { DockerEndpointInputs, SPEC as docker } from "./docker";
import { DockerRegistryEndpointInputs, SPEC as dockerRegistry } from "./docker-registry";
import { EmailEndpointInputs, SPEC as email } from "./email";
import { GerritEndpointInputs, SPEC as gerrit } from "./gerrit";
import { GitEndpointInputs, SPEC as git } from "./git";
import { JenkinsEndpointInputs, SPEC as jenkins } from "./jenkins";
import { JiraEndpointInputs, SPEC as jira } from "./jira";
import { KubernetesEndpointInputs, SPEC as kubernetes } from "./kubernetes";

/** One typed endpoint resource: its class name and which server properties are its typed inputs. */
export interface TypedEndpointClass {
  /** The exported class name (`JenkinsEndpoint`). */
  readonly className: string;
  /** The endpoint type (tile id) the class declares. */
  readonly type: string;
  /** Server properties that are plain typed inputs of the class. */
  readonly plain: readonly string[];
  /** Server properties that are secret typed inputs of the class. */
  readonly secret: readonly string[];
  /** The zod schema of the typed inputs (described; the provider plugin's schema is generated from it). */
  readonly inputs: z.ZodObject;
}

/** Every typed endpoint class, by endpoint type (for code that writes programs, such as `aria-export`). */
export const TYPED_ENDPOINT_CLASSES: ReadonlyMap<string, TypedEndpointClass> = new Map(
  (
    [
      ["AgentEndpoint", agent, AgentEndpointInputs],
      ["DockerEndpoint", docker, DockerEndpointInputs],
      ["DockerRegistryEndpoint", dockerRegistry, DockerRegistryEndpointInputs],
      ["EmailEndpoint", email, EmailEndpointInputs],
      ["GerritEndpoint", gerrit, GerritEndpointInputs],
      ["GitEndpoint", git, GitEndpointInputs],
      ["JenkinsEndpoint", jenkins, JenkinsEndpointInputs],
      ["JiraEndpoint", jira, JiraEndpointInputs],
      ["KubernetesEndpoint", kubernetes, KubernetesEndpointInputs],
    ] as const
  ).map(([className, spec, inputs]) => [
    spec.type,
    { className, type: spec.type, plain: [...spec.plain], secret: [...spec.secret], inputs },
  ]),
);
