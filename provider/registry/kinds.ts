import type { ResourceKind } from "../core/kind";
import type { EndpointProviderOptions } from "../endpoint/provider";
import type { OperationDeps } from "../deployment/api";
import { typeToken } from "../core/tokens";

/*
 * The resource kinds, each declared once: its name, the plugin's token, the dynamic door's short code,
 * and how to build it. The dynamic door (../dynamic: stub, impl, providers) and the plugin (../plugin:
 * resources, schema) read them from here. A kind's code is loaded on first use (`require` in `create` and
 * `process`), so that a program that only declares resources, or a provider process that only manages
 * endpoints, never loads the other kind's code. The typed endpoints are kinds over the endpoint kind
 * (./typed-endpoints.ts).
 */

/** One resource kind of the provider. */
export interface KindDeclaration<D> {
  /** The resource's name (`Endpoint`): the class's, and the dynamic type `pulumi-nodejs:dynamic/aria:<name>`. */
  readonly name: string;
  /** The plugin's type token, `aria:index:<name>`. */
  readonly token: string;
  /**
   * The short code the dynamic door writes into every resource's serialised provider (its hidden
   * input, ../dynamic/stub.ts; existing stacks hold it: never change one).
   */
  readonly code: string;
  /** Whether `name` defaults to the resource's name, as the TypeScript classes do. */
  readonly nameFromResource: boolean;
  /** The kind over given dependencies (what tests drive). */
  create(deps: D): ResourceKind;
  /** The kind of this process, over its client and settings (from `configure` and the environment). */
  process(): ResourceKind;
}

/** Declares a resource kind; the token is derived from the name. */
function defineKind<D>(declaration: Omit<KindDeclaration<D>, "token">): KindDeclaration<D> {
  return { ...declaration, token: typeToken(declaration.name) };
}

type EndpointModule = typeof import("../endpoint/provider");
type DeploymentModule = typeof import("../deployment/provider");

/** Every resource kind, by the name the dynamic door's stub is made for. */
export const RESOURCE_KINDS = {
  endpoint: defineKind<EndpointProviderOptions>({
    name: "Endpoint",
    code: "ep",
    nameFromResource: true,
    create: (options) => (require("../endpoint/provider") as EndpointModule).endpointKind(options),
    process: () => (require("../endpoint/provider") as EndpointModule).endpointProvider,
  }),
  deploymentResource: defineKind<() => OperationDeps>({
    name: "DeploymentResource",
    code: "dr",
    nameFromResource: false,
    create: (deps) => (require("../deployment/provider") as DeploymentModule).deploymentResourceKind(deps),
    process: () => (require("../deployment/provider") as DeploymentModule).deploymentResourceProvider,
  }),
} as const;

/** The name of a resource kind (what the dynamic door's stub is made for). */
export type KindName = keyof typeof RESOURCE_KINDS;

/** Every kind's name. */
export const KIND_NAMES = Object.keys(RESOURCE_KINDS) as KindName[];
