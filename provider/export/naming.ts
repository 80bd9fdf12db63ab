import { createHash } from "node:crypto";

/** An endpoint as the generator names it: its project and name on the server. */
export interface NamedEndpoint {
  readonly project: string;
  readonly name: string;
}

/** A readable Pulumi resource name: lower case ASCII letters, digits and dashes. */
export function slug(text: string): string {
  const ascii = text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return ascii;
}

function shortHash(endpoint: NamedEndpoint): string {
  return createHash("sha256").update(`${endpoint.project}\0${endpoint.name}`).digest("hex").slice(0, 8);
}

/**
 * Resource names for endpoints, unique and stable: the endpoint's name alone where no other
 * endpoint would take the same; otherwise prefixed with its project; where that still collides (or
 * the name has no ASCII letter or digit), with a hash of (project, name) added. The same endpoints
 * always get the same names. Answers the names in the order of `endpoints`.
 */
export function resourceNames(endpoints: readonly NamedEndpoint[]): string[] {
  const count = (names: string[]): Map<string, number> => {
    const counts = new Map<string, number>();
    for (const n of names) counts.set(n, (counts.get(n) ?? 0) + 1);
    return counts;
  };
  const bases = endpoints.map((e) => slug(e.name));
  const baseCounts = count(bases);
  const withProject = endpoints.map((e, i) =>
    bases[i] !== "" && baseCounts.get(bases[i]) === 1
      ? bases[i]
      : [slug(e.project), bases[i]].filter((part) => part !== "").join("-"),
  );
  const projectCounts = count(withProject);
  return endpoints.map((e, i) => {
    const candidate = withProject[i];
    const plain = candidate !== "" && projectCounts.get(candidate) === 1 && bases[i] !== "";
    return plain ? candidate : [candidate, shortHash(e)].filter((part) => part !== "").join("-");
  });
}

/**
 * A word of a POSIX shell command line: as it is when it needs no quoting, double-quoted when it
 * holds a single quote and nothing a shell expands in double quotes, else single-quoted.
 */
export function shellWord(word: string): string {
  if (/^[\w@%+=:,./-]+$/.test(word)) return word;
  if (word.includes("'") && !/[$`"\\!]/.test(word)) return `"${word}"`;
  return `'${word.replace(/'/g, "'\\''")}'`;
}

/** A command line of shell words (as aria-export writes into a README, aria-reconcile prints to adopt). */
export function shellCommand(words: readonly string[]): string {
  return words.map(shellWord).join(" ");
}
