/**
 * Text put into GitHub Markdown as it is written, whatever it holds: names, paths and messages come
 * from the program, the provider, the server and the policy pack, and none of them may become
 * markup, HTML, a link, a formula or a mention.
 */

/** The longest run of backticks in a text. */
function longestBacktickRun(text: string): number {
  return Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
}

/** One line: line breaks and tabs become spaces, runs of spaces one, ends trimmed. */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/** At most `max` characters of a text, with `…` where it was cut. */
export function shorten(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, Math.max(0, max - 1))}…`;
}

/**
 * Text as inline Markdown that renders as written: HTML's `& < >` as entities, Markdown's and GitHub's
 * active characters backslash-escaped (`$` starts a formula there), an `@` kept from mentioning anyone,
 * on one line.
 */
export function text(value: string): string {
  return oneLine(value)
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/[\\`*_[\]|~$#]/g, "\\$&")
    .replace(/@/g, "@\u200b");
}

/** Text as an inline code span, on one line, whatever backticks it holds. */
export function code(value: string): string {
  const line = oneLine(value);
  const fence = "`".repeat(longestBacktickRun(line) + 1);
  const pad = line.startsWith("`") || line.endsWith("`") ? " " : "";
  return `${fence}${pad}${line}${pad}${fence}`;
}

/** Lines as a fenced code block of a language, whatever backticks they hold. */
export function codeBlock(language: string, lines: readonly string[]): string {
  const body = lines.join("\n");
  const fence = "`".repeat(Math.max(3, longestBacktickRun(body) + 1));
  return `${fence}${language}\n${body}\n${fence}`;
}

/** Text for an HTML element's content (`<summary>`), on one line. */
export function html(value: string): string {
  return oneLine(value).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}
