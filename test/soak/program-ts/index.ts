// The soak's program for the dynamic door (test/soak): the endpoints the model declares, read from
// soak.json beside this file, which the runner rewrites before each operation (cheaper than
// regenerating code). Each password is a secret; the ids are exported by resource name.
import * as fs from "node:fs";
import * as pulumi from "@pulumi/pulumi";
import * as aria from "pulumi-aria";

interface Declared {
  kind: "jenkins" | "git" | "typedJenkins" | "typedEmail";
  name: string;
  project: string;
  description: string;
  password: string;
  isRestricted: boolean;
}

const { url, endpoints } = JSON.parse(fs.readFileSync("soak.json", "utf8")) as {
  url: string;
  endpoints: Declared[];
};
const host = new URL(url);

function declare(d: Declared): pulumi.CustomResource {
  const common = {
    name: d.name,
    project: d.project,
    description: d.description,
    isRestricted: d.isRestricted,
  };
  const password = pulumi.secret(d.password);
  switch (d.kind) {
    case "jenkins":
      return new aria.Endpoint(d.name, {
        ...common,
        type: "jenkins",
        properties: { url: `${url}/jenkins/${d.name}`, username: "bot" },
        secretProperties: { password },
        validate: false,
      });
    case "git":
      return new aria.Endpoint(d.name, {
        ...common,
        type: "git",
        properties: {
          serverType: "GitHub",
          repoURL: `${url}/org/${d.name}.git`,
          branch: "main",
          authType: "password",
          userName: "ci-bot",
        },
        secretProperties: { password },
        validate: false,
      });
    case "typedJenkins":
      return new aria.JenkinsEndpoint(d.name, {
        ...common,
        url: `${url}/jenkins/${d.name}`,
        username: "bot",
        password,
      });
    case "typedEmail":
      return new aria.EmailEndpoint(d.name, {
        ...common,
        senderAddress: "ci@example.com",
        encryptionMethod: "NONE",
        outboundHost: host.hostname,
        outboundPort: Number(host.port),
        outboundProtocol: "smtp",
        outboundUsername: "mailer",
        outboundPassword: password,
      });
  }
}

export const ids = pulumi.all(Object.fromEntries(endpoints.map((d) => [d.name, declare(d).id])));
