import { showsCredential } from "./secrets";
import { isSecret, secret, Secret } from "./values";

/*
 * The one rule for secrets on the way out, for every kind and both doors: a value that arrived secret
 * leaves secret, at any depth, whatever a kind did with it in between. A kind works on plain values
 * (../common/engine-inputs.ts reveals its inputs), so what it answers (the inputs `check` returns, the
 * outputs of create, read and update, the state of a creation that did not finish) has lost the marks
 * its inputs had; a door runs its answer through {@link keepSecrets} with what it was given, and
 * whatever arrived secret is secret again:
 *
 * - by path: a value at a path (`properties.credentials.apiToken`, `tags[2]`) that was secret at the same
 *   path of an input or of the stored state is secret, wholly;
 * - by value: a text equal to a secret text anywhere in what arrived is secret wherever it went (a secret
 *   moved from `properties` to `secretProperties`, an item of a list the server reordered);
 * - by the secrets policy (./secrets.ts), for answers read from the server
 *   ({@link KeepSecretsOptions.credentials}): a text shown in clear under a key that looks like a
 *   credential is secret, as a lookup's result is, so that a resource imported with no state to go by
 *   stores no credential in clear.
 *
 * Marking costs nothing and showing a secret costs everything, so the rule errs towards marking: a
 * plain value equal to a secret text is marked too.
 */

/** What {@link keepSecrets} takes into account besides what arrived. */
export interface KeepSecretsOptions {
  /** Also mark what shows a credential in clear (./secrets.ts `showsCredential`): answers read from the server. */
  readonly credentials?: boolean;
}

type Bag = Record<string, unknown>;

function isBag(value: unknown): value is Bag {
  return value !== null && typeof value === "object" && !Array.isArray(value) && !isSecret(value);
}

/** Every text held in a value, at any depth. */
function textsOf(value: unknown, into: Set<string>): void {
  if (isSecret(value)) return textsOf(value.value, into);
  if (typeof value === "string") {
    if (value !== "") into.add(value);
  } else if (Array.isArray(value)) {
    for (const item of value) textsOf(item, into);
  } else if (isBag(value)) {
    for (const item of Object.values(value)) textsOf(item, into);
  }
}

/** The texts of every value marked secret in the sources, at any depth. */
function secretTexts(sources: readonly unknown[]): Set<string> {
  const texts = new Set<string>();
  const visit = (value: unknown): void => {
    if (isSecret(value)) textsOf(value.value, texts);
    else if (Array.isArray(value)) value.forEach(visit);
    else if (isBag(value)) Object.values(value).forEach(visit);
  };
  sources.forEach(visit);
  return texts;
}

/** The sources' values at one key or index further down (undefined where a source has none). */
function below(twins: readonly unknown[], step: string | number): unknown[] {
  return twins.map((twin) => {
    if (typeof step === "number") return Array.isArray(twin) ? twin[step] : undefined;
    return isBag(twin) ? twin[step] : undefined;
  });
}

function mark(
  value: unknown,
  twins: readonly unknown[],
  texts: ReadonlySet<string>,
  options: KeepSecretsOptions,
  key: string | undefined,
): unknown {
  if (value === undefined || isSecret(value)) return value;
  if (twins.some(isSecret)) return secret(value);
  if (typeof value === "string") {
    const credential = options.credentials === true && key !== undefined && showsCredential(key, value);
    return texts.has(value) || credential ? secret(value) : value;
  }
  if (Array.isArray(value)) {
    return value.map((item, index) => mark(item, below(twins, index), texts, options, key));
  }
  if (isBag(value)) {
    const out: Bag = {};
    for (const [name, item] of Object.entries(value)) {
      out[name] = mark(item, below(twins, name), texts, options, name);
    }
    return out;
  }
  return value;
}

/**
 * `answer` with every value that arrived secret in `sources` (the inputs, the stored state) marked
 * {@link Secret} again, by path and by value, and with `credentials` every credential shown in clear
 * (see the top of this file). Marks already there stay; nothing is unmarked, nothing else changes.
 */
export function keepSecrets<T>(answer: T, sources: readonly unknown[], options: KeepSecretsOptions = {}): T {
  return mark(answer, sources, secretTexts(sources), options, undefined) as T;
}

/** True when a value shows a credential in clear anywhere (./secrets.ts `showsCredential`), at any depth. */
export function showsCredentialAnywhere(value: unknown): boolean {
  if (value instanceof Secret) return false;
  if (Array.isArray(value)) return value.some(showsCredentialAnywhere);
  if (!isBag(value)) return false;
  return Object.entries(value).some(
    ([key, item]) => showsCredential(key, item) || showsCredentialAnywhere(item),
  );
}
