/**
 * What signing in to each generation of the product needs (./generation.ts), as config issues: VCF
 * Automation 9 exchanges a refresh token at one organization's token endpoint, so it needs
 * `organization`; it has none of Aria Automation 8.x's user-name-and-password logins.
 */
import type { ClientConfig } from "./config";
import type { ConfigIssue } from "./config-error";
import { settingWithEnv as named } from "./config-schema";
import { settingName } from "./setting";
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
      key: settingName(ns, "organization"),
      setting: "organization",
      message:
        `${server}, where a refresh token signs in to one organization: set ${named(ns, "organization")} ` +
        `to the name of the organization that holds the deployments (see ${VCFA_GUIDE}).`,
    };
  }
  if (!refreshToken && !accessToken) {
    return {
      key: settingName(ns, "refreshToken"),
      setting: "refreshToken",
      message:
        `${server}, which does not take a user name and password here: create an API token in the ` +
        `organization and set it in ${named(ns, "refreshToken")} with ${named(ns, "organization")}, ` +
        `or set ${named(ns, "accessToken")} (see ${VCFA_GUIDE}).`,
    };
  }
  return undefined;
}
