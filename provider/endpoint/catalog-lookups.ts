/**
 * Data functions about the endpoint catalogue and servers: endpoint types (tiles), a server's
 * certificate chain, the server's validation of an endpoint definition, the API versions. Declared
 * once each; the program's `getX`/`getXOutput` pairs are generated from them (../dynamic/generated).
 */
import type { ValidationResult } from "../client";
import { About, Tile as TileSchema, Tiles } from "../client/schemas";
import { redactValues } from "../client/redact";
import type { AriaClient } from "../client";
import { defineDataFunction } from "../common/data-function";
import {
  GetEndpointCertificateArgs,
  GetEndpointCertificateResult,
  GetEndpointTileArgs,
  ValidateEndpointArgs,
  ValidateEndpointResult,
} from "./lookup-schemas";

export type { About, Tile } from "../client/schemas";

/** `getEndpointTiles`, declared for the composition root. */
export const getEndpointTilesFunction = defineDataFunction({
  name: "getEndpointTiles",
  description:
    "Every endpoint type the server supports, with its properties (`secret: true` marks secret ones), under `tiles`.",
  args: undefined,
  result: Tiles,
  // An invoke answers an object, so the list is answered under `tiles` (as the API's is).
  body: async (client: AriaClient, _args: object) => ({ tiles: (await client.getEndpointTiles()).tiles }),
  program: { resultType: "Tile[]", resultKey: "tiles" },
});

/** `getEndpointTile`, declared for the composition root. */
export const getEndpointTileFunction = defineDataFunction({
  name: "getEndpointTile",
  description: "One endpoint type and its properties.",
  args: GetEndpointTileArgs,
  result: TileSchema,
  body: (client, args: GetEndpointTileArgs) => client.getEndpointTile(args.type),
  program: { resultType: "Tile" },
});

/** `getEndpointCertificate`, declared for the composition root. */
export const getEndpointCertificateFunction = defineDataFunction({
  name: "getEndpointCertificate",
  description:
    "Fetches the certificate chain of a server, with the leaf's fingerprint ready for an endpoint.",
  args: GetEndpointCertificateArgs,
  result: GetEndpointCertificateResult,
  body: readCertificate,
});

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

/** `validateEndpoint`, declared for the composition root. */
export const validateEndpointFunction = defineDataFunction({
  name: "validateEndpoint",
  description: "Asks the server to validate an endpoint definition (it connects to the endpoint's server).",
  args: ValidateEndpointArgs,
  result: ValidateEndpointResult,
  body: validate,
  program: { outputNote: "Secret when any input is." },
});

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

/** `getAbout`, declared for the composition root. */
export const getAboutFunction = defineDataFunction({
  name: "getAbout",
  description: "The API versions of the pipeline service (`GET /about`).",
  args: undefined,
  result: About,
  body: (client: AriaClient, _args: object) => client.getAbout(),
  program: { resultType: "About" },
});
