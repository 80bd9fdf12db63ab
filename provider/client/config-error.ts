/** The error raised when the client's configuration is missing or invalid. */

/** One problem with one setting. */
export interface ConfigIssue {
  /** The setting, as the user would write it (`vra:apiTimeout`, or `VRA_API_TIMEOUT` when read from there). */
  readonly key: string;
  /** The setting's key whatever its namespace or source (`apiTimeout`); none for a rule of several (credentials). */
  readonly setting?: string;
  /** What is wrong and what is accepted. */
  readonly message: string;
}

/** Missing or invalid configuration; `message` lists every issue at once. */
export class AriaConfigError extends Error {
  override name = "AriaConfigError";
  /** Stable code, for branching. */
  readonly code = "ConfigError" as const;
  /** Every issue found. */
  readonly issues: readonly ConfigIssue[];

  constructor(issues: readonly ConfigIssue[], intro = "pulumi-aria is not configured correctly") {
    super(
      issues.length === 1
        ? `${intro}: ${issues[0].message}`
        : `${intro}:\n${issues.map((issue) => `  - ${issue.message}`).join("\n")}`,
    );
    this.issues = issues;
  }
}
