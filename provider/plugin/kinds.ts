import type { ResourceKind } from "../core/kind";
import { endpointProvider } from "../endpoint/provider";
import { deploymentResourceProvider } from "../deployment/provider";
import { typedEndpointKind } from "../endpoint/typed/kind";
import { SPEC as AGENT } from "../endpoint/typed/agent";
import { SPEC as DOCKER } from "../endpoint/typed/docker";
import { SPEC as DOCKER_REGISTRY } from "../endpoint/typed/docker-registry";
import { SPEC as EMAIL } from "../endpoint/typed/email";
import { SPEC as GERRIT } from "../endpoint/typed/gerrit";
import { SPEC as GIT } from "../endpoint/typed/git";
import { SPEC as JENKINS } from "../endpoint/typed/jenkins";
import { SPEC as JIRA } from "../endpoint/typed/jira";
import { SPEC as KUBERNETES } from "../endpoint/typed/kubernetes";
import type { TypedEndpointSpec } from "../endpoint/typed/common";

/*
 * The resource types the plugin serves, each a resource kind of the provider core over the plugin
 * process's client (configured by the engine's Configure). The TypeScript classes of the same names
 * are the dynamic door's view of the same kinds.
 */

/** A resource type of the plugin. */
export interface PluginResource {
  /** The core's kind. */
  readonly kind: ResourceKind;
  /** Whether `name` defaults to the resource's name, as in the TypeScript classes. */
  readonly nameFromResource: boolean;
}

/** The typed endpoint resources: type name → the spec its TypeScript class uses. */
export const TYPED_ENDPOINTS = {
  AgentEndpoint: AGENT,
  DockerEndpoint: DOCKER,
  DockerRegistryEndpoint: DOCKER_REGISTRY,
  EmailEndpoint: EMAIL,
  GerritEndpoint: GERRIT,
  GitEndpoint: GIT,
  JenkinsEndpoint: JENKINS,
  JiraEndpoint: JIRA,
  KubernetesEndpoint: KUBERNETES,
} as const;

/** Every resource type of the plugin, by token. */
export function pluginResources(): ReadonlyMap<string, PluginResource> {
  const resources = new Map<string, PluginResource>([
    ["aria:index:Endpoint", { kind: endpointProvider, nameFromResource: true }],
    ["aria:index:DeploymentResource", { kind: deploymentResourceProvider, nameFromResource: false }],
  ]);
  for (const [name, spec] of Object.entries(TYPED_ENDPOINTS)) {
    resources.set(`aria:index:${name}`, {
      kind: typedEndpointKind(
        spec as unknown as TypedEndpointSpec<Record<string, unknown>>,
        endpointProvider,
      ),
      nameFromResource: true,
    });
  }
  return resources;
}
