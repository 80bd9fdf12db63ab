/**
 * Doc comments that repeat a zod text: a field's `/** … *\/` equal to its own `.describe()`, or a
 * schema's (or its type's) equal to the schema's `.meta({ description })`. The text lives in zod only;
 * the documented types are generated from it (scripts/gen-dynamic.js).
 */
import * as ts from "typescript";

/** One doc comment that copies a zod text. */
export interface CopiedDoc {
  /** The line of the declaration it documents. */
  line: number;
  /** Where the comment starts and ends in the text. */
  start: number;
  end: number;
  name: string;
  text: string;
}

const norm = (text: string): string => text.replace(/\s+/g, " ").trim();

/** The text a zod call chain gives itself (`.describe(text)`, `.meta({ description: text })`), outermost first. */
function zodText(node: ts.Expression): string | undefined {
  let at: ts.Expression = node;
  while (ts.isCallExpression(at) && ts.isPropertyAccessExpression(at.expression)) {
    const method = at.expression.name.text;
    const arg = at.arguments[0];
    if (method === "describe" && arg && ts.isStringLiteralLike(arg)) return norm(arg.text);
    if (method === "meta" && arg && ts.isObjectLiteralExpression(arg))
      for (const property of arg.properties)
        if (
          ts.isPropertyAssignment(property) &&
          property.name.getText() === "description" &&
          ts.isStringLiteralLike(property.initializer)
        )
          return norm(property.initializer.text);
    at = at.expression.expression;
  }
  return undefined;
}

/** The text of a node's own doc comments. */
function docOf(node: ts.Node): ts.JSDoc[] {
  return ts.getJSDocCommentsAndTags(node).filter(ts.isJSDoc);
}

/** Every doc comment of `source` (a TypeScript file's text) that copies its declaration's zod text. */
export function copiedDocs(fileName: string, source: string): CopiedDoc[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const schemaTexts = new Map<string, string>();
  const found: CopiedDoc[] = [];
  const check = (node: ts.Node, name: string, text: string | undefined): void => {
    if (text === undefined) return;
    for (const doc of docOf(node))
      if (norm(ts.getTextOfJSDocComment(doc.comment) ?? "") === text)
        found.push({
          line: file.getLineAndCharacterOfPosition(node.getStart()).line + 1,
          start: doc.getStart(),
          end: doc.end,
          name,
          text,
        });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isPropertyAssignment(node)) check(node, node.name.getText(), zodText(node.initializer));
    if (ts.isVariableDeclaration(node) && node.initializer && ts.isIdentifier(node.name)) {
      const text = zodText(node.initializer);
      if (text !== undefined) schemaTexts.set(node.name.text, text);
      check(node.parent.parent, node.name.text, text);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  // A schema's type, named as the schema, documented as the schema's description.
  for (const statement of file.statements)
    if (ts.isTypeAliasDeclaration(statement))
      check(statement, statement.name.text, schemaTexts.get(statement.name.text));
  return found;
}
