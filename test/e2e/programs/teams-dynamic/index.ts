// One team's stack through the dynamic resources (test/e2e/teams-s3.test.ts, test/faults/teams.test.ts):
// the endpoint every team's pipelines share (`shared-jira`, unless `shared` is false) and `ownCount`
// endpoints of the team's own (`<team>-jira`, `<team>-jira-1`, ...). `rev` changes the own endpoints'
// descriptions (the concurrent-runs phase).
import * as pulumi from "@pulumi/pulumi";
import * as aria from "pulumi-aria";

const config = new pulumi.Config();
const team = config.require("team");
const rev = config.get("rev") ?? "1";
const ownCount = config.getNumber("ownCount") ?? 1;

if (config.getBoolean("shared") ?? true) {
  new aria.Endpoint("shared", {
    name: "shared-jira",
    type: "jira",
    project: "Platform",
    description: "Jira every team's pipelines use",
    properties: { url: "https://jira.example.com", username: "pipelines" },
    validate: false,
  });
}

const own: aria.Endpoint[] = [];
for (let i = 0; i < ownCount; i++) {
  const suffix = i === 0 ? "" : `-${i}`;
  own.push(
    new aria.Endpoint(`own${suffix}`, {
      name: `${team}-jira${suffix}`,
      type: "jira",
      project: "Platform",
      description: `${team}'s Jira${suffix}, revision ${rev}`,
      properties: { url: `https://jira.example.com/${team}${suffix}`, username: team },
      validate: false,
    }),
  );
}

export const ownIds = own.map((endpoint) => endpoint.id);
