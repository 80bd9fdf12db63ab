import type { CheckFailure } from "../core/kind";
import type { PreviewInputs } from "./schema";

/*
 * Names the server cannot address by project and name. The provider reads, adopts and recovers an
 * endpoint through `/endpoints/{project}/{name}`, and the pipeline service is a Spring application
 * whose default request firewall (Spring Security's StrictHttpFirewall) refuses, with HTTP 400, any
 * path holding an encoded slash, backslash or percent sign, a semicolon, or a `.`/`..` segment. An
 * endpoint or project so named could be created, but never found by name again (adopting it, or
 * recovering a create whose answer was lost, would fail), so `check` refuses the name up front.
 */

type Failure = CheckFailure;

/** Why a name cannot be used in a by-name path, or undefined when it can. */
export function unaddressableReason(name: string): string | undefined {
  if (name.trim() === "") return "must not be blank";
  if (name === "." || name === "..")
    return "must not be '.' or '..' (a path segment the server resolves away)";
  const bad = [...new Set([...name].filter((c) => "/\\%;".includes(c)))];
  if (bad.length > 0) {
    return (
      `must not contain ${bad.map((c) => `'${c}'`).join(", ")}: the server refuses such a name in a URL path, ` +
      "so the endpoint could not be read or adopted by project and name"
    );
  }
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(name)) return "must not contain control characters";
  return undefined;
}

/** Failures for a known `name` or `project` the server cannot address. */
export function nameFailures(inputs: PreviewInputs): Failure[] {
  const failures: Failure[] = [];
  for (const field of ["name", "project"] as const) {
    const value = inputs[field];
    if (typeof value !== "string") continue;
    const reason = unaddressableReason(value);
    if (reason) failures.push({ property: field, reason: `the ${field} ${reason}` });
  }
  return failures;
}
