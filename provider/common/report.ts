import { engineWarning, type WarningSink } from "../runtime/engine-log";

/*
 * Where both resource kinds send what the user should read besides errors: warnings, which the
 * engine lists as warnings of the run (a secret moved out of the plain properties), and progress
 * notes (a deployment request waited for, cancelled, cleaned up), which go to the provider's stderr,
 * shown by the engine while the provider runs. Tests inject either.
 */

export type { WarningSink } from "../runtime/engine-log";

/** A progress note. */
export type ProgressSink = (message: string) => void;

/** Where a provider's messages go; each is optional, with the defaults of {@link reporter}. */
export interface Reporting {
  /** Warnings; default the engine (../runtime/engine-log.ts). */
  readonly warn?: WarningSink;
  /** Progress notes; default the provider's stderr, which the engine shows. */
  readonly report?: ProgressSink;
}

/** Both sinks, defaults applied. */
export interface Reporter {
  readonly warn: WarningSink;
  readonly report: ProgressSink;
}

/** Writes a progress note to stderr: the engine shows a provider's output lines while it runs. */
export function reportToStderr(message: string): void {
  console.error(`pulumi-aria: ${message}`);
}

/** The sinks of `options`, the defaults for those it does not set. */
export function reporter(options: Reporting = {}): Reporter {
  return { warn: options.warn ?? engineWarning, report: options.report ?? reportToStderr };
}
