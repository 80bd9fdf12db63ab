// One endpoint through its whole life on a runtime leg. The program writes the Node and
// @pulumi/pulumi versions it runs with to ARIA_RUNTIME_REPORT (a file, not an output: an output
// would change when the runtime does, and the upgrade test wants no change at all).
import * as fs from "node:fs";
import * as pulumi from "@pulumi/pulumi";
import * as aria from "pulumi-aria";

const config = new pulumi.Config();
if (process.env.ARIA_RUNTIME_REPORT) {
  const sdk = JSON.parse(fs.readFileSync(require.resolve("@pulumi/pulumi/package.json"), "utf8")).version;
  fs.appendFileSync(
    process.env.ARIA_RUNTIME_REPORT,
    `${JSON.stringify({ node: process.versions.node, sdk })}\n`,
  );
}

const jenkins = new aria.JenkinsEndpoint("leg", {
  name: config.require("name"),
  project: "Default Project",
  url: config.require("url"),
  username: "bot",
  password: config.requireSecret("password"),
  description: config.get("description") ?? "",
  validate: false,
});

export const endpointId = jenkins.id;
export const description = jenkins.description;
