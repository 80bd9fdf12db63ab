/**
 * The `apiVersion` of pipeline (endpoint) operations: the pinned one from configuration, checked
 * against the server's `GET /about`, or else the server's latest. Fetched once per client.
 */
import { settingWithEnv } from "./config-schema";
import { settingName, type ConfigNamespace } from "./setting";
import { AriaConfigError } from "./config-error";
import { unlessNotFound } from "./errors";
import type { About } from "./schemas";

/**
 * Chooses the version to send: `pinned` when the server supports it (else a configuration error
 * listing the supported ones), otherwise the server's latest.
 */
export function chooseApiVersion(
  about: About,
  pinned: string | undefined,
  ns: ConfigNamespace = "vra",
): string {
  const supported = about.supportedApis.map((api) => api.apiVersion);
  if (pinned === undefined) return about.latestApiVersion;
  if (supported.includes(pinned) || (supported.length === 0 && pinned === about.latestApiVersion))
    return pinned;
  const offered = supported.length > 0 ? supported.join(", ") : about.latestApiVersion;
  throw new AriaConfigError(
    [
      {
        key: settingName(ns, "apiVersion"),
        setting: "apiVersion",
        message:
          `${settingWithEnv(ns, "apiVersion")} is ${pinned}, which this server does not support. ` +
          `Supported versions: ${offered} (latest ${about.latestApiVersion}). ` +
          "Pick one of them, or remove the setting to use the latest.",
      },
    ],
    "pulumi-aria cannot talk to this server",
  );
}

/** Resolves and caches the pipeline API version of one client. */
export class PipelineApiVersion {
  private resolved: Promise<string | undefined> | undefined;

  constructor(
    private readonly pinned: string | undefined,
    private readonly fetchAbout: () => Promise<About>,
    private readonly ns: ConfigNamespace = "vra",
  ) {}

  /** The version to send (undefined: send none). */
  get(): Promise<string | undefined> {
    this.resolved ??= this.resolve().catch((error: unknown) => {
      // A failure (e.g. the server is briefly down) is not remembered: the next call asks again.
      this.resolved = undefined;
      throw error;
    });
    return this.resolved;
  }

  /** Takes an `/about` answer fetched anyway (by `getAbout`), so it need not be asked again. */
  prime(about: About): void {
    if (this.resolved) return;
    try {
      this.resolved = Promise.resolve(chooseApiVersion(about, this.pinned, this.ns));
    } catch {
      // An unsupported pinned version is reported by the next call that needs the version.
    }
  }

  private async resolve(): Promise<string | undefined> {
    const about = await unlessNotFound(() => this.fetchAbout());
    // A server without /about cannot be checked: send the pinned version, or none.
    if (about === undefined) return this.pinned;
    return chooseApiVersion(about, this.pinned, this.ns);
  }
}
