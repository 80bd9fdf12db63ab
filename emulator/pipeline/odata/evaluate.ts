import type { FilterNode, LiteralValue } from "./ast";

/** Reads a field of a record. */
export type FieldReader<T> = (record: T, field: string) => LiteralValue | undefined;

type Compiled<T> = (record: T) => LiteralValue;

function equal(a: LiteralValue, b: LiteralValue): boolean {
  if (a === null || b === null) return a === b;
  if (typeof a === typeof b) return a === b;
  // Lenient across types: isRestricted eq 'true' matches like isRestricted eq true.
  return String(a) === String(b);
}

function order(a: LiteralValue, b: LiteralValue): number | undefined {
  if (a === null || b === null) return undefined;
  if (typeof a === "number" && typeof b === "number") return a - b;
  const [x, y] = [String(a), String(b)];
  return x < y ? -1 : x > y ? 1 : 0;
}

const text = (v: LiteralValue): string | null => (v === null ? null : String(v));

function compileCall<T>(fn: string, args: Compiled<T>[]): Compiled<T> {
  const [a, b] = args;
  switch (fn) {
    case "tolower":
      return (r) => text(a(r))?.toLowerCase() ?? null;
    case "toupper":
      return (r) => text(a(r))?.toUpperCase() ?? null;
    case "trim":
      return (r) => text(a(r))?.trim() ?? null;
    case "length":
      return (r) => text(a(r))?.length ?? null;
    case "startswith":
      return (r) => binaryText(a(r), b(r), (x, y) => x.startsWith(y));
    case "endswith":
      return (r) => binaryText(a(r), b(r), (x, y) => x.endsWith(y));
    case "contains":
      return (r) => binaryText(a(r), b(r), (x, y) => x.includes(y));
    case "substringof":
      // substringof(needle, haystack): the OData v2 argument order.
      return (r) => binaryText(b(r), a(r), (x, y) => x.includes(y));
    default:
      throw new Error(`unsupported function ${fn}`);
  }
}

function binaryText(x: LiteralValue, y: LiteralValue, test: (x: string, y: string) => boolean): boolean {
  const [sx, sy] = [text(x), text(y)];
  return sx !== null && sy !== null && test(sx, sy);
}

function compileNode<T>(node: FilterNode, read: FieldReader<T>): Compiled<T> {
  switch (node.kind) {
    case "literal": {
      const value = node.value;
      return () => value;
    }
    case "field": {
      const name = node.name;
      return (r) => read(r, name) ?? null;
    }
    case "not": {
      const operand = compileNode(node.operand, read);
      return (r) => operand(r) !== true;
    }
    case "and": {
      const [l, rt] = [compileNode(node.left, read), compileNode(node.right, read)];
      return (r) => l(r) === true && rt(r) === true;
    }
    case "or": {
      const [l, rt] = [compileNode(node.left, read), compileNode(node.right, read)];
      return (r) => l(r) === true || rt(r) === true;
    }
    case "compare": {
      const [l, rt, op] = [compileNode(node.left, read), compileNode(node.right, read), node.op];
      if (op === "eq") return (r) => equal(l(r), rt(r));
      if (op === "ne") return (r) => !equal(l(r), rt(r));
      return (r) => {
        const c = order(l(r), rt(r));
        if (c === undefined) return false;
        return op === "gt" ? c > 0 : op === "ge" ? c >= 0 : op === "lt" ? c < 0 : c <= 0;
      };
    }
    case "call":
      return compileCall(
        node.fn,
        node.args.map((a) => compileNode(a, read)),
      );
  }
}

/** Compiles a parsed filter into a fast predicate over records. */
export function compileFilter<T>(node: FilterNode, read: FieldReader<T>): (record: T) => boolean {
  const compiled = compileNode(node, read);
  return (record) => compiled(record) === true;
}

/**
 * Equality constraints on plain fields implied by the top-level `and` chain (e.g. `name eq 'x'`),
 * which callers may answer from an index before evaluating the whole predicate.
 */
export function equalityConstraints(node: FilterNode, fields: readonly string[]): Record<string, string> {
  const found: Record<string, string> = {};
  const visit = (n: FilterNode): void => {
    if (n.kind === "and") {
      visit(n.left);
      visit(n.right);
    } else if (n.kind === "compare" && n.op === "eq") {
      const [f, v] = n.left.kind === "field" ? [n.left, n.right] : [n.right, n.left];
      if (
        f.kind === "field" &&
        v.kind === "literal" &&
        typeof v.value === "string" &&
        fields.includes(f.name)
      ) {
        found[f.name] ??= v.value;
      }
    }
  };
  visit(node);
  return found;
}
