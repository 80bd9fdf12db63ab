/**
 * Which generation of the product a server is: Aria Automation 8.x, or its successor VMware Cloud
 * Foundation (VCF) Automation 9, which signs in differently (an organization's OAuth token endpoint)
 * and has no Pipelines service. Told as the vendor's own Terraform provider tells it (`isVCFA`):
 * `GET /automation/config.json` at the server's origin; a 404 is 8.x; otherwise the JSON's
 * `applicationVersion` is base64 text holding a version `v?N.N.N.N`, and one at or above 9.0.0.0 is
 * VCF Automation. An answer that is not JSON, or a value that is not base64, is an error (as there):
 * the server is neither. No `applicationVersion`, or no version in it, is 8.x.
 */

/** What a server is, as far as this package cares. */
export type ServerGeneration =
  | { readonly product: "aria-automation-8" }
  | {
      readonly product: "vcf-automation-9";
      /** The version the server reports, four numbers (`9.0.1.0`). */
      readonly version: string;
    };

/** The first version of VCF Automation. */
const FIRST_VCFA_VERSION = [9, 0, 0, 0];

/** Why an answer of `/automation/config.json` tells nothing: the detail of the error. */
export class UnreadableConfigError extends Error {
  override name = "UnreadableConfigError";
}

/**
 * Reads the answer to `GET /automation/config.json` (a 2xx one: a 404 is 8.x and handled by the
 * caller). `body` is the parsed JSON, or the text when it did not parse.
 */
export function generationFromConfig(body: unknown): ServerGeneration {
  if (body === null || typeof body !== "object" || Array.isArray(body)) {
    throw new UnreadableConfigError("the answer is not a JSON object");
  }
  const encoded = (body as Record<string, unknown>).applicationVersion;
  if (encoded === undefined) return { product: "aria-automation-8" };
  if (typeof encoded !== "string") throw new UnreadableConfigError("applicationVersion is not a string");
  const decoded = decodeBase64(encoded);
  if (decoded === undefined) throw new UnreadableConfigError("applicationVersion is not base64");
  const match = /v?(\d+\.\d+\.\d+\.\d+)/.exec(decoded);
  if (!match) return { product: "aria-automation-8" };
  const version = match[1];
  return isAtLeast(version.split(".").map(Number), FIRST_VCFA_VERSION)
    ? { product: "vcf-automation-9", version }
    : { product: "aria-automation-8" };
}

/** Standard base64 with padding, strictly (as Go's `base64.StdEncoding`); undefined when not. */
function decodeBase64(text: string): string | undefined {
  if (text.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(text)) return undefined;
  return Buffer.from(text, "base64").toString("utf8");
}

function isAtLeast(version: readonly number[], floor: readonly number[]): boolean {
  for (let i = 0; i < floor.length; i++) {
    if (version[i] !== floor[i]) return version[i] > floor[i];
  }
  return true;
}

/** The product's name for messages. */
export function productName(generation: ServerGeneration): string {
  return generation.product === "vcf-automation-9"
    ? `VMware Cloud Foundation (VCF) Automation ${generation.version}`
    : "Aria Automation 8.x";
}

/** The guide users are sent to. */
export const VCFA_GUIDE = "docs/guides/vcf-automation-9.md";

/**
 * A pipeline (endpoint) operation asked of a VCF Automation 9 server, which has no Pipelines
 * service: raised before any pipeline request is sent, with what to do. Branch on `code`.
 */
export class PipelinesUnavailableError extends Error {
  override name = "PipelinesUnavailableError";
  /** Stable code, for branching. */
  readonly code = "PipelinesUnavailable" as const;

  constructor(
    /** The server's URL. */
    readonly url: string,
    /** The version the server reports (`9.0.1.0`). */
    readonly version: string,
  ) {
    super(
      `${url} is VMware Cloud Foundation (VCF) Automation ${version}, which has no Pipelines service: ` +
        "pipeline endpoints exist on Aria Automation 8.x only (8.18 is the last release with Pipelines). " +
        "Keep the endpoint stacks pointed at an Aria Automation 8.18 server, and export their endpoints " +
        "with `aria-export` before that server is upgraded; deployment resources work on VCF Automation 9 " +
        `(see ${VCFA_GUIDE} in pulumi-aria).`,
    );
  }
}

/** True for a {@link PipelinesUnavailableError}, also one from another copy of the package. */
export function isPipelinesUnavailable(error: unknown): error is PipelinesUnavailableError {
  return error instanceof Error && (error as { code?: unknown }).code === "PipelinesUnavailable";
}
