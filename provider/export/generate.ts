import type { Endpoint as ApiEndpoint } from "../client/schemas";
import { isMasked, isSecretProperty as isSecretByPolicy, isVariableReference } from "../core/secrets";
import { TYPED_ENDPOINTS } from "../registry/typed-endpoints";
import type { TypedEndpoint } from "../endpoint/typed/common";
import { resourceNames } from "./naming";

/** What the generated project is built from. */
export interface ExportInput {
  /** The endpoints to declare, as the server answers them (secrets masked). */
  readonly endpoints: readonly ApiEndpoint[];
  /** Secret property names per endpoint type (from the tiles), besides the values the server masks. */
  readonly secretNamesByType?: ReadonlyMap<string, ReadonlySet<string>>;
  /** The Pulumi project name. */
  readonly projectName: string;
  /** The server's URL, for the README. */
  readonly serverUrl: string;
  /** The version range of pulumi-aria the project depends on. */
  readonly packageVersion: string;
  /** The command that made the project, for the README. */
  readonly command: string;
  /** The stack `aria-export --stack` made or chose, and the config keys it set in it. */
  readonly stack?: StackSettings;
}

/** What `aria-export --stack` put in a stack, for the README. */
export interface StackSettings {
  /** The stack's name. */
  readonly name: string;
  /** The config keys set in it from the server's export. */
  readonly setKeys: ReadonlySet<string>;
}

/** One secret the program reads from stack config. */
export interface SecretSetting {
  /** The config key (in the project's namespace). */
  readonly key: string;
  /** The endpoint's project and name, and the property. */
  readonly project: string;
  readonly endpoint: string;
  readonly property: string;
  /** The resource that reads it. */
  readonly resourceName: string;
}

/** The generated project: file name → content, and the secrets its program reads from config. */
export interface GeneratedProject {
  readonly files: Record<string, string>;
  readonly secrets: readonly SecretSetting[];
  /** Resource name per endpoint id. */
  readonly resourceNames: ReadonlyMap<string, string>;
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

function key(name: string): string {
  return IDENTIFIER.test(name) ? name : JSON.stringify(name);
}

function literal(value: unknown): string {
  return JSON.stringify(value);
}

function objectLiteral(entries: readonly (readonly [string, string])[], indent: string): string {
  if (entries.length === 0) return "{}";
  const inner = entries.map(([k, v]) => `${indent}  ${key(k)}: ${v},`).join("\n");
  return `{\n${inner}\n${indent}}`;
}

/**
 * Whether a property of an endpoint holds a secret: masked by the server, or secret by the secrets
 * policy (its type's tile, a typed resource's secret input, a known name).
 */
function isSecretProperty(
  endpoint: ApiEndpoint,
  property: string,
  value: unknown,
  input: Pick<ExportInput, "secretNamesByType">,
): boolean {
  if (isMasked(value)) return true;
  const typed = TYPED_ENDPOINTS.get(endpoint.type);
  const declaredSecret =
    typed?.secret.includes(property) || input.secretNamesByType?.get(endpoint.type)?.has(property);
  // A pipeline-variable reference (`${var.NAME}`) is no secret value: it is written as it is.
  return isSecretByPolicy({ name: property, declaredSecret }) && !isVariableReference(String(value));
}

/** A secret property of a planned endpoint: its value where the server shows it, else a config key. */
export type PlannedSecret = { readonly value: unknown } | { readonly configKey: string };

/**
 * One endpoint as every generated program declares it, whatever the language: its resource name, its
 * typed resource where the type has one, and its properties split into plain and secret ones.
 */
export interface PlannedEndpoint {
  readonly endpoint: ApiEndpoint;
  readonly resourceName: string;
  /** The typed resource of its type, if there is one. */
  readonly typed?: TypedEndpoint;
  /** Non-secret properties, as the server has them. */
  readonly plain: readonly (readonly [string, unknown])[];
  /** Secret properties: the value where the server shows it (a reference, ...), else a config key. */
  readonly secret: readonly (readonly [string, PlannedSecret])[];
}

/** The endpoints to declare, in a stable order, named, typed and with their secrets found. */
export interface EndpointPlan {
  readonly endpoints: readonly PlannedEndpoint[];
  readonly secrets: readonly SecretSetting[];
  /** Resource name per endpoint id. */
  readonly resourceNames: ReadonlyMap<string, string>;
}

/** Plans the declaration of `input.endpoints` (what every output format of aria-export is made of). */
export function planEndpoints(input: Pick<ExportInput, "endpoints" | "secretNamesByType">): EndpointPlan {
  const endpoints = [...input.endpoints].sort(
    (a, b) =>
      (a.project ?? "").localeCompare(b.project ?? "") ||
      a.name.localeCompare(b.name) ||
      a.id.localeCompare(b.id),
  );
  const names = resourceNames(endpoints.map((e) => ({ project: e.project ?? "", name: e.name })));
  const secrets: SecretSetting[] = [];
  const planned = endpoints.map((endpoint, i) => {
    const resourceName = names[i];
    const project = endpoint.project ?? "";
    const plain: [string, unknown][] = [];
    const secret: [string, PlannedSecret][] = [];
    for (const [property, value] of Object.entries(endpoint.properties ?? {})) {
      if (value === null || value === undefined) continue;
      if (isSecretProperty(endpoint, property, value, input)) {
        if (isMasked(value) || value === "") {
          const configKey = `${resourceName}-${property}`.replace(/[^A-Za-z0-9_.-]/g, "-");
          secrets.push({ key: configKey, project, endpoint: endpoint.name, property, resourceName });
          secret.push([property, { configKey }]);
        } else {
          secret.push([property, { value }]);
        }
      } else {
        plain.push([property, value]);
      }
    }
    return { endpoint, resourceName, typed: TYPED_ENDPOINTS.get(endpoint.type), plain, secret };
  });
  return {
    endpoints: planned,
    secrets,
    resourceNames: new Map(endpoints.map((e, i) => [e.id, names[i]])),
  };
}

/** The inputs every endpoint declares besides its properties, as [input, value], in program order. */
export function commonInputs(endpoint: ApiEndpoint): [string, unknown][] {
  const common: [string, unknown][] = [
    ["project", endpoint.project ?? ""],
    ["name", endpoint.name],
  ];
  const description = endpoint.description ?? "";
  if (description) common.push(["description", description]);
  if (endpoint.isRestricted) common.push(["isRestricted", true]);
  if (endpoint.cloudProxyId) common.push(["cloudProxyId", endpoint.cloudProxyId]);
  return common;
}

/** A planned endpoint's properties split between a typed resource's own inputs and its escape hatches. */
export function typedSplit<P extends readonly [string, unknown], S extends readonly [string, unknown]>(
  typed: TypedEndpoint,
  plain: readonly P[],
  secret: readonly S[],
): { typedPlain: P[]; extraPlain: P[]; typedSecret: S[]; extraSecret: S[] } {
  return {
    typedPlain: plain.filter(([p]) => typed.plain.includes(p)),
    extraPlain: plain.filter(([p]) => !typed.plain.includes(p)),
    typedSecret: secret.filter(([p]) => typed.secret.includes(p)),
    extraSecret: secret.filter(([p]) => !typed.secret.includes(p)),
  };
}

function declaration(planned: PlannedEndpoint, secrets: readonly SecretSetting[]): string {
  const { endpoint, resourceName, typed } = planned;
  const project = endpoint.project ?? "";
  const plain = planned.plain.map(([p, v]) => [p, literal(v)] as [string, string]);
  const secret = planned.secret.map(
    ([p, v]) =>
      [
        p,
        "configKey" in v ? `config.getSecret(${literal(v.configKey)})` : `pulumi.secret(${literal(v.value)})`,
      ] as [string, string],
  );
  const common = commonInputs(endpoint).map(([k, v]) => [k, literal(v)] as [string, string]);
  const configKeys = secrets.filter((s) => s.resourceName === resourceName).map((s) => literal(s.key));
  // The server's validation connects with the secrets: it is off until they are all set, and then
  // the stack's vra:validateEndpoints decides (a `validate: true` here would override it).
  if (configKeys.length > 0) common.push(["validate", `unlessUnset(${configKeys.join(", ")})`]);
  common.push(["adopt", "true"]);
  const indent = "  ";
  const header = `// ${project} / ${endpoint.name} (${endpoint.type}), id ${endpoint.id}`;
  if (typed) {
    const { typedPlain, extraPlain, typedSecret, extraSecret } = typedSplit(typed, plain, secret);
    const args: [string, string][] = [...common, ...typedPlain, ...typedSecret];
    if (extraPlain.length > 0) args.push(["additionalProperties", objectLiteral(extraPlain, indent)]);
    if (extraSecret.length > 0) {
      args.push(["additionalSecretProperties", `setSecrets(${objectLiteral(extraSecret, indent)})`]);
    }
    return `${header}\nnew aria.${typed.className}(${literal(resourceName)}, ${objectLiteral(args, "")});\n`;
  }
  const args: [string, string][] = [
    ...common,
    ["type", literal(endpoint.type)],
    ["properties", objectLiteral(plain, indent)],
  ];
  if (secret.length > 0) args.push(["secretProperties", `setSecrets(${objectLiteral(secret, indent)})`]);
  return `${header}\nnew aria.Endpoint(${literal(resourceName)}, ${objectLiteral(args, "")});\n`;
}

const PROGRAM_HEADER = `// Generated by aria-export: one resource per endpoint, each with \`adopt: true\`, so that \`pulumi up\`
// takes the endpoints over where they are instead of creating them. Secrets come from the stack's
// config (see README.md); a secret left unset keeps the value stored on the server.
import * as pulumi from "@pulumi/pulumi";
import * as aria from "pulumi-aria";

const config = new pulumi.Config();

/**
 * An endpoint's \`validate\`: off (false) while one of these secrets is unset, since the server's
 * validation connects with them; otherwise unset, so that the stack's \`vra:validateEndpoints\` decides.
 */
function unlessUnset(...keys: string[]): false | undefined {
  return keys.every((key) => config.getSecret(key) !== undefined) ? undefined : false;
}

/** The secrets that are set: an unset one (undefined) is left out, so the server keeps its value. */
function setSecrets(
  values: Record<string, pulumi.Input<string> | undefined>,
): Record<string, pulumi.Input<string>> {
  const set: Record<string, pulumi.Input<string>> = {};
  for (const [property, value] of Object.entries(values)) if (value !== undefined) set[property] = value;
  return set;
}
`;

function readme(
  input: ExportInput,
  secrets: readonly SecretSetting[],
  names: ReadonlyMap<string, string>,
): string {
  const rows = input.endpoints.map(
    (e) => `| ${names.get(e.id)} | ${e.project ?? ""} | ${e.name.replace(/\|/g, "\\|")} | ${e.type} |`,
  );
  const stack = input.stack;
  const command = (s: SecretSetting) =>
    `pulumi config set --secret ${s.key} '<${s.property} of ${s.project} / ${s.endpoint}>'`;
  const setInStack = stack ? secrets.filter((s) => stack.setKeys.has(s.key)) : [];
  const toSet = stack ? secrets.filter((s) => !stack.setKeys.has(s.key)) : secrets;
  const secretLines: string[] = [];
  if (secrets.length === 0) secretLines.push("The endpoints hold no secrets the program needs.");
  else if (!stack) {
    secretLines.push(
      "Each secret is read from the stack's config. An unset secret keeps the value stored on the server",
      "(adoption without secrets writes nothing to the server); set one to have `pulumi up` write it:",
      "",
      "```sh",
      ...toSet.map(command),
      "```",
    );
  } else {
    secretLines.push(
      "Each secret is read from the stack's config; `pulumi up` writes the ones set. An unset secret keeps",
      "the value stored on the server.",
    );
    if (setInStack.length > 0) {
      secretLines.push(
        "",
        `aria-export set these in the config of stack \`${stack.name}\` (encrypted in \`Pulumi.${stack.name}.yaml\`)`,
        "with the values of the server's export:",
        "",
        ...setInStack.map((s) => `- \`${s.key}\`: ${s.property} of ${s.project} / ${s.endpoint}`),
      );
    }
    if (toSet.length > 0) {
      secretLines.push(
        "",
        "The server's export did not give these (masked or missing): set them by hand, or leave them unset",
        "to keep the server's values:",
        "",
        "```sh",
        ...toSet.map((s) => command(s).replace("--secret ", `--secret --stack ${stack.name} `)),
        "```",
      );
    }
  }
  const stackLines = stack
    ? [`pulumi stack select ${stack.name}   # made or chosen by aria-export --stack`]
    : ["pulumi stack init dev"];
  const upLine = stack
    ? "pulumi up      # adopts every endpoint, writing the secrets set in the stack's config"
    : "pulumi up      # adopts every endpoint; with no secret set, sends no write to the server";
  return [
    `# ${input.projectName}`,
    "",
    `The pipeline endpoints of ${input.serverUrl}, as a Pulumi program, generated by:`,
    "",
    "```sh",
    input.command,
    "```",
    "",
    "## Run it",
    "",
    "```sh",
    "npm install",
    ...stackLines,
    `pulumi config set vra:url ${input.serverUrl}`,
    "pulumi config set --secret vra:refreshToken '<API token>'",
    upLine,
    "pulumi preview # no changes",
    "```",
    "",
    "## Secrets",
    "",
    ...secretLines,
    "",
    "## Endpoints",
    "",
    "| resource | project | endpoint | type |",
    "|---|---|---|---|",
    ...rows,
    "",
  ].join("\n");
}

/** Writes the standalone Pulumi project that adopts `input.endpoints`. Pure: no I/O. */
export function generateProject(input: ExportInput): GeneratedProject {
  const plan = planEndpoints(input);
  const endpoints = plan.endpoints.map((p) => p.endpoint);
  const byId = plan.resourceNames;
  const secrets = plan.secrets;
  const body = plan.endpoints.map((p) => declaration(p, secrets)).join("\n");
  const packageJson = {
    name: input.projectName,
    private: true,
    main: "index.ts",
    devDependencies: { "@types/node": "^20.19.0", typescript: "~5.9.3" },
    dependencies: { "@pulumi/pulumi": "^3.269.0", "pulumi-aria": input.packageVersion },
  };
  const tsconfig = {
    compilerOptions: {
      strict: true,
      esModuleInterop: true,
      outDir: "bin",
      target: "es2022",
      module: "commonjs",
      moduleResolution: "node",
      sourceMap: true,
      forceConsistentCasingInFileNames: true,
    },
    files: ["index.ts"],
  };
  return {
    files: {
      "Pulumi.yaml": `name: ${input.projectName}\nruntime: nodejs\ndescription: Pipeline endpoints of ${input.serverUrl}, adopted by aria-export\n`,
      "package.json": `${JSON.stringify(packageJson, null, 2)}\n`,
      "tsconfig.json": `${JSON.stringify(tsconfig, null, 2)}\n`,
      "index.ts": `${PROGRAM_HEADER}\n${body}`,
      "README.md": readme({ ...input, endpoints }, secrets, byId),
    },
    secrets,
    resourceNames: byId,
  };
}
