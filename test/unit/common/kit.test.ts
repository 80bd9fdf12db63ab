import { z } from "zod";
import { isAriaApiError, unlessNotFound } from "../../../provider/client/errors";
import { createApiError } from "../../../provider/client/errors";
import { failedTo } from "../../../provider/common/api-failures";
import { failuresText, propertyPath, zodFailures } from "../../../provider/common/check-failures";
import { declaredInputs } from "../../../provider/common/engine-inputs";
import { Secret } from "../../../provider/core/values";

/* The kit both resources' providers share: engine inputs, check failures, API failures. */

describe("declaredInputs", () => {
  it("drops unset (null) inputs and secret marks, and keeps the rest as they are", () => {
    const bag = { name: "ci", description: null, n: 0, token: new Secret("t") };
    expect(declaredInputs(bag)).toEqual({ name: "ci", n: 0, token: "t" });
    expect(declaredInputs(undefined)).toEqual({});
  });
});

describe("propertyPath", () => {
  it("writes dotted paths, brackets indexes and quotes keys that are not identifiers", () => {
    expect(propertyPath(["properties", "url"])).toBe("properties.url");
    expect(propertyPath(["properties", "a b"])).toBe('properties["a b"]');
    expect(propertyPath(["properties", "disks", 2, "size"])).toBe("properties.disks[2].size");
    expect(propertyPath([])).toBe("");
    expect(propertyPath(["properties", "api-key"])).toBe('properties["api-key"]');
    expect(propertyPath(["secretProperties", 'a "b"'])).toBe('secretProperties["a \\"b\\""]');
    expect(propertyPath(["$x", "0day"])).toBe('["$x"].0day');
  });
});

describe("zodFailures", () => {
  const schema = z.strictObject({
    name: z.string(),
    properties: z.record(z.string(), z.number()).optional(),
  });

  it("names each offending property, one failure per unknown key, in the resource's words", () => {
    const result = schema.safeParse({ name: 1, extra: 1, other: 2, properties: { a: "x" } });
    expect(result.success).toBe(false);
    const failures = zodFailures(result.error!, (key) => `'${key}' is not an input`);
    expect(failures.map((f) => f.property).sort()).toEqual(["extra", "name", "other", "properties.a"]);
    expect(failures.find((f) => f.property === "extra")?.reason).toBe("'extra' is not an input");
    expect(zodFailures(result.error!).find((f) => f.property === "other")?.reason).toBe(
      "is not a known property",
    );
  });

  it("never quotes the offending value", () => {
    const result = schema.safeParse({ name: "ok", properties: { token: "s3cr3t-value" } });
    const text = failuresText(zodFailures(result.error!));
    expect(text).toContain("properties.token");
    expect(text).not.toContain("s3cr3t-value");
  });
});

describe("API failures", () => {
  const notFound = createApiError({ operation: "read endpoint", method: "GET", path: "/x", status: 404 });
  const serverError = createApiError({ operation: "read endpoint", method: "GET", path: "/x", status: 500 });

  it("unlessNotFound answers undefined for a 404 and rethrows anything else", async () => {
    expect(isAriaApiError(notFound, "NotFound")).toBe(true);
    await expect(unlessNotFound(() => Promise.reject(notFound))).resolves.toBeUndefined();
    await expect(unlessNotFound(() => Promise.reject(serverError))).rejects.toBe(serverError);
    await expect(unlessNotFound(() => Promise.resolve(3))).resolves.toBe(3);
  });

  it("failedTo names the object, keeps the cause and scrubs the object's secrets", () => {
    const cause = new Error("server echoed password hunter2-xyz");
    const error = failedTo("update", "endpoint 'ci'", cause, ["hunter2-xyz"]);
    expect(error.message).toMatch(/^Failed to update endpoint 'ci': server echoed password /);
    expect(error.message).not.toContain("hunter2-xyz");
    expect((error as Error & { cause?: unknown }).cause).toBe(cause);
    expect(isAriaApiError(failedTo("read", "x", notFound))).toBe(false);
  });
});
