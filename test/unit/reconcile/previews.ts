/*
 * What the unit tests of aria-reconcile's reading of a refresh preview share: the URNs of one stack's
 * resources, a Jenkins endpoint's inputs, and a preview with the shape `pulumi preview --refresh
 * --json` of CLI 3.274.1 prints (refresh steps first, then the steps of the update).
 */
import { PreviewDigest } from "../../../provider/common/preview-digest";

/** The URN of the resource `name` of type `type` in the stack dev of the project app. */
export const urn = (type: string, name: string) => `urn:pulumi:dev::app::${type}::${name}`;
export const STACK = urn("pulumi:pulumi:Stack", "app-dev");
export const JENKINS = urn("aria:index:JenkinsEndpoint", "jenkins");
export const GIT = urn("aria:index:Endpoint", "git");

/**
 * The inputs of the endpoint {@link JENKINS} as a preview prints them (its secrets as "[secret]"), with
 * the description and the server's URL a test changes.
 */
export function jenkinsInputs({ description = "CI server", url = "https://jenkins.example.com" } = {}) {
  return {
    description,
    name: "jenkins",
    project: "Platform",
    properties: { url, username: "ci" },
    secretProperties: "[secret]",
    type: "jenkins",
  };
}

/** The preview whose steps are `steps`. */
export const preview = (steps: unknown[]): PreviewDigest =>
  PreviewDigest.parse({ config: {}, steps, duration: 1 });

/** The refresh step of {@link JENKINS} (id j1): the state from before the refresh on both sides, as the CLI prints it. */
export const jenkinsRefresh = () => ({
  op: "refresh",
  urn: JENKINS,
  oldState: { id: "j1", inputs: jenkinsInputs() },
  newState: { id: "j1", inputs: jenkinsInputs() },
});

/** The update step that takes {@link JENKINS} (id j1) from the refreshed inputs `found` back to its declaration. */
export const jenkinsUpdate = (
  found: ReturnType<typeof jenkinsInputs>,
  more: Record<string, unknown> = {},
) => ({
  op: "update",
  urn: JENKINS,
  oldState: { id: "j1", type: "aria:index:JenkinsEndpoint", inputs: found },
  newState: { type: "aria:index:JenkinsEndpoint", inputs: jenkinsInputs() },
  ...more,
});
