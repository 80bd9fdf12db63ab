import type { EndpointPolicy } from "../endpoint-policy";
import { describeView, EndpointView } from "../endpoint-view";
import { urlProperties } from "./urls";

/** Config of {@link plainHttp}. */
export interface PlainHttpConfig {
  /** Hosts allowed over plain http: exact names, or `*.example.com` for any subdomain. Default: none. */
  readonly allowedHosts?: readonly string[];
}

/**
 * Plain-http endpoint URLs (jenkins, jira, gerrit and docker `url`, git and dockerregistry `repoURL`,
 * k8s `kubernetesURL`, any property of any type whose value is an `http://` URL): credentials and
 * pipeline traffic would cross the network in clear. Mandatory unless the host is allowed by config.
 */
export const plainHttp: EndpointPolicy<PlainHttpConfig> = {
  name: "aria-endpoint-plain-http",
  description:
    "Endpoint URLs must use https: over plain http the endpoint's credentials and the pipeline's traffic cross the network in clear.",
  enforcementLevel: "mandatory",
  configSchema: {
    properties: {
      allowedHosts: {
        type: "array",
        items: { type: "string" },
        default: [],
        description: "Hosts allowed over plain http: exact host names, or *.example.com for any subdomain.",
      },
    },
  },
  violations(view: EndpointView, config: PlainHttpConfig): string[] {
    const allowed = config.allowedHosts ?? [];
    return urlProperties(view)
      .filter(({ url }) => url.protocol === "http:" && !hostAllowed(url.hostname, allowed))
      .map(
        ({ key, url }) =>
          `${describeView(view)}: properties.${key} (on a typed endpoint resource: its ${key} input) uses ` +
          `plain http (host ${url.host}). Use an https URL ` +
          `(and pin the server's certificate in properties.fingerprint), or, if this host cannot serve ` +
          `https, allow it in this policy's config: {"${plainHttp.name}": {"allowedHosts": ["${url.hostname}"]}}.`,
      );
  },
};

/** True when `host` is one of the allowed hosts (case-insensitive; `*.x` matches any subdomain of x). */
export function hostAllowed(host: string, allowed: readonly string[]): boolean {
  const h = host.toLowerCase();
  return allowed.some((pattern) => {
    const p = pattern.trim().toLowerCase();
    return p.startsWith("*.") ? h.endsWith(p.slice(1)) : h === p;
  });
}
