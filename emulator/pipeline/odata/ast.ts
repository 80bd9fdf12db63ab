/** Comparison operators. */
export type CompareOp = "eq" | "ne" | "gt" | "ge" | "lt" | "le";

/** Functions a filter may call. */
export type FunctionName =
  "tolower" | "toupper" | "trim" | "length" | "startswith" | "endswith" | "substringof" | "contains";

/** A literal value. */
export type LiteralValue = string | number | boolean | null;

/** A node of a parsed filter expression. */
export type FilterNode =
  | { kind: "or" | "and"; left: FilterNode; right: FilterNode }
  | { kind: "not"; operand: FilterNode }
  | { kind: "compare"; op: CompareOp; left: FilterNode; right: FilterNode }
  | { kind: "call"; fn: FunctionName; args: FilterNode[] }
  | { kind: "field"; name: string }
  | { kind: "literal"; value: LiteralValue };

/** Static type of a node, checked while parsing. */
export type ValueType = "string" | "number" | "boolean" | "null";

/** Signature of each function: argument types and result type. */
export const FUNCTIONS: Readonly<Record<FunctionName, { args: ValueType[]; result: ValueType }>> = {
  tolower: { args: ["string"], result: "string" },
  toupper: { args: ["string"], result: "string" },
  trim: { args: ["string"], result: "string" },
  length: { args: ["string"], result: "number" },
  startswith: { args: ["string", "string"], result: "boolean" },
  endswith: { args: ["string", "string"], result: "boolean" },
  substringof: { args: ["string", "string"], result: "boolean" },
  contains: { args: ["string", "string"], result: "boolean" },
};

/** The fields a filter may reference and their types. */
export type FieldTypes = Readonly<Record<string, "string" | "boolean" | "number">>;
