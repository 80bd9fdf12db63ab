import type * as pulumi from "@pulumi/pulumi";
import { setProviderConfig } from "../runtime/context";
import type { SettingKey } from "../runtime/settings";
import type { ProviderKind } from "./stub";

/*
 * The implementation behind the serialised stub (see ./stub.ts), loaded in the provider process as
 * `require("pulumi-aria/dynamic-impl")`. Implementations are loaded lazily so that a process that
 * only manages endpoints never loads the deployment code.
 */

/** Receives the stack configuration once per provider process (and once per stub kind). */
export async function configure(req: pulumi.dynamic.ConfigureRequest): Promise<void> {
  setProviderConfig((key: SettingKey) => req.config.get(`vra:${key}`));
}

/** What each kind implements: every lifecycle method (configuration is shared, see `configure`). */
export type ProviderImplementation = Required<Omit<pulumi.dynamic.ResourceProvider, "configure">>;

/** The full provider implementation for one kind of resource. */
export function provider(kind: ProviderKind): ProviderImplementation {
  switch (kind) {
    case "endpoint":
      return require("../endpoint/provider").endpointProvider;
    case "deploymentResource":
      return require("../deployment/provider").deploymentResourceProvider;
    default:
      throw new Error(`pulumi-aria: unknown resource kind '${String(kind)}' in serialised provider`);
  }
}
