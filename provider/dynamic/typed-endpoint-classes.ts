import type * as pulumi from "@pulumi/pulumi";
import type { z } from "zod";
import { Endpoint, type EndpointArgs, type EndpointPropertyInputs } from "./endpoint";
import { toEndpointInputs, type TypedEndpoint } from "../endpoint/typed/common";
import { SPEC as agent, type AgentEndpointInputs } from "../endpoint/typed/agent";
import { SPEC as docker, type DockerEndpointInputs } from "../endpoint/typed/docker";
import { SPEC as dockerRegistry, type DockerRegistryEndpointInputs } from "../endpoint/typed/docker-registry";
import { SPEC as email, type EmailEndpointInputs } from "../endpoint/typed/email";
import { SPEC as gerrit, type GerritEndpointInputs } from "../endpoint/typed/gerrit";
import { SPEC as git, type GitEndpointInputs } from "../endpoint/typed/git";
import { SPEC as jenkins, type JenkinsEndpointInputs } from "../endpoint/typed/jenkins";
import { SPEC as jira, type JiraEndpointInputs } from "../endpoint/typed/jira";
import { SPEC as kubernetes, type KubernetesEndpointInputs } from "../endpoint/typed/kubernetes";

/*
 * The typed endpoint resources of a program: thin layers over {@link Endpoint} (the same type token, so
 * a program can move between them without a replacement) that route their typed inputs into
 * `properties` and `secretProperties` by the type's declaration (../endpoint/typed). Each class's
 * arguments are derived from the type's zod schema: every field a Pulumi input, optional ones optional.
 */

/**
 * The inputs every typed endpoint takes besides its type-specific properties: those of the generic
 * endpoint (documented there) but its type and property bags, plus an escape hatch for properties
 * of the type that have no typed input.
 */
export type TypedEndpointArgs = Omit<EndpointArgs, "type" | "properties" | "secretProperties"> & {
  /** Further non-secret properties of the type that have no typed input here. */
  additionalProperties?: EndpointPropertyInputs;
  /** Further secret properties of the type that have no typed input here. */
  additionalSecretProperties?: EndpointPropertyInputs;
};

/** Each field of `T` as a Pulumi input (a value, a promise or an Output); optional fields stay optional. */
type InputsOf<T> = { [K in keyof T]: pulumi.Input<NonNullable<T[K]>> };

/** A typed endpoint's arguments: the common ones, and its own as its zod schema declares them. */
export type TypedArgs<S extends z.ZodType> = TypedEndpointArgs & InputsOf<z.input<S>>;

/** Builds the generic endpoint's arguments from a typed resource's arguments. */
export function toEndpointArgs<A extends TypedEndpointArgs>(typed: TypedEndpoint, args: A): EndpointArgs {
  return toEndpointInputs(typed, args) as EndpointArgs;
}

/** Inputs of an {@link AgentEndpoint}. Its fields are declared, described, by `AgentEndpointInputs` (../endpoint/typed/agent.ts). */
export type AgentEndpointArgs = TypedArgs<typeof AgentEndpointInputs>;

/** An agent endpoint (type `agent`): a cloud proxy that runs pipeline tasks on premises. */
export class AgentEndpoint extends Endpoint {
  /**
   * Declares an agent endpoint.
   * @param name The resource name; also the endpoint's name unless `args.name` is given.
   * @param args The endpoint's inputs.
   * @param opts Resource options.
   */
  constructor(name: string, args: AgentEndpointArgs, opts?: pulumi.CustomResourceOptions) {
    super(name, toEndpointArgs(agent, args), opts);
  }
}

/** Inputs of a {@link DockerEndpoint}. Property names are the product's. Its fields are declared, described, by `DockerEndpointInputs` (../endpoint/typed/docker.ts). */
export type DockerEndpointArgs = TypedArgs<typeof DockerEndpointInputs>;

/** A Docker host endpoint (type `docker`): the host that runs a pipeline's CI tasks in containers. */
export class DockerEndpoint extends Endpoint {
  /**
   * Declares a Docker host endpoint.
   * @param name The resource name; also the endpoint's name unless `args.name` is given.
   * @param args The endpoint's inputs.
   * @param opts Resource options.
   */
  constructor(name: string, args: DockerEndpointArgs, opts?: pulumi.CustomResourceOptions) {
    super(name, toEndpointArgs(docker, args), opts);
  }
}

/** Inputs of a {@link DockerRegistryEndpoint}. Property names are the product's. Its fields are declared, described, by `DockerRegistryEndpointInputs` (../endpoint/typed/docker-registry.ts). */
export type DockerRegistryEndpointArgs = TypedArgs<typeof DockerRegistryEndpointInputs>;

/** A Docker registry endpoint (type `dockerregistry`); `password` is stored as a secret. */
export class DockerRegistryEndpoint extends Endpoint {
  /**
   * Declares a Docker registry endpoint.
   * @param name The resource name; also the endpoint's name unless `args.name` is given.
   * @param args The endpoint's inputs.
   * @param opts Resource options.
   */
  constructor(name: string, args: DockerRegistryEndpointArgs, opts?: pulumi.CustomResourceOptions) {
    super(name, toEndpointArgs(dockerRegistry, args), opts);
  }
}

/** Inputs of an {@link EmailEndpoint}. Its fields are declared, described, by `EmailEndpointInputs` (../endpoint/typed/email.ts). */
export type EmailEndpointArgs = TypedArgs<typeof EmailEndpointInputs>;

/** An email (mail server) endpoint (type `email`); `outboundPassword` is stored as a secret. */
export class EmailEndpoint extends Endpoint {
  /**
   * Declares an email endpoint.
   * @param name The resource name; also the endpoint's name unless `args.name` is given.
   * @param args The endpoint's inputs.
   * @param opts Resource options.
   */
  constructor(name: string, args: EmailEndpointArgs, opts?: pulumi.CustomResourceOptions) {
    super(name, toEndpointArgs(email, args), opts);
  }
}

/** Inputs of a {@link GerritEndpoint}. Its fields are declared, described, by `GerritEndpointInputs` (../endpoint/typed/gerrit.ts). */
export type GerritEndpointArgs = TypedArgs<typeof GerritEndpointInputs>;

/** A Gerrit endpoint (type `gerrit`); `password`, `privateKey` and `passPhrase` are stored as secrets. */
export class GerritEndpoint extends Endpoint {
  /**
   * Declares a Gerrit endpoint.
   * @param name The resource name; also the endpoint's name unless `args.name` is given.
   * @param args The endpoint's inputs.
   * @param opts Resource options.
   */
  constructor(name: string, args: GerritEndpointArgs, opts?: pulumi.CustomResourceOptions) {
    super(name, toEndpointArgs(gerrit, args), opts);
  }
}

/** Inputs of a {@link GitEndpoint}. Property names are the product's (`userName` with a capital N). Its fields are declared, described, by `GitEndpointInputs` (../endpoint/typed/git.ts). */
export type GitEndpointArgs = TypedArgs<typeof GitEndpointInputs>;

/** A Git repository endpoint (type `git`); `password` and `privateToken` are stored as secrets. */
export class GitEndpoint extends Endpoint {
  /**
   * Declares a Git endpoint.
   * @param name The resource name; also the endpoint's name unless `args.name` is given.
   * @param args The endpoint's inputs.
   * @param opts Resource options.
   */
  constructor(name: string, args: GitEndpointArgs, opts?: pulumi.CustomResourceOptions) {
    super(name, toEndpointArgs(git, args), opts);
  }
}

/** Inputs of a {@link JenkinsEndpoint}. Its fields are declared, described, by `JenkinsEndpointInputs` (../endpoint/typed/jenkins.ts). */
export type JenkinsEndpointArgs = TypedArgs<typeof JenkinsEndpointInputs>;

/** A Jenkins endpoint (type `jenkins`); `password` is stored as a secret. */
export class JenkinsEndpoint extends Endpoint {
  /**
   * Declares a Jenkins endpoint.
   * @param name The resource name; also the endpoint's name unless `args.name` is given.
   * @param args The endpoint's inputs.
   * @param opts Resource options.
   */
  constructor(name: string, args: JenkinsEndpointArgs, opts?: pulumi.CustomResourceOptions) {
    super(name, toEndpointArgs(jenkins, args), opts);
  }
}

/** Inputs of a {@link JiraEndpoint}. Its fields are declared, described, by `JiraEndpointInputs` (../endpoint/typed/jira.ts). */
export type JiraEndpointArgs = TypedArgs<typeof JiraEndpointInputs>;

/** A Jira endpoint (type `jira`); `password` is stored as a secret. */
export class JiraEndpoint extends Endpoint {
  /**
   * Declares a Jira endpoint.
   * @param name The resource name; also the endpoint's name unless `args.name` is given.
   * @param args The endpoint's inputs.
   * @param opts Resource options.
   */
  constructor(name: string, args: JiraEndpointArgs, opts?: pulumi.CustomResourceOptions) {
    super(name, toEndpointArgs(jira, args), opts);
  }
}

/** Inputs of a {@link KubernetesEndpoint}. Its fields are declared, described, by `KubernetesEndpointInputs` (../endpoint/typed/kubernetes.ts). */
export type KubernetesEndpointArgs = TypedArgs<typeof KubernetesEndpointInputs>;

/** A Kubernetes cluster endpoint (type `k8s`); `certKeyData`, `password` and `token` are stored as secrets. */
export class KubernetesEndpoint extends Endpoint {
  /**
   * Declares a Kubernetes endpoint.
   * @param name The resource name; also the endpoint's name unless `args.name` is given.
   * @param args The endpoint's inputs.
   * @param opts Resource options.
   */
  constructor(name: string, args: KubernetesEndpointArgs, opts?: pulumi.CustomResourceOptions) {
    super(name, toEndpointArgs(kubernetes, args), opts);
  }
}
