/** The failures of aria-reconcile, each with its exit code (./report.ts, EXIT) and a message naming where. */
import { CliError } from "../cli/command";
import { isAriaApiError, type AriaApiError } from "../client/errors";
import { ROUTES } from "../client/routes";
import { EXIT, type ExitCode } from "./report";

/** A failure the user can act on: its message says which server, stack or setting, and what to do. */
export class ReconcileError extends CliError {
  override name = "ReconcileError";
  constructor(
    message: string,
    override readonly exitCode: Exclude<ExitCode, 0 | 5 | 7>,
  ) {
    super(message, exitCode);
  }
}

/** The login exchanges: a 400 there is the server refusing the token or password. */
const LOGINS = new Set<string>([ROUTES.exchangeRefreshToken.operation, ROUTES.loginWithPassword.operation]);

/** Whether a client failure is the server refusing the credentials (401, 403, or a login answered 400). */
export function isCredentialsRefused(error: unknown): error is AriaApiError {
  return (
    isAriaApiError(error, "Unauthorized", "Forbidden") ||
    (isAriaApiError(error, "BadRequest") && LOGINS.has(error.operation))
  );
}

/**
 * A failure of the client against `server`: refused credentials are exit 3 (naming the setting they
 * came from), anything else (unreachable, a server error, an answer not understood) exit 4. The
 * client's messages are already scrubbed of secrets.
 */
export function serverFailure(
  error: unknown,
  server: string,
  stacks: string,
  credentialSetting: string,
): ReconcileError {
  if (isCredentialsRefused(error)) {
    return new ReconcileError(
      `server ${server} refused the credentials of ${stacks} (${credentialSetting}): ${error.message}`,
      EXIT.credentials,
    );
  }
  return new ReconcileError(
    `server ${server} (used by ${stacks}): ${(error as Error).message}`,
    EXIT.failure,
  );
}

/**
 * The exit code of a `pulumi` command that failed: an unknown stack or a refused login to the
 * backend is a usage or configuration problem (2), the CLI's own 2 and 3 stay; the rest, a program
 * or a provider that failed, is 4.
 */
export function pulumiFailureCode(code: number, stderr: string): Exclude<ExitCode, 0 | 5 | 7> {
  if (/no stack named|no current stack|passphrase|PULUMI_CONFIG_PASSPHRASE|not logged in/i.test(stderr))
    return EXIT.usage;
  if (code === EXIT.usage || code === EXIT.credentials) return code;
  return EXIT.failure;
}

/**
 * What to add to the message of a `pulumi` command that failed because another operation holds the
 * stack's lock (a `pulumi up` running: the file and S3 backends lock a stack for an update; a preview
 * takes no lock, so detection runs beside an update and only `--remediate` meets it). Empty otherwise.
 */
export function lockHint(stack: string, stderr: string): string {
  if (!/currently locked|lock\(s\)/i.test(stderr)) return "";
  return (
    `\nStack ${stack} is locked by another operation (a \`pulumi up\` running?): it was left to it, ` +
    "nothing was changed here. Run aria-reconcile again once it ends; if no operation is running, the " +
    `lock is stale: \`pulumi cancel --stack ${stack}\` (or remove it from the backend's .pulumi/locks).`
  );
}
