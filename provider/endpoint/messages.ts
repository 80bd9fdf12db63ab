import { isAriaApiError } from "../client/errors";
import { failedTo } from "../common/api-failures";

/*
 * The words the endpoint provider adds to API failures. Pulumi shows users only `error.message`,
 * so each says which endpoint, what failed and what to do. The client's messages are already
 * redacted; these add the endpoint's own secret values to the redaction, in case a server echoes
 * a request body back.
 */

/** Which endpoint an operation is about, for messages. */
export interface EndpointRef {
  readonly name?: string;
  readonly project?: string;
  readonly id?: string;
}

/** "endpoint 'ci' in project 'Platform'" */
export function describeEndpoint(ref: EndpointRef): string {
  const name = ref.name !== undefined ? `endpoint '${ref.name}'` : `endpoint ${ref.id ?? "(unnamed)"}`;
  return ref.project !== undefined ? `${name} in project '${ref.project}'` : name;
}

/** The message for a write refused because the endpoint is restricted and the user is no admin. */
export function restrictedMessage(
  action: "create" | "update" | "delete" | "validate",
  ref: EndpointRef,
): string {
  return (
    `Cannot ${action} ${describeEndpoint(ref)}: it is a restricted endpoint (isRestricted: true), and only an ` +
    `administrator can create, update or delete a restricted endpoint. The credentials in use are not an ` +
    `administrator's: run this with an administrator's credentials (vra:refreshToken), or set ` +
    `isRestricted: false. Note for pipelines: a restricted endpoint fails a non-administrator's pipeline run ` +
    `at the task that consumes it, and only an administrator can resume that run.`
  );
}

/** The message for a create refused because the (project, name) is taken. */
export function alreadyExistsMessage(ref: EndpointRef): string {
  return (
    `Cannot create ${describeEndpoint(ref)}: an endpoint with that name already exists in the project. ` +
    `To manage the existing endpoint with Pulumi, set \`adopt: true\` on this resource: it is then taken over ` +
    `and brought to the declared state (Pulumi's \`import\` option does not work for dynamic resources). ` +
    `Otherwise choose another name, or delete the existing endpoint.`
  );
}

/**
 * True when a failed create may nevertheless have created the endpoint: the request may have
 * reached the server (timeout, reset connection) or the server failed midway (5xx).
 */
export function isAmbiguousOutcome(error: unknown): boolean {
  if (isAriaApiError(error, "ServerError")) return true;
  return isAriaApiError(error, "Timeout", "NetworkError") && error.sentRequest;
}

/** "Failed to <action> endpoint 'ci' in project 'Platform': <why>", with the endpoint's secrets scrubbed. */
export function endpointFailure(
  action: string,
  ref: EndpointRef,
  error: unknown,
  secrets: readonly string[] = [],
): Error {
  return failedTo(action, describeEndpoint(ref), error, secrets);
}

/** The string values among the secret properties, for redaction. */
export function secretStrings(secretProperties: Record<string, unknown> | undefined): string[] {
  return Object.values(secretProperties ?? {}).filter((value): value is string => typeof value === "string");
}
