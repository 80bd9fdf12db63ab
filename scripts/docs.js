// @ts-check
// The generated parts of the documentation, written by scripts/gen.mjs: what they are,
// docs/contributing/testing.md#the-documentation.

const fs = require("node:fs");
const path = require("node:path");

const { replaceRegion } = require("./generated.js");

const ROOT = path.resolve(__dirname, "..");

/**
 * @typedef {{ type?: string, $ref?: string, items?: Property, additionalProperties?: Property,
 *   description?: string, secret?: boolean, replaceOnChanges?: boolean, enum?: unknown[],
 *   defaultInfo?: { environment?: string[] }, properties?: Record<string, Property>,
 *   required?: string[] }} Property
 * @typedef {{ description?: string, properties?: Record<string, Property>, required?: string[],
 *   inputProperties?: Record<string, Property>, requiredInputs?: string[] }} ResourceSpec
 * @typedef {{ description?: string, inputs?: { properties?: Record<string, Property>, required?: string[] },
 *   outputs?: { properties?: Record<string, Property>, required?: string[] } }} FunctionSpec
 * @typedef {{ name: string, description?: string, config: { variables: Record<string, Property> },
 *   provider: ResourceSpec, resources: Record<string, ResourceSpec>,
 *   functions: Record<string, FunctionSpec>, types: Record<string, Property> }} PackageSchema
 */

/** The examples of docs/_index.md: the quickstart program of each language, and its fence tag. */
const EXAMPLES = [
  { name: "example-typescript", file: "examples/quickstart/index.ts", lang: "typescript" },
  { name: "example-python", file: "examples/quickstart-python/__main__.py", lang: "python" },
  { name: "example-go", file: "examples/quickstart-go/main.go", lang: "go" },
  { name: "example-yaml", file: "examples/quickstart-yaml/Pulumi.yaml", lang: "yaml" },
];

const PAGES_WITH_REGIONS = {
  "docs/installation-configuration.md": ["settings"],
  "docs/_index.md": EXAMPLES.map((e) => e.name),
};

/** Text for a table cell: one line, `|` escaped. @param {string} text */
const cell = (text) => text.replace(/\s*\n\s*/g, " ").replace(/\|/g, "\\|");

/** A description split at its trailing "Default: X." or "Default (or 0): X." sentence. @param {string} description */
function splitDefault(description) {
  const match = /\s*Default( \([^)]*\))?: ([^]*?)\.?$/.exec(description);
  if (!match) return { text: description, byDefault: "" };
  return { text: description.slice(0, match.index), byDefault: `${match[2]}${match[1] ?? ""}` };
}

/** The settings table: every setting of the plugin's schema, its keys at both doors, variables and default. @param {PackageSchema} schema */
function settingsTable(schema) {
  const rows = [
    "| Setting (`aria:` plugin, `vra:` TypeScript resources) | Environment | Type | Default | Secret | What it does |",
    "|---|---|---|---|---|---|",
  ];
  for (const [key, spec] of Object.entries(schema.config.variables)) {
    const { text, byDefault } = splitDefault(spec.description ?? "");
    const env = (spec.defaultInfo?.environment ?? []).map((v) => `\`${v}\``).join(", ");
    rows.push(
      `| \`aria:${key}\`, \`vra:${key}\` | ${env} | ${spec.type ?? ""} | ${cell(byDefault)} | ${spec.secret ? "yes" : ""} | ${cell(text)} |`,
    );
  }
  return rows.join("\n");
}

/** The text of every generated region, by name. @param {PackageSchema} schema */
function regionTexts(schema) {
  const examples = EXAMPLES.map(({ name, file, lang }) => {
    const program = fs.readFileSync(path.join(ROOT, file), "utf8").replace(/\n+$/, "");
    return [name, `From [\`${file}\`](../${file}):\n\n\`\`\`${lang}\n${program}\n\`\`\``];
  });
  return Object.fromEntries([["settings", settingsTable(schema)], ...examples]);
}

// ---- The reference (docs/reference/) ---------------------------------------------------------

const TYPE_PREFIX = "#/types/";

/**
 * A property's type in words, the package's types linked to types.md.
 * @param {Property} spec
 * @returns {string}
 */
function typeName(spec) {
  if (spec.$ref) {
    if (spec.$ref === "pulumi.json#/Any") return "any";
    if (spec.$ref === "pulumi.json#/Json") return "JSON";
    if (spec.$ref.startsWith(TYPE_PREFIX)) {
      const name = shortName(spec.$ref.slice(TYPE_PREFIX.length));
      return `[${name}](types.md#${name.toLowerCase()})`;
    }
    return spec.$ref;
  }
  if (spec.type === "array" && spec.items) return `list of ${typeName(spec.items)}`;
  if (spec.type === "object" && spec.additionalProperties)
    return `map of ${typeName(spec.additionalProperties)}`;
  return spec.type ?? "";
}

/**
 * A table of properties; `replaces`: say which inputs replace the resource.
 * @param {Record<string, Property> | undefined} properties
 * @param {readonly string[]} required
 * @param {{ replaces?: boolean, requiredLabel?: string }} [options]
 */
function propertyTable(properties, required, options = {}) {
  const entries = Object.entries(properties ?? {});
  if (entries.length === 0) return "None.";
  const rows = [
    `| Property | Type | ${options.requiredLabel ?? "Required"} | Secret | Description |`,
    "|---|---|---|---|---|",
  ];
  for (const [name, spec] of entries) {
    let description = spec.description ?? "";
    if (options.replaces && spec.replaceOnChanges && !/replaces/.test(description))
      description += " Changing it replaces the resource.";
    if (spec.enum) description += ` One of: ${spec.enum.map((v) => `\`${String(v)}\``).join(", ")}.`;
    rows.push(
      `| \`${name}\` | ${typeName(spec)} | ${required.includes(name) ? "yes" : ""} | ${spec.secret ? "yes" : ""} | ${cell(description)} |`,
    );
  }
  return rows.join("\n");
}

/** The name of a token (`aria:index:Endpoint` → `Endpoint`). @param {string} token */
const shortName = (token) => token.split(":").pop() ?? token;

const GENERATED_NOTE =
  "<!-- Generated from sdk/schema.json by `npm run gen` (scripts/docs.js): edit the schema's sources, not this page. -->";

/** The reference pages, by path relative to the repository. @param {PackageSchema} schema */
function referencePages(schema) {
  const index = [
    GENERATED_NOTE,
    "",
    "# Reference",
    "",
    `Every resource, function and setting of the \`${schema.name}\` package, as the provider plugin's schema ([\`sdk/schema.json\`](../../sdk/schema.json)) declares them. The names are the schema's: each SDK writes them in its language's case (\`repo_url\` in Python, \`RepoURL\` in Go); the TypeScript resources of the npm package take the same inputs. How to use them: [the guides](../_index.md#guides).`,
    "",
    "## Resources",
    "",
    ...listing("resources.md", schema.resources),
    "",
    "## Functions",
    "",
    ...listing("functions.md", schema.functions),
    "",
    "## Provider settings",
    "",
    "The `aria:` configuration keys, and the inputs of an explicit provider (`pulumi:providers:aria`). Their environment variables and defaults: [configuration](../installation-configuration.md#configuration).",
    "",
    propertyTable(schema.config.variables, []),
    "",
    "Object types used by the resources and functions: [types](types.md).",
    "",
  ];

  /**
   * A page of one section per token: its name, token and description, then a table per part.
   * @template {{ description?: string }} S
   * @param {string} title
   * @param {Record<string, S>} specs
   * @param {(spec: S) => Array<[string, string[], string]>} parts heading, lines before the table, table
   */
  const tokenPage = (title, specs, parts) => {
    const out = [GENERATED_NOTE, "", `# ${title}`, ""];
    for (const [token, spec] of Object.entries(specs)) {
      out.push(`## ${shortName(token)}`, "", `Token \`${token}\`. ${spec.description ?? ""}`.trim(), "");
      for (const [heading, before, table] of parts(spec))
        out.push(`### ${heading}`, "", ...before, table, "");
    }
    return out;
  };
  const always = { requiredLabel: "Always set" };
  const resourcePage = tokenPage("Resources", schema.resources, (spec) => [
    ["Inputs", [], propertyTable(spec.inputProperties, spec.requiredInputs ?? [], { replaces: true })],
    ["Outputs", ["Besides the `id`:", ""], propertyTable(spec.properties, spec.required ?? [], always)],
  ]);
  const functionPage = tokenPage("Functions", schema.functions, (spec) => [
    ["Arguments", [], propertyTable(spec.inputs?.properties, spec.inputs?.required ?? [])],
    ["Result", [], propertyTable(spec.outputs?.properties, spec.outputs?.required ?? [], always)],
  ]);

  const typePage = [GENERATED_NOTE, "", "# Types", ""];
  for (const [token, spec] of Object.entries(schema.types)) {
    typePage.push(`## ${shortName(token)}`, "", `\`${token}\`. ${spec.description ?? ""}`.trim(), "");
    typePage.push(
      spec.enum
        ? `One of: ${spec.enum.map((v) => `\`${JSON.stringify(v)}\``).join(", ")}.`
        : propertyTable(spec.properties, spec.required ?? []),
      "",
    );
  }

  /** @param {string[]} lines */
  const page = (lines) => `${lines.join("\n").replace(/\n+$/, "")}\n`;
  return {
    "docs/reference/_index.md": page(index),
    "docs/reference/resources.md": page(resourcePage),
    "docs/reference/functions.md": page(functionPage),
    "docs/reference/types.md": page(typePage),
  };
}

/** An index entry of each token of `specs`. @param {string} page @param {Record<string, { description?: string }>} specs */
function listing(page, specs) {
  return Object.entries(specs).map(([token, spec]) => {
    const name = shortName(token);
    return `- [\`${name}\`](${page}#${name.toLowerCase()}): ${cell(firstSentence(spec.description ?? ""))}`;
  });
}

/** The first sentence of a description. @param {string} text */
function firstSentence(text) {
  const match = /^[^`]*?(`[^`]*`[^`]*?)*?[.:](?=\s+[A-Z]|$)/.exec(text);
  return (match ? match[0] : text).trim().replace(/:$/, ".");
}

/** What every generated file should hold now, by path relative to the repository. */
function generatedDocs() {
  const schema = JSON.parse(fs.readFileSync(path.join(ROOT, "sdk", "schema.json"), "utf8"));
  const regions = regionTexts(schema);
  /** @type {Record<string, string>} */
  const out = {};
  for (const [file, names] of Object.entries(PAGES_WITH_REGIONS)) {
    out[file] = fs.readFileSync(path.join(ROOT, file), "utf8");
    for (const name of names) {
      const begin = `<!-- BEGIN GENERATED: ${name} (npm run gen) -->\n`;
      out[file] = replaceRegion(out[file], begin, `<!-- END GENERATED: ${name} -->`, regions[name], file);
    }
  }
  return { ...out, ...referencePages(schema) };
}

module.exports = { generatedDocs };
