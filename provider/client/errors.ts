/**
 * The one error type of the client. Every failure of an API call is an {@link AriaApiError} built by
 * {@link createApiError}, which classifies it (HTTP status, timeout, network) into a stable `code` and
 * writes a message for the person running `pulumi up`: what failed, why, and what to do. Branch on
 * `code` (stable) rather than on `instanceof` (breaks across duplicated package copies).
 */

import { AriaApiErrorDetails, AriaErrorCode, codeForStatus } from "./error-details";
import type { ConfigNamespace } from "./config";
import { describeFailure, extractServerMessage, extractRequestId, sanitisePath } from "./error-messages";
import { isTimeoutCode, isTlsErrorCode, lowLevelCode, provablyNotSent } from "./network-errors";
import { Redactor } from "./redact";

export { API_ERROR_CODES, codeForStatus } from "./error-details";
export type { AriaApiErrorDetails, AriaErrorCode } from "./error-details";

/**
 * Base class of every API failure; `message` is written for the user and is free of secrets. Its
 * fields are exactly {@link AriaApiErrorDetails}, the one description of a failure.
 */
// The interface of the same name gives the class the fields of the details it is built from, so that
// they are listed once (in ./error-details); the constructor assigns them.
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type
export interface AriaApiError extends AriaApiErrorDetails {}
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class AriaApiError extends Error {
  override name = "AriaApiError";

  constructor(message: string, details: AriaApiErrorDetails) {
    super(message);
    Object.assign(this, details);
    this.name = ERROR_NAMES[details.code];
  }
}

/**
 * The `name` of an error of each code, the first word of its stack trace (`NotFoundError`). Every
 * failure is one class, {@link AriaApiError}: branch on `code`, which these names only spell out.
 */
const ERROR_NAMES: Readonly<Record<AriaErrorCode, string>> = {
  /** 400: the server rejected the request as invalid. */
  BadRequest: "BadRequestError",
  /** 401: the credentials were not accepted (after one renewal, when renewal is possible). */
  Unauthorized: "UnauthorizedError",
  /** 403: the user may not do this (e.g. a non-admin writing a restricted endpoint). */
  Forbidden: "ForbiddenError",
  /** 404: the object does not exist. */
  NotFound: "NotFoundError",
  /** 409: duplicate name, or another request is running on the object. */
  Conflict: "ConflictError",
  /** 429: still rate limited after the retries. */
  RateLimited: "RateLimitedError",
  /** 5xx: the server failed (after the retries, for idempotent requests). */
  ServerError: "ServerError",
  /** Another HTTP status. */
  HttpError: "AriaApiError",
  /** No response within the configured timeout. */
  Timeout: "TimeoutError",
  /** The server could not be reached, or the connection broke. */
  NetworkError: "NetworkError",
  /** The server answered 2xx with a body that does not match the contract. */
  InvalidResponse: "InvalidResponseError",
};

/** Everything known about a failed call, as handed to {@link createApiError}. */
export interface ApiFailure {
  /** What the client was doing, in words: "create endpoint". */
  readonly operation: string;
  readonly method: string;
  /** Path with query, as sent. */
  readonly path: string;
  /** HTTP status, when the server answered. */
  readonly status?: number;
  /** Response body: parsed JSON, or text. */
  readonly body?: unknown;
  /** Response headers (lower-case names). */
  readonly headers?: Readonly<Record<string, string | string[] | undefined>>;
  /** The transport error, when there was no answer. */
  readonly cause?: unknown;
  /** Number of attempts made. */
  readonly attempts?: number;
  /** The per-request timeout, for the message of a timeout. */
  readonly timeoutSeconds?: number;
  /** True for creating, updating or deleting an endpoint (shapes the 403 message). */
  readonly endpointWrite?: boolean;
  /** True for a POST that changes nothing when repeated (a validation, a token exchange). */
  readonly idempotent?: boolean;
  /** Replaces the default "what to do" sentence (e.g. for a 401 with an unrenewable token). */
  readonly hint?: string;
  /** Extra detail to show (e.g. schema issues of an unexpected response). */
  readonly detail?: string;
  /** Forces a code (used for `InvalidResponse`). */
  readonly code?: AriaErrorCode;
  /** The client's redactor (known secrets). */
  readonly redactor?: Redactor;
  /** The namespace the user names settings in (the message's hints use it; default `vra`). */
  readonly settingsNamespace?: ConfigNamespace;
  /** Secrets of this request only (e.g. the endpoint's password in the body). */
  readonly extraSecrets?: readonly string[];
}

/** Classifies a failure and builds the matching error, with a redacted, actionable message. */
export function createApiError(failure: ApiFailure): AriaApiError {
  const redactor = failure.redactor ?? new Redactor();
  const extra = failure.extraSecrets ?? [];
  const clean = (text: string): string => redactor.redact(text, extra);

  const causeCode = lowLevelCode(failure.cause);
  const code: AriaErrorCode =
    failure.code ??
    (failure.status !== undefined
      ? codeForStatus(failure.status)
      : isTimeoutCode(causeCode)
        ? "Timeout"
        : "NetworkError");
  const sentRequest = failure.status !== undefined || !provablyNotSent(causeCode);
  const rawServerMessage = extractServerMessage(failure.body);
  const serverMessage = rawServerMessage === undefined ? undefined : clean(rawServerMessage);
  const rawRequestId = extractRequestId(failure.body, failure.headers);
  const requestId = rawRequestId === undefined ? undefined : clean(rawRequestId);
  const retryAfter = headerValue(failure.headers, "retry-after");
  const retryAfterSeconds =
    retryAfter !== undefined && /^\d+$/.test(retryAfter.trim()) ? Number(retryAfter) : undefined;
  const details: AriaApiErrorDetails = {
    code,
    operation: failure.operation,
    method: failure.method,
    path: clean(sanitisePath(failure.path)),
    status: failure.status,
    serverMessage,
    requestId,
    sentRequest,
    attempts: failure.attempts ?? 1,
    retryAfterSeconds,
    causeCode,
  };
  const message = clean(
    describeFailure({
      ...details,
      timeoutSeconds: failure.timeoutSeconds,
      endpointWrite: failure.endpointWrite ?? false,
      idempotent: failure.idempotent ?? false,
      hint: failure.hint,
      detail: failure.detail,
      causeMessage: causeMessageOf(failure.cause),
      tls: isTlsErrorCode(causeCode),
      settingsNamespace: failure.settingsNamespace ?? "vra",
    }),
  );
  return new AriaApiError(message, details);
}

/** True when `error` is an {@link AriaApiError}, optionally of one of the given codes. */
export function isAriaApiError(error: unknown, ...codes: AriaErrorCode[]): error is AriaApiError {
  if (!(error instanceof Error)) return false;
  const code = (error as Partial<AriaApiError>).code;
  const isApiError = error instanceof AriaApiError || (typeof code === "string" && "operation" in error);
  return isApiError && (codes.length === 0 || codes.includes(code as AriaErrorCode));
}

/**
 * Runs `fn`, answering `undefined` when the API says the object does not exist (a 404): the one way
 * the package handles "not found", so that absence is a value and every other failure propagates.
 */
export async function unlessNotFound<T>(fn: () => Promise<T>): Promise<T | undefined> {
  try {
    return await fn();
  } catch (error) {
    if (isAriaApiError(error, "NotFound")) return undefined;
    throw error;
  }
}

function causeMessageOf(error: unknown): string | undefined {
  return error instanceof Error ? error.message : undefined;
}

function headerValue(
  headers: Readonly<Record<string, string | string[] | undefined>> | undefined,
  name: string,
): string | undefined {
  const value = headers?.[name];
  return Array.isArray(value) ? value[0] : value;
}
