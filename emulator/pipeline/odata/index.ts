/** The OData-like `$filter` dialect: tokenizer, recursive-descent parser and evaluator. */
export type { FilterNode, FieldTypes, LiteralValue } from "./ast";
export { FilterSyntaxError, tokenize } from "./lexer";
export { parseFilter } from "./parser";
export { compileFilter, equalityConstraints, type FieldReader } from "./evaluate";
