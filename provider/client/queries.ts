/** Query parameters of the listing methods, as callers write them (mapped to the vendor's names by the client). */

/** Query of `listEndpoints`. */
export interface EndpointListQuery {
  /** OData-like filter, e.g. `name eq 'x' and project eq 'y'` (`$filter`). */
  readonly filter?: string;
  /** Sort, e.g. `name asc` (`$orderby`; server default `name desc`). */
  readonly orderBy?: string;
  /** Endpoints to skip (`$skip`). */
  readonly skip?: number;
  /** Endpoints to return (`$top`; server default 25). In `listAllEndpoints`: the page size (default 100). */
  readonly top?: number;
  /** Page number (`page`). */
  readonly page?: number;
  /** Page size (`$size`). */
  readonly size?: number;
}

/** Query of `listResources`. */
export interface ResourceListQuery {
  /** Project ids. */
  readonly projects?: readonly string[];
  /** Resource type names. */
  readonly resourceTypes?: readonly string[];
  /** Cloud account ids. */
  readonly cloudAccounts?: readonly string[];
  /** Cloud types. */
  readonly cloudTypes?: readonly string[];
  /** Tags (`key:value`). */
  readonly tags?: readonly string[];
  /** Text any searchable field must contain. */
  readonly search?: string;
  /** Sort criteria such as `name asc`; several allowed, each sent as its own `$orderby`. */
  readonly orderBy?: readonly string[];
  /** Objects to expand: `project`, `deployment`, `currentRequest`. */
  readonly expand?: readonly string[];
  /** Resources to skip (`$skip`). */
  readonly skip?: number;
  /** Resources to return (`$top`). In `listAllResources`: the most to return overall. */
  readonly top?: number;
}

/** Query of `listAllResources`: a list query plus the page size. */
export interface ResourceListAllQuery extends ResourceListQuery {
  /** Resources per request (default 100). */
  readonly pageSize?: number;
}

/** Query of `getResourceFilter`. */
export interface ResourceFilterQuery {
  /** Only resources of these project ids. */
  readonly projects?: readonly string[];
  /** Only resources of these types. */
  readonly resourceTypes?: readonly string[];
  /** Search text for the filter's values. */
  readonly search?: string;
  /** Sort criteria, each sent as its own `$orderby`. */
  readonly orderBy?: readonly string[];
  /** Values to skip (`$skip`). */
  readonly skip?: number;
  /** Values to return (`$top`). */
  readonly top?: number;
}
