import {
  FUNCTIONS,
  type CompareOp,
  type FieldTypes,
  type FilterNode,
  type FunctionName,
  type ValueType,
} from "./ast";
import { FilterSyntaxError, describeToken, tokenize, type Token } from "./lexer";

const COMPARE_OPS = new Set<CompareOp>(["eq", "ne", "gt", "ge", "lt", "le"]);

interface Typed {
  node: FilterNode;
  type: ValueType;
}

/**
 * Recursive-descent parser for the OData-like `$filter` dialect:
 *
 *   expr       := and ('or' and)*
 *   and        := unary ('and' unary)*
 *   unary      := 'not' unary | comparison
 *   comparison := operand (('eq'|'ne'|'gt'|'ge'|'lt'|'le') operand)?
 *   operand    := '(' expr ')' | literal | function '(' args ')' | field
 *
 * Keywords, function and field names are case-insensitive; types are checked while parsing.
 */
class Parser {
  private index = 0;
  private readonly fieldsByLower: Map<string, { name: string; type: ValueType }>;

  constructor(
    private readonly tokens: Token[],
    private readonly fields: FieldTypes,
  ) {
    this.fieldsByLower = new Map(
      Object.entries(fields).map(([name, type]) => [name.toLowerCase(), { name, type }]),
    );
  }

  parse(): FilterNode {
    if (this.peek().kind === "eof") throw new FilterSyntaxError("the expression is empty", 0);
    const result = this.expr();
    const next = this.peek();
    if (next.kind !== "eof") {
      throw this.error(`expected 'and', 'or' or end of input but found ${describeToken(next)}`, next);
    }
    this.expectBoolean(result, this.tokens[0]);
    return result.node;
  }

  private expr(): Typed {
    let left = this.and();
    while (this.isKeyword("or")) {
      const opToken = this.next();
      const right = this.and();
      this.expectBoolean(left, opToken, "'or'");
      this.expectBoolean(right, opToken, "'or'");
      left = { node: { kind: "or", left: left.node, right: right.node }, type: "boolean" };
    }
    return left;
  }

  private and(): Typed {
    let left = this.unary();
    while (this.isKeyword("and")) {
      const opToken = this.next();
      const right = this.unary();
      this.expectBoolean(left, opToken, "'and'");
      this.expectBoolean(right, opToken, "'and'");
      left = { node: { kind: "and", left: left.node, right: right.node }, type: "boolean" };
    }
    return left;
  }

  private unary(): Typed {
    if (this.isKeyword("not")) {
      const notToken = this.next();
      const operand = this.unary();
      this.expectBoolean(operand, notToken, "'not'");
      return { node: { kind: "not", operand: operand.node }, type: "boolean" };
    }
    return this.comparison();
  }

  private comparison(): Typed {
    const left = this.operand();
    const opToken = this.peek();
    if (opToken.kind !== "ident" || !COMPARE_OPS.has(opToken.value.toLowerCase() as CompareOp)) return left;
    this.next();
    const op = opToken.value.toLowerCase() as CompareOp;
    const right = this.operand();
    if (op !== "eq" && op !== "ne") {
      for (const side of [left, right]) {
        if (side.type === "boolean" || side.type === "null") {
          throw this.error(
            `'${op}' compares text or numbers, not ${side.type === "null" ? "null" : "booleans"}`,
            opToken,
          );
        }
      }
    }
    return { node: { kind: "compare", op, left: left.node, right: right.node }, type: "boolean" };
  }

  private operand(): Typed {
    const token = this.next();
    switch (token.kind) {
      case "lparen": {
        const inner = this.expr();
        this.expect("rparen", "')'");
        return inner;
      }
      case "string":
        return { node: { kind: "literal", value: token.value }, type: "string" };
      case "number":
        return { node: { kind: "literal", value: token.value }, type: "number" };
      case "ident":
        return this.identifier(token);
      default:
        throw this.error(
          `expected a field, a value, a function or '(' but found ${describeToken(token)}`,
          token,
        );
    }
  }

  private identifier(token: Extract<Token, { kind: "ident" }>): Typed {
    const lower = token.value.toLowerCase();
    if (lower === "true" || lower === "false") {
      return { node: { kind: "literal", value: lower === "true" }, type: "boolean" };
    }
    if (lower === "null") return { node: { kind: "literal", value: null }, type: "null" };
    if (this.peek().kind === "lparen") return this.call(token, lower);
    const field = this.fieldsByLower.get(lower);
    if (!field) {
      const known = Object.keys(this.fields).join(", ");
      throw this.error(`unknown field '${token.value}' (filterable fields: ${known})`, token);
    }
    return { node: { kind: "field", name: field.name }, type: field.type };
  }

  private call(token: Extract<Token, { kind: "ident" }>, lower: string): Typed {
    if (!(lower in FUNCTIONS)) {
      const known = Object.keys(FUNCTIONS).join(", ");
      throw this.error(`unknown function '${token.value}' (supported functions: ${known})`, token);
    }
    const fn = lower as FunctionName;
    const signature = FUNCTIONS[fn];
    this.expect("lparen", "'('");
    const args: Typed[] = [];
    if (this.peek().kind !== "rparen") {
      args.push(this.expr());
      while (this.peek().kind === "comma") {
        this.next();
        args.push(this.expr());
      }
    }
    this.expect("rparen", "')'");
    if (args.length !== signature.args.length) {
      const plural = signature.args.length === 1 ? "argument" : "arguments";
      throw this.error(`${fn}() takes ${signature.args.length} ${plural} but got ${args.length}`, token);
    }
    args.forEach((arg, i) => {
      if (arg.type !== signature.args[i] && arg.type !== "null") {
        throw this.error(
          `argument ${i + 1} of ${fn}() must be ${signature.args[i]} but is ${arg.type}`,
          token,
        );
      }
    });
    return { node: { kind: "call", fn, args: args.map((a) => a.node) }, type: signature.result };
  }

  private expectBoolean(operand: Typed, at: Token, context?: string): void {
    if (operand.type === "boolean") return;
    const where = context ? `operands of ${context}` : "the expression";
    throw this.error(
      `${where} must be boolean conditions (e.g. name eq 'x'), not a ${operand.type} value`,
      at,
    );
  }

  private expect(kind: Token["kind"], label: string): Token {
    const token = this.next();
    if (token.kind !== kind) throw this.error(`expected ${label} but found ${describeToken(token)}`, token);
    return token;
  }

  private isKeyword(word: string): boolean {
    const token = this.peek();
    return token.kind === "ident" && token.value.toLowerCase() === word;
  }

  private peek(): Token {
    return this.tokens[this.index];
  }

  private next(): Token {
    const token = this.tokens[this.index];
    if (token.kind !== "eof") this.index += 1;
    return token;
  }

  private error(message: string, at: Token): FilterSyntaxError {
    return new FilterSyntaxError(`${message} at position ${at.pos}`, at.pos);
  }
}

/** Parses a filter expression over the given fields; throws `FilterSyntaxError` naming the problem. */
export function parseFilter(text: string, fields: FieldTypes): FilterNode {
  return new Parser(tokenize(text), fields).parse();
}
