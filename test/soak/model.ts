import * as fs from "node:fs";
import * as path from "node:path";
import { stringify } from "yaml";

/*
 * The soak's model (test/soak): what the program declares, which the server must hold after every
 * command, and the two programs generated from it, one per door.
 */

/** The endpoint kinds the soak declares: generic endpoints and typed ones. */
export const KINDS = ["jenkins", "git", "typedJenkins", "typedEmail"] as const;
export type Kind = (typeof KINDS)[number];

/** The endpoint types on the server of each kind. */
export const SERVER_TYPE: Record<Kind, string> = {
  jenkins: "jenkins",
  git: "git",
  typedJenkins: "jenkins",
  typedEmail: "email",
};

export const PROJECTS = ["Platform", "Payments"] as const;

/** One declared endpoint: its resource's name, and its name on the server (the same until a rename). */
export interface Declared {
  kind: Kind;
  resource: string;
  name: string;
  project: string;
  description: string;
  password: string;
  isRestricted: boolean;
}

/** The model: the declared endpoints, whether faults are on, and every secret ever declared. */
export interface Model {
  endpoints: Declared[];
  faults: boolean;
  secrets: Set<string>;
}

export function emptyModel(): Model {
  return { endpoints: [], faults: false, secrets: new Set() };
}

export type Door = "ts" | "yaml";

/**
 * One declared endpoint as both programs declare it: the plugin's token of its resource (the
 * TypeScript program takes the class of that name), its inputs, and the paths of the inputs that
 * are secrets (the TypeScript program wraps them in pulumi.secret; the plugin's schema marks them).
 */
export interface Declaration {
  name: string;
  type: "aria:index:Endpoint" | "aria:index:JenkinsEndpoint" | "aria:index:EmailEndpoint";
  inputs: Record<string, unknown>;
  secrets: string[][];
}

/** The declaration of one declared endpoint, its URLs on the server at `url`. */
export function declaration(d: Declared, url: string): Declaration {
  const common = {
    name: d.name,
    project: d.project,
    description: d.description,
    isRestricted: d.isRestricted,
  };
  switch (d.kind) {
    case "jenkins":
      return {
        name: d.resource,
        type: "aria:index:Endpoint",
        inputs: {
          ...common,
          type: "jenkins",
          properties: { url: `${url}/jenkins/${d.resource}`, username: "bot" },
          secretProperties: { password: d.password },
          validate: false,
        },
        secrets: [["secretProperties", "password"]],
      };
    case "git":
      return {
        name: d.resource,
        type: "aria:index:Endpoint",
        inputs: {
          ...common,
          type: "git",
          properties: {
            serverType: "GitHub",
            repoURL: `${url}/org/${d.resource}.git`,
            branch: "main",
            authType: "password",
            userName: "ci-bot",
          },
          secretProperties: { password: d.password },
          validate: false,
        },
        secrets: [["secretProperties", "password"]],
      };
    case "typedJenkins":
      return {
        name: d.resource,
        type: "aria:index:JenkinsEndpoint",
        inputs: { ...common, url: `${url}/jenkins/${d.resource}`, username: "bot", password: d.password },
        secrets: [["password"]],
      };
    case "typedEmail": {
      const host = new URL(url);
      return {
        name: d.resource,
        type: "aria:index:EmailEndpoint",
        inputs: {
          ...common,
          senderAddress: "ci@example.com",
          encryptionMethod: "NONE",
          outboundHost: host.hostname,
          outboundPort: Number(host.port),
          outboundProtocol: "smtp",
          outboundUsername: "mailer",
          outboundPassword: d.password,
        },
        secrets: [["outboundPassword"]],
      };
    }
  }
}

/**
 * Writes the program of `door` for the declared endpoints into the stack's program directory: the
 * resources of Pulumi.yaml (YAML), or their declarations in soak.json beside the fixed index.ts
 * (TypeScript), which declares each as it is.
 */
export function writeProgram(door: Door, workDir: string, url: string, endpoints: Declared[]): void {
  const declarations = endpoints.map((d) => declaration(d, url));
  if (door === "ts") {
    fs.writeFileSync(path.join(workDir, "soak.json"), JSON.stringify({ declarations }, null, 2));
    return;
  }
  const resources = Object.fromEntries(
    declarations.map(({ name, type, inputs }) => [name, { type, properties: inputs }]),
  );
  const outputs = Object.fromEntries(endpoints.map((d) => [d.resource, `\${${d.resource}.id}`]));
  const program = {
    name: "soak-yaml",
    runtime: "yaml",
    plugins: { providers: [{ name: "aria", path: "./node_modules/.bin" }] },
    resources,
    ...(endpoints.length > 0 ? { outputs } : {}),
  };
  fs.writeFileSync(path.join(workDir, "Pulumi.yaml"), stringify(program));
}
