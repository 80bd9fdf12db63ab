/** Reading the example files the way the tests check them: YAML documents, config keys, commands. */
import * as fs from "node:fs";
import * as path from "node:path";
import { parseAllDocuments } from "yaml";

/** The repository's examples directory. */
export const EXAMPLES = path.resolve(__dirname, "..", "..", "examples");

/** A file of the examples directory, as text. */
export function exampleText(relative: string): string {
  return fs.readFileSync(path.join(EXAMPLES, relative), "utf8");
}

/** One parsed YAML document: its plain value, and what the parser complained about. */
export interface YamlDocument {
  readonly value: Record<string, unknown>;
  readonly errors: string[];
  readonly warnings: string[];
}

/** Every document of a YAML file of the examples directory. */
export function yamlDocuments(relative: string): YamlDocument[] {
  return parseAllDocuments(exampleText(relative)).map((doc) => ({
    value: doc.toJS() as Record<string, unknown>,
    errors: doc.errors.map((e) => e.message),
    warnings: doc.warnings.map((w) => w.message),
  }));
}

/** The stack configuration keys a program reads, by how it reads them. */
export interface ProgramConfig {
  /** `config.require(...)`: must be set. */
  readonly required: string[];
  /** `config.requireSecret(...)`: must be set, as a secret. */
  readonly requiredSecrets: string[];
  /** `config.get(...)` and `config.getSecret(...)`: optional. */
  readonly optional: string[];
}

/** The configuration keys an example's index.ts reads through `new pulumi.Config()`. */
export function programConfig(example: string): ProgramConfig {
  const source = exampleText(path.join(example, "index.ts"));
  const keys = (method: string) =>
    [...source.matchAll(new RegExp(`config\\.${method}\\("([^"]+)"\\)`, "g"))].map((m) => m[1]);
  return {
    required: keys("require"),
    requiredSecrets: keys("requireSecret"),
    optional: [...keys("get"), ...keys("getSecret")],
  };
}

/** One `pulumi config set [--secret] <key> <value>` of a shell script. */
export interface ConfigSet {
  readonly key: string;
  readonly value: string;
  readonly secret: boolean;
}

/** The `pulumi config set` commands of a shell script, in order. */
export function configSets(script: string): ConfigSet[] {
  const sets: ConfigSet[] = [];
  for (const line of script.split("\n")) {
    const match = /^\s*pulumi config set (--secret )?(\S+) (.+?)\s*$/.exec(line);
    if (!match) continue;
    sets.push({ secret: match[1] !== undefined, key: match[2], value: match[3].replace(/^"(.*)"$/, "$1") });
  }
  return sets;
}

/** A GitHub Actions step. */
export interface WorkflowStep {
  readonly id?: string;
  readonly name?: string;
  readonly shell?: string;
  readonly "working-directory"?: string;
  readonly uses?: string;
  readonly run?: string;
  readonly if?: string;
  readonly with?: Record<string, unknown>;
  readonly env?: Record<string, string>;
}

/** A GitHub Actions job. */
export interface WorkflowJob {
  readonly name?: string;
  readonly if?: string;
  readonly needs?: string | string[];
  readonly permissions?: Record<string, string>;
  readonly concurrency?: { group: string; "cancel-in-progress"?: boolean };
  readonly env?: Record<string, string>;
  readonly steps: WorkflowStep[];
}

/** The pull-request workflow of examples/pr-preview. */
export const WORKFLOW = "pr-preview/aria-endpoints.yml";

/** The `run` scripts of a job, joined. */
export function jobScript(job: WorkflowJob): string {
  return job.steps.map((step) => step.run ?? "").join("\n");
}
