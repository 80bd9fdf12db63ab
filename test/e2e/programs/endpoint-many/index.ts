// Many endpoints in one project, enough for the provider to answer a refresh's reads from the
// project's listing (see provider/endpoint/reads.ts). Config varies the description: every
// endpoint's (`description`), or only endpoint `changed`'s; endpoint `moved` is in Payments.
import * as pulumi from "@pulumi/pulumi";
import * as aria from "pulumi-aria";

const config = new pulumi.Config();
const url = config.require("url");
const password = config.requireSecret("password");
const count = config.requireNumber("count");
const changed = config.getNumber("changed");
const moved = config.getNumber("moved");

const endpoints = Array.from(
  { length: count },
  (_, i) =>
    new aria.Endpoint(`many-${i}`, {
      name: `many-${String(i).padStart(3, "0")}`,
      type: "jenkins",
      project: i === moved ? "Payments" : "Platform",
      description: i === changed ? "changed" : (config.get("description") ?? "declared"),
      properties: { url, username: "bot" },
      secretProperties: { password },
      validate: false,
    }),
);

export const ids = pulumi.all(endpoints.map((e) => e.id));
