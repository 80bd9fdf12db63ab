/** The engine root (`<root>/bin/pulumi`), found or built once per process by scripts/ensure-engine.mjs. */
export function engineRoot(options?: { quiet?: boolean }): string;
/** The environment of an engine run on a local `file://` backend, with no network and no plugin downloads. */
export function engineEnv(options: {
  root: string;
  stateDir: string;
  homeDir: string;
  passphrase: string;
}): Record<string, string>;
/** The repository's root directory. */
export const REPO_ROOT: string;
