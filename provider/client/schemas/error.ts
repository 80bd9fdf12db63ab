/**
 * Error bodies as the product's services answer them. Both are read leniently: an error body that
 * fits neither still gives its message (see ../error-messages.ts).
 */
import { z } from "zod";
import { AriaTimestamp, parseAriaTimestamp } from "./timestamp";

/**
 * The pipeline and deployment services' Spring-style body `{timestamp, path, status, error, message,
 * requestId, "@type"}`. `timestamp` is epoch milliseconds on real servers (VMware's CLIs decode an
 * int64); an ISO 8601 (or other known) timestamp string is accepted too.
 */
export const SpringErrorBody = z.looseObject({
  /** When it failed: epoch milliseconds, or a timestamp string. */
  timestamp: z.union([z.number(), AriaTimestamp]).nullish(),
  /** The request path. */
  path: z.string().nullish(),
  /** The HTTP status (a number; some services write it as a string). */
  status: z.union([z.number(), z.string()]).nullish(),
  /** The reason phrase. */
  error: z.string().nullish(),
  /** What went wrong. */
  message: z.string().nullish(),
  /** The server's id of the request, for support. */
  requestId: z.string().nullish(),
  /** The server's name of the error type. */
  "@type": z.string().nullish(),
});
/** A Spring-style error body. */
export type SpringErrorBody = z.infer<typeof SpringErrorBody>;

/** The IaaS service's body (`/iaas/api/...`, its login included): `{message, statusCode, errorCode, serverErrorId, documentKind}`. */
export const IaasErrorBody = z.looseObject({
  /** What went wrong. */
  message: z.string(),
  /** The HTTP status. */
  statusCode: z.number(),
  /** The product's error code. */
  errorCode: z.union([z.number(), z.string()]).nullish(),
  /** The server's id of the failure, for support. */
  serverErrorId: z.string().nullish(),
  /** The kind of document (`com:vmware:xenon:common:ServiceErrorResponse`). */
  documentKind: z.string().nullish(),
});
/** An IaaS error body. */
export type IaasErrorBody = z.infer<typeof IaasErrorBody>;

/** What an error body tells, whichever service wrote it. */
export interface ServerErrorFacts {
  /** The server's message. */
  readonly message?: string;
  /** The server's id of the request or failure. */
  readonly requestId?: string;
  /** When the server says it failed. */
  readonly time?: Date;
}

/** Reads an error body of either shape; undefined when it is neither. */
export function readServerError(body: unknown): ServerErrorFacts | undefined {
  const iaas = IaasErrorBody.safeParse(body);
  if (iaas.success) {
    return { message: iaas.data.message, requestId: iaas.data.serverErrorId ?? undefined };
  }
  const spring = SpringErrorBody.safeParse(body);
  // Without a message it is some other body (e.g. OAuth's `{error, error_description}`): not read here.
  if (!spring.success || spring.data.message == null) return undefined;
  const stamp = spring.data.timestamp;
  const time =
    typeof stamp === "number" ? new Date(stamp) : stamp != null ? parseAriaTimestamp(stamp) : undefined;
  return {
    message: spring.data.message,
    requestId: spring.data.requestId ?? undefined,
    ...(time && !Number.isNaN(time.getTime()) ? { time } : {}),
  };
}
