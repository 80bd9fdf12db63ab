import { pipelineTimestamp } from "../core/time";
import type { PropertyValue, StoredEndpoint } from "./endpoint-store";
import { isShownMasked, SECRET_MASK } from "./secrets";
import { tileFor } from "./tiles";

/** The `_link` of an endpoint (always under `/pipeline/api`, as the product answers). */
export function endpointLink(id: string): string {
  return `/pipeline/api/endpoints/${id}`;
}

/**
 * Properties with every non-empty secret replaced by the mask (pipeline-variable references stay);
 * what is secret is the tile's word (./secrets.ts).
 */
export function maskedProperties(endpoint: StoredEndpoint): Record<string, PropertyValue> {
  const tile = tileFor(endpoint.type);
  const masked: Record<string, PropertyValue> = {};
  for (const [key, value] of Object.entries(endpoint.properties)) {
    masked[key] = isShownMasked(tile?.inputProperties[key], value) ? SECRET_MASK : value;
  }
  return masked;
}

/** An endpoint as every response carries it. */
export function endpointView(e: StoredEndpoint): Record<string, unknown> {
  return {
    id: e.id,
    name: e.name,
    project: e.project,
    type: e.type,
    description: e.description,
    isRestricted: e.isRestricted,
    properties: maskedProperties(e),
    ...(e.cloudProxyId !== undefined && { cloudProxyId: e.cloudProxyId }),
    kind: "ENDPOINT",
    isLocked: false,
    version: "v1",
    validationOutput: {},
    _link: endpointLink(e.id),
    createdAt: pipelineTimestamp(Math.floor(e.createdMicros / 1000)),
    updatedAt: pipelineTimestamp(Math.floor(e.updatedMicros / 1000)),
    createdBy: e.createdBy,
    updatedBy: e.updatedBy,
    _createTimeInMicros: e.createdMicros,
    _updateTimeInMicros: e.updatedMicros,
    _createdBy: e.createdBy,
    _updatedBy: e.updatedBy,
    _projectId: e.projectId,
  };
}
