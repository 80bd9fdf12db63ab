// @ts-check
// What the benchmark's command lines share: a usage error (the message, then the usage, exit 2) and
// the parsing of numbers given as options, each failing with a usage error that names the option.

/** The option parsers of one command, whose usage errors print `usage`. @param {string} usage */
export function cliHelpers(usage) {
  /** @param {string} message @returns {never} */
  const usageError = (message) => {
    process.stderr.write(`${message}\n${usage}\n`);
    process.exit(2);
  };
  /**
   * An integer of at least 1 (or 0 with `allowZero`).
   * @param {string} name the option, without `--` @param {string} value
   */
  const positiveInt = (name, value, allowZero = false) => {
    const n = Number(value);
    if (Number.isInteger(n) && n >= (allowZero ? 0 : 1)) return n;
    return usageError(
      `--${name} must be a ${allowZero ? "non-negative" : "positive"} integer, got '${value}'`,
    );
  };
  /** A number greater than 0. @param {string} name the option, without `--` @param {string} value */
  const positiveNumber = (name, value) => {
    const n = Number(value);
    return Number.isFinite(n) && n > 0 ? n : usageError(`--${name}: '${value}' is not a positive number`);
  };
  /** A comma-separated list of positive integers. @param {string} name @param {string} value */
  const positiveInts = (name, value) => value.split(",").map((s) => positiveInt(name, s.trim()));
  /**
   * A comma-separated list of `what`s, each one of `known`.
   * @param {string} name
   * @param {string} value
   * @param {string[]} known
   * @param {string} what
   */
  const namesOf = (name, value, known, what) =>
    value
      .split(",")
      .map((v) =>
        known.includes(v.trim()) ? v.trim() : usageError(`--${name}: unknown ${what} '${v.trim()}'`),
      );
  return { usageError, positiveInt, positiveInts, positiveNumber, namesOf };
}
