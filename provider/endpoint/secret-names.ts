/*
 * Which endpoint properties hold secrets, by name, and which values are not secrets whatever the
 * name. Shared by `check` (which moves secrets out of the plain `properties`, ./secret-routing.ts) and
 * the policy pack (which reports them, ../policy), so that both draw the line in the same place. Kept
 * free of imports: the policy pack loads it in its own process.
 */

/** Property names the product uses for secrets (shared/api/README.md), matched at the end of a name. */
const SECRET_NAME = /(password|passphrase|token|privatekey|certkeydata|secret|secretkey|apikey)$/i;

/**
 * True for a property name the product uses for secrets: `password`, `outboundPassword`, `token`,
 * `privateToken`, `privateKey`, `passPhrase`, `certKeyData`, ...
 */
export function isSecretName(name: string): boolean {
  return SECRET_NAME.test(name);
}

/** True for a reference to a pipeline variable (`${var.NAME}`), which is not itself a secret. */
export function isVariableReference(value: unknown): boolean {
  return typeof value === "string" && /^\$\{var\.[^}]+\}$/.test(value.trim());
}

/** True for a value that holds nothing secret wherever it is written: an empty string, a `${var.NAME}`. */
export function isNonSecretValue(value: unknown): boolean {
  return value === "" || isVariableReference(value);
}
