// A team's own policy pack, as a user writes one: its rule on where endpoints may point, run by
// `aria-reconcile --policy-pack` on what the endpoints are on the server. It reads an endpoint of
// either door through pulumi-aria's `isEndpointType`; the config may move the domain, or turn the rule
// off (`--policy-pack-config`).
import { PolicyPack } from "@pulumi/policy";
import { isEndpointType } from "pulumi-aria/policy";

new PolicyPack("team-rules", {
  policies: [
    {
      name: "team-endpoint-domain",
      description: "An endpoint's URL points at a host of the team's domain.",
      enforcementLevel: "mandatory",
      configSchema: {
        properties: { domain: { type: "string", default: "example.com" } },
      },
      validateResource: (args, reportViolation) => {
        if (!isEndpointType(args.type)) return;
        const { domain } = args.getConfig<{ domain: string }>();
        const url = (args.props.properties as Record<string, unknown> | undefined)?.url;
        if (typeof url !== "string") return;
        const host = new URL(url).hostname;
        if (host !== domain && !host.endsWith(`.${domain}`)) {
          reportViolation(
            `properties.url points at ${host}, outside ${domain}: point it at a host of ${domain}`,
          );
        }
      },
    },
  ],
});
