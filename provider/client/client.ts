/**
 * The typed API client: one method per operation of the pipeline endpoint and deployment resource
 * APIs. Build it with {@link createClient}; everything stateful (pool, tokens, API version, known
 * secrets) lives on the instance. Call {@link AriaClient.close} when done.
 */
import { z } from "zod";
import { ApiCaller } from "./api-caller";
import { PipelineApiVersion } from "./api-version";
import { TokenManager } from "./auth";
import { type Clock, systemClock } from "../core/clock";
import { ClientConfig } from "./config";
import type { ConfigIssue } from "./config-error";
import { isAriaApiError } from "./errors";
import { generationFromConfig, PipelinesUnavailableError, type ServerGeneration } from "./generation";
import { signInIssue } from "./sign-in";
import { collectPages } from "./paging";
import { withOwnerMark } from "./owner-mark";
import { Redactor, secretValuesIn } from "./redact";
import { DEFAULT_RETRY_POLICY } from "./retry-policy";
import { Route, RouteName } from "./routes";
import {
  About,
  CertificateChain,
  Endpoint,
  EndpointExport,
  endpointExportOf,
  EndpointList,
  EndpointPage,
  EndpointSpec,
  EndpointSpecInput,
  EndpointValidationSpec,
  EndpointValidationSpecInput,
  ProjectPage,
  Project,
  Request,
  Resource,
  ResourceCreateRequest,
  ResourceFilterPage,
  ResourceFilters,
  ResourcePage,
  ResourceRequestResponse,
  Tile,
  Tiles,
  ValidationResult,
} from "./schemas";
import type {
  EndpointListQuery,
  ResourceFilterQuery,
  ResourceListAllQuery,
  ResourceListQuery,
} from "./queries";
import { createTokenExchanges } from "./token-exchanges";
import { settingWithEnv } from "./config-schema";
import type { ConfigNamespace } from "./setting";
import { HttpTransport } from "./transport";

/** The answer of `GET /automation/config.json`, read as the server's generation. */
const AutomationConfig = z.unknown().transform((body, context): ServerGeneration => {
  try {
    return generationFromConfig(body);
  } catch (error) {
    context.addIssue({ code: "custom", message: (error as Error).message });
    return z.NEVER;
  }
});

/** What to do when `/automation/config.json` answers neither as 8.x nor as VCF Automation 9. */
const untoldGeneration = (ns: ConfigNamespace) =>
  "Cannot tell whether the server is Aria Automation 8.x (which answers this with 404) or VCF Automation 9: " +
  `check ${settingWithEnv(ns, "url")}, which is the server's own base URL such as https://vra.example.com, and any ` +
  "proxy in front of it.";

/** Default page size of the `listAll...` methods. */
export const DEFAULT_PAGE_SIZE = 100;

/** The API client. */
export class AriaClient {
  private readonly redactor = new Redactor();
  private readonly transport: HttpTransport;
  private readonly caller: ApiCaller;
  private readonly tokens: TokenManager;
  private readonly pipelineVersion: PipelineApiVersion;
  /** The server's generation, told once (a failure is not kept: the next call asks again). */
  private generation: Promise<ServerGeneration> | undefined;

  /** @param clock time, waits and jitter of retries and token renewals (../core/clock.ts). */
  constructor(
    private readonly config: ClientConfig,
    clock: Clock,
  ) {
    this.transport = new HttpTransport({
      baseUrl: config.url,
      insecure: config.insecure,
      caCert: config.caCert,
      timeoutMs: config.apiTimeoutSeconds * 1000,
      policy: {
        ...DEFAULT_RETRY_POLICY,
        ...config.retry,
        maxRetries: config.maxRetries,
        maxThrottledMs: config.retry?.maxThrottledMs ?? config.throttleTimeout * 1000,
      },
      maxConcurrency: config.maxConcurrency,
      maxRate: config.maxRequestRate,
      clock,
    });
    this.caller = new ApiCaller({
      transport: this.transport,
      redactor: this.redactor,
      tokens: () => this.tokens,
      basePaths: { root: "", pipeline: config.pipelineBasePath, deployment: config.deploymentBasePath },
      apiVersionFor: (name, route) => this.apiVersionFor(name, route),
      timeoutSeconds: config.apiTimeoutSeconds,
      settingsNamespace: config.settingsNamespace,
      beforeSend: async (route) => {
        if (route.service === "pipeline") await this.requirePipelines();
      },
    });
    const signIn = { config, generation: () => this.serverGeneration() };
    this.tokens = new TokenManager(config.credentials, createTokenExchanges(this.caller, signIn), {
      defaultLifetimeMs: (config.tokenLifetimeSeconds ?? 1500) * 1000,
      reauthorizeAfterMs: config.reauthorizeTimeoutSeconds
        ? config.reauthorizeTimeoutSeconds * 1000
        : undefined,
      clock,
      redactor: this.redactor,
    });
    this.pipelineVersion = new PipelineApiVersion(
      config.apiVersion,
      () => this.caller.call("getAbout", About),
      config.settingsNamespace,
    );
  }

  // ---- The server ---------------------------------------------------------------------------

  /**
   * `GET /automation/config.json`, once per client: whether the server is Aria Automation 8.x (a 404)
   * or VMware Cloud Foundation Automation 9 (./generation.ts). Asked before the first sign-in with a
   * refresh token or a password and before the first pipeline call; a token given directly needs it
   * for neither.
   */
  serverGeneration(): Promise<ServerGeneration> {
    this.generation ??= this.readGeneration().catch((error: unknown) => {
      this.generation = undefined;
      throw error;
    });
    return this.generation;
  }

  /**
   * What can be known of signing in without signing in: on VCF Automation 9, whether the settings its
   * sign-in needs are set (`organization` with a refresh token; it has no password login). The issue
   * naming the setting to set, or none (Aria Automation 8.x needs nothing more). Sends no credential.
   */
  async checkSignIn(): Promise<ConfigIssue | undefined> {
    return signInIssue(this.config, await this.serverGeneration());
  }

  /**
   * Resolves on a server with the Pipelines service (Aria Automation 8.x); on VCF Automation 9, which
   * has none, throws a {@link PipelinesUnavailableError} saying so and what to do. Every pipeline
   * route runs it first, so no pipeline request reaches such a server.
   */
  async requirePipelines(): Promise<void> {
    const generation = await this.serverGeneration();
    if (generation.product === "vcf-automation-9") {
      throw new PipelinesUnavailableError(this.config.url, generation.version);
    }
  }

  private async readGeneration(): Promise<ServerGeneration> {
    try {
      return await this.caller.call("readAutomationConfig", AutomationConfig, {
        rejectionHint: untoldGeneration(this.config.settingsNamespace ?? "vra"),
        invalidResponseHint: untoldGeneration(this.config.settingsNamespace ?? "vra"),
      });
    } catch (error) {
      // Aria Automation 8.x has no such file.
      if (isAriaApiError(error, "NotFound")) return { product: "aria-automation-8" };
      throw error;
    }
  }

  // ---- Pipeline endpoints -------------------------------------------------------------------

  /** `GET /about`: the API versions the pipeline service supports. */
  async getAbout(): Promise<About> {
    const about = await this.caller.call("getAbout", About);
    this.pipelineVersion.prime(about);
    return about;
  }

  /**
   * `POST /endpoints`: creates an endpoint. Not retried once sent: on an ambiguous failure look it up
   * by name. `createdFor` (a resource's URN) is sent as the owner mark in the description (./owner-mark.ts),
   * and read back as the answer's `createdFor`.
   */
  createEndpoint(spec: EndpointSpecInput, createdFor?: string): Promise<Endpoint> {
    const description = withOwnerMark(spec.description ?? "", createdFor);
    return this.caller.call("createEndpoint", Endpoint, {
      body: requestBody(EndpointSpec, { ...spec, description }, "endpoint"),
    });
  }

  /** `GET /endpoints`: one page of endpoints, in the server's order. */
  async listEndpoints(query: EndpointListQuery = {}): Promise<EndpointPage> {
    const list = await this.caller.call("listEndpoints", EndpointList, {
      query: {
        $filter: query.filter,
        $orderby: query.orderBy,
        $skip: query.skip,
        $top: query.top,
        page: query.page,
        $size: query.size,
      },
    });
    const items = list.links
      .map((link) => list.documents[link])
      .filter((item): item is Endpoint => item !== undefined);
    return { count: list.count ?? items.length, totalCount: list.totalCount ?? items.length, items };
  }

  /** Every endpoint matching the query, walking the pages with `$skip`/`$top` (`top` is the page size). */
  listAllEndpoints(query: Omit<EndpointListQuery, "page" | "size"> = {}): Promise<Endpoint[]> {
    return collectPages(
      async (skip, top) => {
        const page = await this.listEndpoints({ filter: query.filter, orderBy: query.orderBy, skip, top });
        return { items: page.items, total: page.totalCount };
      },
      { skip: query.skip, pageSize: query.top ?? DEFAULT_PAGE_SIZE },
    );
  }

  /** `GET /endpoints/{id}`. */
  getEndpoint(id: string): Promise<Endpoint> {
    return this.caller.call("getEndpoint", Endpoint, { params: { id } });
  }

  /** `GET /endpoints/{project}/{name}` (project by name). */
  getEndpointByName(project: string, name: string): Promise<Endpoint> {
    return this.caller.call("getEndpointByName", Endpoint, { params: { project, name } });
  }

  /** `PUT /endpoints/{id}`: replaces the endpoint with `spec`. */
  updateEndpoint(id: string, spec: EndpointSpecInput): Promise<Endpoint> {
    return this.caller.call("updateEndpoint", Endpoint, {
      params: { id },
      body: requestBody(EndpointSpec, spec, "endpoint"),
    });
  }

  /** `PUT /endpoints/{project}/{name}`: replaces the endpoint with `spec`. */
  updateEndpointByName(project: string, name: string, spec: EndpointSpecInput): Promise<Endpoint> {
    return this.caller.call("updateEndpointByName", Endpoint, {
      params: { project, name },
      body: requestBody(EndpointSpec, spec, "endpoint"),
    });
  }

  /** `DELETE /endpoints/{id}`: answers the deleted endpoint (undefined if the server sends no body). */
  deleteEndpoint(id: string): Promise<Endpoint | undefined> {
    return this.caller.call("deleteEndpoint", Endpoint.optional(), { params: { id } });
  }

  /** `DELETE /endpoints/{project}/{name}`: answers the deleted endpoint (undefined if no body). */
  deleteEndpointByName(project: string, name: string): Promise<Endpoint | undefined> {
    return this.caller.call("deleteEndpointByName", Endpoint.optional(), { params: { project, name } });
  }

  /** `POST /endpoint-validation`: a failed check is `status: "FAILED"`, not an exception. */
  validateEndpoint(spec: EndpointValidationSpecInput): Promise<ValidationResult> {
    return this.caller.call("validateEndpoint", ValidationResult, {
      body: requestBody(EndpointValidationSpec, spec, "endpoint"),
    });
  }

  /** `GET /endpoint-tiles`: every endpoint type and its properties. */
  getEndpointTiles(): Promise<Tiles> {
    return this.caller.call("getEndpointTiles", Tiles);
  }

  /** `GET /endpoint-tiles/{type}`: one endpoint type. */
  getEndpointTile(type: string): Promise<Tile> {
    return this.caller.call("getEndpointTile", Tile, { params: { type } });
  }

  /** `GET /endpoint-certificate?url=`: the certificate chain of a server, leaf first. */
  getEndpointCertificate(url: string, cloudProxyId?: string): Promise<CertificateChain> {
    return this.caller.call("getEndpointCertificate", CertificateChain, { query: { url, cloudProxyId } });
  }

  /**
   * `GET /export?endpoints=<name>&project=<project>` (YAML): the endpoint's document. Real servers'
   * exports carry the secret properties in clear: treat the answer as secret material. Its values
   * under secret-looking keys are redacted from this client's later error messages.
   */
  async exportEndpoint(project: string, name: string): Promise<EndpointExport> {
    const exported = await this.caller.call("exportEndpoint", endpointExportOf(name), {
      query: { endpoints: name, project },
      accept: "application/x-yaml;charset=UTF-8",
    });
    this.redactor.add(...secretValuesIn(exported.properties));
    return exported;
  }

  // ---- IaaS projects ------------------------------------------------------------------------

  /** `GET /iaas/api/projects`: one page of the projects the caller can see. */
  listProjects(query: { readonly skip?: number; readonly top?: number } = {}): Promise<ProjectPage> {
    return this.caller.call("listProjects", ProjectPage, { query: { $skip: query.skip, $top: query.top } });
  }

  /** Every project the caller can see, walking the pages with `$skip`/`$top`. */
  listAllProjects(): Promise<Project[]> {
    return collectPages(
      async (skip, top) => {
        const page = await this.listProjects({ skip, top });
        return { items: page.content, total: page.totalElements };
      },
      { pageSize: DEFAULT_PAGE_SIZE },
    );
  }

  // ---- Deployment resources -----------------------------------------------------------------

  /** `POST /resources`: starts an asynchronous creation; poll the returned `requestId`. Not retried once sent. */
  createResource(body: ResourceCreateRequest): Promise<ResourceRequestResponse> {
    return this.caller.call("createResource", ResourceRequestResponse, {
      body: requestBody(ResourceCreateRequest, body, "resource"),
    });
  }

  /** `GET /resources`: one Spring page of resources. */
  listResources(query: ResourceListQuery = {}): Promise<ResourcePage> {
    return this.caller.call("listResources", ResourcePage, {
      query: {
        projects: query.projects,
        resourceTypes: query.resourceTypes,
        cloudAccounts: query.cloudAccounts,
        cloudTypes: query.cloudTypes,
        tags: query.tags,
        search: query.search,
        expand: query.expand,
        $orderby: query.orderBy,
        $skip: query.skip,
        $top: query.top,
      },
      repeatQuery: ["$orderby"],
    });
  }

  /** Every resource matching the query, in order, from `skip` and at most `top` of them. */
  listAllResources(query: ResourceListAllQuery = {}): Promise<Resource[]> {
    const { pageSize, skip, top, ...filters } = query;
    return collectPages(
      async (pageSkip, pageTop) => {
        const page = await this.listResources({ ...filters, skip: pageSkip, top: pageTop });
        return { items: page.content, total: page.totalElements, last: page.last };
      },
      { skip, limit: top, pageSize: pageSize ?? DEFAULT_PAGE_SIZE },
    );
  }

  /** `GET /resources/{id}`, optionally expanding `project`, `deployment`, `currentRequest`. */
  getResource(id: string, expand?: readonly string[]): Promise<Resource> {
    return this.caller.call("getResource", Resource, { params: { resourceId: id }, query: { expand } });
  }

  /** `GET /resources/filters`: the filters of the calling user. */
  getResourceFilters(query: { readonly resourceTypes?: readonly string[] } = {}): Promise<ResourceFilters> {
    return this.caller.call("getResourceFilters", ResourceFilters, {
      query: { resourceTypes: query.resourceTypes },
    });
  }

  /** `GET /resources/filters/{filterId}`: one page of a filter's values. */
  getResourceFilter(filterId: string, query: ResourceFilterQuery = {}): Promise<ResourceFilterPage> {
    return this.caller.call("getResourceFilter", ResourceFilterPage, {
      params: { filterId },
      query: {
        projects: query.projects,
        resourceTypes: query.resourceTypes,
        search: query.search,
        $orderby: query.orderBy,
        $skip: query.skip,
        $top: query.top,
      },
      repeatQuery: ["$orderby"],
    });
  }

  /** `GET /requests/{id}`: the state of an asynchronous request. */
  getRequest(requestId: string): Promise<Request> {
    return this.caller.call("getRequest", Request, { params: { requestId } });
  }

  /** `POST /requests/{id}?action=cancel`. */
  cancelRequest(requestId: string): Promise<void> {
    return this.caller.callIgnoringBody("cancelRequest", {
      params: { requestId },
      query: { action: "cancel" },
    });
  }

  /** `DELETE /deployments/{deploymentId}/resources/{resourceId}`: starts a deletion; poll the request. */
  deleteResource(deploymentId: string, resourceId: string): Promise<Request> {
    return this.caller.call("deleteResource", Request, { params: { deploymentId, resourceId } });
  }

  /** Closes the connection pool; the client cannot be used afterwards. */
  close(): Promise<void> {
    return this.transport.close();
  }

  private async apiVersionFor(name: RouteName, route: Route): Promise<string | undefined> {
    if (route.service === "deployment") return this.config.deploymentApiVersion;
    if (route.service === "pipeline" && name !== "getAbout") return this.pipelineVersion.get();
    return undefined;
  }
}

/**
 * Builds a client from its configuration (see `resolveClientConfig`), on the real clock unless a test
 * passes another. No I/O happens until the first call.
 */
export function createClient(config: ClientConfig, clock: Clock = systemClock): AriaClient {
  return new AriaClient(config, clock);
}

/** Validates a request body against its schema; a mistake is the caller's, reported with the field paths. */
function requestBody<S extends z.ZodType>(schema: S, value: unknown, what: string): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    throw new TypeError(`Invalid ${what} for the Aria Automation API: ${z.prettifyError(parsed.error)}`);
  }
  return parsed.data;
}
