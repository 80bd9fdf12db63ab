/*
 * Benchmark program: N pipeline endpoints of the same shape (jenkins, one secret), as a team would
 * declare them. Config (project namespace):
 *   count      number of endpoints
 *   targetUrl  the server the endpoints point at (validation connects to it: the emulator itself)
 *   changed    index of the endpoint whose folderPath changes (the "up changing one" phase); -1: none
 *   validate   optional: the endpoints' `validate` input (unset: the provider's default)
 *   revision   optional: appended to every endpoint's description (the faults phase's update of all)
 */
import * as pulumi from "@pulumi/pulumi";
import * as aria from "pulumi-aria";

const config = new pulumi.Config();
const count = config.requireNumber("count");
const targetUrl = config.require("targetUrl");
const changed = config.getNumber("changed") ?? -1;
const validate = config.getBoolean("validate");
const revision = config.getNumber("revision");

for (let i = 0; i < count; i++) {
  new aria.Endpoint(`ep-${i}`, {
    project: "Default Project",
    name: `bench-endpoint-${i}`,
    type: "jenkins",
    description: `Benchmark endpoint ${i}${revision === undefined ? "" : ` revision ${revision}`}`,
    properties: {
      url: `${targetUrl}/jenkins/${i}`,
      username: "bench",
      folderPath: i === changed ? "/jobs/changed" : "/jobs",
    },
    secretProperties: { password: `bench-password-${i}` },
    ...(validate === undefined ? {} : { validate }),
  });
}

export const endpoints = count;
