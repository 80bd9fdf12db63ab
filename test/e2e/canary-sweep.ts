import * as fs from "node:fs";
import * as path from "node:path";

/*
 * The canary sweep's search (secrets-canary.test.ts): where a canary secret shows in clear, named
 * precisely. A canary is a text `canary-<door>-<place>-<run>`, the run's random marker making each one
 * unique and grep-able. Text that parses as JSON (a state file, `pulumi stack export`, a report) is
 * walked and each find named by its JSON path (`$.checkpoint.latest.resources[3].outputs.password`);
 * JSON lines (the engine's event logs) by line and path; any other text by line. A secret stored
 * encrypted is ciphertext, which holds no canary.
 */

/** One canary found in clear: where (a file or a labelled output), at which JSON path or line, and which. */
export interface Finding {
  where: string;
  at: string;
  canary: string;
}

/** The JSON path of a key below `parent`: `.name`, or `["a key"]` for a key that needs brackets. */
function keyPath(parent: string, key: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(key) ? `${parent}.${key}` : `${parent}[${JSON.stringify(key)}]`;
}

/** Every canary (of `marker`) in a parsed JSON value, with its path. */
function walk(value: unknown, at: string, marker: RegExp, where: string, into: Finding[]): void {
  if (typeof value === "string") {
    for (const canary of value.match(marker) ?? []) into.push({ where, at, canary });
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => walk(item, `${at}[${index}]`, marker, where, into));
  } else if (value !== null && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      const below = keyPath(at, key);
      for (const canary of key.match(marker) ?? []) into.push({ where, at: `${below} (the key)`, canary });
      walk(item, below, marker, where, into);
    }
  }
}

function parsed(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/**
 * The canaries of one run (`run`: the marker every canary ends with) in a text: by JSON path when it
 * is JSON, by line and JSON path for a line that is, by line otherwise.
 */
export function findCanaries(text: string, where: string, run: string): Finding[] {
  if (!text.includes(run)) return [];
  const marker = new RegExp(`[\\w.:-]*${run}`, "g");
  const found: Finding[] = [];
  const whole = parsed(text);
  if (whole.ok) {
    walk(whole.value, "$", marker, where, found);
    return found;
  }
  text.split("\n").forEach((line, index) => {
    if (!line.includes(run)) return;
    const json = parsed(line);
    if (json.ok) walk(json.value, `line ${index + 1}: $`, marker, where, found);
    else
      for (const canary of line.match(marker) ?? []) found.push({ where, at: `line ${index + 1}`, canary });
  });
  return found;
}

/** Every regular file under `dir` (recursively; symbolic links are not followed), but those `skip` names. */
export function filesUnder(dir: string, skip: (file: string) => boolean = () => false): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => !skip(file));
}

/** The canaries in clear in each file (a binary file, with a NUL in its first 8 KiB, is not text: skipped). */
export function sweepFiles(files: readonly string[], run: string): Finding[] {
  return files.flatMap((file) => {
    const bytes = fs.readFileSync(file);
    if (bytes.subarray(0, 8192).includes(0)) return [];
    return findCanaries(bytes.toString("utf8"), file, run);
  });
}

/** A finding as one line of a failure message. */
export function describeFinding({ where, at, canary }: Finding): string {
  return `${where}: ${at}: ${canary}`;
}
