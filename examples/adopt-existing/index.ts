/**
 * Adopting existing endpoints: endpoints that someone created by hand in the Aria Automation UI are
 * brought under Pulumi without deleting and re-creating them (pipelines keep referencing them).
 *
 * `adopt: true` makes the first `pulumi up` look the endpoint up by project and name and, when it
 * exists, update it to the declared state instead of failing with "already exists". From then on the
 * stack manages it like any other: updates, drift on refresh, and deletion on `pulumi destroy`.
 * (Pulumi's `import` option and `pulumi import` do not work for dynamic providers; this is the way.)
 *
 * Aria Automation is configured with `vra:url` and `vra:refreshToken` (or the `VRA_*` environment
 * variables); see the README.
 */
import * as pulumi from "@pulumi/pulumi";
import * as aria from "pulumi-aria";

const config = new pulumi.Config();
const project = config.get("project") ?? "Platform";

// The existing Jenkins endpoint, declared with the values it should have. The type must match the
// existing endpoint's; the declared name and project are how it is found.
const jenkins = new aria.JenkinsEndpoint("jenkins", {
  name: config.get("jenkinsEndpointName") ?? "jenkins",
  project,
  adopt: true,
  description: "Team Jenkins, managed by Pulumi since adoption",
  url: config.require("jenkinsUrl"),
  username: config.get("jenkinsUser") ?? "ci-bot",
  password: config.requireSecret("jenkinsPassword"),
});

// The existing Jira endpoint. Secrets the server masks (the password) cannot be read back: declaring
// them is what puts a known value in the endpoint and in the state.
const jira = new aria.JiraEndpoint("jira", {
  name: config.get("jiraEndpointName") ?? "jira",
  project,
  adopt: true,
  description: "Team Jira, managed by Pulumi since adoption",
  url: config.require("jiraUrl"),
  username: config.get("jiraUser") ?? "ci-bot",
  password: config.requireSecret("jiraPassword"),
});

/** The adopted endpoints keep their ids: pipelines that use them are not affected. */
export const jenkinsEndpointId = jenkins.endpointId;
export const jiraEndpointId = jira.endpointId;
/** When and by whom each was created (by hand, before Pulumi). */
export const jenkinsCreatedBy = jenkins.createdBy;
export const jiraCreatedAt = jira.createdAt;
