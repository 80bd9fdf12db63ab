/**
 * The Pulumi package schema of the `aria` provider plugin, generated from the zod schemas (the single
 * source of the types): `z.toJSONSchema` gives JSON Schema, mapped here onto the subset of Pulumi's
 * package schema the plugin uses. Descriptions come from the zod schemas' `.describe()`/`.meta()`;
 * `meta({secret: true})` marks a secret; required lists follow zod's optionality; a schema with a
 * `meta({id})` becomes a named object type `aria:index:<id>`, and a nested anonymous object one named
 * after its parent and key. `scripts/gen.mjs` writes the result to `sdk/schema.json`.
 */
import { z } from "zod";
import { TypedEndpointCommonInputs } from "../endpoint/typed/common";
import { TypedEndpointListInputs } from "../endpoint/lookup-schemas";
import { DATA_FUNCTIONS, RESOURCE_KINDS, TYPED_ENDPOINTS } from "../registry";
import { ProviderSettings, SETTINGS } from "../runtime/settings";
import { PACKAGE, typeToken } from "../core/tokens";

/** The package name, and the namespace of its config keys (`aria:url`). */
export { PACKAGE };

/** A reference to a type, as a property or an item uses it. */
export interface TypeSpec {
  type?: "string" | "number" | "integer" | "boolean" | "array" | "object";
  items?: TypeSpec;
  additionalProperties?: TypeSpec;
  $ref?: string;
}

/** A property of an object, a resource or the config. */
export interface PropertySpec extends TypeSpec {
  description: string;
  secret?: boolean;
  replaceOnChanges?: boolean;
  defaultInfo?: { environment: string[] };
}

/** An object type: its properties and which are required. */
export interface ObjectTypeSpec {
  type: "object";
  description?: string;
  properties: Record<string, PropertySpec>;
  required?: string[];
}

/** A resource (or the provider): its outputs and inputs. */
export interface ResourceSpec {
  description: string;
  properties: Record<string, PropertySpec>;
  required?: string[];
  inputProperties: Record<string, PropertySpec>;
  requiredInputs?: string[];
  /** What a listing filters by (`pulumi do <token> list`); the plugin's `List` serves it. */
  listInputs?: ObjectTypeSpec;
}

/** A function (an invoke): its arguments and result. */
export interface FunctionSpec {
  description: string;
  inputs?: Omit<ObjectTypeSpec, "type"> & { type?: "object" };
  outputs: ObjectTypeSpec;
}

/** The subset of Pulumi's package schema (pkg/codegen/schema/pulumi.json) the plugin emits. */
export interface PackageSpec {
  name: string;
  displayName: string;
  version: string;
  description: string;
  keywords: string[];
  license: string;
  /** The project's source repository, which SDK package metadata links to. */
  repository: string;
  /**
   * Where the engine downloads the plugin when a program needs it and it is not installed: the
   * project's GitHub releases, as `github://<API host>/<organization>/<repository>`; the engine asks
   * the release tagged `v<version>` for `pulumi-resource-aria-v<version>-<os>-<arch>.tar.gz`.
   */
  pluginDownloadURL: string;
  config: { variables: Record<string, PropertySpec> };
  provider: ResourceSpec;
  resources: Record<string, ResourceSpec>;
  functions: Record<string, FunctionSpec>;
  types: Record<string, ObjectTypeSpec>;
  language: LanguageSpec;
}

/** The per-language options of the SDKs scripts/gen-sdk generates (pkg/codegen's importers read them). */
export interface LanguageSpec {
  nodejs: {
    packageName: string;
    packageDescription: string;
    typescriptVersion: string;
    devDependencies: Record<string, string>;
    respectSchemaVersion: boolean;
  };
  python: { packageName: string; pyproject: { enabled: boolean }; respectSchemaVersion: boolean };
  go: { importBasePath: string; respectSchemaVersion: boolean };
}

/**
 * Where the generated SDKs are published: the npm package, the Python distribution (and its import
 * name) and the Go import path, a module in the repository's sdk/go (sdk/go/go.mod declares it; a
 * release tags it `sdk/go/v<version>`, Go's rule for a module in a subdirectory).
 */
export const SDK_NAMES = {
  nodejs: "@pulumi-aria/aria",
  python: "pulumi_aria",
  goModule: "github.com/pulumi-aria/pulumi-aria/sdk/go",
} as const;

/** The project's home: its source, and its releases (the plugin archives) on GitHub. */
export const REPOSITORY = "https://github.com/pulumi-aria/pulumi-aria";
export const PLUGIN_DOWNLOAD_URL = "github://api.github.com/pulumi-aria/pulumi-aria";

/** The language options: names as SDK_NAMES; the SDK's version is the schema's (package.json's). */
export const LANGUAGE: LanguageSpec = {
  nodejs: {
    packageName: SDK_NAMES.nodejs,
    packageDescription:
      "Pulumi resources and lookups for VMware Aria Automation, through the aria provider plugin.",
    // The generator's defaults are typescript ^4.7.0 and @types/node ^20: the SDK follows the
    // repository's TypeScript and Node 22, the oldest Node that current @pulumi/pulumi supports.
    typescriptVersion: "^5.9.3",
    devDependencies: { "@types/node": "^22" },
    respectSchemaVersion: true,
  },
  python: { packageName: SDK_NAMES.python, pyproject: { enabled: true }, respectSchemaVersion: true },
  go: { importBasePath: `${SDK_NAMES.goModule}/${PACKAGE}`, respectSchemaVersion: true },
};

/** A JSON Schema node as `z.toJSONSchema` writes it (the parts read here). */
interface JsonSchema {
  type?: string | string[];
  description?: string;
  secret?: boolean;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  additionalProperties?: JsonSchema | boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  enum?: unknown[];
  const?: unknown;
  /** The type a setting given as text stands for (../client/config-schema.ts's metadata). */
  pulumiType?: "boolean" | "number" | "integer";
}

const ANY: TypeSpec = { $ref: "pulumi.json#/Any" };
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;
const pascal = (key: string) => key.charAt(0).toUpperCase() + key.slice(1);

/** Converts zod schemas to Pulumi specs, collecting the named object types they use. */
class Converter {
  readonly types: Record<string, ObjectTypeSpec> = {};

  /** The properties and required list of a zod object, read as inputs or as outputs. */
  object(schema: z.ZodType, io: "input" | "output", owner: string): Omit<ObjectTypeSpec, "type"> {
    const json = z.toJSONSchema(schema, {
      io,
      unrepresentable: "any",
      target: "draft-2020-12",
    }) as JsonSchema;
    const defs = json.$defs ?? {};
    // A named schema is its own definition: read it from there.
    const root = json.$ref !== undefined ? defs[json.$ref.replace("#/$defs/", "")] : json;
    return this.objectOf(root ?? json, defs, owner);
  }

  private objectOf(
    json: JsonSchema,
    defs: Record<string, JsonSchema>,
    owner: string,
  ): Omit<ObjectTypeSpec, "type"> {
    const properties: Record<string, PropertySpec> = {};
    for (const [key, node] of Object.entries(json.properties ?? {})) {
      const type = this.type(node, defs, `${owner}${pascal(key)}`);
      const description = node.description ?? this.refDescription(node, defs);
      if (description === undefined)
        throw new Error(`${owner}.${key} has no description: describe it in zod`);
      properties[key] = { ...type, description, ...(node.secret === true ? { secret: true } : {}) };
    }
    const required = (json.required ?? []).filter((key) => key in properties);
    return {
      ...(json.description !== undefined ? { description: json.description } : {}),
      properties,
      ...(required.length > 0 ? { required } : {}),
    };
  }

  private refDescription(node: JsonSchema, defs: Record<string, JsonSchema>): string | undefined {
    const name = node.$ref?.replace("#/$defs/", "");
    return name !== undefined ? defs[name]?.description : undefined;
  }

  private type(node: JsonSchema, defs: Record<string, JsonSchema>, name: string): TypeSpec {
    if (node.pulumiType !== undefined) return { type: node.pulumiType };
    if (node.$ref !== undefined) {
      const id = node.$ref.replace("#/$defs/", "");
      const target = defs[id];
      // Unnamed definitions are recursive helpers (JSON values): any value.
      if (target === undefined || id.startsWith("__schema")) return ANY;
      if (!(typeToken(id) in this.types)) {
        this.types[typeToken(id)] = { type: "object", properties: {} }; // placeholder against recursion
        this.types[typeToken(id)] = { type: "object", ...this.objectOf(target, defs, id) };
      }
      return { $ref: `#/types/${typeToken(id)}` };
    }
    const branches = (node.anyOf ?? node.oneOf)?.filter((branch) => branch.type !== "null");
    if (branches !== undefined) return branches.length === 1 ? this.type(branches[0], defs, name) : ANY;
    const types = (Array.isArray(node.type) ? node.type : [node.type]).filter((t) => t !== "null");
    if (types.length !== 1) return ANY;
    const [type] = types;
    switch (type) {
      case "string":
      case "number":
      case "integer":
      case "boolean":
        return { type };
      case "array":
        return { type: "array", items: node.items ? this.type(node.items, defs, `${name}Item`) : ANY };
      case "object": {
        const keys = Object.keys(node.properties ?? {});
        if (keys.length === 0 || !keys.every((key) => IDENTIFIER.test(key))) {
          // A map (a record, or an object whose keys are no identifiers): typed by its values.
          const values =
            keys.length > 0
              ? Object.values(node.properties ?? {})
              : typeof node.additionalProperties === "object"
                ? [node.additionalProperties]
                : [];
          const mapped = values.map((value) => JSON.stringify(this.type(value, defs, `${name}Value`)));
          const one = new Set(mapped).size === 1 ? (JSON.parse(mapped[0]) as TypeSpec) : ANY;
          return { type: "object", additionalProperties: one };
        }
        if (!(typeToken(name) in this.types)) {
          this.types[typeToken(name)] = { type: "object", ...this.objectOf(node, defs, name) };
        }
        return { $ref: `#/types/${typeToken(name)}` };
      }
      default:
        return ANY;
    }
  }
}

function withFlags(
  properties: Record<string, PropertySpec>,
  flags: { secret?: readonly string[]; replace?: readonly string[] },
): Record<string, PropertySpec> {
  const out: Record<string, PropertySpec> = {};
  for (const [key, property] of Object.entries(properties)) {
    out[key] = {
      ...property,
      ...(flags.secret?.includes(key) ? { secret: true } : {}),
      ...(flags.replace?.includes(key) ? { replaceOnChanges: true } : {}),
    };
  }
  return out;
}

/** The package schema of the `aria` provider plugin at `version`. */
export function packageSchema(version: string): PackageSpec {
  const convert = new Converter();

  const settings = convert.object(ProviderSettings, "input", "Config");
  const config: Record<string, PropertySpec> = {};
  for (const [key, property] of Object.entries(settings.properties)) {
    config[key] = { ...property, defaultInfo: { environment: [SETTINGS[key as keyof typeof SETTINGS]] } };
  }

  // Every kind from its declaration, each typed endpoint after the endpoint kind it layers.
  const resources: Record<string, ResourceSpec> = {};
  for (const kind of Object.values(RESOURCE_KINDS)) {
    const inputs = convert.object(kind.inputs, "input", kind.name);
    const outputs = convert.object(kind.outputs, "output", kind.name);
    resources[kind.token] = {
      description: kind.description,
      properties: withFlags(outputs.properties, { secret: kind.secretOutputs }),
      ...(outputs.required ? { required: outputs.required } : {}),
      inputProperties: withFlags(inputs.properties, {
        secret: kind.secretOutputs,
        replace: kind.replaceOnChanges,
      }),
      requiredInputs: inputs.required,
      listInputs: listInputsOf(kind.listInputs, kind.name),
    };
    if (kind === RESOURCE_KINDS.endpoint) addTypedEndpoints(resources[kind.token]);
  }

  function listInputsOf(schema: z.ZodObject, owner: string): ObjectTypeSpec {
    const list = convert.object(schema, "input", `${owner}List`);
    return {
      type: "object",
      properties: list.properties,
      ...(list.required ? { required: list.required } : {}),
    };
  }

  function addTypedEndpoints(endpoint: ResourceSpec): void {
    const common = convert.object(TypedEndpointCommonInputs, "input", "TypedEndpoint");
    for (const entry of [...TYPED_ENDPOINTS.values()].sort((a, b) =>
      a.className.localeCompare(b.className),
    )) {
      const typed = convert.object(entry.inputs, "input", entry.className);
      resources[typeToken(entry.className)] = {
        description: `${typed.description ?? `An endpoint of type \`${entry.type}\``}: the generic \`Endpoint\` with the type's properties as inputs; ${
          entry.secret.length > 0
            ? entry.secret.map((key) => `\`${key}\``).join(", ") + " stored as secrets"
            : "no secret inputs"
        }. Its outputs are the \`Endpoint\`'s.`,
        properties: endpoint.properties,
        required: endpoint.required,
        inputProperties: withFlags(
          { ...common.properties, ...typed.properties },
          {
            secret: [...entry.secret, "additionalSecretProperties"],
            replace: RESOURCE_KINDS.endpoint.replaceOnChanges,
          },
        ),
        requiredInputs: [...(common.required ?? []), ...(typed.required ?? [])],
        listInputs: listInputsOf(TypedEndpointListInputs, entry.className),
      };
    }
  }

  const functions: Record<string, FunctionSpec> = {};
  for (const declared of DATA_FUNCTIONS) {
    const owner = pascal(declared.name);
    const inputs = declared.args ? convert.object(declared.args, "input", `${owner}Args`) : undefined;
    const outputs = convert.object(declared.result, "output", `${owner}Result`);
    functions[declared.token] = {
      description: declared.description,
      ...(inputs
        ? {
            inputs: {
              properties: inputs.properties,
              ...(inputs.required ? { required: inputs.required } : {}),
            },
          }
        : {}),
      outputs: {
        type: "object",
        properties: outputs.properties,
        ...(outputs.required ? { required: outputs.required } : {}),
      },
    };
  }

  return {
    name: PACKAGE,
    displayName: "VMware Aria Automation",
    version,
    description:
      "Pulumi resources and lookups for VMware Aria Automation pipeline endpoints and deployment resources.",
    keywords: ["pulumi", "aria", "vmware", "vra", "category/infrastructure", "kind/native"],
    license: "Apache-2.0",
    repository: REPOSITORY,
    pluginDownloadURL: PLUGIN_DOWNLOAD_URL,
    config: { variables: config },
    provider: {
      description:
        "The provider type for the aria package: an explicit provider takes the same settings as the `aria:` config.",
      properties: {},
      inputProperties: config,
    },
    resources,
    functions,
    types: Object.fromEntries(Object.entries(convert.types).sort(([a], [b]) => a.localeCompare(b))),
    language: LANGUAGE,
  };
}
