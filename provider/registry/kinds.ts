import type { z } from "zod";
import type { ResourceKind } from "../core/kind";
import type { EndpointProviderOptions } from "../endpoint/provider";
import type { OperationDeps } from "../deployment/api";
import { dynamicTypeToken, typeToken } from "../core/tokens";
import {
  EndpointInputs,
  EndpointMetadata,
  EndpointOutputs,
  SECRET_OUTPUTS as ENDPOINT_SECRET_OUTPUTS,
} from "../endpoint/schema";
import { REPLACING_FIELDS as ENDPOINT_REPLACING_FIELDS } from "../endpoint/diff";
import {
  DeploymentResourceInputs,
  DeploymentResourceListInputs,
  DeploymentResourceState,
  REPLACE_KEYS,
} from "../deployment/schema";
import { EndpointListInputs } from "../endpoint/lookup-schemas";

/*
 * The resource kinds, each declared once and whole: its name, the plugin's token and the dynamic
 * door's type, the dynamic door's short code, its description, its inputs and outputs (zod,
 * described: the plugin's schema and the outputs of the dynamic door's classes are made from them),
 * the outputs that may be unset and those secret whatever their value, the inputs whose change
 * replaces it (the kind's own diff table), and how to build it. The dynamic door (../dynamic: stub,
 * impl, providers) and the plugin (../plugin: resources, schema) read them from here. A kind's code
 * is loaded on first use (`require` in `create` and `process`), so that a program that only declares
 * resources, or a provider process that only manages endpoints, never loads the other kind's code.
 * The typed endpoints are kinds over the endpoint kind (./typed-endpoints.ts).
 */

/** One resource kind of the provider. */
export interface KindDeclaration<D> {
  /** The resource's name (`Endpoint`): the class's, and the dynamic type `pulumi-nodejs:dynamic/aria:<name>`. */
  readonly name: string;
  /** The plugin's type token, `aria:index:<name>`. */
  readonly token: string;
  /** The type the dynamic door's resources are stored under, `pulumi-nodejs:dynamic/aria:<name>`. */
  readonly dynamicType: string;
  /** What the resource is, for the plugin's schema and the SDKs. */
  readonly description: string;
  /** The inputs as a program writes them (defaults not applied; `name` optional when it defaults). */
  readonly inputs: z.ZodObject;
  /** The outputs as the state holds them. */
  readonly outputs: z.ZodObject;
  /**
   * The outputs that may hold no value once the resource is created (an optional input left out, or
   * a field the server may not have): `Output<T | undefined>` in the dynamic door's class. Every other
   * output holds a value once created, whatever its zod schema allows (the state is read leniently,
   * for older states). The class's outputs are written from {@link outputs} by `npm run gen`.
   */
  readonly unsetOutputs: readonly string[];
  /** What a listing of the kind filters by (the schema's `listInputs`, what `pulumi do ... list` takes). */
  readonly listInputs: z.ZodObject;
  /** The outputs secret whatever their value (`additionalSecretOutputs`, the schema's `secret`). */
  readonly secretOutputs: readonly string[];
  /** The inputs whose change replaces the resource (the schema's `replaceOnChanges`). */
  readonly replaceOnChanges: readonly string[];
  /**
   * The kind's public types made of its zod declarations, by name: written out with their fields'
   * descriptions as docs into ../dynamic/generated/types.ts, or door-types.ts for those the package
   * does not export (`npm run gen`).
   */
  readonly publicTypes: Readonly<Record<string, PublicType>>;
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

/** A public type made of a zod schema: its input or output side, read-only or not. */
export interface PublicType {
  readonly schema: z.ZodType;
  readonly io: "input" | "output";
  readonly readonly?: boolean;
  /**
   * False for a type written out only for the dynamic door's own types (their field docs, taken from
   * `.describe()`), which the package does not export by that name.
   */
  readonly exported?: boolean;
}

/** Declares a resource kind; the tokens are derived from the name. */
function defineKind<D>(declaration: Omit<KindDeclaration<D>, "token" | "dynamicType">): KindDeclaration<D> {
  return {
    ...declaration,
    token: typeToken(declaration.name),
    dynamicType: dynamicTypeToken(declaration.name),
  };
}

type EndpointModule = typeof import("../endpoint/provider");
type DeploymentModule = typeof import("../deployment/provider");

/** Every resource kind, by the name the dynamic door's stub is made for. */
export const RESOURCE_KINDS = {
  endpoint: defineKind<EndpointProviderOptions>({
    name: "Endpoint",
    code: "ep",
    nameFromResource: true,
    description:
      "A pipeline endpoint of VMware Aria Automation (Code Stream): a stored connection that pipeline tasks consume. " +
      "This is the generic resource, for any endpoint type; the typed resources (`JenkinsEndpoint`, `GitEndpoint`, ...) " +
      "take the type's properties as inputs. Identity is the endpoint id; `type` and `project` changes replace it, " +
      "every other change (rename included) updates it in place.",
    // The program may leave `name` out: the resource name is the default (as `EndpointArgs` says).
    inputs: EndpointInputs.partial({ name: true }),
    outputs: EndpointOutputs,
    unsetOutputs: ["cloudProxyId", "validate", "adopt"],
    listInputs: EndpointListInputs,
    secretOutputs: ENDPOINT_SECRET_OUTPUTS,
    replaceOnChanges: ENDPOINT_REPLACING_FIELDS,
    publicTypes: {
      EndpointMetadata: { schema: EndpointMetadata, io: "output", readonly: true },
      // The fields of `EndpointArgs` (../dynamic/endpoint.ts), documented by their descriptions.
      EndpointInputFields: { schema: EndpointInputs, io: "input", exported: false },
    },
    create: (options) => (require("../endpoint/provider") as EndpointModule).endpointKind(options),
    process: () => (require("../endpoint/provider") as EndpointModule).endpointProvider,
  }),
  deploymentResource: defineKind<() => OperationDeps>({
    name: "DeploymentResource",
    code: "dr",
    nameFromResource: false,
    description:
      "A deployment resource of VMware Aria Automation (`POST /deployment/api/resources`), such as a custom resource type's instance. The API has no update: changing its name, type, project, deployment or properties replaces it.",
    inputs: DeploymentResourceInputs,
    outputs: DeploymentResourceState,
    unsetOutputs: ["waitTimeoutSeconds", "pollIntervalMaxSeconds", "adopt"],
    listInputs: DeploymentResourceListInputs,
    secretOutputs: [],
    replaceOnChanges: REPLACE_KEYS,
    publicTypes: {
      DeploymentResourceInputs: { schema: DeploymentResourceInputs, io: "output" },
      DeploymentResourceState: { schema: DeploymentResourceState, io: "output" },
    },
    create: (deps) => (require("../deployment/provider") as DeploymentModule).deploymentResourceKind(deps),
    process: () => (require("../deployment/provider") as DeploymentModule).deploymentResourceProvider,
  }),
} as const;

/** The name of a resource kind (what the dynamic door's stub is made for). */
export type KindName = keyof typeof RESOURCE_KINDS;

/** Every kind's name. */
export const KIND_NAMES = Object.keys(RESOURCE_KINDS) as KindName[];
