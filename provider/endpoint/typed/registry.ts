import { SPEC as agent } from "./agent";
import { SPEC as docker } from "./docker";
import { SPEC as dockerRegistry } from "./docker-registry";
import { SPEC as email } from "./email";
import { SPEC as gerrit } from "./gerrit";
import { SPEC as git } from "./git";
import { SPEC as jenkins } from "./jenkins";
import { SPEC as jira } from "./jira";
import { SPEC as kubernetes } from "./kubernetes";

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
}

/** Every typed endpoint class, by endpoint type (for code that writes programs, such as `aria-export`). */
export const TYPED_ENDPOINT_CLASSES: ReadonlyMap<string, TypedEndpointClass> = new Map(
  (
    [
      ["AgentEndpoint", agent],
      ["DockerEndpoint", docker],
      ["DockerRegistryEndpoint", dockerRegistry],
      ["EmailEndpoint", email],
      ["GerritEndpoint", gerrit],
      ["GitEndpoint", git],
      ["JenkinsEndpoint", jenkins],
      ["JiraEndpoint", jira],
      ["KubernetesEndpoint", kubernetes],
    ] as const
  ).map(([className, spec]) => [
    spec.type,
    { className, type: spec.type, plain: [...spec.plain], secret: [...spec.secret] },
  ]),
);
