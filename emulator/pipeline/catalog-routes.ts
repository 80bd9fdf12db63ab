import { ok } from "../core/api-response";
import { PIPELINE_API_VERSIONS } from "../core/api-version";
import type { EmulatorClock } from "../core/clock";
import type { RouteDef } from "../core/context";
import { HttpError, badRequest, notFound } from "../core/http-error";
import type { EndpointStore } from "./endpoint-store";
import { validateEndpoint } from "./endpoint-validation";
import { probe, targetFromUrl } from "./probe";
import { pipelineRoute } from "./routes-common";
import { allTiles, tileFor, tileIds, tileView } from "./tiles";

/** `GET /about`: the published API versions. */
export function aboutBody(): Record<string, unknown> {
  return {
    latestApiVersion: PIPELINE_API_VERSIONS[0],
    supportedApis: PIPELINE_API_VERSIONS.map((apiVersion) => ({
      apiVersion,
      documentationLink: `/pipeline/api/swagger/swagger-ui.html?urls.primaryName=${apiVersion}`,
    })),
  };
}

async function certificateChain(url: string | null): Promise<Record<string, unknown>> {
  if (url === null || url.trim() === "") throw badRequest("Required request parameter 'url' is not present");
  let target;
  try {
    target = targetFromUrl(url);
  } catch (e) {
    throw badRequest((e as Error).message);
  }
  try {
    const seen = await probe({ ...target, tls: true });
    return { certificates: seen.certificates };
  } catch (e) {
    throw new HttpError(400, `Unable to fetch the certificate of '${url}': ${(e as Error).message}`);
  }
}

/** Tiles, validation, certificate retrieval and the about page. */
export function catalogRoutes(store: EndpointStore, clock: EmulatorClock): RouteDef[] {
  return [
    pipelineRoute("GET", "/about", () => ok(aboutBody())),
    pipelineRoute("GET", "/endpoint-tiles", () => ok({ tiles: allTiles().map(tileView) })),
    pipelineRoute("GET", "/endpoint-tiles/{type}", (ctx) => {
      const tile = tileFor(ctx.params.type);
      if (!tile) {
        throw notFound(
          `Endpoint type '${ctx.params.type}' is not supported. Supported types: ${tileIds().join(", ")}`,
        );
      }
      return ok(tileView(tile));
    }),
    pipelineRoute("POST", "/endpoint-validation", async (ctx) =>
      ok(await validateEndpoint(store, ctx.body, clock)),
    ),
    pipelineRoute("GET", "/endpoint-certificate", async (ctx) =>
      ok(await certificateChain(ctx.query.get("url"))),
    ),
  ];
}
