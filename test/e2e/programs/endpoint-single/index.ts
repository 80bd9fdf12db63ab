// One endpoint whose every input comes from config, for adopt, restricted and invalid cases.
import * as pulumi from "@pulumi/pulumi";
import * as aria from "pulumi-aria";

const config = new pulumi.Config();
const url = config.require("url");

const endpoint = new aria.Endpoint("single", {
  name: config.get("name") ?? "single",
  type: config.get("type") ?? "jenkins",
  project: config.get("project") ?? "Platform",
  description: config.get("description") ?? "",
  isRestricted: config.getBoolean("restricted") ?? false,
  adopt: config.getBoolean("adopt") ?? false,
  properties: config.getObject<Record<string, string>>("properties") ?? { url, username: "bot" },
  secretProperties: { password: config.requireSecret("password") },
});

export const endpointId = endpoint.id;
export const description = endpoint.description;
