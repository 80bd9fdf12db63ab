import type { IncomingMessage } from "node:http";
import { HttpError, badRequest } from "../core/http-error";

/** Largest request body accepted. */
export const MAX_BODY_BYTES = 5 * 1024 * 1024;

/** Reads the whole request body (always, so keep-alive connections stay usable). */
export function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) tooLarge = true;
      else chunks.push(chunk);
    });
    req.on("end", () =>
      tooLarge
        ? reject(new HttpError(413, `Request body exceeds ${MAX_BODY_BYTES} bytes`))
        : resolve(Buffer.concat(chunks)),
    );
    req.on("error", reject);
  });
}

/** Whether a content type is YAML (`application/x-yaml`, `application/yaml`, `text/yaml`, ...). */
export function isYamlContentType(contentType: string | undefined): boolean {
  return /^\s*(application|text)\/(x-)?yaml\s*(;|$)/i.test(contentType ?? "");
}

/**
 * Parses a body as JSON, as a form when the content type says so, or keeps it as text when it is
 * YAML (the handler parses it); `undefined` when empty.
 */
export function parseBody(raw: Buffer, contentType: string | undefined): unknown {
  if (raw.length === 0) return undefined;
  const text = raw.toString("utf8");
  if (contentType?.toLowerCase().includes("application/x-www-form-urlencoded")) {
    return Object.fromEntries(new URLSearchParams(text));
  }
  if (isYamlContentType(contentType)) return text;
  if (text.trim() === "") return undefined;
  try {
    return JSON.parse(text);
  } catch (e) {
    throw badRequest(`JSON parse error: ${(e as Error).message}`);
  }
}
