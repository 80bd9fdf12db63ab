import { okText } from "../core/api-response";
import type { RouteDef } from "../core/context";
import { badRequest, notFound } from "../core/http-error";
import { parseEndpointSpec } from "./endpoint-spec";
import { createEndpoint, updateEndpoint, type EndpointData } from "./endpoint-routes";
import { callerOf, pipelineRoute } from "./routes-common";
import { exportDocument, importAnswer, importedSpec, YAML_CONTENT_TYPE } from "./transfer";

function requiredParam(query: URLSearchParams, name: string, hint: string): string {
  const value = query.get(name);
  if (value === null || value.trim() === "")
    throw badRequest(`Required request parameter '${name}' is not present: ${hint}`);
  return value;
}

/**
 * YAML export and import of endpoints, as VMware's CLIs move them: `GET /export?endpoints=<name>&
 * project=<project>` answers the endpoint's document (secrets in clear, as real servers export
 * them); `POST /import?action=create|apply` takes one document (`Content-Type: application/x-yaml`)
 * and answers `{name, status, statusMessage}` as YAML. Bodies are never logged (the request log
 * keeps method, path, query and status only).
 */
export function transferRoutes(data: EndpointData): RouteDef[] {
  const { store, projects } = data;
  return [
    pipelineRoute("GET", "/export", (ctx) => {
      const name = requiredParam(ctx.query, "endpoints", "the name of the endpoint to export");
      const projectName = requiredParam(ctx.query, "project", "the name of the endpoint's project");
      const project = projects.requireByName(projectName);
      const endpoint = store.findByName(project.name, name);
      if (!endpoint) throw notFound(`Endpoint '${name}' not found in project '${project.name}'`);
      return okText(exportDocument(endpoint), YAML_CONTENT_TYPE);
    }),
    pipelineRoute("POST", "/import", (ctx) => {
      const action = ctx.query.get("action");
      if (action !== "create" && action !== "apply") {
        throw badRequest(`Parameter 'action' must be one of: create, apply (got '${action ?? ""}')`);
      }
      const spec = parseEndpointSpec(importedSpec(ctx.body, ctx.headers["content-type"]));
      const caller = callerOf(ctx);
      const project =
        spec.project === undefined ? projects.defaultProject() : projects.requireByName(spec.project);
      const existing = store.findByName(project.name, spec.name);
      if (action === "apply" && existing) {
        const updated = updateEndpoint(data, { ...spec, project: project.name }, existing, caller);
        return okText(
          importAnswer(
            updated.name,
            "UPDATED",
            `Endpoint '${updated.name}' updated in project '${updated.project}'`,
          ),
          YAML_CONTENT_TYPE,
        );
      }
      // create, or apply of an endpoint that does not exist yet; a duplicate create answers 409.
      const created = createEndpoint(data, { ...spec, project: project.name }, caller);
      return okText(
        importAnswer(
          created.name,
          "CREATED",
          `Endpoint '${created.name}' created in project '${created.project}'`,
        ),
        YAML_CONTENT_TYPE,
      );
    }),
  ];
}
