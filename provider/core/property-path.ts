/*
 * Property paths as Pulumi writes them (its `PropertyPath.String()`): `properties.url`,
 * `properties.disks[2]`, and a key with any character other than a letter, a digit or `_` in brackets,
 * `secretProperties["api-key"]`. The one spelling of a path in the package: check failures name the
 * property at fault with it, and a kind's detailed diff keys its changes by it, which the engine
 * parses back (`ParsePropertyPath`) to show them and to match `hideDiffs` and `replaceOnChanges`.
 * A path names where a value is, never the value.
 */

/** Pulumi's rule: a key is written bare only when every character is a letter, a digit or `_`. */
const BARE_KEY = /^[A-Za-z0-9_]+$/;

/** `["properties", "url"]` → `properties.url`; `["properties", "api-key"]` → `properties["api-key"]`. */
export function propertyPath(path: readonly PropertyKey[]): string {
  return path
    .map((key, i) => {
      const text = String(key);
      if (typeof key === "number") return `[${text}]`;
      if (BARE_KEY.test(text)) return i === 0 ? text : `.${text}`;
      return `["${text.replace(/"/g, '\\"')}"]`;
    })
    .join("");
}
