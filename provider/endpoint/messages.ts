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
    `administrator's: run this with an administrator's credentials (the refreshToken setting or VRA_REFRESH_TOKEN), or set ` +
    `isRestricted: false. Note for pipelines: a restricted endpoint fails a non-administrator's pipeline run ` +
    `at the task that consumes it, and only an administrator can resume that run.`
  );
}

/**
 * The message for a create refused because the (project, name) is taken by an endpoint this
 * resource did not make (./create.ts): which endpoint, who made it, why it is not taken
 * over, and how to take it over on purpose.
 */
export function takenMessage(ref: EndpointRef, existing?: TakenEndpoint): string {
  const made = existing
    ? ` (id ${existing.id}${existing.createdBy ? `, created by ${existing.createdBy}` : ""}` +
      `${existing.createdAt ? ` at ${existing.createdAt}` : ""})`
    : "";
  const owner = existing?.createdFor;
  const whose = owner
    ? `it was created by Pulumi for another resource, ${owner}`
    : "this stack did not create it (it bears no mark of this resource: made by hand, by another tool or by an older release of pulumi-aria)";
  const importHint = existing
    ? `, or with the provider plugin \`pulumi import <type> <resource name> ${existing.id}\``
    : "";
  return (
    `Cannot create ${describeEndpoint(ref)}: an endpoint with that name already exists in the project${made}, ` +
    `and ${whose}. It is not taken over without being asked: two stacks managing one endpoint would ` +
    `overwrite each other, and the destroy of one would delete it under the other. To manage it from this ` +
    `stack on purpose (it is then updated and destroyed by it), set \`adopt: true\` on this resource${importHint}. ` +
    `Otherwise choose another name or project, or delete the existing endpoint.`
  );
}

/** What {@link takenMessage} reads of the endpoint that holds the name. */
export interface TakenEndpoint {
  readonly id: string;
  /** The resource its create marked it for (../client/owner-mark.ts). */
  readonly createdFor?: string;
  readonly createdBy?: string | null;
  readonly createdAt?: string | null;
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
