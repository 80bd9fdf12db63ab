import type { EndpointView } from "../endpoint-view";
import { isUnknown } from "../../common/unknowns";

/** A plain property whose value is an http(s) URL. */
export interface UrlProperty {
  /** The property's name (`url`, `repoURL`, `kubernetesURL`, ...). */
  readonly key: string;
  /** The parsed URL. */
  readonly url: URL;
}

/**
 * The endpoint's plain properties whose values are http or https URLs, whatever the property is
 * called: the types name them differently (`url`, `repoURL`, `kubernetesURL`) and some types' names
 * are not published, so the value decides. Unknown values are skipped.
 */
export function urlProperties(view: EndpointView): UrlProperty[] {
  const found: UrlProperty[] = [];
  for (const [key, value] of Object.entries(view.properties ?? {})) {
    if (typeof value !== "string" || isUnknown(value) || !/^https?:\/\//i.test(value.trim())) continue;
    try {
      found.push({ key, url: new URL(value.trim()) });
    } catch {
      // Not a URL after all: the provider's check reports malformed values.
    }
  }
  return found;
}
