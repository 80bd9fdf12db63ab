import { buildQuery, encodePathSegment, joinPath, renderPath } from "../../../provider/client/paths";

describe("path encoding", () => {
  it("encodes spaces, slashes and unicode in a segment", () => {
    expect(encodePathSegment("Default Project")).toBe("Default%20Project");
    expect(encodePathSegment("a/b?c#d")).toBe("a%2Fb%3Fc%23d");
    expect(encodePathSegment("Zürich ☃")).toBe("Z%C3%BCrich%20%E2%98%83");
  });

  it("encodes segments made only of dots so they cannot climb the path", () => {
    expect(encodePathSegment(".")).toBe("%2E");
    expect(encodePathSegment("..")).toBe("%2E%2E");
    expect(encodePathSegment("a..b")).toBe("a..b");
  });

  it("refuses an empty segment instead of calling the parent path", () => {
    expect(() => encodePathSegment("")).toThrow(/empty/);
  });

  it("fills every parameter of a template through the one encoder", () => {
    expect(
      renderPath("/endpoints/{project}/{name}", { project: "Default Project", name: "my/jenkins" }),
    ).toBe("/endpoints/Default%20Project/my%2Fjenkins");
  });

  it("fails loudly on a missing parameter", () => {
    expect(() => renderPath("/endpoints/{id}", {})).toThrow(/Missing path parameter 'id'/);
  });

  it("round-trips any string through encoding and decoding", () => {
    for (const value of ["a b", "ä/ö", "100%", "x+y", "'quoted'", "emoji 🚀"]) {
      expect(decodeURIComponent(encodePathSegment(value))).toBe(value);
    }
  });

  it("joins a base path and a route path with exactly one slash", () => {
    expect(joinPath("/pipeline/api/", "/endpoints")).toBe("/pipeline/api/endpoints");
    expect(joinPath("", "/iaas/api/login")).toBe("/iaas/api/login");
  });
});

describe("query building", () => {
  it("keeps the vendor's dollar names and percent-encodes values", () => {
    expect(buildQuery({ $filter: "name eq 'a b'", $top: 10, page: 2 })).toBe(
      "?$filter=name%20eq%20'a%20b'&$top=10&page=2",
    );
  });

  it("joins array values with commas", () => {
    expect(buildQuery({ projects: ["p1", "p 2"] })).toBe("?projects=p1,p%202");
  });

  it("repeats the keys it is told to repeat", () => {
    expect(buildQuery({ $orderby: ["name asc", "createdAt desc"] }, { repeat: ["$orderby"] })).toBe(
      "?$orderby=name%20asc&$orderby=createdAt%20desc",
    );
  });

  it("leaves out undefined values and empty arrays", () => {
    expect(buildQuery({ a: undefined, b: [], c: "x" })).toBe("?c=x");
    expect(buildQuery({})).toBe("");
  });
});
