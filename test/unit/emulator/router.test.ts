import type { RouteDef } from "../../../emulator/core/context";
import { Router } from "../../../emulator/core/router";

const route = (method: string, template: string, aliases?: string[]): RouteDef => ({
  method,
  template,
  aliases,
  family: "deployment",
  handler: () => ({ status: 200 }),
});

describe("the router", () => {
  const router = new Router([
    route("GET", "/deployment/api/resources/{resourceId}"),
    route("GET", "/deployment/api/resources/filters"),
    route("GET", "/pipeline/api/endpoints/{project}/{name}", ["/codestream/api/endpoints/{project}/{name}"]),
    route("PUT", "/pipeline/api/endpoints/{project}/{name}", ["/codestream/api/endpoints/{project}/{name}"]),
  ]);

  it("prefers literal segments over parameters", () => {
    const match = router.match("GET", "/deployment/api/resources/filters");
    expect(match.kind === "found" && match.route.template).toBe("/deployment/api/resources/filters");
  });

  it("decodes each path parameter, so names may hold spaces, slashes and unicode", () => {
    const match = router.match(
      "GET",
      "/codestream/api/endpoints/Default%20Project/a%2Fb%20caf%C3%A9%20%E2%98%95",
    );
    expect(match).toMatchObject({
      kind: "found",
      route: { template: "/pipeline/api/endpoints/{project}/{name}" },
      params: { project: "Default Project", name: "a/b café ☕" },
    });
  });

  it("ignores one trailing slash", () => {
    expect(router.match("GET", "/deployment/api/resources/r1/").kind).toBe("found");
  });

  it("tells a wrong method from an unknown path", () => {
    expect(router.match("DELETE", "/pipeline/api/endpoints/p/n")).toEqual({
      kind: "method-not-allowed",
      allowed: ["GET", "PUT"],
      template: "/pipeline/api/endpoints/{project}/{name}",
    });
    expect(router.match("GET", "/pipeline/api/nothing")).toEqual({ kind: "not-found" });
  });

  it("rejects malformed percent-encoding with a 400", () => {
    expect(() => router.match("GET", "/deployment/api/resources/%E0%A4%A")).toThrow(
      /Malformed percent-encoding/,
    );
  });
});
