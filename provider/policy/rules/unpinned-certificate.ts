import type { EndpointPolicy } from "../endpoint-policy";
import { describeView, EndpointView } from "../endpoint-view";
import { isUnknown } from "../../common/unknowns";
import { urlProperties } from "./urls";

/**
 * An https endpoint without a pinned certificate: the server trusts whatever certificate it is served,
 * so a changed or intercepted certificate goes unnoticed. Advisory: pinning is a choice.
 */
export const unpinnedCertificate: EndpointPolicy = {
  name: "aria-endpoint-unpinned-certificate",
  description:
    "https endpoints should pin the server's certificate (properties.fingerprint), so that a changed or intercepted certificate is refused.",
  enforcementLevel: "advisory",
  violations(view: EndpointView): string[] {
    const https = urlProperties(view).filter(({ url }) => url.protocol === "https:");
    if (https.length === 0 || pinned(view)) return [];
    const { key, url } = https[0];
    return [
      `${describeView(view)}: properties.${key} is https (${url.host}) but properties.fingerprint is not set, so ` +
        `Aria Automation accepts whatever certificate that server presents. Pin it: set properties.fingerprint ` +
        `(on a typed endpoint resource: its fingerprint input) to the SHA-256 fingerprint of the certificate, ` +
        `which aria.getEndpointCertificateOutput({ url }) returns as sha256Fingerprint.`,
    ];
  },
};

/** True when a fingerprint is declared, or will be (unknown in preview: the output of a lookup). */
function pinned(view: EndpointView): boolean {
  const value = view.properties?.fingerprint ?? view.secretProperties?.fingerprint;
  return isUnknown(value) || (typeof value === "string" && value.trim() !== "");
}
