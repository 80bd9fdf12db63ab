import * as schemas from "../../../provider/client/schemas";
import { parseBody } from "../../../provider/client/transport";

describe("timestamps", () => {
  it("reads both forms the pipeline service writes", () => {
    expect(schemas.parseAriaTimestamp("2019-09-16 09:25:38.065065+00")?.toISOString()).toBe(
      "2019-09-16T09:25:38.065Z",
    );
    expect(schemas.parseAriaTimestamp("2022-08-03T08:57:10.033+0000")?.toISOString()).toBe(
      "2022-08-03T08:57:10.033Z",
    );
  });

  it("reads plain ISO 8601 and zone-less times as UTC", () => {
    expect(schemas.parseAriaTimestamp("2019-07-13T23:16:49.310Z")?.toISOString()).toBe(
      "2019-07-13T23:16:49.310Z",
    );
    expect(schemas.parseAriaTimestamp("2019-09-23 13:48:54.483")?.toISOString()).toBe(
      "2019-09-23T13:48:54.483Z",
    );
    expect(schemas.parseAriaTimestamp("2022-08-03T10:57:10+02:00")?.toISOString()).toBe(
      "2022-08-03T08:57:10.000Z",
    );
  });

  it("rejects text that is not a timestamp and dates that do not exist", () => {
    for (const text of ["yesterday", "2019-02-31 10:00:00+00", "2019-09-16", "1568625938000"]) {
      expect(schemas.parseAriaTimestamp(text)).toBeUndefined();
    }
  });
});

describe("payload schemas", () => {
  const stored = {
    id: "8365ef3b",
    name: "ci",
    type: "jenkins",
    project: "Default Project",
    properties: { url: "https://jenkins", password: "*****" },
    createdAt: "2019-09-16 09:25:38.065065+00",
    updatedAt: "2022-08-03T08:57:10.033+0000",
    _link: "/pipeline/api/endpoints/8365ef3b",
    somethingNew: { kept: true },
  };

  it("accepts a stored endpoint with both timestamp forms and keeps unknown fields", () => {
    const endpoint = schemas.Endpoint.parse(stored);
    expect(endpoint.description).toBe("");
    expect(endpoint.createdAt).toBe("2019-09-16 09:25:38.065065+00");
    expect((endpoint as Record<string, unknown>).somethingNew).toEqual({ kept: true });
  });

  it("rejects an endpoint whose timestamp cannot be read", () => {
    expect(schemas.Endpoint.safeParse({ ...stored, createdAt: "last tuesday" }).success).toBe(false);
  });

  it("fills a missing description with an empty string in a request and drops unknown fields", () => {
    expect(schemas.EndpointSpec.parse({ name: "ci", type: "git", properties: {}, extra: 1 })).toEqual({
      name: "ci",
      type: "git",
      properties: {},
      description: "",
    });
  });

  it("reads a tile with typed input properties", () => {
    const tile = schemas.Tile.parse({
      tileId: "jenkins",
      displayName: "Jenkins",
      inputProperties: { password: { type: "String", mandatory: false, secret: true } },
      outputProperties: {},
    });
    expect(tile.inputProperties.password.secret).toBe(true);
  });

  it("reads the asynchronous answer of a resource creation", () => {
    expect(
      schemas.ResourceRequestResponse.parse({
        deploymentId: "d",
        projectId: "p",
        requestId: "r",
        resourceId: "x",
      }),
    ).toMatchObject({ requestId: "r", resourceId: "x" });
  });

  it("reads a Spring page of resources", () => {
    const page = schemas.ResourcePage.parse({
      content: [{ id: "1", name: "a", type: "Custom.Thing" }],
      totalElements: 1,
      last: true,
      pageable: "INSTANCE",
      sort: { sorted: false, unsorted: true, empty: true },
    });
    expect(page.content[0].name).toBe("a");
  });
});

describe("response bodies", () => {
  it("parses JSON, keeps other text and maps an empty body to undefined", () => {
    expect(parseBody('{"a":1}', "application/json")).toEqual({ a: 1 });
    expect(parseBody("[1]", undefined)).toEqual([1]);
    expect(parseBody("Bad gateway", "text/html")).toBe("Bad gateway");
    expect(parseBody("{broken", "application/json")).toBe("{broken");
    expect(parseBody("  ", "application/json")).toBeUndefined();
  });
});
