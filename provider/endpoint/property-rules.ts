import { propertyPath } from "../common/check-failures";
import type { CheckFailure } from "../core/kind";
import type { ApiTile } from "./api";
import { isUnknown } from "../common/unknowns";

/*
 * The endpoint's properties against the tile the server serves for its type: known names, mandatory
 * ones present, each value of the tile's type and among its allowed values, and the properties an
 * `authType` requires. Everything comes from the served tile, so the rules follow whatever names and
 * types the server has; the only built-in knowledge is the published `authType` table below, applied
 * to the properties the tile declares. A value unknown in preview is skipped, never reported. No
 * message ever quotes a property's value (it may be a secret).
 */

type Failure = CheckFailure;

/** The two property bags as `check` sees them; undefined when a whole bag is unknown. */
export interface PropertyBags {
  readonly properties?: Record<string, unknown>;
  readonly secretProperties?: Record<string, unknown>;
}

/**
 * Published per-`authType` requirements: the k8s and git property keys as the product's documentation
 * names them and endpoint documents exported from real servers hold them (`userName` with a capital N;
 * the emulator's tiles, emulator/pipeline/tile-catalog.ts, and emulator/README.md list the same). A rule
 * applies only when the tile declares its `authType` and every property it names; a tile may also
 * publish its own rules as `requires: [{property, equals, require}]`.
 */
const PUBLISHED_AUTH_RULES: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>> = {
  k8s: { certificate: ["certData", "certKeyData"], basicAuth: ["userName", "password"], token: ["token"] },
  git: { password: ["userName", "password"], privateToken: ["privateToken"] },
};

/** One conditional requirement: when `property` equals `equals`, the `require` properties are needed. */
interface Requirement {
  readonly property: string;
  readonly equals: string;
  readonly require: readonly string[];
}

/** How the endpoint's secrets may be supplied besides the inputs. */
export interface SecretSource {
  /**
   * True when the endpoint is being adopted (`adopt: true`, or not yet known): the server may already
   * hold its secrets, and a secret left undeclared keeps the server's stored value, so a required
   * secret may be missing from the inputs.
   */
  readonly serverMayHoldSecrets: boolean;
}

/** Every failure of the properties against the tile; `secretNames` are the tile's secret properties. */
export function tileFailures(
  tile: ApiTile,
  bags: PropertyBags,
  secretNames: ReadonlySet<string>,
  source: SecretSource = { serverMayHoldSecrets: false },
): Failure[] {
  return [
    ...nameFailures(tile, bags),
    ...valueFailures(tile, bags),
    ...requiredFailures(tile, bags, secretNames, source),
  ];
}

function nameFailures(tile: ApiTile, bags: PropertyBags): Failure[] {
  const declared = tile.inputProperties;
  const names = Object.keys(declared).sort();
  const failures: Failure[] = [];
  for (const [bag, values] of entriesOf(bags)) {
    for (const key of Object.keys(values)) {
      if (key in declared) continue;
      failures.push({
        property: propertyPath([bag, key]),
        reason:
          `'${key}' is not a property of endpoint type '${tile.tileId}'; its properties are: ` +
          (names.length > 0 ? names.join(", ") : "(none)"),
      });
    }
  }
  return failures;
}

function valueFailures(tile: ApiTile, bags: PropertyBags): Failure[] {
  const failures: Failure[] = [];
  for (const [bag, values] of entriesOf(bags)) {
    for (const [key, value] of Object.entries(values)) {
      const declared = tile.inputProperties[key];
      if (!declared || isUnknown(value) || value === null || value === undefined) continue;
      const reason = valueProblem(declared, value);
      if (reason) failures.push({ property: propertyPath([bag, key]), reason: `'${key}' ${reason}` });
    }
  }
  return failures;
}

/** Why a value does not fit the tile's property, or undefined when it does. */
function valueProblem(declared: ApiTile["inputProperties"][string], value: unknown): string | undefined {
  const type = declared.type;
  if (typeof value === "object") {
    const what = Array.isArray(value) ? "a list" : "an object";
    return `must be a single ${type} value, not ${what}: the server stores only strings, numbers and booleans`;
  }
  if (value === "") return undefined;
  if (/^int(eger)?$|^long$|^number$/i.test(type) && !isIntegerLike(value)) {
    return `must be an integer (the tile's type is ${type})`;
  }
  if (/^bool(ean)?$/i.test(type) && typeof value !== "boolean" && !/^(true|false)$/i.test(String(value))) {
    return `must be true or false (the tile's type is ${type})`;
  }
  const allowed = allowedValues(declared);
  if (allowed && !allowed.includes(String(value))) return `must be one of: ${allowed.join(", ")}`;
  return undefined;
}

function isIntegerLike(value: unknown): boolean {
  if (typeof value === "number") return Number.isInteger(value);
  return typeof value === "string" && /^-?\d+$/.test(value);
}

/**
 * A property's allowed values: a list the tile gives (`values`, `enum` or `allowedValues`), else the
 * "One of: a, b." sentence of its description, else none.
 */
export function allowedValues(declared: Record<string, unknown>): string[] | undefined {
  for (const field of ["values", "enum", "allowedValues"]) {
    const list = declared[field];
    if (Array.isArray(list) && list.length > 0 && list.every((v) => typeof v === "string")) return list;
  }
  const description = typeof declared.description === "string" ? declared.description : "";
  const sentence = /\bOne of: ([^.]+)\./.exec(description);
  if (!sentence) return undefined;
  const values = sentence[1]
    .split(",")
    .map((v) => v.trim())
    .filter((v) => v.length > 0);
  return values.length > 0 ? values : undefined;
}

function requiredFailures(
  tile: ApiTile,
  bags: PropertyBags,
  secretNames: ReadonlySet<string>,
  source: SecretSource,
): Failure[] {
  const { properties: plain, secretProperties: secret } = bags;
  // A required property may be in either bag; when a whole bag is unknown it may be in there.
  if (!plain || !secret) return [];
  const valueOf = (key: string) => (key in secret ? secret[key] : plain[key]);
  const missing = (key: string) => {
    const value = valueOf(key);
    if (value === undefined && source.serverMayHoldSecrets && secretNames.has(key)) return false;
    return value === undefined || value === null || value === "";
  };
  const bagOf = (key: string) => (secretNames.has(key) || key in secret ? "secretProperties" : "properties");
  const failures: Failure[] = [];
  const reported = new Set<string>();
  for (const [key, property] of Object.entries(tile.inputProperties)) {
    if (property.mandatory !== true || !missing(key)) continue;
    reported.add(key);
    const about = property.description ? ` (${property.description})` : "";
    failures.push({
      property: propertyPath([bagOf(key), key]),
      reason: `'${key}' is required for endpoint type '${tile.tileId}'${about}`,
    });
  }
  for (const rule of requirements(tile)) {
    const chosen = valueOf(rule.property);
    if (isUnknown(chosen) || String(chosen) !== rule.equals) continue;
    for (const key of rule.require) {
      if (reported.has(key) || !missing(key) || isUnknown(valueOf(key))) continue;
      reported.add(key);
      failures.push({
        property: propertyPath([bagOf(key), key]),
        reason: `'${key}' is required for endpoint type '${tile.tileId}' when ${rule.property} is '${rule.equals}'`,
      });
    }
  }
  return failures;
}

/** The tile's own conditional requirements, then the published ones that fit the tile. */
function requirements(tile: ApiTile): Requirement[] {
  const declared = tile.inputProperties;
  const listed = tile.requires;
  const own = Array.isArray(listed) ? listed.filter(isRequirement) : [];
  const published = Object.entries(PUBLISHED_AUTH_RULES[tile.tileId] ?? {})
    .map(([equals, require]) => ({ property: "authType", equals, require }))
    .filter((rule) => rule.property in declared && rule.require.every((key) => key in declared));
  return [...own, ...published];
}

function isRequirement(value: unknown): value is Requirement {
  if (value === null || typeof value !== "object") return false;
  const rule = value as Record<string, unknown>;
  return (
    typeof rule.property === "string" &&
    typeof rule.equals === "string" &&
    Array.isArray(rule.require) &&
    rule.require.every((key) => typeof key === "string")
  );
}

function entriesOf(bags: PropertyBags): [string, Record<string, unknown>][] {
  const out: [string, Record<string, unknown>][] = [];
  if (bags.properties) out.push(["properties", bags.properties]);
  if (bags.secretProperties) out.push(["secretProperties", bags.secretProperties]);
  return out;
}
