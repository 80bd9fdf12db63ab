/**
 * What signing in to each generation of the product needs (./generation.ts), as config issues: VCF
 * Automation 9 exchanges a refresh token at one organization's token endpoint, so it needs
 * `organization`; it has none of Aria Automation 8.x's user-name-and-password logins.
 */
import type { ClientConfig } from "./config";
import type { ConfigIssue } from "./config-error";
import { inSettingsNamespace } from "./error-messages";
import { productName, VCFA_GUIDE, type ServerGeneration } from "./generation";

/** Why `config` cannot sign in to a server of `generation`; nothing when it can. */
export function signInIssue(
  config: Pick<ClientConfig, "url" | "credentials" | "organization" | "settingsNamespace">,
  generation: ServerGeneration,
): ConfigIssue | undefined {
  if (generation.product !== "vcf-automation-9") return undefined;
  const { accessToken, refreshToken } = config.credentials;
  const ns = config.settingsNamespace ?? "vra";
  const server = `${config.url} is ${productName(generation)}`;
  if (refreshToken && config.organization === undefined) {
    return {
      key: `${ns}:organization`,
      message: inSettingsNamespace(
        `${server}, where a refresh token signs in to one organization: set vra:organization ` +
          "(VCFA_ORGANIZATION) to the name of the organization that holds the deployments " +
          `(see ${VCFA_GUIDE}).`,
        ns,
      ),
    };
  }
  if (!refreshToken && !accessToken) {
    return {
      key: `${ns}:refreshToken`,
      message: inSettingsNamespace(
        `${server}, which does not take a user name and password here: create an API token in the ` +
          "organization and set it in vra:refreshToken (VRA_REFRESH_TOKEN) with vra:organization " +
          `(VCFA_ORGANIZATION), or set vra:accessToken (VRA_ACCESS_TOKEN) (see ${VCFA_GUIDE}).`,
        ns,
      ),
    };
  }
  return undefined;
}
