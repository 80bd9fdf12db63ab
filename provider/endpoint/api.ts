import type { AriaClient } from "../client";

/*
 * The part of the API client the endpoint provider uses. Provider logic takes this narrow view so
 * that unit tests can hand it a fake, and integration tests the real client.
 */

/** The client operations the endpoint resources and lookups call. */
export type EndpointApi = Pick<
  AriaClient,
  | "createEndpoint"
  | "getEndpoint"
  | "getEndpointByName"
  | "listEndpoints"
  | "listAllEndpoints"
  | "updateEndpoint"
  | "deleteEndpoint"
  | "validateEndpoint"
  | "getEndpointTiles"
  | "getEndpointTile"
  | "getEndpointCertificate"
  | "getAbout"
  | "listAllProjects"
>;

/** An endpoint as the API returns it. */
export type ApiEndpoint = Awaited<ReturnType<AriaClient["getEndpoint"]>>;

/** The endpoint catalogue: one tile per endpoint type. */
export type ApiTiles = Awaited<ReturnType<AriaClient["getEndpointTiles"]>>;

/** One endpoint tile: the type's input properties. */
export type ApiTile = ApiTiles["tiles"][number];

/** The result of the server's endpoint validation. */
export type ApiValidation = Awaited<ReturnType<AriaClient["validateEndpoint"]>>;

/** A project as the IaaS API lists it. */
export type ApiProject = Awaited<ReturnType<AriaClient["listAllProjects"]>>[number];
