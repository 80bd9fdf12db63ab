/**
 * Data functions about the endpoint catalogue and servers: endpoint types (tiles), a server's
 * certificate chain, the server's validation of an endpoint definition, the API versions. Plain
 * async functions in the program process, each with an `...Output` variant taking Inputs.
 */
import * as pulumi from "@pulumi/pulumi";
import type { About, Certificate, Tile, ValidationResult } from "../client";
import { redactValues } from "../client/redact";
import type { AriaClient } from "../client";
import { dataFunction, type DataFunctionBody } from "../common/data-functions";
import type { LookupInputs } from "../common/lookup-inputs";
import { LookupOptions, lookupOutput, LookupOutputOptions } from "../common/lookup-output";
import type { JsonValue } from "./schema";

/** Every endpoint type the server supports, with its properties (`secret: true` marks secret ones). */
export async function getEndpointTiles(opts?: LookupOptions): Promise<Tile[]> {
  // An invoke answers an object, so the invoke's result holds the list under `tiles` (as the API's does).
  const { tiles } = await dataFunction("getEndpointTiles", {}, opts, (client) =>
    CATALOG_DATA_FUNCTIONS.getEndpointTiles(client, {}),
  );
  return tiles;
}

/** {@link getEndpointTiles} as an Output. */
export function getEndpointTilesOutput(opts?: LookupOutputOptions): pulumi.Output<Tile[]> {
  return lookupOutput({}, opts, () => getEndpointTiles());
}

/** Which endpoint type {@link getEndpointTile} reads. */
export interface GetEndpointTileArgs {
  /** The endpoint type (tile id), e.g. `jenkins`. */
  type: string;
}

/** One endpoint type and its properties. */
export async function getEndpointTile(args: GetEndpointTileArgs, opts?: LookupOptions): Promise<Tile> {
  return dataFunction("getEndpointTile", args, opts, (client) =>
    CATALOG_DATA_FUNCTIONS.getEndpointTile(client, args),
  );
}

/** {@link getEndpointTile} taking Inputs. */
export function getEndpointTileOutput(
  args: LookupInputs<GetEndpointTileArgs>,
  opts?: LookupOutputOptions,
): pulumi.Output<Tile> {
  return lookupOutput(args, opts, (plain: GetEndpointTileArgs) => getEndpointTile(plain));
}

/** Which server {@link getEndpointCertificate} asks about. */
export interface GetEndpointCertificateArgs {
  /** URL of the server (e.g. `https://jenkins.example.com`). */
  url: string;
  /** Cloud proxy through which the Aria server reaches it (on-premises servers). */
  cloudProxyId?: string;
}

/** A server's certificate chain as the Aria server sees it. */
export interface GetEndpointCertificateResult {
  /** The chain, leaf first. */
  certificates: Certificate[];
  /** SHA-256 fingerprint of the leaf (upper-case hex, no colons): the value for `properties.fingerprint`. */
  sha256Fingerprint?: string;
  /** SHA-1 fingerprint of the leaf. */
  sha1Fingerprint?: string;
}

/** Fetches the certificate chain of a server, with the leaf's fingerprint ready for an endpoint. */
export async function getEndpointCertificate(
  args: GetEndpointCertificateArgs,
  opts?: LookupOptions,
): Promise<GetEndpointCertificateResult> {
  return dataFunction("getEndpointCertificate", args, opts, (client) => readCertificate(client, args));
}

async function readCertificate(
  client: AriaClient,
  args: GetEndpointCertificateArgs,
): Promise<GetEndpointCertificateResult> {
  const chain = await client.getEndpointCertificate(args.url, args.cloudProxyId);
  const leaf = chain.certificates[0]?.fingerprints;
  const result: GetEndpointCertificateResult = { certificates: chain.certificates };
  if (leaf?.["SHA-256"]) result.sha256Fingerprint = leaf["SHA-256"];
  if (leaf?.["SHA-1"]) result.sha1Fingerprint = leaf["SHA-1"];
  return result;
}

/** {@link getEndpointCertificate} taking Inputs. */
export function getEndpointCertificateOutput(
  args: LookupInputs<GetEndpointCertificateArgs>,
  opts?: LookupOutputOptions,
): pulumi.Output<GetEndpointCertificateResult> {
  return lookupOutput(args, opts, (plain: GetEndpointCertificateArgs) => getEndpointCertificate(plain));
}

/** The endpoint {@link validateEndpoint} asks the server to validate. */
export interface ValidateEndpointArgs {
  /** Name of the endpoint. */
  name: string;
  /** Endpoint type. */
  type: string;
  /** Project name. */
  project?: string;
  /** Description. */
  description?: string;
  /** Whether it would be restricted. */
  isRestricted?: boolean;
  /** Cloud proxy id. */
  cloudProxyId?: string;
  /** Non-secret properties. */
  properties?: Record<string, JsonValue>;
  /** Secret properties (merged into `properties` for the server; scrubbed from its message). */
  secretProperties?: Record<string, JsonValue>;
  /** Id of an existing endpoint whose stored secrets fill masked values. */
  id?: string;
}

/** The server's verdict on an endpoint. */
export interface ValidateEndpointResult {
  /** True unless the server answered `FAILED`. */
  succeeded: boolean;
  /** The server's status (`COMPLETED`, `FAILED`, ...). */
  status: string;
  /** The server's message, e.g. why it could not connect. */
  statusMessage: string;
  /** Milliseconds the validation took. */
  duration?: number;
  /** What the validation produced (e.g. the server's certificate fingerprint). */
  output: Record<string, unknown>;
}

/** Asks the server to validate an endpoint definition (it connects to the endpoint's server). */
export async function validateEndpoint(
  args: ValidateEndpointArgs,
  opts?: LookupOptions,
): Promise<ValidateEndpointResult> {
  return dataFunction("validateEndpoint", args, opts, (client) => validate(client, args));
}

async function validate(client: AriaClient, args: ValidateEndpointArgs): Promise<ValidateEndpointResult> {
  const secrets = Object.values(args.secretProperties ?? {}).filter(
    (v): v is string => typeof v === "string",
  );
  const result: ValidationResult = await client.validateEndpoint({
    name: args.name,
    type: args.type,
    project: args.project,
    description: args.description ?? "",
    isRestricted: args.isRestricted,
    cloudProxyId: args.cloudProxyId,
    properties: { ...args.properties, ...args.secretProperties },
    id: args.id,
  });
  return {
    succeeded: result.status !== "FAILED",
    status: result.status,
    statusMessage: redactValues(result.statusMessage ?? "", secrets),
    ...(result.duration != null ? { duration: result.duration } : {}),
    output: result.output ?? {},
  };
}

/** {@link validateEndpoint} taking Inputs; secret when any input is. */
export function validateEndpointOutput(
  args: LookupInputs<ValidateEndpointArgs>,
  opts?: LookupOutputOptions,
): pulumi.Output<ValidateEndpointResult> {
  return lookupOutput(args, opts, (plain: ValidateEndpointArgs) => validateEndpoint(plain));
}

/** The API versions of the pipeline service (`GET /about`). */
export async function getAbout(opts?: LookupOptions): Promise<About> {
  return dataFunction("getAbout", {}, opts, (client) => CATALOG_DATA_FUNCTIONS.getAbout(client, {}));
}

/** {@link getAbout} as an Output. */
export function getAboutOutput(opts?: LookupOutputOptions): pulumi.Output<About> {
  return lookupOutput({}, opts, () => getAbout());
}

/** The bodies of the catalogue data functions, for the provider core's registry. */
export const CATALOG_DATA_FUNCTIONS: {
  readonly getEndpointTiles: DataFunctionBody<object, { tiles: Tile[] }>;
  readonly getEndpointTile: DataFunctionBody<GetEndpointTileArgs, Tile>;
  readonly getEndpointCertificate: DataFunctionBody<GetEndpointCertificateArgs, GetEndpointCertificateResult>;
  readonly validateEndpoint: DataFunctionBody<ValidateEndpointArgs, ValidateEndpointResult>;
  readonly getAbout: DataFunctionBody<object, About>;
} = {
  // An invoke answers an object, so the list is answered under `tiles` (as the API's is).
  getEndpointTiles: async (client) => ({ tiles: (await client.getEndpointTiles()).tiles }),
  getEndpointTile: (client, args) => client.getEndpointTile(args.type),
  getEndpointCertificate: readCertificate,
  validateEndpoint: validate,
  getAbout: (client) => client.getAbout(),
};
