/**
 * The words of API errors: what failed, why (the server's message), and what to do. Kept apart from
 * the classification in ./errors so each stays small. Messages are redacted by the caller.
 */
import { settingWithEnv as named } from "./config-schema";
import { settingName, type ConfigNamespace } from "./setting";
import type { AriaApiErrorDetails } from "./error-details";
import { REDACTED } from "./redact";
import { isCredentialKey } from "../core/secrets";
import { readServerError } from "./schemas/error";

/** Facts a message is written from: the error's own details plus what only the message needs. */
export interface FailureFacts extends Pick<
  AriaApiErrorDetails,
  | "code"
  | "operation"
  | "method"
  | "path"
  | "status"
  | "serverMessage"
  | "requestId"
  | "attempts"
  | "causeCode"
  | "sentRequest"
> {
  readonly timeoutSeconds?: number;
  readonly endpointWrite: boolean;
  readonly idempotent: boolean;
  readonly hint?: string;
  readonly detail?: string;
  readonly causeMessage?: string;
  readonly tls: boolean;
  /** The namespace the user names settings in (`vra`, `aria`): the hints name them so. */
  readonly settingsNamespace: ConfigNamespace;
}

const STATUS_TEXT: Readonly<Record<number, string>> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  409: "Conflict",
  429: "Too Many Requests",
  500: "Internal Server Error",
  502: "Bad Gateway",
  503: "Service Unavailable",
  504: "Gateway Timeout",
};

/** Only an administrator can write restricted endpoints: the usual reason for a 403 on an endpoint write. */
export const RESTRICTED_ENDPOINT_HINT =
  "Only an administrator can create, update or delete restricted endpoints (isRestricted: true): " +
  "run this with an administrator's credentials, or ask an administrator to make the change. " +
  "Also check that the user is a member of the endpoint's project.";

/** Builds the full message: "Failed to <operation> (<METHOD> <path>): <why>. <what to do>". */
export function describeFailure(facts: FailureFacts): string {
  const where = `${facts.method} ${facts.path}`;
  const why = reasonOf(facts);
  const todo = facts.hint ?? hintFor(facts);
  const retried = facts.attempts > 1 ? ` (after ${facts.attempts} attempts)` : "";
  const requestId = facts.requestId ? ` [request id ${facts.requestId}]` : "";
  return `Failed to ${facts.operation} (${where})${retried}: ${sentence(why)} ${todo}${requestId}`;
}

function reasonOf(facts: FailureFacts): string {
  const parts: string[] = [];
  if (facts.status !== undefined) {
    parts.push(`HTTP ${facts.status}${STATUS_TEXT[facts.status] ? ` ${STATUS_TEXT[facts.status]}` : ""}`);
  } else if (facts.code === "Timeout") {
    parts.push(
      facts.timeoutSeconds !== undefined
        ? `no response within ${facts.timeoutSeconds}s`
        : `the request timed out${facts.causeCode ? ` (${facts.causeCode})` : ""}`,
    );
  } else if (facts.causeCode || facts.causeMessage) {
    parts.push(
      [facts.causeCode, facts.causeMessage].filter((part): part is string => Boolean(part)).join(": "),
    );
  }
  if (facts.serverMessage) parts.push(facts.serverMessage);
  if (facts.detail) parts.push(facts.detail);
  return parts.length > 0 ? parts.join(": ") : "unknown failure";
}

function hintFor(facts: FailureFacts): string {
  const ns = facts.settingsNamespace;
  // Only a POST that is not safe to repeat leaves something to check on the server.
  const ambiguous =
    facts.sentRequest && facts.method === "POST" && !facts.idempotent
      ? " The request may have reached the server: check whether it took effect before running again."
      : "";
  switch (facts.code) {
    case "BadRequest":
      return "The server rejected the request as invalid: correct the values named above and run again.";
    case "Unauthorized":
      return (
        `The credentials were not accepted: check ${named(ns, "refreshToken")}, ` +
        `${named(ns, "accessToken")} or ${settingName(ns, "username")} and ${settingName(ns, "password")} (VRA_USERNAME, VRA_PASSWORD).`
      );
    case "Forbidden":
      return facts.endpointWrite
        ? RESTRICTED_ENDPOINT_HINT
        : "The user is not allowed to do this: check its roles and its membership of the project.";
    case "NotFound":
      return (
        "It does not exist: it may have been deleted outside Pulumi, or the id, project or name is wrong " +
        "(run `pulumi refresh` if it was deleted)."
      );
    case "Conflict":
      return (
        "It conflicts with the server's current state: an object with the same name may already exist in " +
        "the project (choose another name, or adopt the existing one), or another request is still running " +
        "on it (wait for it and run again)."
      );
    case "RateLimited":
      return (
        "The server is limiting the request rate: wait a little and run again, or lower the parallelism " +
        "(`pulumi up --parallel 4`)."
      );
    case "ServerError":
      return (
        "The server failed: try again later, and check the health of Aria Automation if it persists." +
        ambiguous
      );
    case "Timeout":
      return (
        `The server is slow or unreachable: raise ${settingName(ns, "apiTimeout")} (VRA_API_TIMEOUT, seconds) or try again later.` +
        ambiguous
      );
    case "NetworkError":
      if (facts.tls) {
        return (
          `The server's TLS certificate is not trusted: if it is issued by a private CA, set ${named(ns, "caCert")} ` +
          `to the CA's PEM file or text; only for a test system, set ${named(ns, "insecure")} to true.`
        );
      }
      if (facts.sentRequest) {
        return (
          "The connection broke before the server answered; this is usually transient (a proxy or the server " +
          `restarting): run again, and check the network path to ${named(ns, "url")} if it persists.` +
          ambiguous
        );
      }
      return `Could not connect: check ${named(ns, "url")}, the server's name and port, and the network path to it.`;
    case "InvalidResponse":
      return (
        "The server's answer does not have the expected shape: this server version may not be supported; " +
        `pin a supported version with ${named(ns, "apiVersion")}.`
      );
    default:
      return "The server answered with an unexpected status." + ambiguous;
  }
}

function sentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/**
 * The server's message: from a Spring-style body (`message`, `error`; numeric or ISO `timestamp`), an
 * IaaS body (`message`), another JSON shape's usual fields, or a short excerpt of text.
 */
export function extractServerMessage(body: unknown): string | undefined {
  const known = readServerError(body)?.message?.trim();
  if (known) return known;
  if (typeof body === "string") {
    const text = body
      .replace(/<[^>]*>/g, " ")
      .replace(/\s+/g, " ")
      .trim();
    if (text === "") return undefined;
    return text.length > 300 ? `${text.slice(0, 300)}...` : text;
  }
  if (body === null || typeof body !== "object" || Array.isArray(body)) return undefined;
  const record = body as Record<string, unknown>;
  for (const key of ["message", "error_description", "statusMessage", "serverMessage"]) {
    const value = record[key];
    if (typeof value === "string" && value.trim() !== "") return value.trim();
  }
  const errors = record.errors;
  if (Array.isArray(errors) && errors.length > 0) {
    const texts = errors
      .map((entry) =>
        typeof entry === "string" ? entry : extractServerMessage(entry as Record<string, unknown>),
      )
      .filter((entry): entry is string => Boolean(entry));
    if (texts.length > 0) return texts.join("; ");
  }
  return typeof record.error === "string" && record.error.trim() !== "" ? record.error.trim() : undefined;
}

/** The server's request id, from the body (`requestId`; an IaaS body's `serverErrorId`) or the usual headers. */
export function extractRequestId(
  body: unknown,
  headers: Readonly<Record<string, string | string[] | undefined>> | undefined,
): string | undefined {
  const known = readServerError(body)?.requestId;
  if (known) return known;
  if (body !== null && typeof body === "object" && !Array.isArray(body)) {
    const id = (body as Record<string, unknown>).requestId;
    if (typeof id === "string" && id !== "") return id;
  }
  for (const name of ["x-request-id", "x-vmware-vcloud-request-id", "vmware-request-id"]) {
    const value = headers?.[name];
    const first = Array.isArray(value) ? value[0] : value;
    if (first) return first;
  }
  return undefined;
}

/** The path for messages: query parameters whose name looks secret lose their value. */
export function sanitisePath(path: string): string {
  const queryStart = path.indexOf("?");
  if (queryStart < 0) return path;
  const query = path
    .slice(queryStart + 1)
    .split("&")
    .map((pair) => {
      const eq = pair.indexOf("=");
      if (eq < 0) return pair;
      const key = pair.slice(0, eq);
      return isCredentialKey(decodeSafely(key)) && eq < pair.length - 1 ? `${key}=${REDACTED}` : pair;
    })
    .join("&");
  return `${path.slice(0, queryStart)}?${query}`;
}

function decodeSafely(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
