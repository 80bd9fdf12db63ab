import type { PolicyConfigSchema } from "@pulumi/policy";
import type { EndpointView } from "./endpoint-view";

/**
 * One rule about endpoints: a pure function from an endpoint (and the policy's config) to its
 * violations, each a message that names the endpoint, the field and the fix. `./policies.ts` turns
 * these into the policies of the pack.
 */
export interface EndpointPolicy<C extends object = Record<string, unknown>> {
  /** The policy's name, unique in the pack; the key of its config in `--policy-pack-config`. */
  readonly name: string;
  /** What the policy checks, as `pulumi preview` prints it under each violation. */
  readonly description: string;
  /** The default enforcement level (the pack's config may change it). */
  readonly enforcementLevel: "advisory" | "mandatory";
  /** The JSON schema of the policy's config, when it has any. */
  readonly configSchema?: PolicyConfigSchema;
  /** The violations of one endpoint. */
  violations(view: EndpointView, config: C): string[];
}
