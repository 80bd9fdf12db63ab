import * as pulumi from "@pulumi/pulumi";
import * as values from "../../../provider/core/values";

describe("provider core values", () => {
  it("names the engine's own unknown sentinel", () => {
    expect(values.UNKNOWN).toBe(pulumi.runtime.unknownValue);
  });

  it("marks a value secret once, and never prints or serialises it", () => {
    const marked = values.secret(values.secret("hunter2"));
    expect(values.isSecret(marked)).toBe(true);
    expect(marked.value).toBe("hunter2");
    expect(String(marked)).toBe("[secret]");
    expect(JSON.stringify({ password: marked })).toBe('{"password":"[secret]"}');
  });

  it("reveals marks at any depth and leaves plain values alone", () => {
    const value = { a: new values.Secret({ b: [new values.Secret("x"), 1] }), c: null, d: [true] };
    expect(values.reveal(value)).toEqual({ a: { b: ["x", 1] }, c: null, d: [true] });
    expect(values.containsSecret(value)).toBe(true);
    expect(values.containsSecret(values.reveal(value))).toBe(false);
  });

  it("finds unknowns inside secrets", () => {
    expect(values.containsUnknown({ a: new values.Secret([values.UNKNOWN]) })).toBe(true);
    expect(values.containsUnknown({ a: new values.Secret(["x"]) })).toBe(false);
  });

  it("lists the keys of a bag whose values hold a secret", () => {
    expect(
      values.secretKeys({
        url: "u",
        password: new values.Secret("p"),
        nested: { t: new values.Secret("t") },
      }),
    ).toEqual(["password", "nested"]);
    expect(values.secretKeys(new values.Secret({ a: "x" }))).toEqual([]);
    expect(values.secretKeys(values.UNKNOWN)).toEqual([]);
  });
});
