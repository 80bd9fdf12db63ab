/**
 * Path and query building. Every path parameter goes through {@link encodePathSegment}: endpoint and
 * project names contain spaces, slashes and unicode, and must never be concatenated raw.
 */

/** A value that can go into a query string; arrays are sent comma-separated. */
export type QueryValue = string | number | boolean | readonly string[] | undefined;

/**
 * Encodes one path segment. `encodeURIComponent` leaves `.` alone, so a segment made only of dots
 * (`.` or `..`) would be normalised away by a proxy or server: those dots are percent-encoded too.
 */
export function encodePathSegment(value: string | number): string {
  const text = String(value);
  if (text === "") {
    throw new TypeError("A path parameter is empty: an id, project or name must be a non-empty string.");
  }
  const encoded = encodeURIComponent(text);
  return /^\.+$/.test(encoded) ? encoded.replace(/\./g, "%2E") : encoded;
}

/**
 * Fills a route template such as `/endpoints/{project}/{name}` with encoded parameters. Throws on a
 * missing parameter, so a typo in the route table fails loudly instead of calling the wrong URL.
 */
export function renderPath(template: string, params: Readonly<Record<string, string | number>> = {}): string {
  return template.replace(/\{([A-Za-z0-9_]+)\}/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) {
      throw new TypeError(`Missing path parameter '${name}' for route ${template}.`);
    }
    return encodePathSegment(value);
  });
}

/**
 * Builds a query string (with its leading `?`, or "" when empty) under the vendor's parameter names.
 * Keys are written as given (`$filter` stays `$filter`); values are percent-encoded; arrays are
 * joined with commas; a key given as `repeat` sends one `key=value` pair per array element.
 */
export function buildQuery(
  params: Readonly<Record<string, QueryValue>>,
  options: { readonly repeat?: readonly string[] } = {},
): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) {
      const items = (value as readonly string[]).filter((item) => item !== "");
      if (items.length === 0) continue;
      if (options.repeat?.includes(key)) {
        for (const item of items) parts.push(`${key}=${encodeURIComponent(item)}`);
      } else {
        parts.push(`${key}=${items.map((item) => encodeURIComponent(item)).join(",")}`);
      }
      continue;
    }
    parts.push(`${key}=${encodeURIComponent(String(value))}`);
  }
  return parts.length === 0 ? "" : `?${parts.join("&")}`;
}

/** Joins a base path prefix (e.g. `/pipeline/api`) and a rendered route path with one slash. */
export function joinPath(prefix: string, path: string): string {
  const left = prefix.replace(/\/+$/, "");
  const right = path.startsWith("/") ? path : `/${path}`;
  return `${left}${right}`;
}
