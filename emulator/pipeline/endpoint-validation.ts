import type { EmulatorClock } from "../core/clock";
import { notFound } from "../core/http-error";
import { parseEndpointSpec, propertyProblem, unmaskSecrets } from "./endpoint-spec";
import type { EndpointStore, PropertyValue } from "./endpoint-store";
import { normaliseFingerprint, probe, targetFromUrl, type ProbeTarget } from "./probe";
import { tileFor, type TileDefinition } from "./tiles";

/** The body `POST /endpoint-validation` answers (a failed validation is still HTTP 200). */
export interface ValidationResult {
  duration: number;
  output: Record<string, unknown>;
  status: "COMPLETED" | "FAILED";
  statusMessage: string;
}

function targetOf(tile: TileDefinition, props: Record<string, PropertyValue>): ProbeTarget | undefined {
  const connect = tile.connect;
  if (!connect) return undefined;
  if (connect.kind === "url") return targetFromUrl(String(props[connect.property]));
  const port = Number(props[connect.port]);
  if (!Number.isInteger(port) || port <= 0 || port > 65535)
    throw new Error(`'${props[connect.port]}' is not a valid port`);
  return {
    host: String(props[connect.host]),
    port,
    tls: String(props[connect.tlsWhen.property]) === connect.tlsWhen.equals,
  };
}

/**
 * Validates an endpoint for real: checks the properties against the tile, connects to the
 * server (TCP, plus TLS for https) and compares a given `fingerprint` with the served leaf
 * certificate. Masked secrets of an existing endpoint (`id`) are taken from the store.
 */
export async function validateEndpoint(
  store: EndpointStore,
  body: unknown,
  clock: EmulatorClock,
): Promise<ValidationResult> {
  const started = clock.now();
  const spec = parseEndpointSpec(body, { allowId: true });
  const stored = spec.id === undefined ? undefined : store.get(spec.id);
  if (spec.id !== undefined && !stored) throw notFound(`Endpoint with id '${spec.id}' not found`);
  const tile = tileFor(spec.type) as TileDefinition;
  const server = `${spec.type} server endpoint`;
  const result = (
    status: ValidationResult["status"],
    statusMessage: string,
    output: Record<string, unknown> = {},
  ) => ({
    duration: clock.now() - started,
    output,
    status,
    statusMessage,
  });
  const { properties, problem } = unmaskSecrets(tile, spec.properties, stored?.properties);
  const issue = problem ?? propertyProblem(tile, properties);
  if (issue) return result("FAILED", `Invalid ${spec.type} endpoint: ${issue}`);

  let target: ProbeTarget | undefined;
  try {
    target = targetOf(tile, properties);
  } catch (e) {
    return result("FAILED", `Failed to connect to ${server}: ${(e as Error).message}`);
  }
  if (!target) return result("COMPLETED", `Validated ${spec.type} endpoint properties`);

  const output: Record<string, unknown> = { host: target.host, port: target.port, tls: target.tls };
  let leaf: string | undefined;
  try {
    const seen = await probe(target);
    leaf = seen.certificates[0]?.fingerprints["SHA-256"];
  } catch (e) {
    return result("FAILED", `Failed to connect to ${server}: ${(e as Error).message}`, output);
  }
  if (leaf) output.certificateFingerprint = leaf;
  const expected = properties.fingerprint;
  if (target.tls && leaf && expected !== undefined && expected !== "") {
    if (normaliseFingerprint(String(expected)) !== leaf) {
      return result(
        "FAILED",
        `Certificate fingerprint mismatch for ${server}: expected ${normaliseFingerprint(String(expected))} but the server presented ${leaf}`,
        output,
      );
    }
  }
  return result("COMPLETED", `Successfully connected to ${server} at ${target.host}:${target.port}`, output);
}
