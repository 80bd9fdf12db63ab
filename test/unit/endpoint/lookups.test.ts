import { endpointFilter } from "../../../provider/endpoint/lookups";
import { odataLiteral } from "../../../provider/endpoint/odata";

describe("endpointFilter", () => {
  it("combines the caller's filter with project and type equality", () => {
    expect(endpointFilter({})).toBeUndefined();
    expect(endpointFilter({ project: "Platform" })).toBe("project eq 'Platform'");
    expect(endpointFilter({ filter: "startswith(name,'ci') or name eq 'x'", type: "git" })).toBe(
      "(startswith(name,'ci') or name eq 'x') and type eq 'git'",
    );
  });

  it("escapes quotes so that a name cannot break out of its literal", () => {
    expect(odataLiteral("O'Brien's")).toBe("'O''Brien''s'");
    expect(endpointFilter({ project: "x' or name ne '" })).toBe("project eq 'x'' or name ne '''");
  });
});
