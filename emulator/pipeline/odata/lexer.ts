/** A lexical or grammatical problem in a `$filter`, with the 0-based position it was found at. */
export class FilterSyntaxError extends Error {
  constructor(
    message: string,
    /** 0-based character position in the filter text. */
    readonly position: number,
  ) {
    super(message);
    this.name = "FilterSyntaxError";
  }
}

/** One token of a filter expression. */
export type Token =
  | { kind: "lparen" | "rparen" | "comma" | "eof"; pos: number }
  | { kind: "string"; value: string; pos: number }
  | { kind: "number"; value: number; pos: number }
  | { kind: "ident"; value: string; pos: number };

const IDENT_START = /[A-Za-z_$]/;
const IDENT_PART = /[A-Za-z0-9_$.]/;
const DIGIT = /[0-9]/;

function readString(text: string, start: number): { value: string; end: number } {
  const quote = text[start];
  let value = "";
  let i = start + 1;
  while (i < text.length) {
    const ch = text[i];
    if (ch === quote) {
      // A doubled quote is an escaped quote, as in OData.
      if (text[i + 1] === quote) {
        value += quote;
        i += 2;
        continue;
      }
      return { value, end: i + 1 };
    }
    value += ch;
    i += 1;
  }
  throw new FilterSyntaxError(`unterminated string literal starting at position ${start}`, start);
}

/** Splits a filter expression into tokens (strings in single or double quotes; `''` escapes a quote). */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const ch = text[i];
    if (/\s/.test(ch)) {
      i += 1;
    } else if (ch === "(" || ch === ")" || ch === ",") {
      tokens.push({ kind: ch === "(" ? "lparen" : ch === ")" ? "rparen" : "comma", pos: i });
      i += 1;
    } else if (ch === "'" || ch === '"') {
      const { value, end } = readString(text, i);
      tokens.push({ kind: "string", value, pos: i });
      i = end;
    } else if (DIGIT.test(ch) || (ch === "-" && DIGIT.test(text[i + 1] ?? ""))) {
      const m = /^-?\d+(\.\d+)?/.exec(text.slice(i)) as RegExpExecArray;
      tokens.push({ kind: "number", value: Number(m[0]), pos: i });
      i += m[0].length;
    } else if (IDENT_START.test(ch)) {
      let j = i + 1;
      while (j < text.length && IDENT_PART.test(text[j])) j += 1;
      tokens.push({ kind: "ident", value: text.slice(i, j), pos: i });
      i = j;
    } else {
      throw new FilterSyntaxError(`unexpected character '${ch}' at position ${i}`, i);
    }
  }
  tokens.push({ kind: "eof", pos: text.length });
  return tokens;
}

/** How a token reads in an error message. */
export function describeToken(token: Token): string {
  switch (token.kind) {
    case "eof":
      return "end of input";
    case "lparen":
      return "'('";
    case "rparen":
      return "')'";
    case "comma":
      return "','";
    case "string":
      return `string '${token.value}'`;
    case "number":
      return `number ${token.value}`;
    case "ident":
      return `'${token.value}'`;
  }
}
