// The soak's program for the dynamic door (test/soak): the endpoints the model declares, read from
// soak.json beside this file, which the runner rewrites before each operation (cheaper than
// regenerating code). Each declaration names the plugin's token of its resource, whose class of the
// same name declares it here, its inputs and the paths of the secret ones (test/soak/model.ts,
// `declaration`, writes both programs' resources); the ids are exported by resource name.
import * as fs from "node:fs";
import * as pulumi from "@pulumi/pulumi";
import * as aria from "pulumi-aria";

interface Declaration {
  name: string;
  type: "aria:index:Endpoint" | "aria:index:JenkinsEndpoint" | "aria:index:EmailEndpoint";
  inputs: Record<string, unknown>;
  secrets: string[][];
}

const { declarations } = JSON.parse(fs.readFileSync("soak.json", "utf8")) as {
  declarations: Declaration[];
};

const CLASSES = {
  "aria:index:Endpoint": aria.Endpoint,
  "aria:index:JenkinsEndpoint": aria.JenkinsEndpoint,
  "aria:index:EmailEndpoint": aria.EmailEndpoint,
} as const;

/** `inputs` with the value at `at` made a secret. */
function withSecret(inputs: Record<string, unknown>, at: string[]): Record<string, unknown> {
  const [key, ...rest] = at;
  const value = inputs[key];
  return {
    ...inputs,
    [key]: rest.length === 0 ? pulumi.secret(value) : withSecret(value as Record<string, unknown>, rest),
  };
}

function declare({ name, type, inputs, secrets }: Declaration): pulumi.CustomResource {
  const args = secrets.reduce(withSecret, inputs);
  // Each class takes its own args; the model wrote them for the class its token names.
  const Class = CLASSES[type] as unknown as new (name: string, args: unknown) => pulumi.CustomResource;
  return new Class(name, args);
}

export const ids = pulumi.all(Object.fromEntries(declarations.map((d) => [d.name, declare(d).id])));
