import fc from "fast-check";
import {
  FilterSyntaxError,
  compileFilter,
  equalityConstraints,
  parseFilter,
  type FilterNode,
  type LiteralValue,
} from "../../../emulator/pipeline/odata";

type Row = Record<string, LiteralValue>;

const FIELDS = {
  id: "string",
  name: "string",
  project: "string",
  type: "string",
  description: "string",
  isRestricted: "boolean",
} as const;
const read = (row: Row, field: string) => row[field];
const matches = (filter: string, row: Row) => compileFilter(parseFilter(filter, FIELDS), read)(row);

const jenkins: Row = {
  id: "1",
  name: "ABCD-Jenkins",
  project: "demo",
  type: "jenkins",
  description: "",
  isRestricted: false,
};
const gitRow: Row = {
  id: "2",
  name: "team's git",
  project: "Platform",
  type: "git",
  description: "main repo",
  isRestricted: true,
};

function syntaxError(filter: string): FilterSyntaxError {
  try {
    parseFilter(filter, FIELDS);
  } catch (e) {
    if (e instanceof FilterSyntaxError) return e;
    throw e;
  }
  throw new Error(`'${filter}' parsed`);
}

describe("the $filter parser", () => {
  it.each([
    ["name eq 'ABCD-Jenkins'", true],
    ["name eq 'ABCD-Jenkins' and project eq 'demo'", true],
    ["((name eq 'ABCD-Jenkins') and (project eq 'other'))", false],
    ["name eq 'x' or type eq 'jenkins'", true],
    ["startswith(name, 'ABC')", true],
    ["startswith(name,'abc')", false],
    ["toupper(name) eq 'ABCD-JENKINS'", true],
    ["substringof('bc',tolower(name))", true],
    ["contains(name, 'Jen') and endswith(name, 'kins')", true],
    ["not (type eq 'git')", true],
    ["isRestricted eq false", true],
    ["isRestricted", false],
    ["name ne 'ABCD-Jenkins'", false],
    ["NAME EQ 'ABCD-Jenkins' AND Project Eq 'demo'", true],
    ["length(name) gt 5", true],
    ["description eq ''", true],
    ["description eq null", false],
  ])("evaluates %s to %s for a jenkins endpoint", (filter, expected) => {
    expect(matches(filter, jenkins)).toBe(expected);
  });

  it("reads quotes escaped by doubling them, in single or double quotes", () => {
    expect(matches("name eq 'team''s git'", gitRow)).toBe(true);
    expect(matches('name eq "team\'s git"', gitRow)).toBe(true);
  });

  it("binds 'and' tighter than 'or'", () => {
    expect(matches("type eq 'git' or type eq 'jenkins' and project eq 'nowhere'", gitRow)).toBe(true);
    expect(matches("(type eq 'git' or type eq 'jenkins') and project eq 'nowhere'", gitRow)).toBe(false);
  });

  it.each([
    ["name eq", /expected a field, a value, a function or '\(' but found end of input at position 7/],
    ["name eq 'x", /unterminated string literal/],
    ["(name eq 'x'", /expected '\)' but found end of input/],
    ["name eq 'x')", /expected 'and', 'or' or end of input but found '\)'/],
    [
      "colour eq 'red'",
      /unknown field 'colour' \(filterable fields: id, name, project, type, description, isRestricted\)/,
    ],
    ["shout(name) eq 'X'", /unknown function 'shout'/],
    ["startswith(name)", /startswith\(\) takes 2 arguments but got 1/],
    ["name", /the expression must be boolean conditions/],
    ["name eq 'x' and project", /operands of 'and' must be boolean conditions/],
    ["name = 'x'", /unexpected character '='/],
    ["", /the expression is empty/],
    ["isRestricted gt true", /'gt' compares text or numbers, not booleans/],
  ])("rejects %j naming the problem", (filter, message) => {
    expect(syntaxError(filter).message).toMatch(message);
  });

  it("reports the position of the problem", () => {
    expect(syntaxError("name eq 'a' and and").position).toBe(16);
  });

  it("finds the equality constraints an index can answer", () => {
    const ast = parseFilter("name eq 'a' and (project eq 'p') and startswith(type, 'j')", FIELDS);
    expect(equalityConstraints(ast, ["id", "name", "project"])).toEqual({ name: "a", project: "p" });
    const either = parseFilter("name eq 'a' or project eq 'p'", FIELDS);
    expect(equalityConstraints(either, ["name", "project"])).toEqual({});
  });

  it("never fails on arbitrary input with anything but a FilterSyntaxError", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme-ascii", maxLength: 60 }), (text) => {
        try {
          parseFilter(text, FIELDS);
        } catch (e) {
          return e instanceof FilterSyntaxError;
        }
        return true;
      }),
      { numRuns: 2000 },
    );
  });

  describe("round-trips generated expressions", () => {
    const text = fc.constantFrom("a", "b", "ab", "A", "it's", "");
    const stringField = fc.constantFrom("name", "project", "type");
    const stringTerm: fc.Arbitrary<FilterNode> = fc.oneof(
      stringField.map((name): FilterNode => ({ kind: "field", name })),
      text.map((value): FilterNode => ({ kind: "literal", value })),
      stringField.map((name): FilterNode => ({
        kind: "call",
        fn: "tolower",
        args: [{ kind: "field", name }],
      })),
    );
    const { condition } = fc.letrec<{ condition: FilterNode }>((tie) => ({
      condition: fc.oneof(
        { depthSize: "small" },
        fc
          .tuple(fc.constantFrom("eq" as const, "ne" as const), stringTerm, stringTerm)
          .map(([op, left, right]): FilterNode => ({ kind: "compare", op, left, right })),
        fc
          .tuple(
            fc.constantFrom("startswith" as const, "substringof" as const, "contains" as const),
            stringTerm,
            stringTerm,
          )
          .map(([fn, a, b]): FilterNode => ({ kind: "call", fn, args: [a, b] })),
        fc
          .tuple(fc.constantFrom("and" as const, "or" as const), tie("condition"), tie("condition"))
          .map(([kind, left, right]): FilterNode => ({ kind, left, right })),
        tie("condition").map((operand): FilterNode => ({ kind: "not", operand })),
      ),
    }));
    const row = fc.record({ name: text, project: text, type: text });

    const print = (n: FilterNode): string => {
      switch (n.kind) {
        case "literal":
          return `'${String(n.value).replace(/'/g, "''")}'`;
        case "field":
          return n.name;
        case "call":
          return `${n.fn}(${n.args.map(print).join(", ")})`;
        case "compare":
          return `(${print(n.left)} ${n.op} ${print(n.right)})`;
        case "not":
          return `not (${print(n.operand)})`;
        default:
          return `(${print(n.left)} ${n.kind} ${print(n.right)})`;
      }
    };

    it("so that parsing the printed form evaluates like the original", () => {
      fc.assert(
        fc.property(condition, fc.array(row, { minLength: 1, maxLength: 5 }), (ast, rows) => {
          const original = compileFilter(ast, read);
          const reparsed = compileFilter(parseFilter(print(ast), FIELDS), read);
          return rows.every((r) => original(r) === reparsed(r));
        }),
        { numRuns: 500 },
      );
    });
  });
});
