import { readFileSync } from "node:fs";
import { join } from "node:path";
import * as ts from "typescript";

/*
 * The resource kinds' public types (the endpoint's metadata, the deployment resource's inputs and
 * state) still take their field docs from doc comments on their zod shapes, beside the `.describe()`
 * the plugin's schema and the SDKs take; this holds the two to the same text until they too are
 * generated from the descriptions (as the typed endpoints' and the data functions' are:
 * scripts/gen-dynamic.js).
 */
const provider = join(__dirname, "..", "..", "..", "provider");
const FILES = [join(provider, "endpoint", "schema.ts"), join(provider, "deployment", "schema.ts")];
/** The shapes whose fields still carry doc comments. */
const SHAPES = ["endpointMetadataShape", "deploymentResourceInputsShape", "deploymentResourceStateShape"];

/** The description a zod chain gives: its `.describe("...")` or `.meta({ description: "..." })`. */
function description(node: ts.Node): string | undefined {
  let found: string | undefined;
  const visit = (child: ts.Node): void => {
    if (ts.isCallExpression(child) && ts.isPropertyAccessExpression(child.expression)) {
      const method = child.expression.name.text;
      const [arg] = child.arguments;
      if (method === "describe" && arg && ts.isStringLiteralLike(arg)) found = arg.text;
      if (method === "meta" && arg && ts.isObjectLiteralExpression(arg)) {
        for (const property of arg.properties) {
          if (
            ts.isPropertyAssignment(property) &&
            property.name.getText() === "description" &&
            ts.isStringLiteralLike(property.initializer)
          )
            found = property.initializer.text;
        }
      }
    }
    ts.forEachChild(child, visit);
  };
  visit(node);
  return found;
}

/** Every field of every `const <name>Shape = { ... }` in a file, with its doc comment and description. */
function shapeFields(
  file: string,
): { field: string; doc: string | undefined; described: string | undefined }[] {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.ES2022, true);
  const fields: { field: string; doc: string | undefined; described: string | undefined }[] = [];
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (!SHAPES.includes(declaration.name.getText())) continue;
      if (!declaration.initializer || !ts.isObjectLiteralExpression(declaration.initializer)) continue;
      for (const property of declaration.initializer.properties) {
        if (!ts.isPropertyAssignment(property)) continue;
        const docs = ts.getJSDocCommentsAndTags(property).filter(ts.isJSDoc);
        const doc = docs.length > 0 ? ts.getTextOfJSDocComment(docs[docs.length - 1].comment) : undefined;
        fields.push({
          field: `${declaration.name.getText()}.${property.name.getText()}`,
          doc: doc?.replace(/\s+/g, " ").trim(),
          described: description(property.initializer),
        });
      }
    }
  }
  return fields;
}

describe("the doc comments of fields declared in zod", () => {
  it.each(FILES.map((file) => [file.slice(provider.length + 1), file]))(
    "are their descriptions, in %s",
    (_name, file) => {
      const fields = shapeFields(file);
      expect(fields.length).toBeGreaterThan(0);
      for (const { field, doc, described } of fields) {
        expect([field, described]).toEqual([field, expect.any(String)]);
        expect([field, doc]).toEqual([field, described]);
      }
    },
  );
});
