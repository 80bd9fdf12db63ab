import Ajv, { type ValidateFunction } from "ajv-draft-04";
import { readFileSync } from "node:fs";
import { join } from "node:path";

/** The two Swagger specs the emulator implements (the vendor's published Swagger, copied into emulator/spec). */
export type SpecName = "pipeline" | "deployment";

const SPEC_FILES: Record<SpecName, string> = {
  pipeline: "pipeline-endpoints.swagger.json",
  deployment: "deployment-resources.swagger.json",
};

import type { Json } from "./client";

/** Swagger 2.0 extras that are not JSON Schema (`discriminator` is a free text in these specs). */
const NON_SCHEMA_KEYS = new Set(["discriminator", "example", "x-example", "readOnly", "allowEmptyValue"]);

function strip(node: Json): Json {
  if (Array.isArray(node)) return node.map(strip);
  if (node === null || typeof node !== "object") return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([k]) => !NON_SCHEMA_KEYS.has(k))
      .map(([k, v]) => [k, strip(v)]),
  );
}

/**
 * Fields real servers answer beyond the spec (emulator/README.md lists them with their sources, under
 * "Pipeline endpoints" and "Deployment resources"): the emulator must answer them too.
 * Added as `required` so the same ajv validation covers them.
 */
const README_REQUIRED: Record<string, string[]> = {
  Endpoint: [
    "id",
    "name",
    "type",
    "project",
    "properties",
    "description",
    "isRestricted",
    "_link",
    "createdAt",
    "updatedAt",
    "createdBy",
    "updatedBy",
    "_createTimeInMicros",
    "_updateTimeInMicros",
    "_createdBy",
    "_updatedBy",
    "_projectId",
    "version",
    "validationOutput",
  ],
  Endpoints: ["count", "totalCount", "links", "documents"],
  TileExecutorResponse: ["duration", "output", "status", "statusMessage"],
  ResourceRequestResponse: ["deploymentId", "projectId", "requestId", "resourceId"],
  Resource: [
    "id",
    "name",
    "type",
    "properties",
    "createdAt",
    "syncStatus",
    "origin",
    "deploymentId",
    "projectId",
    "orgId",
  ],
  PageOfResource: [
    "content",
    "totalElements",
    "totalPages",
    "number",
    "size",
    "numberOfElements",
    "first",
    "last",
    "sort",
    "empty",
  ],
  PageOfFilterEntry: [
    "content",
    "totalElements",
    "number",
    "size",
    "numberOfElements",
    "first",
    "last",
    "empty",
  ],
  Request: [
    "id",
    "name",
    "requestedBy",
    "actionId",
    "deploymentId",
    "resourceIds",
    "status",
    "createdAt",
    "updatedAt",
    "inputs",
  ],
};

/**
 * Spring error bodies (README: `{timestamp, path, status, error, message, requestId, "@type"}`), as
 * VMware's CLIs decode them: `timestamp` an integer of epoch milliseconds, `status` an integer.
 */
export const SPRING_ERROR_SCHEMA = {
  type: "object",
  required: ["timestamp", "path", "status", "error", "message", "requestId", "@type"],
  properties: {
    timestamp: { type: "integer", minimum: 1_000_000_000_000 },
    path: { type: "string" },
    status: { type: "integer" },
    error: { type: "string" },
    message: { type: "string", minLength: 1 },
    requestId: { type: "string", minLength: 1 },
    "@type": { type: "string", minLength: 1 },
  },
};

/** IaaS error bodies (README: `{message, statusCode, errorCode, serverErrorId, documentKind}`). */
export const IAAS_ERROR_SCHEMA = {
  type: "object",
  required: ["message", "statusCode", "errorCode", "serverErrorId", "documentKind"],
  properties: {
    message: { type: "string", minLength: 1 },
    statusCode: { type: "integer" },
    errorCode: { type: "integer" },
    serverErrorId: { type: "string", minLength: 1 },
    documentKind: { type: "string", minLength: 1 },
  },
};

function newAjv(): Ajv {
  const ajv = new Ajv({ allErrors: true, strict: false });
  ajv.addFormat("uuid", /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);
  ajv.addFormat("date-time", /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:?\d{2})$/);
  ajv.addFormat("int32", {
    type: "number",
    validate: (n: number) => Number.isInteger(n) && Math.abs(n) <= 2 ** 31,
  });
  ajv.addFormat("int64", { type: "number", validate: (n: number) => Number.isSafeInteger(n) });
  return ajv;
}

/** Validators of the responses of every operation of both specs, built with ajv from the specs. */
export class Contracts {
  private readonly ajv = newAjv();
  private readonly specs: Record<SpecName, Json>;
  private readonly cache = new Map<string, ValidateFunction>();
  private readonly errorValidator: ValidateFunction;
  private readonly iaasErrorValidator: ValidateFunction;

  constructor(specDir = join(__dirname, "../../../../emulator/spec")) {
    this.specs = {} as Record<SpecName, Json>;
    for (const name of Object.keys(SPEC_FILES) as SpecName[]) {
      const spec = JSON.parse(readFileSync(join(specDir, SPEC_FILES[name]), "utf8"));
      const definitions = strip(spec.definitions);
      for (const [def, fields] of Object.entries(README_REQUIRED)) {
        if (definitions[def])
          definitions[def].required = [...new Set([...(definitions[def].required ?? []), ...fields])];
      }
      // Each spec becomes one schema document, so `#/definitions/...` refs resolve in it.
      this.ajv.addSchema({ id: `urn:aria:${name}`, definitions }, `urn:aria:${name}`);
      this.specs[name] = spec;
    }
    this.errorValidator = this.ajv.compile(SPRING_ERROR_SCHEMA);
    this.iaasErrorValidator = this.ajv.compile(IAAS_ERROR_SCHEMA);
  }

  /** Validates an IaaS error body (`/iaas/api/...`); throws listing every violation. */
  checkIaasError(body: unknown, what: string): void {
    this.run(this.iaasErrorValidator, body, `${what} (IaaS error body)`);
  }

  /** Validates a Spring error body; throws listing every violation. */
  checkSpringError(body: unknown, what: string): void {
    this.run(this.errorValidator, body, `${what} (Spring error body)`);
  }

  /** Every operation of a spec as `[METHOD, path]`. */
  operations(name: SpecName): Array<[string, string]> {
    return Object.entries(this.specs[name].paths).flatMap(([path, ops]) =>
      Object.keys(ops as object).map((m): [string, string] => [m.toUpperCase(), path]),
    );
  }

  /** The response schema of an operation for a status (undefined when the spec gives none). */
  responseSchema(name: SpecName, method: string, path: string, status: number): Json | undefined {
    const op = this.specs[name].paths[path]?.[method.toLowerCase()];
    if (!op) throw new Error(`${method} ${path} is not an operation of the ${name} spec`);
    return op.responses[String(status)]?.schema;
  }

  /** Validates a response body; throws listing every violation. */
  check(name: SpecName, method: string, path: string, status: number, body: unknown): void {
    if (status >= 400) return this.run(this.errorValidator, body, `${method} ${path} (${status} error body)`);
    const schema = this.responseSchema(name, method, path, status);
    if (!schema) throw new Error(`the ${name} spec has no ${status} schema for ${method} ${path}`);
    this.run(this.validator(name, schema), body, `${method} ${path} (${status})`);
  }

  /** Validates a body against one definition of a spec. */
  checkDefinition(name: SpecName, definition: string, body: unknown): void {
    this.run(this.validator(name, { $ref: `#/definitions/${definition}` }), body, definition);
  }

  private validator(name: SpecName, schema: Json): ValidateFunction {
    const key = `${name}:${JSON.stringify(schema)}`;
    let validate = this.cache.get(key);
    if (!validate) {
      const rewritten = JSON.parse(
        JSON.stringify(strip(schema)).replace(/"#\/definitions\//g, `"urn:aria:${name}#/definitions/`),
      );
      validate = this.ajv.compile(rewritten);
      this.cache.set(key, validate);
    }
    return validate;
  }

  private run(validate: ValidateFunction, body: unknown, what: string): void {
    if (!validate(body)) {
      const problems = (validate.errors ?? []).map((e) => `${e.instancePath || "/"} ${e.message}`).join("; ");
      throw new Error(`response of ${what} violates the contract: ${problems}`);
    }
  }
}
