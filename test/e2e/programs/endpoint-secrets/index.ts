// A new user's natural mistake: the password among the plain properties, as the server's tile lists it,
// on the generic Endpoint and in a typed resource's additionalProperties. The passwords come from the
// environment so that they are nowhere in the program or its stack configuration.
import * as pulumi from "@pulumi/pulumi";
import * as aria from "pulumi-aria";

const config = new pulumi.Config();
const url = config.require("url");
const project = config.get("project") ?? "Platform";
const extra = config.getObject<Record<string, unknown>>("extraProperties") ?? {};

const generic = new aria.Endpoint("generic", {
  name: "secret-generic",
  type: "jenkins",
  project,
  properties: { url, username: "bot", password: process.env.ARIA_E2E_PASSWORD ?? "", ...extra },
});

const typed = new aria.JenkinsEndpoint("typed", {
  name: "secret-typed",
  project,
  url,
  username: "bot",
  additionalProperties: { password: process.env.ARIA_E2E_TYPED_PASSWORD ?? "" },
});

export const genericId = generic.id;
export const genericProperties = generic.properties;
export const typedProperties = typed.properties;
