/**
 * `aria-export --stack`: the user's own `pulumi` (../cli/pulumi.ts) makes or chooses the stack in the
 * generated project and sets each secret in its config. A value only ever goes to `pulumi config set
 * --secret KEY` on its standard input, never on a command line (which every user of the machine can
 * read); whatever `pulumi` prints is scrubbed of the values before it is shown.
 */
import { type RunPulumi, scrubbedTail } from "../cli/pulumi";
import type { SecretValue } from "./stack-secrets";

/** A failure of `--stack`, with what happened and what to run; `pulumi`'s output already scrubbed. */
export class StackConfigError extends Error {
  override name = "StackConfigError";
}

/**
 * The text of a value as `pulumi config set` must read it from stdin: it drops one trailing
 * newline of what it reads (cmdutil.RemoveTrailingNewline), so one is added and the value arrives
 * exactly as it is, trailing newlines (of a PEM key, say) included.
 */
export function stdinOf(value: string): string {
  return `${value}\n`;
}

/** What {@link setStackSecrets} did, to report and to undo. */
export interface StackSecretsResult {
  /** Whether this run created the stack (else it existed and was chosen). */
  readonly created: boolean;
  /** The keys set, in order. */
  readonly keys: readonly string[];
  /** Removes the stack if this run created it (config set in the project directory goes with it). */
  undo(): Promise<void>;
}

/**
 * Makes stack `stack` in the project directory (or chooses it, when it exists) and sets each value
 * as a secret in its config. On a failure the stack is removed again if this run made it, and a
 * {@link StackConfigError} says what failed and what to run.
 */
export async function setStackSecrets(options: {
  readonly run: RunPulumi;
  readonly stack: string;
  readonly values: readonly SecretValue[];
}): Promise<StackSecretsResult> {
  const { run, stack, values } = options;
  const secrets = values.map((v) => v.value);
  const noInput = "--non-interactive";
  const init = await run(["stack", "init", stack, "--no-select", noInput]);
  let created = init.code === 0;
  if (!created) {
    // An existing stack is chosen; any other failure of init is the one to report.
    const exists = await run(["stack", "--show-name", "--stack", stack, noInput]);
    if (exists.code !== 0) {
      throw new StackConfigError(
        `\`pulumi stack init ${stack}\` failed (exit ${init.code}):\n${scrubbedTail(init, secrets)}\n` +
          "Nothing was written. Fix what pulumi says (log in with `pulumi login`; for a passphrase-protected " +
          "backend set PULUMI_CONFIG_PASSPHRASE or PULUMI_CONFIG_PASSPHRASE_FILE) and run aria-export again, or " +
          "run it without --stack and set the secrets by hand as the project's README shows.",
      );
    }
  }
  const undo = async (): Promise<void> => {
    if (!created) return;
    const removed = await run(["stack", "rm", stack, "--yes", "--force", noInput]);
    if (removed.code !== 0) {
      throw new StackConfigError(
        `removing stack ${stack} again failed (exit ${removed.code}):\n${scrubbedTail(removed, secrets)}\n` +
          `Remove it yourself: pulumi stack rm ${stack} --force`,
      );
    }
    created = false;
  };
  const keys: string[] = [];
  for (const { key, value } of values) {
    const set = await run(["config", "set", "--secret", "--stack", stack, noInput, key], stdinOf(value));
    if (set.code !== 0) {
      const reason = `\`pulumi config set --secret ${key}\` failed (exit ${set.code}):\n${scrubbedTail(set, secrets)}`;
      let cleanup: string;
      try {
        const wasCreated = created;
        await undo();
        cleanup = wasCreated
          ? `Stack ${stack}, which this run created, was removed again`
          : `Stack ${stack} existed before and is left as it was (its config is in the project directory, which is removed)`;
      } catch (e) {
        cleanup = (e as Error).message;
      }
      throw new StackConfigError(
        `${reason}\n${cleanup}; nothing was written. Fix what pulumi says and run aria-export again, or run it ` +
          "without --stack and set the secrets by hand as the project's README shows.",
      );
    }
    keys.push(key);
  }
  return { created, keys, undo };
}
