/*
 * The package's name and its type tokens: every resource, function and type of the `aria` plugin is
 * named `aria:index:<name>`. Derived here, once, for the registry, the plugin's resources and schema,
 * the data functions and `aria-export`.
 */

/** The package name: the plugin's, and the namespace of its tokens and config keys (`aria:url`). */
export const PACKAGE = "aria";

/** The type token of a resource, function or type of the package: `aria:index:<name>`. */
export function typeToken<const N extends string>(name: N): `aria:index:${N}` {
  return `${PACKAGE}:index:${name}`;
}

/** The type a dynamic resource of the package is stored under: `pulumi-nodejs:dynamic/aria:<name>`. */
export function dynamicTypeToken<const N extends string>(name: N): `pulumi-nodejs:dynamic/aria:${N}` {
  return `pulumi-nodejs:dynamic/${PACKAGE}:${name}`;
}
