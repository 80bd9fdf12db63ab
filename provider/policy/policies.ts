import { ResourceValidationPolicy, UnknownValueError } from "@pulumi/policy";
import { UNKNOWN } from "../common/unknowns";
import type { EndpointPolicy } from "./endpoint-policy";
import { isEndpointType, viewEndpoint } from "./endpoint-view";
import { allowedProjects, namePattern } from "./rules/naming";
import { plainHttp } from "./rules/plain-http";
import { restricted } from "./rules/restricted";
import { secretInProperties } from "./rules/secret-in-properties";
import { unpinnedCertificate } from "./rules/unpinned-certificate";

/** The endpoint rules of the pack, in the order `pulumi preview` lists them. */
export const ENDPOINT_POLICIES: readonly EndpointPolicy<object>[] = [
  plainHttp,
  secretInProperties,
  unpinnedCertificate,
  restricted,
  namePattern,
  allowedProjects,
];

/**
 * The endpoint rules as policies of `@pulumi/policy`, for the pack in ./pack or a pack of your own
 * (`policies: [...endpointPolicies(), ...yours]`). Each applies to every endpoint resource, of either
 * door (see `isEndpointType`), and to nothing else.
 */
export function endpointPolicies(): ResourceValidationPolicy[] {
  return ENDPOINT_POLICIES.map((rule) => ({
    name: rule.name,
    description: rule.description,
    enforcementLevel: rule.enforcementLevel,
    ...(rule.configSchema ? { configSchema: rule.configSchema } : {}),
    validateResource: (args, reportViolation) => {
      if (!isEndpointType(args.type)) return;
      const view = viewEndpoint(args.name, detach(args.props) as Record<string, unknown>);
      for (const message of rule.violations(view, args.getConfig<object>())) reportViolation(message);
    },
  }));
}

/**
 * A plain copy of the analyzer's inputs. `@pulumi/policy` hands them over behind a proxy that throws
 * on reading a value unknown in preview, which would turn the whole policy into a "can't run during
 * preview" notice; here each unknown value becomes the provider's sentinel, and the rules skip it.
 */
export function detach(value: unknown): unknown {
  if (value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return Array.from({ length: value.length }, (_, i) => read(value, i));
  return Object.fromEntries(Object.keys(value).map((key) => [key, read(value as object, key)]));
}

function read(container: object, key: PropertyKey): unknown {
  try {
    return detach((container as Record<PropertyKey, unknown>)[key]);
  } catch (error) {
    if (error instanceof UnknownValueError) return UNKNOWN;
    throw error;
  }
}
