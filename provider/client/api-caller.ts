/**
 * Calls one route of the table: builds the path, adds `apiVersion` and the bearer token, sends it,
 * renews the token once on a 401, classifies failures into {@link AriaApiError}s and validates the
 * answer against its zod schema.
 */
import type { z } from "zod";
import { RENEWED_TOKEN_REJECTED_HINT, TokenManager, unrenewableTokenHint } from "./auth";
import type { ConfigNamespace } from "./config";
import { ApiFailure, createApiError } from "./errors";
import { buildQuery, joinPath, QueryValue, renderPath } from "./paths";
import { Redactor, secretValuesIn } from "./redact";
import { Route, RouteName, ROUTES, Service } from "./routes";
import { BearerSource, HttpResponse, HttpTransport, TransportError } from "./transport";

/**
 * Token renewals at most for one call, each after a 401 for a token that had expired meanwhile: a
 * backstop only. Each attempt takes the current token once it holds its slot in the client's queue
 * (the transport's `bearer`), so a token can only expire between leaving and reaching the server
 * (tokens are renewed a fifth of their life, at most a minute, before they expire); a renewed token
 * rejected while still fresh ends the call at once (a refusal, not an expiry).
 */
const MAX_RENEWALS = 3;

/** What to do when every token of a call expired before its request reached the server. */
function tokensExpiredOnTheWayHint(renewals: number): string {
  return (
    `Each of ${renewals + 1} access tokens expired before its request reached the server: the tokens ` +
    "live too short for how long requests wait here (a busy server or machine). Run the command again."
  );
}

/** What varies per call of a route. */
export interface CallOptions {
  /** Path parameters. */
  readonly params?: Readonly<Record<string, string | number>>;
  /** Query parameters, under the vendor's names. */
  readonly query?: Readonly<Record<string, QueryValue>>;
  /** Query keys sent once per array element instead of comma-joined. */
  readonly repeatQuery?: readonly string[];
  /** JSON body. */
  readonly body?: unknown;
  /** A form body (`application/x-www-form-urlencoded`), instead of `body`. */
  readonly form?: Readonly<Record<string, string>>;
  /** Replaces the "what to do" sentence of a 400, 401 or 403 (e.g. for a rejected refresh token). */
  readonly rejectionHint?: string;
  /** Replaces the "what to do" sentence of a 404 (e.g. for a login the URL does not answer). */
  readonly notFoundHint?: string;
  /** Replaces the "what to do" sentence of an answer that does not match the schema. */
  readonly invalidResponseHint?: string;
  /** The operation as messages name it, when it names settings in the user's namespace (else the route's). */
  readonly operation?: string;
  /** The `Accept` header, when the answer is not JSON (the YAML of an export). */
  readonly accept?: string;
}

/** What the caller needs from the client. */
export interface ApiCallerDeps {
  readonly transport: HttpTransport;
  readonly redactor: Redactor;
  /** Token source; undefined only while the client is being built. */
  readonly tokens: () => TokenManager;
  /** Base path of each service. */
  readonly basePaths: Readonly<Record<Service, string>>;
  /** `apiVersion` for a route (undefined: none). */
  readonly apiVersionFor: (name: RouteName, route: Route) => Promise<string | undefined>;
  /** Per-request timeout in seconds, for messages. */
  readonly timeoutSeconds: number;
  /** The namespace the user names settings in, for messages (default `vra`). */
  readonly settingsNamespace?: ConfigNamespace;
  /**
   * Runs before a route is sent, and may refuse it by throwing (a pipeline route on a server without
   * the Pipelines service: ./generation.ts).
   */
  readonly beforeSend?: (route: Route) => Promise<void>;
}

/** Sends route calls for one client. */
export class ApiCaller {
  constructor(private readonly deps: ApiCallerDeps) {}

  /** Calls a route and returns its answer validated by `schema`. */
  async call<S extends z.ZodType>(
    name: RouteName,
    schema: S,
    options: CallOptions = {},
  ): Promise<z.output<S>> {
    const { response, failure } = await this.send(name, options);
    const parsed = schema.safeParse(response.body);
    if (!parsed.success) {
      throw createApiError({
        ...failure,
        code: "InvalidResponse",
        detail: describeIssues(parsed.error.issues),
        attempts: response.attempts,
        hint: options.invalidResponseHint,
      });
    }
    return parsed.data;
  }

  /** Calls a route whose answer carries nothing needed (the body is still read). */
  async callIgnoringBody(name: RouteName, options: CallOptions = {}): Promise<void> {
    await this.send(name, options);
  }

  private async send(
    name: RouteName,
    options: CallOptions,
  ): Promise<{ response: HttpResponse; failure: ApiFailure }> {
    const route: Route = ROUTES[name];
    await this.deps.beforeSend?.(route);
    const apiVersion = await this.deps.apiVersionFor(name, route);
    const path = this.pathOf(route, options, apiVersion);
    const extraSecrets = [...secretValuesIn(options.body), ...secretValuesIn(options.form)];
    const failure: ApiFailure = {
      operation: options.operation ?? route.operation,
      method: route.method,
      path,
      endpointWrite: route.endpointWrite,
      idempotent: route.idempotent,
      timeoutSeconds: this.deps.timeoutSeconds,
      redactor: this.deps.redactor,
      extraSecrets,
      settingsNamespace: this.deps.settingsNamespace,
    };

    const tokens = route.anonymous ? undefined : this.deps.tokens();
    const bearer: BearerSource | undefined = tokens
      ? { fresh: () => tokens.fresh(), obtain: () => tokens.token() }
      : undefined;
    let response = await this.sendOnce(route, path, options, bearer, failure);
    let hint: string | undefined;
    // Renew and resend: a 401 means the request was not processed, so this is safe even for POST.
    // A token may expire between being handed out and reaching the server; one rejected while still
    // fresh is a refusal, not an expiry.
    for (let renewals = 0; response.status === 401 && tokens && response.bearer !== undefined; renewals++) {
      const rejected = response.bearer;
      if (renewals > 0 && !tokens.isStale(rejected)) {
        hint = RENEWED_TOKEN_REJECTED_HINT;
        break;
      }
      if (renewals >= MAX_RENEWALS) {
        hint = tokensExpiredOnTheWayHint(MAX_RENEWALS);
        break;
      }
      const renewed = await tokens.afterRejection(rejected);
      if (renewed === undefined) {
        hint = unrenewableTokenHint(this.deps.settingsNamespace ?? "vra");
        break;
      }
      response = await this.sendOnce(route, path, options, bearer, failure);
    }
    if (response.status < 200 || response.status >= 300) {
      const rejection = [400, 401, 403].includes(response.status)
        ? options.rejectionHint
        : response.status === 404
          ? options.notFoundHint
          : undefined;
      throw createApiError({
        ...failure,
        status: response.status,
        body: response.body,
        headers: response.headers,
        attempts: response.attempts,
        hint: rejection ?? (response.status === 401 ? hint : undefined),
        // A login answering 404 is a wrong URL, not an object gone (`unlessNotFound` must not take it
        // for an absence).
        ...(route.login && response.status === 404 ? { code: "HttpError" as const } : {}),
      });
    }
    return { response, failure };
  }

  private async sendOnce(
    route: Route,
    path: string,
    options: CallOptions,
    bearer: BearerSource | undefined,
    failure: ApiFailure,
  ): Promise<HttpResponse> {
    const headers: Record<string, string> = {};
    if (options.accept !== undefined) headers.accept = options.accept;
    try {
      return await this.deps.transport.send({
        method: route.method,
        path,
        body: options.body,
        form: options.form,
        idempotent: route.idempotent,
        atOrigin: route.atOrigin,
        headers: Object.keys(headers).length === 0 ? undefined : headers,
        bearer,
      });
    } catch (error) {
      if (error instanceof TransportError) {
        throw createApiError({ ...failure, cause: error.cause, attempts: error.attempts });
      }
      throw error;
    }
  }

  private pathOf(route: Route, options: CallOptions, apiVersion: string | undefined): string {
    const base = joinPath(this.deps.basePaths[route.service], renderPath(route.path, options.params));
    const query = buildQuery({ ...options.query, apiVersion }, { repeat: options.repeatQuery });
    if (query === "") return base;
    return base.includes("?") ? `${base}&${query.slice(1)}` : `${base}${query}`;
  }
}

/** A short, readable list of schema issues ("documents./x.id: expected string"). */
export function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  const shown = issues.slice(0, 3).map((issue) => {
    const where = issue.path.length > 0 ? issue.path.map(String).join(".") : "(body)";
    return `${where}: ${issue.message}`;
  });
  const more = issues.length > 3 ? ` (and ${issues.length - 3} more)` : "";
  return `unexpected answer: ${shown.join("; ")}${more}`;
}
