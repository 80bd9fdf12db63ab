import { okText } from "../core/api-response";
import type { RouteDef } from "../core/context";
import { badRequest, notFound } from "../core/http-error";
import { parseEndpointSpec } from "./endpoint-spec";
import { createEndpoint, updateEndpoint, type EndpointData } from "./endpoint-routes";
import { callerOf, pipelineRoute } from "./routes-common";
import {
  exportDocument,
  importAnswer,
  importedSpecs,
  type ImportResult,
  YAML_CONTENT_TYPE,
} from "./transfer";

function requiredParam(query: URLSearchParams, name: string, hint: string): string {
  const value = query.get(name);
  if (value === null || value.trim() === "")
    throw badRequest(`Required request parameter '${name}' is not present: ${hint}`);
  return value;
}

/** The names of `endpoints`: a comma-separated list, as the spec describes it; 400 when empty. */
function endpointNames(query: URLSearchParams): string[] {
  const raw = requiredParam(query, "endpoints", "the names of the endpoints to export, comma-separated");
  const names = [...new Set(raw.split(",").map((name) => name.trim()))].filter((name) => name !== "");
  if (names.length === 0) {
    throw badRequest(
      "Required request parameter 'endpoints' is empty: give the names of the endpoints to export",
    );
  }
  return names;
}

/**
 * YAML export and import of endpoints, as VMware's CLIs move them: `GET /export?endpoints=<names>&
 * project=<project>` answers one document per endpoint (secrets in clear, as real servers export
 * them); `POST /import?action=create|apply` takes one or more documents (`Content-Type:
 * application/x-yaml`) and answers `{name, status, statusMessage}` as YAML, one document for each.
 * Bodies are never logged (the request log keeps method, path, query and status only).
 */
export function transferRoutes(data: EndpointData): RouteDef[] {
  const { store, projects } = data;
  return [
    pipelineRoute("GET", "/export", (ctx) => {
      const names = endpointNames(ctx.query);
      const projectName = requiredParam(ctx.query, "project", "the name of the endpoints' project");
      const project = projects.requireByName(projectName);
      const documents = names.map((name) => {
        const endpoint = store.findByName(project.name, name);
        if (!endpoint) throw notFound(`Endpoint '${name}' not found in project '${project.name}'`);
        return exportDocument(endpoint);
      });
      return okText(documents.join(""), YAML_CONTENT_TYPE);
    }),
    pipelineRoute("POST", "/import", (ctx) => {
      const action = ctx.query.get("action");
      if (action !== "create" && action !== "apply") {
        throw badRequest(`Parameter 'action' must be one of: create, apply (got '${action ?? ""}')`);
      }
      // Every document is read and checked before the first is imported; then they are imported in
      // order, and the first that fails (a duplicate create: 409) stops the rest.
      const specs = importedSpecs(ctx.body, ctx.headers["content-type"]).map((body) => {
        const spec = parseEndpointSpec(body);
        const project =
          spec.project === undefined ? projects.defaultProject() : projects.requireByName(spec.project);
        return { ...spec, project: project.name };
      });
      const caller = callerOf(ctx);
      const results: ImportResult[] = specs.map((spec) => {
        const existing = store.findByName(spec.project, spec.name);
        if (action === "apply" && existing) {
          const updated = updateEndpoint(data, spec, existing, caller);
          return {
            name: updated.name,
            status: "UPDATED",
            statusMessage: `Endpoint '${updated.name}' updated in project '${updated.project}'`,
          };
        }
        // create, or apply of an endpoint that does not exist yet; a duplicate create answers 409.
        const created = createEndpoint(data, spec, caller);
        return {
          name: created.name,
          status: "CREATED",
          statusMessage: `Endpoint '${created.name}' created in project '${created.project}'`,
        };
      });
      return okText(importAnswer(results), YAML_CONTENT_TYPE);
    }),
  ];
}
